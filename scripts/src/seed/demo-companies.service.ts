import { createHash } from 'node:crypto';
import { hashPassword } from '@mp/api/features/identity/password-hash';
import type { ContractStatus } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildSignedDocument } from '../signing-simulator/signed-document';

// Demo data for the business half (`npm run seed:companies`, part of `npm run demo`): a company with an admin
// and two members, projects, and a contract in each status. Idempotent: a second run finds the company by its
// organisation number and changes nothing.

export const DEMO_COMPANY = { businessName: 'Fjällkonsult Demo AB', organisationNumber: '556677-8899' };
export const DEMO_PASSWORD = 'demo-company-1';
export const DEMO_COMPANY_USERS = [
  {
    email: 'foretag.admin@demo.konsultmarknaden.se',
    firstName: 'Agnes',
    lastName: 'Andersson',
    role: 'admin',
  },
  { email: 'foretag.medlem1@demo.konsultmarknaden.se', firstName: 'Bruno', lastName: 'Berg', role: 'member' },
  {
    email: 'foretag.medlem2@demo.konsultmarknaden.se',
    firstName: 'Cornelia',
    lastName: 'Carlsson',
    role: 'member',
  },
] as const;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function demoPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 50, y: 780, size: 18, font });
  page.drawText('Uppdrag, arvode, period och villkor (demo).', { x: 50, y: 750, size: 11, font });
  return Buffer.from(await pdf.save());
}

export async function seedDemoCompanies(db: Kysely<Database>): Promise<'created' | 'present'> {
  const existing = await db
    .selectFrom('companies')
    .select('id')
    .where('organisation_number', '=', DEMO_COMPANY.organisationNumber)
    .where('business_name', '=', DEMO_COMPANY.businessName)
    .executeTakeFirst();
  if (existing) return 'present';
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const userIds: string[] = [];
    for (const user of DEMO_COMPANY_USERS) {
      const row = await trx
        .insertInto('users')
        .values({
          email: user.email,
          password_hash: passwordHash,
          first_name: user.firstName,
          last_name: user.lastName,
          verified: true,
          is_premium: user.role === 'admin',
        })
        .onConflict((oc) => oc.column('email').doUpdateSet({ verified: true }))
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.push(row.id);
    }
    const [adminId, memberId, otherId] = userIds as [string, string, string];
    const company = await trx
      .insertInto('companies')
      .values({
        business_name: DEMO_COMPANY.businessName,
        business_type: 'limited_company',
        organisation_number: DEMO_COMPANY.organisationNumber,
        vat_number: 'SE556677889901',
        website: 'fjallkonsult.example.se',
        address: 'Storgatan 1, 111 22 Stockholm',
        created_by_user_id: adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('company_memberships')
      .values([
        { company_id: company.id, user_id: adminId, role: 'admin' },
        { company_id: company.id, user_id: memberId, role: 'member', permissions: ['manage_projects'] },
        { company_id: company.id, user_id: otherId, role: 'member' },
      ])
      .execute();
    const projects = await trx
      .insertInto('projects')
      .values([
        { company_id: company.id, name: 'Molnmigrering 2027' },
        { company_id: company.id, name: 'Ny kundportal' },
        { company_id: company.id, name: 'Förvaltning' },
      ])
      .returning('id')
      .execute();

    const statuses: ContractStatus[] = ['draft', 'sent', 'signed', 'declined', 'expired', 'cancelled'];
    for (const [index, status] of statuses.entries()) {
      const name = `Konsultavtal ${index + 1} (${status})`;
      const original = await demoPdf(name);
      const signerId = index % 2 === 0 ? memberId : otherId;
      const sent = status !== 'draft' && status !== 'cancelled';
      const contract = await trx
        .insertInto('contracts')
        .values({
          company_id: company.id,
          project_id: projects[index % projects.length]?.id ?? null,
          name,
          status,
          file_name: `konsultavtal-${index + 1}.pdf`,
          file_sha256: sha256(original),
          file_size_bytes: original.length,
          signer_user_id: signerId,
          delegate_user_id: adminId,
          signing_provider: sent ? 'digital_mailbox' : null,
          // Demo orders exist only here, not at the simulator; a demo "sent" contract is signed by hand.
          signing_provider_reference: sent ? `demo-order-${index + 1}` : null,
          sent_at: sent ? new Date() : null,
          signed_at: status === 'signed' ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('contract_files')
        .values({
          contract_id: contract.id,
          kind: 'original',
          content: original,
          sha256: sha256(original),
          size_bytes: original.length,
        })
        .execute();
      if (status === 'signed') {
        const signed = await buildSignedDocument(original, {
          signer: 'Bruno Berg',
          signedAt: new Date().toISOString(),
          orderId: `demo-order-${index + 1}`,
          originalSha256: sha256(original),
        });
        await trx
          .insertInto('contract_files')
          .values({
            contract_id: contract.id,
            kind: 'signed',
            content: signed,
            sha256: sha256(signed),
            size_bytes: signed.length,
          })
          .execute();
        await trx
          .updateTable('contracts')
          .set({ signed_file_sha256: sha256(signed) })
          .where('id', '=', contract.id)
          .execute();
      }
      await trx
        .insertInto('audit_log')
        .values({
          actor_user_id: adminId,
          action: `contract.${status}`,
          subject_type: 'contract',
          subject_id: contract.id,
          data: { companyId: company.id, via: 'demo_seed' },
        })
        .execute();
    }
  });
  return 'created';
}
