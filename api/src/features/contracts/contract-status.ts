import { canTransitionContract, type ContractStatus, type MessageCode } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Transaction } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { updateContractStatus } from './contracts.repository';

/** What a contract is, and what it cannot become, in the status conflict's message. */
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

export const statusConflict = (from: ContractStatus, to: ContractStatus) =>
  new AppError('CONTRACT_STATUS_CONFLICT', {
    data: { from, to },
    params: { from: { message: IS[from] }, to: { message: BECOME[to] } },
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
