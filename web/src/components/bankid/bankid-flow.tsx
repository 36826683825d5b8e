import { NATIONAL_IDENTITY_NUMBER_LENGTH } from '@mp/domain/constants';
import { personalIdentityNumberSchema } from '@mp/domain/personal-identity-number';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectComplete, LoginReturn } from '../../lib/bankid';
import type { ApiError } from '../../lib/api-client';
import { focusIsLost } from '../../lib/focus-if-lost';
import { useBankId } from '../../lib/use-bankid';
import { useHydrated } from '../../lib/use-hydrated';
import { firstIssue, messageKey } from '../../lib/validation';
import { BankIdLogo } from '../ui/bankid-logo';
import { BankIdWaiting } from './bankid-waiting';

interface BankIdFlowProps {
  externalCompanyToken?: string;
  resumeOrderRef?: string | null;
  /** The login page's redirect and tab, for the same-device app to return with. */
  loginReturn?: LoginReturn;
  onComplete: (result: CollectComplete, orderRef: string) => Promise<void> | void;
  onAccountRemoved?: (error: ApiError) => void;
}

/**
 * BankID login in two steps (spec section 2): step 1 the personal number (input limited to 12 digits,
 * validated), step 2 waiting, with the animated QR code, the open-on-this-device button, cancel and the
 * security notice.
 */
export function BankIdFlow({
  externalCompanyToken,
  resumeOrderRef,
  loginReturn,
  onComplete,
  onAccountRemoved,
}: BankIdFlowProps) {
  const { t } = useTranslation('bankid');
  const { state, qr, start, cancel } = useBankId({
    externalCompanyToken,
    resumeOrderRef,
    loginReturn,
    onComplete,
    onAccountRemoved,
  });
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  // On a server-rendered login page the visitor may type before the app has hydrated the field: keep it.
  useLayoutEffect(() => {
    const typed = input.current?.value.replace(/\D/g, '') ?? '';
    if (typed) setNumber(typed.slice(0, NATIONAL_IDENTITY_NUMBER_LENGTH));
  }, []);

  // Cancel gives way to the number again: focus goes back to the field rather than to the page.
  const waited = useRef(false);
  useEffect(() => {
    if (state.step === 'waiting') waited.current = true;
    else if (state.step === 'enter' && waited.current && focusIsLost()) input.current?.focus();
  }, [state.step]);

  const issue = firstIssue(personalIdentityNumberSchema, number);
  const showIssue = touched && issue;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (issue) return;
    void start(number.trim());
  };

  if (state.step === 'waiting') {
    return (
      <BankIdWaiting
        qr={qr}
        showQr={!state.resumed}
        hintCode={state.hintCode}
        message={state.message}
        sameDeviceUrl={state.sameDeviceUrl}
        onCancel={() => void cancel()}
      />
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="bankid-form">
      <Stack spacing={2.5}>
        <TextField
          label={t('numberLabel')}
          placeholder={t('numberPlaceholder')}
          value={number}
          onChange={(event) => setNumber(event.target.value.replace(/\D/g, ''))}
          onBlur={() => setTouched(number !== '')}
          error={Boolean(showIssue)}
          helperText={showIssue ? t(messageKey(issue)) : t('numberHelp')}
          autoComplete="off"
          required
          inputRef={input}
          slotProps={{
            htmlInput: {
              maxLength: NATIONAL_IDENTITY_NUMBER_LENGTH,
              inputMode: 'numeric',
              'data-testid': 'nin-input',
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!hydrated || state.step === 'starting'}
          startIcon={
            state.step === 'starting' ? (
              <CircularProgress size={18} color="inherit" />
            ) : (
              <BankIdLogo inverted />
            )
          }
          data-testid="bankid-start"
        >
          {t('start')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('noBankId')}{' '}
          <Link href="https://www.bankid.com/privat/skaffa-bankid" target="_blank" rel="noopener">
            {t('getBankId')}
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
