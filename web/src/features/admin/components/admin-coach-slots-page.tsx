import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { swedishWallTimeToInstant } from '@mp/domain/calendar-date';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { describeError } from '../../../lib/errors';
import { formatDateTime } from '../admin-format';
import { createCoachSlot, deleteCoachSlot, fetchCoachSlots, type AdminCoachSlot } from '../api/admin';

const slotsKey = ['admin', 'coach-slots'] as const;
const DURATIONS = [30, 45, 60, 90, 120] as const;

/**
 * The Full Coach Package's feedback-session times (god/coach-slots): add a time, see who booked each, remove a
 * free one. A booked time stays until the consultant moves or cancels it.
 */
export function AdminCoachSlotsPage() {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [startsAt, setStartsAt] = useState('');
  const [duration, setDuration] = useState<number>(60);
  const [problem, setProblem] = useState<string | null>(null);
  const [startProblem, setStartProblem] = useState<string | null>(null);
  const slots = useQuery({
    queryKey: slotsKey,
    queryFn: ({ signal }) => fetchCoachSlots(signal),
    meta: { handlesErrors: true },
  });
  const add = useMutation({
    // The picker gives a wall-clock time without a zone: it is Swedish time (as the list, the consultants' page
    // and the booking mail show it), whatever the admin's browser is set to. The API takes an instant.
    mutationFn: (instant: Date) =>
      createCoachSlot({ startsAt: instant.toISOString(), durationMinutes: duration }),
    onSuccess: (data) => {
      queryClient.setQueryData(slotsKey, data);
      setStartsAt('');
      setProblem(null);
      setStartProblem(null);
      showSuccess(t('coachSlots.added'));
    },
    // The time's problems (in the past, overlapping a time already offered) are shown at the field.
    onError: (error) => setStartProblem(describeError(error)),
    meta: { handlesErrors: true },
  });
  return (
    <Page title={t('sections.coachSlots.title')} lead={t('sections.coachSlots.lead')}>
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            const instant = swedishWallTimeToInstant(startsAt);
            if (instant) add.mutate(instant);
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            type="datetime-local"
            label={t('coachSlots.start')}
            value={startsAt}
            required
            error={startProblem !== null}
            helperText={startProblem ?? undefined}
            onChange={(event) => {
              setStartsAt(event.target.value);
              setStartProblem(null);
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'coach-slot-start' } }}
          />
          <TextField
            select
            label={t('coachSlots.duration')}
            value={duration}
            onChange={(event) => setDuration(Number(event.target.value))}
            sx={{ minWidth: 120 }}
          >
            {DURATIONS.map((minutes) => (
              <MenuItem key={minutes} value={minutes}>
                {t('coachSlots.minutes', { count: minutes })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="contained"
            disabled={!startsAt || add.isPending}
            data-testid="coach-slot-add"
          >
            {t('coachSlots.add')}
          </Button>
        </CardContent>
      </Card>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {slots.isPending ? (
        <PageSpinner />
      ) : slots.isError ? (
        <Alert severity="error">{describeError(slots.error)}</Alert>
      ) : slots.data.slots.length === 0 ? (
        <Typography color="text.secondary">{t('coachSlots.empty')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('coachSlots.upcoming')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {slots.data.slots.map((slot) => (
            <SlotRow key={slot.id} slot={slot} language={i18n.language} onProblem={setProblem} />
          ))}
        </Box>
      )}
    </Page>
  );
}

function SlotRow({
  slot,
  language,
  onProblem,
}: {
  slot: AdminCoachSlot;
  language: string;
  onProblem: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteCoachSlot(slot.id),
    onSettled: () => setConfirming(false),
    onSuccess: (data) => {
      queryClient.setQueryData(slotsKey, data);
      showSuccess(t('coachSlots.removed'));
    },
    onError: (error) => onProblem(describeError(error)),
    meta: { handlesErrors: true },
  });
  const passed = new Date(slot.startsAt) < new Date();
  const name = slot.booking
    ? [slot.booking.firstName, slot.booking.lastName].filter(Boolean).join(' ') || slot.booking.email || ''
    : '';
  const minutes = Math.round((new Date(slot.endsAt).getTime() - new Date(slot.startsAt).getTime()) / 60_000);
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="coach-slot"
      data-booked={slot.booking ? 'true' : 'false'}
    >
      <CardContent
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', py: '12px !important' }}
      >
        <Typography sx={{ fontWeight: 600, minWidth: 180 }}>
          {formatDateTime(slot.startsAt, language)} · {t('coachSlots.minutes', { count: minutes })}
        </Typography>
        {slot.booking ? (
          <Chip
            size="small"
            color="primary"
            label={t('coachSlots.booked', { name })}
            title={t('coachSlots.bookedAt', { at: formatDateTime(slot.booking.bookedAt, language) })}
          />
        ) : (
          <Chip size="small" variant="outlined" label={t('coachSlots.free')} />
        )}
        {passed && <Chip size="small" label={t('coachSlots.past')} />}
        <Box sx={{ flex: 1 }} />
        {!slot.booking && (
          <Button
            color="error"
            size="small"
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
            data-testid="coach-slot-remove"
          >
            {t('coachSlots.remove')}
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('coachSlots.removeTitle')}
        body={t('coachSlots.removeBody', { time: formatDateTime(slot.startsAt, language) })}
        confirmLabel={t('coachSlots.remove')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
