import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { onStepUpRequested } from '../../../lib/step-up';
import { confirmIdentity, startConfirmationBankId } from '../api/settings';
import { useBankIdConfirmation } from '../hooks/use-bankid-confirmation';
import { StepDialog, useIdentityConfirmation, type IdentityStep } from './identity-confirmation';

/**
 * Step-up: opens when an action answers 403 CONFIRMATION_REQUIRED (a first password, the data export) and lets
 * the user confirm who they are with BankID or the password. Then the user repeats the action, which the
 * confirmation allows for five minutes.
 */
export function ConfirmIdentityHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => onStepUpRequested(() => setOpen(true)), []);
  return open ? <ConfirmIdentityDialog onClose={() => setOpen(false)} /> : null;
}

function ConfirmIdentityDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [step, setStep] = useState<IdentityStep>('choose');

  const done = () => {
    showSuccess(t('confirm.done'));
    onClose();
  };
  const withPassword = useMutation({
    mutationFn: (password: string) => confirmIdentity({ password }),
    onSuccess: done,
  });
  const bankId = useBankIdConfirmation(
    step === 'bankid',
    { start: startConfirmationBankId, poll: (orderRef, signal) => confirmIdentity({ orderRef }, signal) },
    done,
    () => setStep('choose'),
  );
  const { content, actions } = useIdentityConfirmation({
    step,
    setStep,
    texts: {
      lead: 'confirm.lead',
      withPassword: 'confirm.withPassword',
      withBankId: 'confirm.withBankId',
      password: 'confirm.password',
      confirm: 'confirm.confirm',
      bankIdTestId: 'confirm-with-bankid',
    },
    cancel: <Button onClick={onClose}>{t('common:actions.cancel')}</Button>,
    bankId,
    pending: withPassword.isPending,
    submitPassword: (password) => withPassword.mutate(password),
  });

  return <StepDialog title={t('confirm.title')} onClose={onClose} content={content} actions={actions} />;
}
