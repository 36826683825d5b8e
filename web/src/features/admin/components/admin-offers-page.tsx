import { PROFILE_PICTURE_MIME_TYPES } from '@mp/domain/constants';
import { pictureUploadSchema } from '@mp/domain/uploads';
import { offerInputSchema } from '@mp/api-contract/offers.schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { describeError } from '../../../lib/errors';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { fieldErrorOf, firstIssue, formIssueOf, formIssueText, messageKey } from '../../../lib/validation';
import { formatDate } from '../admin-format';
import {
  createOffer,
  deleteOffer,
  fetchAdminOffers,
  updateOffer,
  uploadOfferLogo,
  type AdminOffer,
  type OfferInput,
} from '../api/admin';

const offersKey = ['admin', 'offers'] as const;

const EMPTY: Required<OfferInput> = {
  partner: '',
  titleSv: '',
  titleEn: '',
  bodySv: '',
  bodyEn: '',
  url: '',
  logoUrl: '',
  validFrom: '',
  validUntil: '',
  active: true,
  sortOrder: 0,
};

const TEXT_FIELDS = ['partner', 'titleSv', 'titleEn', 'bodySv', 'bodyEn', 'url'] as const;
/** Every field a problem can be shown at. */
const FIELDS = [...TEXT_FIELDS, 'logoUrl', 'validFrom', 'validUntil'] as const;
type Field = (typeof FIELDS)[number];

/** Partner offers (god/offers): both languages, link, logo and validity; shown on the consultants' offers page. */
export function AdminOffersPage() {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<AdminOffer | 'new' | null>(null);
  const offers = useQuery({
    queryKey: offersKey,
    queryFn: ({ signal }) => fetchAdminOffers(signal),
    meta: { handlesErrors: true },
  });
  return (
    <Page
      title={t('sections.offers.title')}
      lead={t('sections.offers.lead')}
      actions={
        <Button variant="contained" onClick={() => setEditing('new')} data-testid="offer-new">
          {t('offers.new')}
        </Button>
      }
    >
      {offers.isPending ? (
        <PageSpinner />
      ) : offers.isError ? (
        <Alert severity="error">{describeError(offers.error)}</Alert>
      ) : offers.data.offers.length === 0 ? (
        <Typography color="text.secondary">{t('offers.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
          {offers.data.offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} onEdit={() => setEditing(offer)} />
          ))}
        </Box>
      )}
      {editing && <OfferDialog offer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Page>
  );
}

function OfferCard({ offer, onEdit }: { offer: AdminOffer; onEdit: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteOffer(offer.id),
    onSuccess: (data) => {
      setConfirming(false);
      queryClient.setQueryData(offersKey, data);
      showSuccess(t('offers.deleted'));
    },
  });
  return (
    <Card variant="outlined" data-testid="offer-card">
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color={offer.current ? 'success' : 'default'}
            label={t(offer.current ? 'offers.shown' : 'offers.hidden')}
          />
          <Typography variant="body2" color="text.secondary">
            {offer.partner}
          </Typography>
        </Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
          {offer.titleSv} / {offer.titleEn}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('offers.validity', {
            from: formatDate(offer.validFrom, i18n.language, 'medium'),
            until: formatDate(offer.validUntil, i18n.language, 'medium'),
          })}
        </Typography>
      </CardContent>
      <CardActions>
        <Button onClick={onEdit}>{t('offers.edit')}</Button>
        <Button
          color="error"
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
          data-testid="offer-delete"
        >
          {t('offers.delete')}
        </Button>
      </CardActions>
      <ConfirmDialog
        open={confirming}
        title={t('offers.deleteTitle', { title: offer.titleSv })}
        body={t('offers.deleteBody')}
        confirmLabel={t('offers.delete')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

function OfferDialog({ offer, onClose }: { offer: AdminOffer | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [form, setForm] = useState<Required<OfferInput>>(() =>
    offer
      ? {
          ...EMPTY,
          ...offer,
          url: offer.url ?? '',
          logoUrl: offer.logoUrl ?? '',
          validFrom: offer.validFrom ?? '',
          validUntil: offer.validUntil ?? '',
        }
      : EMPTY,
  );
  const [submitted, setSubmitted] = useState(false);
  const body: OfferInput = {
    partner: form.partner,
    titleSv: form.titleSv,
    titleEn: form.titleEn,
    bodySv: form.bodySv,
    bodyEn: form.bodyEn,
    url: form.url,
    logoUrl: form.logoUrl,
    validFrom: form.validFrom,
    validUntil: form.validUntil,
    active: form.active,
    sortOrder: Number(form.sortOrder) || 0,
  };
  // Every field's first problem, as the API words it: shown at the fields all at once once Save was pressed.
  const parsed = offerInputSchema.safeParse(body);
  const issues = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!issues.has(field)) issues.set(field, formIssueText(t, formIssueOf(issue)));
    }
  }
  const save = useSubmitMutation({
    mutationFn: () => (offer ? updateOffer(offer.id, body) : createOffer(body)),
    onSuccess: (data) => {
      queryClient.setQueryData(offersKey, data);
      showSuccess(t('offers.saved'));
      onClose();
    },
    // The refusal shows in the dialog at its field: not also in the global alert.
    meta: { handlesErrors: true },
  });
  // An answer from the API is about what was sent: once something is changed, it no longer applies.
  const edit = (changes: Partial<Required<OfferInput>>) => {
    setForm((current) => ({ ...current, ...changes }));
    if (save.isError) save.reset();
  };
  const issueOf = (field: Field) =>
    (submitted ? issues.get(field) : undefined) ?? fieldErrorOf(save.error, field);
  const apiFieldError = FIELDS.some((field) => fieldErrorOf(save.error, field));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (parsed.success) save.mutate();
  };
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <form onSubmit={submit} noValidate data-testid="offer-dialog">
        <DialogTitle>{offer ? t('offers.edit') : t('offers.new')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {save.isError && !apiFieldError && (
            <Alert severity="error" data-testid="offer-error">
              {describeError(save.error)}
            </Alert>
          )}
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`offers.fields.${field}`)}
              value={form[field] ?? ''}
              multiline={field.startsWith('body')}
              minRows={field.startsWith('body') ? 3 : undefined}
              required={field !== 'url'}
              error={Boolean(issueOf(field))}
              helperText={issueOf(field)}
              onChange={(event) => edit({ [field]: event.target.value })}
              slotProps={{ htmlInput: { 'data-testid': `offer-${field}` } }}
            />
          ))}
          <LogoField
            logoUrl={form.logoUrl ?? ''}
            partner={form.partner}
            problem={issueOf('logoUrl')}
            onChange={(logoUrl) => edit({ logoUrl })}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {(['validFrom', 'validUntil'] as const).map((field) => (
              <TextField
                key={field}
                type="date"
                label={t(`offers.fields.${field}`)}
                value={form[field] ?? ''}
                error={Boolean(issueOf(field))}
                helperText={issueOf(field)}
                onChange={(event) => edit({ [field]: event.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `offer-${field}` } }}
              />
            ))}
          </Box>
          <FormControlLabel
            control={
              <Switch checked={form.active} onChange={(event) => edit({ active: event.target.checked })} />
            }
            label={t('offers.fields.active')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('offers.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="offer-save">
            {t('offers.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The partner's logo: uploaded as an image file and served by us, since the app's Content-Security-Policy
 * shows images from our own origin only (a logo address on the partner's site would be blocked).
 */
function LogoField({
  logoUrl,
  partner,
  problem,
  onChange,
}: {
  logoUrl: string;
  partner: string;
  problem: string | undefined;
  onChange: (logoUrl: string) => void;
}) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const upload = useSubmitMutation({
    mutationFn: (file: File) => uploadOfferLogo(file, file.name),
    onSuccess: ({ logoUrl: uploaded }) => {
      setUploadProblem(null);
      onChange(uploaded);
    },
    onError: (error) => setUploadProblem(describeError(error)),
    meta: { handlesErrors: true },
  });
  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const issue = firstIssue(pictureUploadSchema, { mimeType: file.type, sizeBytes: file.size });
    if (issue) {
      setUploadProblem(t(messageKey(issue)));
      return;
    }
    upload.mutate(file);
  };
  const shown = uploadProblem ?? problem;
  return (
    <Box role="group" aria-labelledby="offer-logo-label" data-testid="offer-logo">
      <Typography id="offer-logo-label" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('offers.fields.logoUrl')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {logoUrl && (
          <Box
            component="img"
            src={logoUrl}
            alt={t('offers.logoAlt', { partner })}
            data-testid="offer-logo-preview"
            sx={{ height: 40, maxWidth: '100%', objectFit: 'contain' }}
          />
        )}
        <input
          ref={input}
          type="file"
          accept={PROFILE_PICTURE_MIME_TYPES.join(',')}
          hidden
          onChange={(event) => choose(event.target.files?.[0])}
          data-testid="offer-logo-input"
          aria-hidden
          tabIndex={-1}
        />
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {logoUrl ? t('offers.logoChange') : t('offers.logoUpload')}
        </Button>
        {logoUrl && (
          <Button color="error" onClick={() => onChange('')} data-testid="offer-logo-remove">
            {t('offers.logoRemove')}
          </Button>
        )}
      </Box>
      <FormHelperText error={Boolean(shown)} role={shown ? 'alert' : undefined} data-testid="offer-logo-help">
        {shown ?? t('offers.logoHelp')}
      </FormHelperText>
    </Box>
  );
}
