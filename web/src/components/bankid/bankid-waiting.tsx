import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { focusIfLost } from '../../lib/focus-if-lost';
import { BankIdLogo } from '../ui/bankid-logo';
import { SecurityNotice } from './security-notice';

const HINT_KEYS: Record<string, string> = {
  outstandingTransaction: 'hints.outstandingTransaction',
  noClient: 'hints.outstandingTransaction',
  userSign: 'hints.userSign',
  userMrtd: 'hints.userMrtd',
  userCallConfirm: 'hints.userCallConfirm',
  started: 'hints.started',
};

interface BankIdWaitingProps {
  /** The animated QR code's current content; null while loading or when not shown. */
  qr: string | null;
  showQr: boolean;
  hintCode: string;
  /** The server's text for the hint (BankID's RFA messages), preferred when present. */
  message: string | null;
  sameDeviceUrl: string | null;
  onCancel: () => void;
}

/**
 * Step 2 of BankID: the animated QR code, the current hint, the open-on-this-device button (prominent on
 * phones), cancel, and the security notice.
 */
export function BankIdWaiting({
  qr,
  showQr,
  hintCode,
  message,
  sameDeviceUrl,
  onCancel,
}: BankIdWaitingProps) {
  const { t } = useTranslation('bankid');
  const isMobile = useMediaQuery('(pointer: coarse), (max-width: 599.95px)');
  const hint = message ?? t(HINT_KEYS[hintCode] ?? 'hints.started');
  return (
    <Stack spacing={2.5} data-testid="bankid-waiting">
      <Box>
        {/* The start button gave way to this step: focus comes here, not to the page (QA11 F3). */}
        <Typography
          variant="h2"
          ref={focusIfLost}
          tabIndex={-1}
          sx={{ fontSize: '1.25rem', mb: 0.5, '&:focus': { outline: 'none' } }}
        >
          {t('waitingTitle')}
        </Typography>
        <Typography color="text.secondary">
          {showQr ? t('waitingInstructions') : t('waitingResumed')}
        </Typography>
      </Box>
      {showQr && (
        <Box
          sx={{
            alignSelf: 'center',
            p: 1.5,
            borderRadius: 2,
            border: '1px solid',
            borderColor: 'divider',
            bgcolor: '#fff',
            width: 212,
            height: 212,
            display: 'grid',
            placeItems: 'center',
          }}
          data-testid="bankid-qr"
        >
          {qr ? (
            <QRCodeSVG value={qr} size={184} level="L" title={t('qrLabel')} />
          ) : (
            <CircularProgress aria-label={t('qrLoading')} />
          )}
        </Box>
      )}
      <Box
        role="status"
        aria-live="polite"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, justifyContent: 'center' }}
      >
        <CircularProgress size={18} aria-hidden />
        <Typography variant="body2" data-testid="bankid-hint">
          {hint}
        </Typography>
      </Box>
      {sameDeviceUrl && (
        <Button
          variant={isMobile ? 'contained' : 'text'}
          size={isMobile ? 'large' : 'medium'}
          href={sameDeviceUrl}
          startIcon={<BankIdLogo size={20} inverted={isMobile} />}
          data-testid="bankid-open-app"
        >
          {isMobile ? t('openOnThisDevice') : t('openOnThisComputer')}
        </Button>
      )}
      <Button variant="outlined" onClick={onCancel} data-testid="bankid-cancel">
        {t('cancel')}
      </Button>
      <SecurityNotice />
    </Stack>
  );
}
