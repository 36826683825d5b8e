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
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { describeError } from '../../../lib/errors';
import { formatDate } from '../admin-format';
import {
  createOffer,
  deleteOffer,
  fetchAdminOffers,
  updateOffer,
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

const TEXT_FIELDS = ['partner', 'titleSv', 'titleEn', 'bodySv', 'bodyEn', 'url', 'logoUrl'] as const;

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
  const save = useMutation({
    mutationFn: () => {
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
      return offer ? updateOffer(offer.id, body) : createOffer(body);
    },
    onSuccess: (data) => {
      queryClient.setQueryData(offersKey, data);
      showSuccess(t('offers.saved'));
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <DialogTitle>{offer ? t('offers.edit') : t('offers.new')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`offers.fields.${field}`)}
            value={form[field] ?? ''}
            multiline={field.startsWith('body')}
            minRows={field.startsWith('body') ? 3 : undefined}
            required={!['url', 'logoUrl'].includes(field)}
            onChange={(event) => setForm({ ...form, [field]: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `offer-${field}` } }}
          />
        ))}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {(['validFrom', 'validUntil'] as const).map((field) => (
            <TextField
              key={field}
              type="date"
              label={t(`offers.fields.${field}`)}
              value={form[field] ?? ''}
              onChange={(event) => setForm({ ...form, [field]: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={form.active}
              onChange={(event) => setForm({ ...form, active: event.target.checked })}
            />
          }
          label={t('offers.fields.active')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('offers.cancel')}</Button>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={() => save.mutate()}
          data-testid="offer-save"
        >
          {t('offers.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
