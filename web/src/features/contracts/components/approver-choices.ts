import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCurrentUser } from '../../../lib/auth';
import { displayName } from '../../../lib/display-name';
import { memberChoicesQueryOptions, type MemberChoice } from '../api/contracts';

/** A member as an approver picker names them: their name, else their e-mail address. */
export const memberName = (member: Pick<MemberChoice, 'firstName' | 'lastName' | 'email'>) =>
  displayName(member, member.email);

/**
 * Who may approve an assignment's time, as the hire and change-approver dialogs offer it: the company's current
 * members for a caller who may list them (manage_members), otherwise the caller alone; never the assignment's
 * consultant (nobody approves their own time: the API refuses with APPROVER_IS_CONSULTANT).
 */
export function useApproverChoices(
  companyId: string,
  canListMembers: boolean,
  consultantUserId: string | null,
): MemberChoice[] {
  const user = useCurrentUser();
  const members = useQuery({ ...memberChoicesQueryOptions(companyId), enabled: canListMembers });
  const choices =
    canListMembers && members.data
      ? members.data
      : user
        ? [
            {
              userId: user.id,
              firstName: user.firstName,
              lastName: user.lastName,
              email: user.email,
              // Picking oneself without premium is warned about too (QA7 H2).
              canApproveTime: user.isPremium,
            },
          ]
        : [];
  return choices.filter((member) => member.userId !== consultantUserId);
}

/**
 * The picker's hint: a chosen member without premium cannot approve; a caller who cannot list picks themselves,
 * unless they are the consultant, who must leave the choice to someone who can.
 */
export function approverHint(
  t: TFunction<'contracts'>,
  chosen: MemberChoice | undefined,
  canListMembers: boolean,
  callerIsConsultant: boolean,
): string | undefined {
  if (chosen?.canApproveTime === false) {
    // Without the permission to list members the only choice is oneself.
    return canListMembers
      ? t('hire.approverNotPremium', { name: memberName(chosen) })
      : t('hire.approverSelfNotPremium');
  }
  if (canListMembers) return undefined;
  return t(callerIsConsultant ? 'hire.approverNotConsultant' : 'hire.approverSelf');
}
