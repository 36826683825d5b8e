import { ERROR_CODE } from '@mp/api-contract/error-codes';
import { BUSINESS_TYPES, companyDetailsSchema, type CompanyDetailsInput } from '@mp/domain/companies';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { handleGlobalError } from '../../../lib/errors';
import { formIssueOf, formIssueText, type FormIssue } from '../../../lib/validation';

type Field = keyof CompanyDetailsInput;
type FieldError = FormIssue | { text: string };

const EMPTY: Record<Field, string> = {
  businessName: '',
  businessType: '',
  organisationNumber: '',
  vatNumber: '',
  website: '',
  address: '',
};

const FIELDS = Object.keys(EMPTY) as Field[];

function fromInitial(initial: Partial<Record<Field, string | null>> | undefined): Record<Field, string> {
  const values = { ...EMPTY };
  for (const name of FIELDS) values[name] = initial?.[name] ?? '';
  return values;
}

const differs = (a: Record<Field, string>, b: Record<Field, string>) =>
  FIELDS.some((name) => a[name] !== b[name]);

/** Field problems found in the browser, by the same domain rules the API uses. */
function validate(values: Record<Field, string>): Partial<Record<Field, FieldError>> {
  const result = companyDetailsSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<Field, FieldError>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && !errors[field]) errors[field] = formIssueOf(issue);
  }
  return errors;
}

/** The API's per-field issues (400 VALIDATION_FAILED), already in the request's language. */
function serverErrors(error: unknown): Partial<Record<Field, FieldError>> {
  if (!isApiError(error) || error.code !== ERROR_CODE.VALIDATION_FAILED) return {};
  const issues = (error.data as { data?: { issues?: { field?: string; message: string }[] } })?.data?.issues;
  const errors: Partial<Record<Field, FieldError>> = {};
  for (const issue of issues ?? []) {
    if (issue.field && issue.field in EMPTY) errors[issue.field as Field] = { text: issue.message };
  }
  return errors;
}

interface CompanyDetailsFormProps {
  initial?: Partial<Record<Field, string | null>>;
  submitLabel: string;
  readOnly?: boolean;
  onSubmit: (details: CompanyDetailsInput) => Promise<unknown>;
  /** Told whether the form holds changes not yet saved (the page guards them against being left behind). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** The company details form (create and edit) with spec section 5's messages under each field. */
export function CompanyDetailsForm({
  initial,
  submitLabel,
  readOnly = false,
  onSubmit,
  onDirtyChange,
}: CompanyDetailsFormProps) {
  const { t } = useTranslation(['companies', 'messages']);
  // What was last loaded or saved; the form is dirty while a field differs from it.
  const loaded = fromInitial(initial);
  const [saved, setSaved] = useState<Record<Field, string>>(loaded);
  const [values, setValues] = useState<Record<Field, string>>(saved);
  const dirty = !readOnly && differs(values, saved);
  // The server's details may change while the form is open (this user's own save coming back, another admin's
  // save, any refetch). They become what the form compares with, and a field follows them unless the user has
  // changed it: a refetch never takes away what the user is typing.
  if (differs(loaded, saved)) {
    setSaved(loaded);
    setValues((current) => {
      const next = { ...current };
      for (const name of FIELDS) if (current[name] === saved[name]) next[name] = loaded[name];
      return next;
    });
  }
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fromServer, setFromServer] = useState<Partial<Record<Field, FieldError>>>({});
  // A server issue stays until its field changes; the browser's own check covers the rest.
  const errors: Partial<Record<Field, FieldError>> = { ...validate(values) };
  for (const [name, error] of Object.entries(fromServer)) if (error) errors[name as Field] = error;

  const errorText = (field: Field) => {
    if (!submitted && !touched[field]) return undefined;
    const error = errors[field];
    if (!error) return undefined;
    return 'code' in error ? formIssueText(t, error) : error.text;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(values)).length > 0) return;
    setSaving(true);
    try {
      await onSubmit(values as CompanyDetailsInput);
      setSaved(values);
    } catch (error) {
      const fieldErrors = serverErrors(error);
      setFromServer(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) handleGlobalError(error);
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, extra: { required?: boolean; multiline?: boolean; helper?: string } = {}) => {
    const error = errorText(name);
    return (
      <TextField
        name={name}
        label={t(`companies:details.fields.${name}`)}
        value={values[name]}
        required={extra.required}
        multiline={extra.multiline}
        minRows={extra.multiline ? 2 : undefined}
        disabled={readOnly}
        error={Boolean(error)}
        helperText={error ?? extra.helper}
        onChange={(event) => {
          setValues((current) => ({ ...current, [name]: event.target.value }));
          setFromServer((current) => ({ ...current, [name]: undefined }));
        }}
        onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
        fullWidth
      />
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="company-details-form"
      sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 880 }}
    >
      {field('businessName', { required: true })}
      <TextField
        select
        name="businessType"
        label={t('companies:details.fields.businessType')}
        value={values.businessType}
        required
        disabled={readOnly}
        error={Boolean(errorText('businessType'))}
        helperText={errorText('businessType')}
        onChange={(event) => setValues((current) => ({ ...current, businessType: event.target.value }))}
        onBlur={() => setTouched((current) => ({ ...current, businessType: true }))}
        fullWidth
      >
        {BUSINESS_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`companies:businessTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {field('organisationNumber', {
        required: true,
        helper: t('companies:details.hints.organisationNumber'),
      })}
      {field('vatNumber', { helper: t('companies:details.hints.vatNumber') })}
      {field('website')}
      {field('address', { multiline: true })}
      {!readOnly && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {submitLabel}
          </Button>
        </Box>
      )}
    </Box>
  );
}
