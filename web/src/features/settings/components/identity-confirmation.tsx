import { loginPasswordSchema } from '@mp/domain/validation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BankIdWaiting } from '../../../components/bankid/bankid-waiting';
import { useCurrentUser } from '../../../lib/auth';
import { cancelBankIdOrder } from '../../../lib/bankid';
import { firstIssue, messageKey } from '../../../lib/validation';
import type { useBankIdConfirmation } from '../hooks/use-bankid-confirmation';

/** The steps of confirming who you are: choose a way, then the password or a BankID order. */
export type IdentityStep = 'choose' | 'password' | 'bankid';

/** Translation keys (namespace settings) and test ids that differ between the dialogs that confirm identity. */
export interface IdentityConfirmationTexts {
  lead: string;
  withPassword: string;
  withBankId: string;
  password: string;
  confirm: string;
  bankIdTestId: string;
  confirmTestId?: string;
  /** The colour of the confirm button: `error` where confirming destroys something. */
  confirmColor?: 'primary' | 'error';
}

/**
 * The content and actions of the identity-confirmation steps: the choice between BankID and the password (the
 * password only for users who have one), the password field, and the BankID order while it waits. `step` and
 * the BankID order (`bankId`, from `useBankIdConfirmation` active on the `bankid` step) belong to the caller;
 * the password is passed to `submitPassword` once it is valid.
 */
export function useIdentityConfirmation(options: {
  step: IdentityStep;
  setStep: (step: IdentityStep) => void;
  texts: IdentityConfirmationTexts;
  cancel: ReactNode;
  bankId: ReturnType<typeof useBankIdConfirmation>;
  pending: boolean;
  submitPassword: (password: string) => void;
}): { content: ReactNode; actions: ReactNode } {
  const { step, setStep, texts, cancel, bankId } = options;
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const passwordIssue = firstIssue(loginPasswordSchema, password);

  if (step === 'choose') {
    return {
      content: <DialogContentText>{t(texts.lead)}</DialogContentText>,
      actions: (
        <>
          {cancel}
          {user?.hasPassword !== false && (
            <Button variant="outlined" onClick={() => setStep('password')}>
              {t(texts.withPassword)}
            </Button>
          )}
          <Button variant="contained" onClick={() => setStep('bankid')} data-testid={texts.bankIdTestId}>
            {t(texts.withBankId)}
          </Button>
        </>
      ),
    };
  }
  if (step === 'password') {
    return {
      content: (
        <TextField
          label={t(texts.password)}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={touched && Boolean(passwordIssue)}
          helperText={touched && passwordIssue ? t(messageKey(passwordIssue)) : ' '}
          autoFocus
        />
      ),
      actions: (
        <>
          {cancel}
          <Button
            variant="contained"
            color={texts.confirmColor}
            disabled={options.pending}
            onClick={() => {
              setTouched(true);
              if (!passwordIssue) options.submitPassword(password);
            }}
            data-testid={texts.confirmTestId}
          >
            {t(texts.confirm)}
          </Button>
        </>
      ),
    };
  }
  return {
    content: bankId.waiting ? (
      <BankIdWaiting
        qr={bankId.qr}
        showQr
        hintCode={bankId.waiting.hintCode}
        message={bankId.waiting.message}
        sameDeviceUrl={bankId.waiting.sameDeviceUrl}
        onCancel={() => {
          if (bankId.waiting) void cancelBankIdOrder(bankId.waiting.orderRef).catch(() => undefined);
          setStep('choose');
        }}
      />
    ) : (
      <CircularProgress aria-label={t('common:status.loading')} />
    ),
    actions: cancel,
  };
}

/** The dialog frame the settings confirmations share: a title, the step's content and its actions. */
export function StepDialog({
  title,
  onClose,
  content,
  actions,
}: {
  title: string;
  onClose: () => void;
  content: ReactNode;
  actions: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>{content}</Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>{actions}</DialogActions>
    </Dialog>
  );
}
