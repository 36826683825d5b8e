import { ACCOUNT_DELETION_CONFIRMATION_WORDS } from '@mp/domain/constants';
import { deleteConfirmationSchema } from '@mp/domain/validation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { resetSession } from '../../../lib/auth';
import { accountRemovedPath } from '../../auth/account-removed-path';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { firstIssue, messageKey } from '../../../lib/validation';
import { deleteAccount } from '../api/settings';
import { useDeletionBankId } from '../hooks/use-bankid-confirmation';
import { StepDialog, useIdentityConfirmation, type IdentityStep } from './identity-confirmation';

type Step = 'word' | IdentityStep;

/**
 * Account deletion (spec sections 2 and 4): type the word delete (radera in Swedish), then confirm who you are with BankID or your
 * password; the confirmation deletes the account. Afterwards the session ends and the account-removed page
 * explains what happens to the data. (The API takes the word with each confirmation poll, so it is typed
 * first.)
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [step, setStep] = useState<Step>('word');
  const [word, setWord] = useState('');
  const [touched, setTouched] = useState(false);

  const finish = async (purgeAfter: string | null) => {
    resetSession(queryClient);
    await navigate(accountRemovedPath(localize, purgeAfter), { replace: true });
  };
  const remove = useMutation({
    mutationFn: (password: string) => deleteAccount({ confirmation: word.trim(), password }),
    onSuccess: (result) => finish(result.status === 'deleted' ? result.purgeAfter : null),
  });
  const bankId = useDeletionBankId(
    word,
    step === 'bankid',
    (purgeAfter) => void finish(purgeAfter),
    () => setStep('choose'),
  );

  const wordIssue = firstIssue(deleteConfirmationSchema, word);
  const cancel = <Button onClick={onClose}>{t('common:actions.cancel')}</Button>;
  const confirmation = useIdentityConfirmation({
    step: step === 'word' ? 'choose' : step,
    setStep,
    texts: {
      lead: 'delete.chooseConfirmation',
      withPassword: 'delete.withPassword',
      withBankId: 'delete.withBankId',
      password: 'delete.password',
      confirm: 'delete.confirm',
      bankIdTestId: 'delete-with-bankid',
      confirmTestId: 'delete-confirm',
      confirmColor: 'error',
    },
    cancel,
    bankId,
    pending: remove.isPending,
    submitPassword: (password) => remove.mutate(password),
  });

  let { content, actions } = confirmation;
  if (step === 'word') {
    content = (
      <Stack spacing={2}>
        <DialogContentText>{t('delete.warning')}</DialogContentText>
        <Alert severity="info" data-testid="delete-retention">
          {t('delete.retention')} {t('delete.comeBack')}
        </Alert>
        <DialogContentText>
          <Trans
            t={t}
            i18nKey="delete.typeWord"
            values={{ word: ACCOUNT_DELETION_CONFIRMATION_WORDS[i18n.language === 'en' ? 'en' : 'sv'] }}
            components={{ strong: <strong /> }}
          />
        </DialogContentText>
        <TextField
          label={t('delete.wordLabel')}
          value={word}
          onChange={(event) => setWord(event.target.value)}
          error={touched && Boolean(wordIssue)}
          helperText={touched && wordIssue ? t(messageKey(wordIssue)) : ' '}
          autoComplete="off"
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'delete-word' } }}
        />
      </Stack>
    );
    actions = (
      <>
        {cancel}
        <Button
          variant="contained"
          onClick={() => {
            setTouched(true);
            if (!wordIssue) setStep('choose');
          }}
        >
          {t('common:actions.continue')}
        </Button>
      </>
    );
  }

  return <StepDialog title={t('delete.title')} onClose={onClose} content={content} actions={actions} />;
}
