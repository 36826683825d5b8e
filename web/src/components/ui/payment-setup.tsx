import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { showError, showSuccess } from '../../lib/alerts';
import { useFocusRequest } from '../../lib/use-focus-request';
import { api, isApiError } from '../../lib/api-client';
import {
  cardChargeUnpaid,
  cardsQueryKey,
  fetchCards,
  type CardList,
  fetchPaymentDetails,
  openCardForm,
  paymentDetailsQueryKey,
  savePaymentDetails,
} from '../../lib/card-payments';
import { describeError } from '../../lib/errors';
import { paymentDetailsIssues } from '../../lib/payment-details';
import { formIssueText } from '../../lib/validation';
import { ConfirmDialog } from './confirm-dialog';

type Card = CardList['cards'][number];

/**
 * The saved cards: the default one (brand, last four, expiry: the one payments charge), the others, a way to remove
 * each, and a button to the provider's card form, which returns to this page. No card number is ever typed into
 * our own pages. The only card of a subscription that renews cannot be removed (the API says so, in the dialog's
 * words too); after a removal focus goes to the card heading.
 */
export function CardOnFile({
  overdue,
}: {
  /**
   * The amount a subscription past due owes, formatted: removing the default card charges it to the next card at
   * once, and the dialog says so (QA13 F3).
   */
  overdue?: string;
} = {}) {
  const { t } = useTranslation('payments');
  const location = useLocation();
  const queryClient = useQueryClient();
  const cards = useQuery({ queryKey: cardsQueryKey, queryFn: fetchCards });
  const all = cards.data?.cards ?? [];
  const card = all.find((c) => c.isDefault) ?? all[0];
  const others = all.filter((c) => c !== card);
  const [opening, setOpening] = useState(false);
  const [removing, setRemoving] = useState<Card | null>(null);
  const [headingRef, focusHeading] = useFocusRequest<HTMLHeadingElement>();
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<CardList>(`/payment/cards/${encodeURIComponent(id)}`),
    onSuccess: (list) => {
      queryClient.setQueryData(cardsQueryKey, list);
      // The subscription names the card it charges, and a renewal being retried may have been paid with the next.
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
      // The answer says whether the charge to the next card paid; one that did not is no success (QA13 F3).
      if (list.message) (cardChargeUnpaid(list) ? showError : showSuccess)(list.message);
    },
    onSettled: () => {
      setRemoving(null);
      focusHeading();
    },
  });
  const summary = (c: Card) =>
    t('card.summary', {
      brand: (c.brand ?? '').toUpperCase(),
      last4: c.last4,
      month: String(c.expiryMonth).padStart(2, '0'),
      year: c.expiryYear,
    });
  const removeButton = (c: Card) => (
    <Button
      size="small"
      color="error"
      onClick={() => setRemoving(c)}
      aria-label={t('card.removeLabel', { last4: c.last4 })}
      data-testid="remove-card"
    >
      {t('card.remove')}
    </Button>
  );
  const next = removing === card ? others[0] : undefined;
  return (
    <Box data-testid="card-on-file">
      <Typography
        variant="h3"
        sx={{ fontSize: '1.05rem', mb: 1, '&:focus': { outline: 'none' } }}
        ref={headingRef}
        tabIndex={-1}
        data-testid="card-title"
      >
        {t('card.title')}
      </Typography>
      {card ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography data-testid="card-summary">{summary(card)}</Typography>
          {removeButton(card)}
        </Box>
      ) : cards.isPending ? (
        // Not 'No card added yet' while the list loads (a card may well be there).
        <Skeleton width="60%" sx={{ mb: 1 }} data-testid="card-loading" />
      ) : (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('card.none')}
        </Typography>
      )}
      {others.length > 0 && (
        <Box sx={{ mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('card.others')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {others.map((c) => (
              <Box
                component="li"
                key={c.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                data-testid="card-other"
              >
                <Typography variant="body2">{summary(c)}</Typography>
                {removeButton(c)}
              </Box>
            ))}
          </Box>
        </Box>
      )}
      <Button
        variant={card ? 'outlined' : 'contained'}
        disabled={opening}
        data-testid="add-card"
        onClick={() => {
          setOpening(true);
          void openCardForm(location.pathname).catch(() => setOpening(false));
        }}
      >
        {card ? t('card.replace') : t('card.add')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('card.secure')}
      </Typography>
      {removing && (
        <ConfirmDialog
          open
          title={t('card.confirmRemove.title', { last4: removing.last4 })}
          body={
            next
              ? overdue
                ? t('card.confirmRemove.bodyDefaultOverdue', { next: next.last4, price: overdue })
                : t('card.confirmRemove.bodyDefault', { next: next.last4 })
              : t('card.confirmRemove.body')
          }
          confirmLabel={t('card.remove')}
          cancelLabel={t('card.confirmRemove.keep')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing.id)}
          onClose={() => {
            setRemoving(null);
            focusHeading();
          }}
        />
      )}
    </Box>
  );
}

type Identity = 'organisation' | 'personal';

/** POST store/ipu: billing name, address, and an organisation or personal identity number. */
export function PaymentDetailsForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: paymentDetailsQueryKey, queryFn: fetchPaymentDetails });
  const details = current.data?.details ?? null;
  const [editing, setEditing] = useState(false);
  const [identity, setIdentity] = useState<Identity>('organisation');
  const [fields, setFields] = useState({
    billingName: '',
    addressLine: '',
    postalCode: '',
    city: '',
    number: '',
    vatNumber: '',
  });
  // A company admin with nothing saved starts from the company's details (the API's suggestion), once: what the
  // buyer types is never overwritten, and nothing is saved until they save.
  const prefill = details ? null : (current.data?.prefill ?? null);
  const [prefilled, setPrefilled] = useState(false);
  // Adjusted while rendering, as React advises for state that follows a prop (no effect, no extra render).
  if (prefill && !prefilled) {
    setPrefilled(true);
    setIdentity('organisation');
    setFields((f) =>
      Object.values(f).some(Boolean)
        ? f
        : {
            billingName: prefill.billingName,
            addressLine: prefill.addressLine,
            postalCode: prefill.postalCode,
            city: prefill.city,
            number: prefill.organisationNumber ?? '',
            vatNumber: prefill.vatNumber ?? '',
          },
    );
  }
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // Saving replaces the form (and its button) with the saved details: focus goes to their heading, not the page.
  const [savedHeadingRef, focusSavedHeading] = useFocusRequest<HTMLHeadingElement>();
  const body = {
    billingName: fields.billingName,
    addressLine: fields.addressLine,
    postalCode: fields.postalCode,
    city: fields.city,
    ...(identity === 'organisation'
      ? { organisationNumber: fields.number, vatNumber: fields.vatNumber }
      : { personalNumber: fields.number }),
  };
  const save = useMutation({
    mutationFn: () => savePaymentDetails(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentDetailsQueryKey, saved);
      setEditing(false);
      setFieldErrors({});
      focusSavedHeading();
      if (saved.message) showSuccess(saved.message);
      onSaved?.();
    },
    onError: (error) => {
      const body = isApiError(error)
        ? (error.data as { data?: { issues?: { field?: string; message: string }[] } } | undefined)
        : undefined;
      const issues = body?.data?.issues ?? [];
      const byField: Record<string, string> = {};
      for (const issue of issues) {
        const field =
          issue.field === 'organisationNumber' || issue.field === 'personalNumber' ? 'number' : issue.field;
        if (field && !byField[field]) byField[field] = issue.message;
      }
      setFieldErrors(Object.keys(byField).length ? byField : { form: describeError(error) });
    },
  });

  if (current.isPending) return null;
  if (details && !editing) {
    return (
      <Box data-testid="payment-details">
        <Typography
          variant="h3"
          sx={{ fontSize: '1.05rem', mb: 1, '&:focus': { outline: 'none' } }}
          ref={savedHeadingRef}
          tabIndex={-1}
          data-testid="payment-details-title"
        >
          {t('details.title')}
        </Typography>
        <Typography>{details.billingName}</Typography>
        <Typography color="text.secondary">
          {details.addressLine}, {details.postalCode} {details.city}
        </Typography>
        <Typography color="text.secondary">{details.organisationNumber ?? details.personalNumber}</Typography>
        {details.vatNumber && (
          <Typography color="text.secondary">
            {t('details.vatNumberShown', { number: details.vatNumber })}
          </Typography>
        )}
        <Button sx={{ mt: 1, px: 0 }} onClick={() => setEditing(true)}>
          {t('details.edit')}
        </Button>
      </Box>
    );
  }
  const field = (
    name: keyof typeof fields,
    label: string,
    autoComplete?: string,
    { required = true, hint }: { required?: boolean; hint?: string } = {},
  ) => (
    <TextField
      label={label}
      value={fields[name]}
      onChange={(event) => setFields((f) => ({ ...f, [name]: event.target.value }))}
      error={Boolean(fieldErrors[name])}
      helperText={fieldErrors[name] ?? hint}
      autoComplete={autoComplete}
      required={required}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `details-${name}` } }}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Checked here first, with the API's own rules and words: an incomplete form sends no request.
    const issues = Object.entries(paymentDetailsIssues(body));
    if (issues.length) {
      setFieldErrors(Object.fromEntries(issues.map(([name, issue]) => [name, formIssueText(t, issue)])));
      return;
    }
    save.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="payment-details-form">
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
        {t('details.title')}
      </Typography>
      {prefill && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="payment-details-prefilled">
          {t('details.prefilled')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          {field('billingName', t('details.billingName'), 'name')}
        </Box>
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          {field('addressLine', t('details.addressLine'), 'street-address')}
        </Box>
        {field('postalCode', t('details.postalCode'), 'postal-code')}
        {field('city', t('details.city'), 'address-level2')}
      </Box>
      <RadioGroup
        row
        value={identity}
        onChange={(event) => setIdentity(event.target.value as Identity)}
        sx={{ my: 1 }}
      >
        <FormControlLabel value="organisation" control={<Radio />} label={t('details.organisation')} />
        <FormControlLabel value="personal" control={<Radio />} label={t('details.personal')} />
      </RadioGroup>
      {field(
        'number',
        identity === 'organisation' ? t('details.organisationNumber') : t('details.personalNumber'),
      )}
      {identity === 'organisation' && (
        <Box sx={{ mt: 2 }}>
          {field('vatNumber', t('details.vatNumber'), undefined, {
            required: false,
            hint: t('details.vatNumberHint'),
          })}
        </Box>
      )}
      {fieldErrors.form && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {fieldErrors.form}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        sx={{ mt: 2 }}
        disabled={save.isPending}
        data-testid="save-details"
      >
        {t('details.save')}
      </Button>
    </Box>
  );
}
