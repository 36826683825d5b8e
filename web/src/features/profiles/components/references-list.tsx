import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { useLanguage } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/number-format';
import { removeReference, resendReference, type OwnExperience, type OwnReference } from '../api/profile';
import { useOwnProfileMutation } from '../hooks/use-own-profile';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RefereeDialog } from './referee-dialog';

const STATUS_COLOURS = { pending: 'default', approved: 'success', declined: 'warning' } as const;

/** The referees of one experience: who, where each request stands, resend and delete; and adding one. */
export function ReferencesList({ experience }: { experience: OwnExperience }) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<OwnReference | null>(null);
  const resend = useOwnProfileMutation((reference: OwnReference) => resendReference(reference.id), {
    onSuccess: (_profile, reference) => showSuccess(t('edit.references.resent', { email: reference.email })),
  });
  const remove = useOwnProfileMutation((reference: OwnReference) => removeReference(reference.id), {
    onSuccess: () => {
      setRemoving(null);
      showSuccess(t('edit.references.removed'));
    },
  });
  const { approvedCount, averageRating } = experience.approvedReferences;
  return (
    <Box
      sx={{ mt: 2, pt: 2, borderTop: '1px dashed', borderColor: 'divider' }}
      data-testid="experience-references"
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="subtitle2" component="h4">
          {t('edit.references.title')}
          {approvedCount > 0 && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {t('edit.references.summary', {
                count: approvedCount,
                rating:
                  averageRating === null
                    ? '–'
                    : formatNumber(averageRating, language, { maximumFractionDigits: 1 }),
              })}
            </Typography>
          )}
        </Typography>
        <Button
          size="small"
          startIcon={<PersonAddAlt1Outlined />}
          onClick={() => setAdding(true)}
          data-testid="referee-add"
        >
          {t('edit.references.add')}
        </Button>
      </Box>
      {experience.references.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('edit.references.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1, display: 'grid', gap: 1 }}>
          {experience.references.map((reference) => {
            const name = `${reference.firstName} ${reference.lastName}`;
            return (
              <Box
                component="li"
                key={reference.id}
                data-testid="reference-row"
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              >
                <Box sx={{ minWidth: 0, flex: '1 1 180px' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {reference.email}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  color={STATUS_COLOURS[reference.status]}
                  variant={reference.status === 'pending' ? 'outlined' : 'filled'}
                  label={t(`edit.references.status.${reference.status}`)}
                  data-testid="reference-status"
                />
                {reference.status === 'pending' && (
                  <Tooltip title={t('edit.references.resend')}>
                    <IconButton
                      size="small"
                      aria-label={t('edit.references.resendTo', { name })}
                      disabled={resend.isPending}
                      onClick={() => resend.mutate(reference)}
                    >
                      <SendOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title={t('edit.references.remove')}>
                  <IconButton
                    size="small"
                    aria-label={t('edit.removeItem', { item: name })}
                    onClick={() => setRemoving(reference)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            );
          })}
        </Box>
      )}
      {experience.refereeNotes.length > 0 && (
        <Box sx={{ mt: 1.5 }} data-testid="referee-notes">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('edit.references.notesTitle')}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('edit.references.notesHelp')}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {experience.refereeNotes.map((note, index) => (
              <Typography
                component="li"
                variant="body2"
                key={index}
                sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
              >
                {note}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {adding && <RefereeDialog experience={experience} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t('edit.references.removeTitle')}
        body={t('edit.references.removeBody', {
          name: removing ? `${removing.firstName} ${removing.lastName}` : '',
        })}
        confirmLabel={t('edit.references.remove')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
