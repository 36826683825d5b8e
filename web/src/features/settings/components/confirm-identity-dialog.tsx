import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { focusIsLost } from '../../../lib/focus-if-lost';
import { onStepUpRequested } from '../../../lib/step-up';
import { confirmIdentity, startConfirmationBankId } from '../api/settings';
import { useBankIdConfirmation } from '../hooks/use-bankid-confirmation';
import { StepDialog, useIdentityConfirmation, type IdentityStep } from './identity-confirmation';

/**
 * Step-up: opens when an action answers 403 CONFIRMATION_REQUIRED (a first password, the data export) and lets
 * the user confirm who they are with BankID or the password, which allows the action for five minutes. An action
 * that asked with a `resume` (the data export) then continues by itself; otherwise the user repeats it.
 */
export function ConfirmIdentityHost() {
  // `resume` is null when the action cannot continue by itself; a function is wrapped so the setter stores it.
  const [request, setRequest] = useState<{ resume: (() => void) | null } | null>(null);
  // The control the user last focused before the dialog opened (the button that asked, disabled while its request
  // ran, so the dialog would give focus back to the page): focus returns there when it closes (QA11 F3).
  const lastFocused = useRef<HTMLElement | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const note = (event: FocusEvent) => {
      if (!opener.current && event.target instanceof HTMLElement) lastFocused.current = event.target;
    };
    document.addEventListener('focusin', note);
    const unsubscribe = onStepUpRequested((resume) => {
      opener.current = lastFocused.current;
      setRequest({ resume: resume ?? null });
    });
    return () => {
      document.removeEventListener('focusin', note);
      unsubscribe();
    };
  }, []);
  useEffect(() => {
    if (request || !opener.current) return;
    if (opener.current.isConnected && focusIsLost()) opener.current.focus();
    opener.current = null;
  }, [request]);
  return request ? <ConfirmIdentityDialog resume={request.resume} onClose={() => setRequest(null)} /> : null;
}

function ConfirmIdentityDialog({ resume, onClose }: { resume: (() => void) | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [step, setStep] = useState<IdentityStep>('choose');

  const done = () => {
    onClose();
    if (resume) resume();
    else showSuccess(t('confirm.done'));
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
      lead: resume ? 'confirm.leadContinue' : 'confirm.lead',
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
