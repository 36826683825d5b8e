import { ACCOUNT_DELETION_CONFIRMATION_WORD } from '@mp/domain/constants';
import { deleteConfirmationSchema, loginPasswordSchema } from '@mp/domain/validation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BankIdWaiting } from '../../../components/bankid/bankid-waiting';
import { cancelBankIdOrder } from '../../../lib/bankid';
import { resetSession, useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { firstIssue, messageKey } from '../../../lib/validation';
import { deleteAccount } from '../api/settings';
import { useDeletionBankId } from '../hooks/use-bankid-confirmation';

type Step = 'word' | 'choose' | 'password' | 'bankid';

/**
 * Account deletion (spec sections 2 and 4): type the word delete, then confirm who you are with BankID or your
 * password; the confirmation deletes the account. Afterwards the session ends and the account-removed page
 * explains what happens to the data. (The API takes the word with each confirmation poll, so it is typed
 * first.)
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [step, setStep] = useState<Step>('word');
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const [touched, setTouched] = useState(false);

  const finish = async () => {
    resetSession(queryClient);
    await navigate(localize(paths['account-removed']()), { replace: true });
  };
  const remove = useMutation({
    mutationFn: () => deleteAccount({ confirmation: word.trim(), password }),
    onSuccess: finish,
  });
  const bankId = useDeletionBankId(
    word,
    step === 'bankid',
    () => void finish(),
    () => setStep('choose'),
  );

  const passwordIssue = firstIssue(loginPasswordSchema, password);
  const wordIssue = firstIssue(deleteConfirmationSchema, word);
  const cancel = <Button onClick={onClose}>{t('common:actions.cancel')}</Button>;

  let content;
  let actions;
  if (step === 'word') {
    content = (
      <Stack spacing={2}>
        <DialogContentText>{t('delete.warning')}</DialogContentText>
        <Alert severity="info">{t('delete.retention')}</Alert>
        <DialogContentText>
          <Trans
            t={t}
            i18nKey="delete.typeWord"
            values={{ word: ACCOUNT_DELETION_CONFIRMATION_WORD }}
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
            if (!wordIssue) {
              setTouched(false);
              setStep('choose');
            }
          }}
        >
          {t('common:actions.continue')}
        </Button>
      </>
    );
  } else if (step === 'choose') {
    content = <DialogContentText>{t('delete.chooseConfirmation')}</DialogContentText>;
    actions = (
      <>
        {cancel}
        {user?.hasPassword !== false && (
          <Button variant="outlined" onClick={() => setStep('password')}>
            {t('delete.withPassword')}
          </Button>
        )}
        <Button variant="contained" onClick={() => setStep('bankid')} data-testid="delete-with-bankid">
          {t('delete.withBankId')}
        </Button>
      </>
    );
  } else if (step === 'password') {
    content = (
      <TextField
        label={t('delete.password')}
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
          color="error"
          disabled={remove.isPending}
          onClick={() => {
            setTouched(true);
            if (!passwordIssue) remove.mutate();
          }}
          data-testid="delete-confirm"
        >
          {t('delete.confirm')}
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
      <DialogTitle id={titleId}>{t('delete.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>{content}</Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>{actions}</DialogActions>
    </Dialog>
  );
}
