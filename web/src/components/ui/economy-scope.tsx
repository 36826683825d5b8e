import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/**
 * Whose figures the economy view (GET /time/economy) holds: it counts every assignment the caller sees, so a
 * consultant sees their own hours and invoiced amounts, an approver or a company admin those of the
 * consultants their company hires, and someone who is both sees the two together. The time page and the
 * dashboard's time card say which, in the same words.
 */
export type EconomyScope = 'own' | 'company' | 'both';

export function economyScope(assignments: readonly { isConsultant: boolean }[]): EconomyScope {
  const own = assignments.some((assignment) => assignment.isConsultant);
  const company = assignments.some((assignment) => !assignment.isConsultant);
  if (own && company) return 'both';
  return company ? 'company' : 'own';
}

/** The line that says whose the economy figures are, beside the charts (the `time` namespace's wording). */
export function EconomyScopeNote({
  assignments,
  id,
  sx,
}: {
  assignments: readonly { isConsultant: boolean }[];
  id?: string;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('time');
  return (
    <Typography id={id} variant="body2" color="text.secondary" sx={sx} data-testid="economy-scope">
      {t(`economy.scope.${economyScope(assignments)}`)}
    </Typography>
  );
}
