import Chip from '@mui/material/Chip';
import type { BillStatusView } from '@mp/domain';
import { useTranslation } from 'react-i18next';

const COLOURS = { open: 'info', overdue: 'error', paid: 'success' } as const;

export function BillStatusChip({ status }: { status: BillStatusView }) {
  const { t } = useTranslation('billing');
  return <Chip size="small" color={COLOURS[status]} label={t(`status.${status}`)} data-status={status} />;
}
