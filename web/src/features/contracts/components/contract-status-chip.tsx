import type { ContractStatus } from '@mp/domain/companies';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ContractStatus, ChipProps['color']> = {
  draft: 'default',
  sent: 'info',
  signed: 'success',
  declined: 'error',
  expired: 'warning',
  cancelled: 'default',
};

/** A contract's status as a coloured chip. */
export function ContractStatusChip({ status }: { status: ContractStatus }) {
  const { t } = useTranslation('contracts');
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={t(`status.${status}`)}
      data-testid="contract-status"
      data-status={status}
    />
  );
}
