import { createHash } from 'node:crypto';
import {
  canTransitionContract,
  emailSchema,
  translateMessage,
  type ContractStatus,
  type Locale,
} from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError, validationError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { buildWebLink, WEB_PATHS } from '../../lib/links';
import { enqueueMail, type DeliverMails } from '../../lib/mail-outbox';
import { decryptSecret } from '../../lib/crypto';
import { assertPremium } from '../subscriptions/premium-gate';
import { isUuid } from '../../lib/uuid';
import { userDisplayNameSql } from '../../lib/user-name';
import type { AuthUser } from '../../plugins/auth';
import { authorizeCompany, isChoosableMember } from '../companies/company-access';
import type { SigningClient } from '../signing/signing.client';
import { SigningApiError, SigningUnavailableError } from '../signing/signing.client';
import type { SigningOrderStatus } from '../signing/signing.schema';
import {
  COPYABLE_CONTRACT_STATUSES,
  notCopyable,
  notEditable,
  statusConflict,
  transitionContract,
} from './contract-status';
import {
  findCompanyContracts,
  findContractFile,
  findContractRow,
  findUserSigningIdentity,
  findVisibleContracts,
  insertContract,
  lockContract,
  storeContractFile,
  type ContractRow,
} from './contracts.repository';
import type { ContractUpdateInput, ContractView } from '@mp/api-contract/contracts.schema';

export interface ContractDeps {
  db: Kysely<Database>;
  config: AppConfig;
  signing: SigningClient;
  log: FastifyBaseLogger;
  deliverMails: DeliverMails;
}

/** The provider name stored with each sent contract. */
export const SIGNING_PROVIDER = 'digital_mailbox';

export const contractNotFound = () => new AppError('CONTRACT_NOT_FOUND');
const providerUnavailable = () => new AppError('SIGNING_PROVIDER_UNAVAILABLE');

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Who reads a contract view: the account, and its e-mail address when confirmed (an e-mail signer's match). */
interface Viewer {
  id: string;
  email: string | null;
}

async function viewerOf(db: Kysely<Database>, userId: string): Promise<Viewer> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'verified'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return { id: userId, email: user?.verified && user.email ? user.email.toLowerCase() : null };
}

/** The viewer signs the contract: as its signer by account, or by their confirmed e-mail address. */
const signsIt = (row: ContractRow, viewer: Viewer) =>
  row.signer_user_id === viewer.id ||
  (row.signer_user_id === null && viewer.email !== null && row.signer_email?.toLowerCase() === viewer.email);

function toContractView(row: ContractRow, canManage: boolean, viewer: Viewer): ContractView {
  return {
    id: row.id,
    companyId: row.company_id,
    companyName: row.company_name,
    projectId: row.project_id,
    projectName: row.project_name,
    name: row.name,
    status: row.status,
    modifiedAt: row.updated_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    signedAt: row.signed_at?.toISOString() ?? null,
    fileName: row.file_name,
    fileSizeBytes: row.file_size_bytes,
    fileSha256: row.file_sha256,
    signedFileSha256: row.signed_file_sha256,
    signer: { userId: row.signer_user_id, email: row.signer_email, name: row.signer_name },
    delegate: { userId: row.delegate_user_id, email: row.delegate_email, name: row.delegate_name },
    signingVia: row.signer_user_id !== null && row.signer_has_bankid ? 'bankid' : 'email',
    isSigner: signsIt(row, viewer),
    canManage,
  };
}

/** Company ids where the user may manage contracts. */
async function managedCompanyIds(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('company_memberships')
    .select(['company_id', 'role', 'permissions'])
    .where('user_id', '=', userId)
    .execute();
  return new Set(
    rows
      .filter((row) => row.role === 'admin' || row.permissions.includes('manage_contracts'))
      .map((row) => row.company_id),
  );
}

/** GET contracts: every contract the caller may see (see findVisibleContracts). */
export async function listVisibleContracts(db: Kysely<Database>, userId: string) {
  const [rows, managed, viewer] = await Promise.all([
    findVisibleContracts(db, userId),
    managedCompanyIds(db, userId),
    viewerOf(db, userId),
  ]);
  return { contracts: rows.map((row) => toContractView(row, managed.has(row.company_id), viewer)) };
}

/** GET agreements: the caller's signed contracts, as signer (by account or confirmed e-mail) or delegate. */
export async function listAgreements(db: Kysely<Database>, userId: string) {
  const [rows, viewer] = await Promise.all([findVisibleContracts(db, userId), viewerOf(db, userId)]);
  const mine = rows.filter(
    (row) => row.status === 'signed' && (row.delegate_user_id === userId || signsIt(row, viewer)),
  );
  return { contracts: mine.map((row) => toContractView(row, false, viewer)) };
}

/** GET company/{id}/contracts (manage_contracts). */
export async function listCompanyContracts(db: Kysely<Database>, userId: string, companyId: string) {
  await authorizeCompany(db, userId, companyId, 'manage_contracts');
  const [rows, viewer] = await Promise.all([findCompanyContracts(db, companyId), viewerOf(db, userId)]);
  return { contracts: rows.map((row) => toContractView(row, true, viewer)) };
}

/** One contract as the company side (who may manage it) sees it after a change. */
async function loadView(db: Kysely<Database>, contractId: string, userId: string): Promise<ContractView> {
  const [row, viewer] = await Promise.all([findContractRow(db, contractId), viewerOf(db, userId)]);
  if (!row) throw contractNotFound();
  return toContractView(row, true, viewer);
}

export interface ContractUpload {
  name: string;
  fileName: string;
  content: Buffer;
  signerUserId: string | null;
  signerEmail: string | null;
  projectId: string | null;
}

/**
 * POST company/{id}/contracts (manage_contracts, premium): stores the PDF (already checked to be one) with its
 * SHA-256 and makes a draft; the caller is the delegate. A signer picked among the members must be one.
 */
export async function createContract(
  db: Kysely<Database>,
  user: AuthUser,
  companyId: string,
  upload: ContractUpload,
) {
  await authorizeCompany(db, user.id, companyId, 'manage_contracts');
  assertPremium(user);
  const id = await db.transaction().execute(async (trx) => {
    if (upload.signerUserId) await assertMember(trx, companyId, upload.signerUserId);
    if (upload.projectId) await assertProject(trx, companyId, upload.projectId);
    const contractId = await insertContract(trx, {
      companyId,
      projectId: upload.projectId,
      name: upload.name,
      fileName: upload.fileName,
      content: upload.content,
      sha256: sha256Hex(upload.content),
      signerUserId: upload.signerUserId,
      signerEmail: upload.signerUserId ? null : upload.signerEmail,
      delegateUserId: user.id,
    });
    await recordAuditEvent(trx, {
      actorUserId: user.id,
      action: 'contract.draft',
      subjectType: 'contract',
      subjectId: contractId,
      data: { companyId, sha256: sha256Hex(upload.content) },
    });
    return contractId;
  });
  return { contract: await loadView(db, id, user.id) };
}

/**
 * POST company/{id}/contracts/{contractId}/update (manage_contracts, premium): changes a draft's name, project
 * and signer until it is sent (409 CONTRACT_STATUS_CONFLICT after). The signer is a member (signerUserId) or an
 * e-mail address, as at upload; the change is audited (`contract.updated`, with the fields changed).
 */
export async function updateContract(
  db: Kysely<Database>,
  user: AuthUser,
  companyId: string,
  contractId: string,
  input: ContractUpdateInput,
  locale: Locale,
) {
  await authorizeCompany(db, user.id, companyId, 'manage_contracts');
  assertPremium(user);
  const signerUserId = input.signerUserId || null;
  const signerEmail = signerUserId ? null : input.signerEmail?.trim() || null;
  if (!signerUserId && !signerEmail) throw new AppError('CONTRACT_SIGNER_REQUIRED');
  if (signerEmail && !emailSchema.safeParse(signerEmail).success) {
    throw validationError([{ path: 'signerEmail', message: 'validation.invalidEmail' }], locale);
  }
  const projectId = input.projectId || null;
  await db.transaction().execute(async (trx) => {
    const contract = await lockCompanyContract(trx, companyId, contractId);
    if (contract.status !== 'draft') throw notEditable(contract.status);
    if (signerUserId) await assertMember(trx, companyId, signerUserId);
    if (projectId) await assertProject(trx, companyId, projectId);
    const next = {
      name: input.name,
      project_id: projectId,
      signer_user_id: signerUserId,
      signer_email: signerEmail,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== contract[key]);
    if (changed.length === 0) return;
    // updated_at set here: clearing the project alone is otherwise not counted as a change (migration 202612010400).
    await trx
      .updateTable('contracts')
      .set({ ...next, updated_at: new Date() })
      .where('id', '=', contract.id)
      .execute();
    await recordAuditEvent(trx, {
      actorUserId: user.id,
      action: 'contract.updated',
      subjectType: 'contract',
      subjectId: contract.id,
      data: { companyId, changed },
    });
  });
  return {
    contract: await loadView(db, contractId, user.id),
    message: translateMessage('success.contractSaved', locale),
  };
}

/**
 * POST company/{id}/contracts/{contractId}/copy (manage_contracts, premium; QA12 F5): a declined, expired or
 * cancelled contract can be sent again without uploading it again. Its statuses are final (domain
 * CONTRACT_TRANSITIONS), so the copy is a new draft of the same PDF, name, project and signer, with the caller as
 * its delegate, to check and send as any draft; 409 CONTRACT_STATUS_CONFLICT from any other status. A member
 * signer who is no longer a member is carried over by their e-mail address (the draft shows it and can be
 * changed before it is sent). Audited on the copy (`contract.copied`, with the contract it was copied from).
 */
export async function copyContract(
  db: Kysely<Database>,
  user: AuthUser,
  companyId: string,
  contractId: string,
  locale: Locale,
) {
  await authorizeCompany(db, user.id, companyId, 'manage_contracts');
  assertPremium(user);
  const id = await db.transaction().execute(async (trx) => {
    const contract = await lockCompanyContract(trx, companyId, contractId);
    if (!COPYABLE_CONTRACT_STATUSES.includes(contract.status)) throw notCopyable(contract.status);
    const file = await findContractFile(trx, contract.id, 'original');
    if (!file) throw new AppError('CONTRACT_FILE_REQUIRED');
    let signerUserId = contract.signer_user_id;
    let signerEmail = contract.signer_email;
    if (signerUserId && !(await isChoosableMember(trx, companyId, signerUserId))) {
      const former = await findUserSigningIdentity(trx, signerUserId);
      signerEmail = former?.email ?? signerEmail;
      signerUserId = null;
    }
    if (!signerUserId && !signerEmail) throw new AppError('CONTRACT_SIGNER_REQUIRED');
    const copyId = await insertContract(trx, {
      companyId,
      projectId: contract.project_id,
      name: contract.name,
      fileName: contract.file_name ?? 'contract.pdf',
      content: file.content,
      sha256: file.sha256,
      signerUserId,
      signerEmail: signerUserId ? null : signerEmail,
      delegateUserId: user.id,
    });
    await recordAuditEvent(trx, {
      actorUserId: user.id,
      action: 'contract.copied',
      subjectType: 'contract',
      subjectId: copyId,
      data: { companyId, copiedFrom: contract.id, fromStatus: contract.status, sha256: file.sha256 },
    });
    return copyId;
  });
  return {
    contract: await loadView(db, id, user.id),
    message: translateMessage('success.contractCopied', locale),
  };
}

/** The signer chosen among the members: a current member with a live account (a deleted one is nobody's). */
async function assertMember(trx: Transaction<Database>, companyId: string, userId: string) {
  if (!(await isChoosableMember(trx, companyId, userId))) throw new AppError('MEMBER_NOT_FOUND');
}

async function assertProject(trx: Transaction<Database>, companyId: string, projectId: string) {
  const row = isUuid(projectId)
    ? await trx
        .selectFrom('projects')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', projectId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('PROJECT_NOT_FOUND');
}

/** The contract, locked, when it belongs to the company; 404 otherwise. */
async function lockCompanyContract(trx: Transaction<Database>, companyId: string, contractId: string) {
  const contract = isUuid(contractId) ? await lockContract(trx, contractId) : undefined;
  if (!contract || contract.company_id !== companyId) throw contractNotFound();
  return contract;
}

/**
 * POST company/{id}/contracts/{contractId}/send (manage_contracts, premium): creates a signing order with the
 * PDF and the signer's personal identity number (a member who logged in with BankID) or e-mail, and moves
 * the draft to sent. The row stays locked during the provider call, so two clicks make one order.
 */
export async function sendContract(
  deps: ContractDeps,
  user: AuthUser,
  companyId: string,
  contractId: string,
  locale: Locale,
) {
  await authorizeCompany(deps.db, user.id, companyId, 'manage_contracts');
  assertPremium(user);
  const mailIds: string[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const contract = await lockCompanyContract(trx, companyId, contractId);
    if (!canTransitionContract(contract.status, 'sent')) throw statusConflict(contract.status, 'sent');
    const file = await findContractFile(trx, contract.id, 'original');
    if (!file) throw new AppError('CONTRACT_FILE_REQUIRED');
    const signer = await signerOf(deps, trx, contract);
    let order;
    try {
      order = await deps.signing.createOrder({
        reference: contract.id,
        title: contract.name,
        document: {
          fileName: contract.file_name ?? 'contract.pdf',
          contentBase64: file.content.toString('base64'),
          sha256: file.sha256,
        },
        signer,
        callbackUrl: new URL('/api/signing/webhook', deps.config.PUBLIC_URL).toString(),
        locale,
      });
    } catch (error) {
      deps.log.warn({ err: error, contractId }, 'signing provider refused or failed to create an order');
      throw providerUnavailable();
    }
    await transitionContract(
      trx,
      contract,
      'sent',
      { userId: user.id, via: 'user' },
      {
        signing_provider: SIGNING_PROVIDER,
        signing_provider_reference: order.id,
        sent_at: new Date(),
      },
    );
    mailIds.push(
      ...(await enqueueSigningRequestMail(deps, trx, contract.id, {
        senderUserId: user.id,
        via: signer.nationalIdentityNumber ? 'bankid' : 'email',
        fallbackLocale: locale,
      })),
    );
  });
  deps.deliverMails(mailIds);
  return {
    contract: await loadView(deps.db, contractId, user.id),
    message: translateMessage('success.contractSent', locale),
  };
}

async function signerOf(
  deps: ContractDeps,
  trx: Transaction<Database>,
  contract: { signer_user_id: string | null; signer_email: string | null },
) {
  if (!contract.signer_user_id) return { email: contract.signer_email ?? undefined };
  const identity = await findUserSigningIdentity(trx, contract.signer_user_id);
  if (!identity) throw new AppError('CONTRACT_SIGNER_REQUIRED');
  const nationalIdentityNumber = identity.national_identity_number_encrypted
    ? decryptSecret(deps.config.NIN_ENCRYPTION_KEY, identity.national_identity_number_encrypted)
    : undefined;
  if (!nationalIdentityNumber && !identity.email) {
    throw new AppError('CONTRACT_SIGNER_REQUIRED');
  }
  return { nationalIdentityNumber, email: identity.email ?? undefined, name: identity.name ?? undefined };
}

/**
 * Where the signer's mails go, and in which language: the signer's account (none when it has no address or is
 * deleted), or the e-mail signer, in the language of a confirmed account with that address, else the language
 * they were first asked in (`signer_locale`), else `fallbackLocale`. `hasAccount`: the signer can open the
 * contracts page (an account, or a confirmed one with the e-mail signer's address); null when there is nobody
 * to write to.
 */
async function signerRecipient(
  trx: Transaction<Database>,
  row: ContractRow & { signer_locale: Locale | null },
  fallbackLocale: Locale,
) {
  const account = row.signer_user_id
    ? await trx
        .selectFrom('users')
        .select(['email', 'first_name', 'locale'])
        .where('id', '=', row.signer_user_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : row.signer_email
      ? await trx
          .selectFrom('users')
          .select(['email', 'first_name', 'locale'])
          .where(sql<string>`lower(email)`, '=', row.signer_email.toLowerCase())
          .where('verified', '=', true)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : undefined;
  const to = row.signer_user_id ? account?.email : row.signer_email;
  if (!to) return null;
  return {
    to,
    locale: account?.locale ?? row.signer_locale ?? fallbackLocale,
    firstName: account?.first_name ?? null,
    hasAccount: account !== undefined,
  };
}

/** The contract's row with the language its signer was asked in. */
async function findContractForMail(trx: Transaction<Database>, contractId: string) {
  const row = await findContractRow(trx, contractId);
  if (!row) return undefined;
  const { signer_locale } = await trx
    .selectFrom('contracts')
    .select('signer_locale')
    .where('id', '=', contractId)
    .executeTakeFirstOrThrow();
  return { ...row, signer_locale };
}

/**
 * The mail telling the signer that a contract waits for their signature (QA: the signer was never told), in the
 * signer's language (see signerRecipient; the sender's without an account), which is kept with the contract for
 * the signer's later mails. A signer without an account here is not sent to the contracts page they cannot open
 * (QA12 F4). Written in the sending transaction, so once per sending.
 */
async function enqueueSigningRequestMail(
  deps: Pick<ContractDeps, 'config'>,
  trx: Transaction<Database>,
  contractId: string,
  options: { senderUserId: string; via: 'bankid' | 'email'; fallbackLocale: Locale },
): Promise<string[]> {
  const row = await findContractForMail(trx, contractId);
  if (!row) return [];
  // Asked again (a copy sent anew): in the language of this request, not of an earlier one.
  const signer = await signerRecipient(trx, { ...row, signer_locale: null }, options.fallbackLocale);
  if (!signer) return [];
  const { locale } = signer;
  await trx.updateTable('contracts').set({ signer_locale: locale }).where('id', '=', row.id).execute();
  const sender = await trx
    .selectFrom('users')
    .select(userDisplayNameSql('users').as('name'))
    .where('id', '=', options.senderUserId)
    .executeTakeFirst();
  const id = await enqueueMail(trx, {
    to: signer.to,
    locale,
    template: 'contractSigningRequested',
    params: {
      firstName: signer.firstName,
      contractName: row.name,
      companyName: row.company_name,
      senderName: sender?.name ?? row.company_name,
      via: options.via,
      hasAccount: signer.hasAccount,
      link: buildWebLink(deps.config.PUBLIC_URL, locale, WEB_PATHS.contracts),
    },
  });
  return [id];
}

/**
 * The mail telling the signer of a sent contract that they can no longer sign it (QA12 F3): the order ran out, or
 * the company withdrew it. In the language they were asked in (see signerRecipient; the delegate's for a
 * contract sent before that was kept), with the contracts page only for a signer who can open it.
 */
async function enqueueSigningClosedMail(
  deps: Pick<ContractDeps, 'config'>,
  trx: Transaction<Database>,
  contractId: string,
  reason: 'expired' | 'cancelled',
): Promise<string[]> {
  const row = await findContractForMail(trx, contractId);
  if (!row?.sent_at) return [];
  const delegate = row.delegate_user_id
    ? await trx.selectFrom('users').select('locale').where('id', '=', row.delegate_user_id).executeTakeFirst()
    : undefined;
  const signer = await signerRecipient(trx, row, delegate?.locale ?? 'sv');
  if (!signer) return [];
  const id = await enqueueMail(trx, {
    to: signer.to,
    locale: signer.locale,
    template: 'contractSigningClosed',
    params: {
      firstName: signer.firstName,
      contractName: row.name,
      companyName: row.company_name,
      reason,
      link: signer.hasAccount
        ? buildWebLink(deps.config.PUBLIC_URL, signer.locale, WEB_PATHS.contracts)
        : null,
    },
  });
  return [id];
}

/** POST company/{id}/contracts/{contractId}/cancel (manage_contracts): from draft or sent; a sent order is cancelled at the provider too. */
export async function cancelContract(
  deps: ContractDeps,
  user: AuthUser,
  companyId: string,
  contractId: string,
) {
  await authorizeCompany(deps.db, user.id, companyId, 'manage_contracts');
  const mailIds: string[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const contract = await lockCompanyContract(trx, companyId, contractId);
    if (!canTransitionContract(contract.status, 'cancelled'))
      throw statusConflict(contract.status, 'cancelled');
    if (contract.status === 'sent' && contract.signing_provider_reference) {
      try {
        const order = await deps.signing.cancelOrder(contract.signing_provider_reference);
        // The signer may have been quicker: then the provider's outcome stands.
        if (order.status !== 'cancelled' && order.status !== 'pending') {
          await applyOrderStatus(
            deps,
            trx,
            contract,
            order.status,
            { userId: null, via: 'provider_poll' },
            mailIds,
          );
          return;
        }
      } catch (error) {
        if (!(error instanceof SigningApiError) || error.httpStatus !== 409)
          throw providerUnavailableFrom(deps, error);
      }
    }
    await transitionContract(trx, contract, 'cancelled', { userId: user.id, via: 'user' });
    // A sent contract's signer was asked to sign it: tell them it was withdrawn (QA12 F3).
    if (contract.status === 'sent')
      mailIds.push(...(await enqueueSigningClosedMail(deps, trx, contract.id, 'cancelled')));
  });
  deps.deliverMails(mailIds);
  return { contract: await loadView(deps.db, contractId, user.id) };
}

function providerUnavailableFrom(deps: ContractDeps, error: unknown) {
  deps.log.warn({ err: error }, 'signing provider call failed');
  return providerUnavailable();
}

/** POST company/{id}/contracts/{contractId}/refresh (manage_contracts): polls the provider for a sent contract. */
export async function refreshContract(
  deps: ContractDeps,
  user: AuthUser,
  companyId: string,
  contractId: string,
) {
  await authorizeCompany(deps.db, user.id, companyId, 'manage_contracts');
  const mailIds: string[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const contract = await lockCompanyContract(trx, companyId, contractId);
    if (contract.status !== 'sent' || !contract.signing_provider_reference) return;
    let order;
    try {
      order = await deps.signing.getOrder(contract.signing_provider_reference);
    } catch (error) {
      throw providerUnavailableFrom(deps, error);
    }
    await applyOrderStatus(
      deps,
      trx,
      contract,
      order.status,
      { userId: user.id, via: 'provider_poll' },
      mailIds,
    );
  });
  deps.deliverMails(mailIds);
  return { contract: await loadView(deps.db, contractId, user.id) };
}

const ORDER_TO_CONTRACT_STATUS: Record<Exclude<SigningOrderStatus, 'pending'>, ContractStatus> = {
  signed: 'signed',
  declined: 'declined',
  expired: 'expired',
  cancelled: 'cancelled',
};

/**
 * Applies the provider's order status to a locked contract: nothing while pending or when the contract has
 * already left `sent` (a late or repeated report), else the legal transition; a signed order's PDF is fetched
 * and stored first, so a contract is never signed without its signed document. A contract that becomes signed,
 * declined or expired mails its delegate (who uploaded and sent it), and one that expires or is cancelled at the
 * provider its signer, in the same transaction, so once per transition; the outbox rows' ids are pushed to
 * `mailIds` for the caller to deliver once committed.
 */
export async function applyOrderStatus(
  deps: ContractDeps,
  trx: Transaction<Database>,
  contract: {
    id: string;
    company_id: string;
    status: ContractStatus;
    signing_provider_reference: string | null;
  },
  orderStatus: SigningOrderStatus,
  actor: { userId: string | null; via: 'provider_webhook' | 'provider_poll' },
  mailIds: string[],
): Promise<boolean> {
  if (orderStatus === 'pending' || !contract.signing_provider_reference) return false;
  const to = ORDER_TO_CONTRACT_STATUS[orderStatus];
  if (!canTransitionContract(contract.status, to)) return false;
  if (to !== 'signed') {
    await transitionContract(trx, contract, to, actor);
    // The delegate learns of a decline or an expiry; the signer, who can no longer sign, of an expiry or of a
    // cancellation at the provider (QA12 F3). A decline was the signer's own doing.
    if (to === 'declined' || to === 'expired')
      mailIds.push(...(await enqueueOutcomeMail(deps, trx, contract.id, to)));
    if (to === 'expired' || to === 'cancelled')
      mailIds.push(...(await enqueueSigningClosedMail(deps, trx, contract.id, to)));
    return true;
  }
  let signedPdf: Buffer;
  try {
    signedPdf = await deps.signing.fetchSignedDocument(contract.signing_provider_reference);
  } catch (error) {
    if (error instanceof SigningUnavailableError || error instanceof SigningApiError)
      throw providerUnavailableFrom(deps, error);
    throw error;
  }
  const sha256 = sha256Hex(signedPdf);
  await storeContractFile(trx, contract.id, 'signed', signedPdf, sha256);
  await transitionContract(trx, contract, 'signed', actor, {
    signed_at: new Date(),
    signed_file_sha256: sha256,
  });
  mailIds.push(...(await enqueueOutcomeMail(deps, trx, contract.id, 'signed')));
  return true;
}

/**
 * The mail telling the contract's delegate that it was signed, declined or ran out unsigned, in the delegate's
 * language: none for a delegate without an address or with a deleted account.
 */
async function enqueueOutcomeMail(
  deps: Pick<ContractDeps, 'config'>,
  trx: Transaction<Database>,
  contractId: string,
  outcome: 'signed' | 'declined' | 'expired',
): Promise<string[]> {
  const row = await findContractRow(trx, contractId);
  if (!row?.delegate_user_id) return [];
  const delegate = await trx
    .selectFrom('users')
    .select(['email', 'first_name', 'locale'])
    .where('id', '=', row.delegate_user_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!delegate?.email) return [];
  const locale = delegate.locale;
  const id = await enqueueMail(trx, {
    to: delegate.email,
    locale,
    template: 'contractOutcome',
    params: {
      firstName: delegate.first_name,
      contractName: row.name,
      companyName: row.company_name,
      signerName: row.signer_name ?? row.signer_email ?? '',
      outcome,
      link: buildWebLink(deps.config.PUBLIC_URL, locale, WEB_PATHS.contracts),
    },
  });
  return [id];
}

/**
 * A contract's PDF for download: the uploaded one or the signed one. Allowed to whoever may manage the
 * company's contracts, the delegate and the signer (once sent); a member of the company without that gets
 * 403, anyone else 404.
 */
export async function readContractDocument(
  db: Kysely<Database>,
  userId: string,
  contractId: string,
  kind: 'original' | 'signed',
) {
  const row = isUuid(contractId) ? await findContractRow(db, contractId) : undefined;
  if (!row) throw contractNotFound();
  const visible = await findVisibleContracts(db, userId);
  if (!visible.some((contract) => contract.id === row.id)) {
    const member = await db
      .selectFrom('company_memberships')
      .select('id')
      .where('company_id', '=', row.company_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (member) {
      throw new AppError('COMPANY_PERMISSION_REQUIRED', {
        data: {
          permission: 'manage_contracts',
        },
      });
    }
    throw contractNotFound();
  }
  const file = await findContractFile(db, row.id, kind);
  if (!file) throw new AppError('SIGNED_DOCUMENT_NOT_AVAILABLE');
  const base = (row.file_name ?? 'contract.pdf').replace(/\.pdf$/i, '');
  return {
    content: file.content,
    sha256: file.sha256,
    fileName: kind === 'signed' ? `${base}-signed.pdf` : `${base}.pdf`,
  };
}
