import { canTransitionContract, type ContractStatus, type MessageCode } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Transaction } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { updateContractStatus } from './contracts.repository';

/** What became of a contract, and what it can no longer become, in the status conflict's message. */
const IS: Record<ContractStatus, MessageCode> = {
  draft: 'status.contractIsDraft',
  sent: 'status.contractIsSent',
  signed: 'status.contractIsSigned',
  declined: 'status.contractIsDeclined',
  expired: 'status.contractIsExpired',
  cancelled: 'status.contractIsCancelled',
};
const BECOME: Record<ContractStatus, MessageCode> = {
  draft: 'status.contractBecomeDraft',
  sent: 'status.contractBecomeSent',
  signed: 'status.contractBecomeSigned',
  declined: 'status.contractBecomeDeclined',
  expired: 'status.contractBecomeExpired',
  cancelled: 'status.contractBecomeCancelled',
};

/** The same status again: sending a sent contract, cancelling a cancelled one. */
const ALREADY: Record<ContractStatus, MessageCode> = {
  draft: 'error.contractAlreadyDraft',
  sent: 'error.contractAlreadySent',
  signed: 'error.contractAlreadySigned',
  declined: 'error.contractAlreadyDeclined',
  expired: 'error.contractAlreadyExpired',
  cancelled: 'error.contractAlreadyCancelled',
};

/**
 * 409 CONTRACT_STATUS_CONFLICT for an illegal transition, worded for the case: "has already been sent" for the
 * same status, "has not been sent yet" for a draft (only signing's outcomes are illegal from there), else what
 * became of it and what it can no longer do ("has been signed and can no longer be cancelled").
 */
export const statusConflict = (from: ContractStatus, to: ContractStatus) => {
  const data = { from, to };
  if (from === to) return new AppError('CONTRACT_STATUS_CONFLICT', { message: ALREADY[from], data });
  if (from === 'draft')
    return new AppError('CONTRACT_STATUS_CONFLICT', { message: 'error.contractNotSentYet', data });
  return new AppError('CONTRACT_STATUS_CONFLICT', {
    data,
    params: { from: { message: IS[from] }, to: { message: BECOME[to] } },
  });
};

/** The statuses a contract can be copied to a new draft from: its signing is over without a signature. */
export const COPYABLE_CONTRACT_STATUSES: readonly ContractStatus[] = ['declined', 'expired', 'cancelled'];

/** 409 CONTRACT_STATUS_CONFLICT for copying a contract that is not declined, expired or cancelled (QA12 F5). */
export const notCopyable = (from: ContractStatus) =>
  new AppError('CONTRACT_STATUS_CONFLICT', {
    message: 'error.contractNotCopyable',
    data: { from, to: 'draft' },
    params: { from: { message: IS[from] } },
  });

/** 409 CONTRACT_STATUS_CONFLICT for editing a contract that is no longer a draft ("has been sent ... changed"). */
export const notEditable = (from: ContractStatus) =>
  new AppError('CONTRACT_STATUS_CONFLICT', {
    data: { from, to: from },
    params: { from: { message: IS[from] }, to: { message: 'status.contractBecomeEdited' } },
  });

/**
 * The only way a contract's status changes: legal transitions of the status machine (domain
 * CONTRACT_TRANSITIONS) only, applied from the status the caller read under lock, and written to the audit
 * log in the same transaction. Throws 409 CONTRACT_STATUS_CONFLICT for an illegal one.
 */
export async function transitionContract(
  trx: Transaction<Database>,
  contract: { id: string; company_id: string; status: ContractStatus },
  to: ContractStatus,
  actor: { userId: string | null; via: 'user' | 'provider_webhook' | 'provider_poll' },
  extra: Parameters<typeof updateContractStatus>[4] = {},
): Promise<void> {
  if (!canTransitionContract(contract.status, to)) throw statusConflict(contract.status, to);
  const updated = await updateContractStatus(trx, contract.id, contract.status, to, extra);
  // The row was read FOR UPDATE in this transaction, so it cannot have moved meanwhile.
  if (!updated) throw statusConflict(contract.status, to);
  await recordAuditEvent(trx, {
    actorUserId: actor.userId,
    action: `contract.${to}`,
    subjectType: 'contract',
    subjectId: contract.id,
    data: { companyId: contract.company_id, from: contract.status, to, via: actor.via },
  });
}
