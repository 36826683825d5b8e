/**
 * Whose figures the economy view (GET /time/economy) holds: it counts every assignment the caller sees, so a
 * consultant sees their own hours and invoiced amounts, an approver or a company admin those of the
 * consultants their company hires, and someone who is both sees the two together. The page says which.
 */
export type EconomyScope = 'own' | 'company' | 'both';

export function economyScope(assignments: readonly { isConsultant: boolean }[]): EconomyScope {
  const own = assignments.some((assignment) => assignment.isConsultant);
  const company = assignments.some((assignment) => !assignment.isConsultant);
  if (own && company) return 'both';
  return company ? 'company' : 'own';
}
