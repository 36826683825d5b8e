import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

interface TermsConsentProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The message to show under the box, e.g. 'You must agree to continue'. */
  error?: string;
}

/**
 * The consent checkbox of every sign-up (BankID first setup and e-mail registration): the terms of use, the
 * privacy policy and being at least 18, with links to both texts.
 */
export function TermsConsent({ checked, onChange, error }: TermsConsentProps) {
  const { t } = useTranslation('auth');
  const localize = useLocalizedPath();
  const errorId = useId();
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{
              input: {
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? errorId : undefined,
              },
            }}
          />
        }
        label={
          <Trans
            t={t}
            i18nKey="consent.acceptTerms"
            components={{
              terms: <Link href={localize(paths['tos-users']())} target="_blank" rel="noopener" />,
              privacy: <Link href={localize(paths['privacy-policy']())} target="_blank" rel="noopener" />,
            }}
          />
        }
      />
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
