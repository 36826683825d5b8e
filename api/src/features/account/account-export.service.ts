import { effectivePermissions } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { decryptSecret } from '../../lib/crypto';
import { findProfileAggregate, toOwnProfile } from '../profiles/profile-view.service';
import { storedSettingsSchema } from '@mp/api-contract/users.schema';
import { buildExportReadme, type ExportFileName } from './account-export-texts';
import {
  findAccountForExport,
  findAssessmentsForExport,
  findAuditLogForExport,
  findBillsForExport,
  findContractsForExport,
  findEmailLinksForExport,
  findFeedbackForExport,
  findLoginsForExport,
  findMembershipsForExport,
  findCompanyRemovalsForExport,
  findPaymentsForExport,
  findSearchesForExport,
  findTermsForExport,
  findTimeForExport,
  findUploadsForExport,
} from './account-export.repository';

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** Where an uploaded file goes in the zip: its key, with an extension from its type when the key has none. */
function uploadPath(upload: { key: string; content_type: string }): string {
  if (upload.key.includes('.')) return `files/${upload.key}`;
  const subtype = upload.content_type.split('/')[1]?.replace(/[^a-z0-9]/g, '');
  return `files/${upload.key}.${subtype || 'bin'}`;
}

/**
 * Builds a zip of the user's own data (GDPR access and portability): one JSON file per area, the files the
 * user uploaded, and a README listing each file. Only rows reached through the user's id, never another
 * person's, and no secrets (account-export.coverage.ts says which table goes where and what is left out and
 * why). The full personal numbers are included: they are the user's own. Logged in the audit log.
 */
export async function exportAccountData(
  deps: { db: Kysely<Database>; config: AppConfig },
  userId: string,
  ip: string,
): Promise<{ zip: Uint8Array; fileName: string }> {
  const account = await findAccountForExport(deps.db, userId);
  if (!account) throw new AppError('UNAUTHORIZED');
  const [
    emailLinks,
    aggregate,
    uploads,
    searches,
    companies,
    companyRemovals,
    contracts,
    time,
    bills,
    payments,
    assessments,
    feedback,
    terms,
    logins,
    auditLog,
  ] = await Promise.all([
    findEmailLinksForExport(deps.db, userId),
    findProfileAggregate(deps.db, userId),
    findUploadsForExport(deps.db, userId),
    findSearchesForExport(deps.db, userId),
    findMembershipsForExport(deps.db, userId),
    findCompanyRemovalsForExport(deps.db, userId),
    findContractsForExport(deps.db, userId),
    findTimeForExport(deps.db, userId),
    findBillsForExport(deps.db, userId),
    findPaymentsForExport(deps.db, userId),
    findAssessmentsForExport(deps.db, userId),
    findFeedbackForExport(deps.db, userId),
    findTermsForExport(deps.db, userId),
    findLoginsForExport(deps.db, userId),
    findAuditLogForExport(deps.db, userId),
  ]);
  const decrypt = (envelope: string | null) =>
    envelope ? decryptSecret(deps.config.NIN_ENCRYPTION_KEY, envelope) : null;
  const {
    national_identity_number_encrypted: encrypted,
    settings: storedSettings,
    ...accountFields
  } = account;
  const settings = storedSettingsSchema.parse(storedSettings);
  // The consultant's own profile view: references as the consultant sees them (referees answer anonymously).
  const profile = aggregate?.profile ? toOwnProfile(aggregate, account.locale) : null;
  const { personal_number_encrypted: paymentPn, ...paymentDetails } = payments.details ?? {
    personal_number_encrypted: null,
  };
  const exportedAt = new Date();

  const files: Record<ExportFileName, unknown> = {
    'account.json': {
      ...accountFields,
      national_identity_number: decrypt(encrypted),
      // As the settings pages show them: searchability lives on the profile (none before it is saved).
      settings: { ...settings, platform: { isSearchable: aggregate?.profile?.is_searchable ?? false } },
      email_links: emailLinks,
      exported_at: exportedAt.toISOString(),
    },
    'profile.json': profile,
    'files.json': uploads.map(({ bytes, ...file }) => ({
      ...file,
      size_bytes: bytes.length,
      path: uploadPath(file),
    })),
    'searches.json': searches,
    // What the member effectively may do: an admin holds every permission (the stored list stays empty).
    'companies.json': {
      memberships: companies.map((membership) => ({
        ...membership,
        permissions: effectivePermissions(membership.role, membership.permissions),
      })),
      removals: companyRemovals,
    },
    'contracts.json': contracts,
    'time.json': time,
    'bills.json': bills,
    'payments.json': {
      details: payments.details ? { ...paymentDetails, personal_number: decrypt(paymentPn) } : null,
      cards: payments.cards,
      payments: payments.payments,
      subscriptions: payments.subscriptions,
    },
    'assessments.json': assessments,
    'feedback.json': feedback,
    'terms.json': terms,
    'logins.json': logins,
    'activity.json': auditLog,
  };
  const zippable: Zippable = {
    'README.txt': strToU8(buildExportReadme(account.locale, Object.keys(files) as ExportFileName[])),
  };
  for (const [name, value] of Object.entries(files)) zippable[name] = json(value);
  for (const upload of uploads) {
    // Stored already compressed (WebP): kept as is.
    zippable[uploadPath(upload)] = [new Uint8Array(upload.bytes), { level: 0 }];
  }
  await recordAuditEvent(deps.db, { actorUserId: userId, action: 'account.exported', ip });
  return {
    zip: zipSync(zippable, { level: 6, mtime: exportedAt }),
    fileName: `konsultmarknaden-data-${exportedAt.toISOString().slice(0, 10)}.zip`,
  };
}
