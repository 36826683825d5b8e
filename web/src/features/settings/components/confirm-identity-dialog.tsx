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
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BankIdWaiting } from '../../../components/bankid/bankid-waiting';
import { showSuccess } from '../../../lib/alerts';
import { useCurrentUser } from '../../../lib/auth';
import { cancelBankIdOrder } from '../../../lib/bankid';
import { onStepUpRequested } from '../../../lib/step-up';
import { firstIssue, messageKey } from '../../../lib/validation';
import { confirmIdentity, startConfirmationBankId } from '../api/settings';
import { useBankIdConfirmation } from '../hooks/use-bankid-confirmation';

type Step = 'choose' | 'password' | 'bankid';

/**
 * Step-up: opens when an action answers 403 CONFIRMATION_REQUIRED (a first password, changing an unconfirmed
 * e-mail address, the data export) and lets the user confirm who they are with BankID or the password. Then
 * the user repeats the action, which the confirmation allows for five minutes.
 */
export function ConfirmIdentityHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => onStepUpRequested(() => setOpen(true)), []);
  return open ? <ConfirmIdentityDialog onClose={() => setOpen(false)} /> : null;
}

function ConfirmIdentityDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const user = useCurrentUser();
  const [step, setStep] = useState<Step>('choose');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);

  const done = () => {
    showSuccess(t('confirm.done'));
    onClose();
  };
  const withPassword = useMutation({ mutationFn: () => confirmIdentity({ password }), onSuccess: done });
  const bankId = useBankIdConfirmation(
    step === 'bankid',
    { start: startConfirmationBankId, poll: (orderRef, signal) => confirmIdentity({ orderRef }, signal) },
    done,
    () => setStep('choose'),
  );
  const passwordIssue = firstIssue(loginPasswordSchema, password);
  const cancel = <Button onClick={onClose}>{t('common:actions.cancel')}</Button>;

  let content;
  let actions;
  if (step === 'choose') {
    content = <DialogContentText>{t('confirm.lead')}</DialogContentText>;
    actions = (
      <>
        {cancel}
        {user?.hasPassword !== false && (
          <Button variant="outlined" onClick={() => setStep('password')}>
            {t('confirm.withPassword')}
          </Button>
        )}
        <Button variant="contained" onClick={() => setStep('bankid')} data-testid="confirm-with-bankid">
          {t('confirm.withBankId')}
        </Button>
      </>
    );
  } else if (step === 'password') {
    content = (
      <TextField
        label={t('confirm.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={touched && Boolean(passwordIssue)}
        helperText={touched && passwordIssue ? t(messageKey(passwordIssue)) : ' '}
        autoFocus
      />
    );
    actions = (
      <>
        {cancel}
        <Button
          variant="contained"
          disabled={withPassword.isPending}
          onClick={() => {
            setTouched(true);
            if (!passwordIssue) withPassword.mutate();
          }}
        >
          {t('confirm.confirm')}
        </Button>
      </>
    );
  } else {
    content = bankId.waiting ? (
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
    );
    actions = cancel;
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('confirm.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>{content}</Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>{actions}</DialogActions>
    </Dialog>
  );
}
