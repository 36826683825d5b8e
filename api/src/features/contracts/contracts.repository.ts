import type { ContractStatus } from '@mp/domain';
import type { ContractFileKind, Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';
import { userEmailSql, userNameSql } from '../../lib/user-name';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Contracts with their company, project, signer and delegate, for views: each person's name (null without one)
 * beside their e-mail address, which the view shows in its place.
 */
function selectContractRows(db: Db) {
  return db
    .selectFrom('contracts as k')
    .innerJoin('companies as c', 'c.id', 'k.company_id')
    .leftJoin('projects as p', 'p.id', 'k.project_id')
    .leftJoin('users as s', 's.id', 'k.signer_user_id')
    .leftJoin('users as d', 'd.id', 'k.delegate_user_id')
    .select([
      'k.id',
      'k.company_id',
      'c.business_name as company_name',
      'k.project_id',
      'p.name as project_name',
      'k.name',
      'k.status',
      'k.status_changed_at',
      'k.updated_at',
      'k.created_at',
      'k.sent_at',
      'k.signed_at',
      'k.file_name',
      'k.file_size_bytes',
      'k.file_sha256',
      'k.signed_file_sha256',
      'k.signer_user_id',
      sql<string | null>`coalesce(k.signer_email, s.email)`.as('signer_email'),
      userNameSql('s').as('signer_name'),
      // The provider reaches a signer with a personal number through their digital mailbox (BankID).
      sql<boolean>`s.national_identity_number_encrypted is not null`.as('signer_has_bankid'),
      'k.delegate_user_id',
      userEmailSql('d').as('delegate_email'),
      userNameSql('d').as('delegate_name'),
      // Whether the reader (bound below) may manage the company's contracts.
    ]);
}
export type ContractRow = Awaited<ReturnType<ReturnType<typeof selectContractRows>['execute']>>[number];

/** The company's contracts, most recently changed first. */
export async function findCompanyContracts(db: Db, companyId: string): Promise<ContractRow[]> {
  return selectContractRows(db)
    .where('k.company_id', '=', companyId)
    .orderBy('k.updated_at', 'desc')
    .orderBy('k.id')
    .execute();
}

export async function findContractRow(db: Db, contractId: string): Promise<ContractRow | undefined> {
  return selectContractRows(db).where('k.id', '=', contractId).executeTakeFirst();
}

/**
 * Every contract the user may see: those of companies where the user may manage contracts (admins, or the
 * manage_contracts permission), those the user created, and those sent to the user to sign (by account, or
 * by the user's confirmed e-mail address), except drafts the signer has not been sent yet.
 */
export async function findVisibleContracts(db: Db, userId: string): Promise<ContractRow[]> {
  return selectContractRows(db)
    .where((eb) =>
      eb.or([
        eb(
          'k.company_id',
          'in',
          eb
            .selectFrom('company_memberships as m')
            .select('m.company_id')
            .where('m.user_id', '=', userId)
            .where((w) =>
              w.or([
                w('m.role', '=', 'admin'),
                w(sql.lit('manage_contracts'), '=', sql<string>`any(m.permissions)`),
              ]),
            ),
        ),
        eb('k.delegate_user_id', '=', userId),
        eb.and([
          // Sent, not merely past draft: a draft cancelled before it was sent never reached its signer.
          eb('k.sent_at', 'is not', null),
          eb.or([
            eb('k.signer_user_id', '=', userId),
            eb(
              'k.signer_email',
              '=',
              eb
                .selectFrom('users as u')
                .select('u.email')
                .where('u.id', '=', userId)
                .where('u.verified', '=', true),
            ),
          ]),
        ]),
      ]),
    )
    .orderBy('k.updated_at', 'desc')
    .orderBy('k.id')
    .execute();
}

export async function insertContract(
  trx: Transaction<Database>,
  values: {
    companyId: string;
    projectId: string | null;
    name: string;
    fileName: string;
    content: Buffer;
    sha256: string;
    signerUserId: string | null;
    signerEmail: string | null;
    delegateUserId: string;
  },
): Promise<string> {
  const row = await trx
    .insertInto('contracts')
    .values({
      company_id: values.companyId,
      project_id: values.projectId,
      name: values.name,
      file_name: values.fileName,
      file_sha256: values.sha256,
      file_size_bytes: values.content.length,
      signer_user_id: values.signerUserId,
      signer_email: values.signerEmail,
      delegate_user_id: values.delegateUserId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await storeContractFile(trx, row.id, 'original', values.content, values.sha256);
  return row.id;
}

export async function storeContractFile(
  db: Db,
  contractId: string,
  kind: ContractFileKind,
  content: Buffer,
  sha256: string,
): Promise<void> {
  await db
    .insertInto('contract_files')
    .values({ contract_id: contractId, kind, content, sha256, size_bytes: content.length })
    .onConflict((oc) =>
      oc.columns(['contract_id', 'kind']).doUpdateSet({ content, sha256, size_bytes: content.length }),
    )
    .execute();
}

export async function findContractFile(db: Db, contractId: string, kind: ContractFileKind) {
  return db
    .selectFrom('contract_files')
    .select(['content', 'sha256', 'size_bytes'])
    .where('contract_id', '=', contractId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The contract row locked for a status change. */
export async function lockContract(trx: Transaction<Database>, contractId: string) {
  return trx.selectFrom('contracts').selectAll().where('id', '=', contractId).forUpdate().executeTakeFirst();
}

export async function lockContractByProviderReference(
  trx: Transaction<Database>,
  provider: string,
  reference: string,
) {
  return trx
    .selectFrom('contracts')
    .selectAll()
    .where('signing_provider', '=', provider)
    .where('signing_provider_reference', '=', reference)
    .forUpdate()
    .executeTakeFirst();
}

/** Moves the status only from the expected one (the caller checked the machine), with the given extras. */
export async function updateContractStatus(
  trx: Transaction<Database>,
  contractId: string,
  from: ContractStatus,
  to: ContractStatus,
  extra: {
    signing_provider?: string;
    signing_provider_reference?: string;
    sent_at?: Date;
    signed_at?: Date;
    signed_file_sha256?: string;
  } = {},
): Promise<boolean> {
  const result = await trx
    .updateTable('contracts')
    .set({ status: to, status_changed_at: new Date(), ...extra })
    .where('id', '=', contractId)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findUserSigningIdentity(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['email', userNameSql('users').as('name'), 'national_identity_number_encrypted'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Records a webhook event id; false when it was already recorded (a replay). */
export async function recordWebhookEvent(
  trx: Transaction<Database>,
  values: { provider: string; eventId: string; orderReference: string; eventType: string },
): Promise<boolean> {
  const row = await trx
    .insertInto('signing_webhook_events')
    .values({
      provider: values.provider,
      event_id: values.eventId,
      order_reference: values.orderReference,
      event_type: values.eventType,
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}
