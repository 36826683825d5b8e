import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_MESSAGE_MAX } from '@mp/api-contract/feedback.schema';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { describeError, handleGlobalError } from '../../../lib/errors';
import { fieldErrorOf, formIssueText, maxLengthIssue } from '../../../lib/validation';
import { formatDateTime } from '../admin-format';
import { fetchFeedback, updateFeedback, type FeedbackItem, type FeedbackStatus } from '../api/admin';

const STATUSES: FeedbackStatus[] = ['new', 'in_progress', 'answered', 'closed'];
const PAGE_SIZE = 20;

/**
 * The feedback inbox (god/feedback): by status; answer (mailed to the sender, or only saved when the sender has
 * deleted the account: the card says so) or change the status. Answers
 * being typed are kept here, by feedback, not in the card: a new status moves the card to another tab, and the
 * answer is there when the admin follows it.
 */
export function AdminFeedbackPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<FeedbackStatus | 'all'>('new');
  const [page, setPage] = useState(1);
  const [answers, setAnswers] = useState<Readonly<Record<string, string>>>({});
  const setAnswer = useCallback(
    (id: string, answer: string) => setAnswers((current) => ({ ...current, [id]: answer })),
    [],
  );
  const feedback = useQuery({
    queryKey: ['admin', 'feedback', status, page],
    queryFn: ({ signal }) => fetchFeedback(status === 'all' ? undefined : status, page, signal),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
  return (
    <Page title={t('sections.feedback.title')} lead={t('sections.feedback.lead')}>
      <Tabs
        value={status}
        onChange={(_, next: FeedbackStatus | 'all') => {
          setStatus(next);
          setPage(1);
        }}
        variant="scrollable"
        // Arrows show that more tabs are there at narrow widths, phones included (a clipped last tab hid them).
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {[...STATUSES, 'all' as const].map((s) => (
          <Tab key={s} value={s} label={t(`feedback.status.${s}`)} data-testid={`feedback-tab-${s}`} />
        ))}
      </Tabs>
      {feedback.isPending ? (
        <PageSpinner />
      ) : feedback.isError ? (
        <Alert severity="error">{describeError(feedback.error)}</Alert>
      ) : feedback.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('feedback.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {feedback.data.items.map((item) => (
            <FeedbackCard
              key={item.id}
              item={item}
              tab={status}
              answer={answers[item.id] ?? ''}
              onAnswerChange={setAnswer}
            />
          ))}
          {feedback.data.total > PAGE_SIZE && (
            <Pagination
              sx={{ display: 'flex', justifyContent: 'center' }}
              page={page}
              count={Math.ceil(feedback.data.total / PAGE_SIZE)}
              onChange={(_, next) => setPage(next)}
            />
          )}
        </Box>
      )}
    </Page>
  );
}

function FeedbackCard({
  item,
  tab,
  answer,
  onAnswerChange,
}: {
  item: FeedbackItem;
  tab: FeedbackStatus | 'all';
  answer: string;
  onAnswerChange: (id: string, answer: string) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const answerRef = useRef<HTMLInputElement>(null);
  // The API's refusal of the answer sent, shown at the field until the answer is changed.
  const [answerError, setAnswerError] = useState<string | null>(null);
  // The API refuses a longer answer: say so at the field while typing (the text is kept, not cut).
  const tooLong = answer.length > FEEDBACK_MESSAGE_MAX;
  const fieldError = tooLong ? formIssueText(t, maxLengthIssue(FEEDBACK_MESSAGE_MAX)) : answerError;
  const change = useMutation({
    mutationFn: (body: { status?: FeedbackStatus; answer?: string }) => updateFeedback(item.id, body),
    meta: { handlesErrors: true },
    onError: (error, body) => {
      // A refusal of the answer shows at the field; anything else globally. The send button was disabled while
      // sending, which dropped the keyboard focus: it goes back to the answer, which is kept.
      const text = body.answer !== undefined ? fieldErrorOf(error, 'answer') : undefined;
      if (text) setAnswerError(text);
      else handleGlobalError(error);
      if (body.answer !== undefined) answerRef.current?.focus();
    },
    onSuccess: async (handled, body) => {
      if (body.answer) {
        setAnswerError(null);
        onAnswerChange(item.id, '');
        showSuccess(
          t(
            handled.answerMail === 'accountRemoved' ? 'feedback.answerSavedNotMailed' : 'feedback.answerSent',
          ),
        );
      } else if (body.status && answer.trim() && tab !== 'all' && body.status !== tab) {
        // The card leaves this tab; say where the answer being typed went.
        showSuccess(t('feedback.answerKept', { status: t(`feedback.status.${body.status}`) }));
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', 'feedback'] });
    },
  });
  // An over-long answer is not sent: the field says why, and the focus goes there.
  const sendAnswer = () => {
    if (tooLong) {
      answerRef.current?.focus();
      return;
    }
    change.mutate({ answer });
  };
  return (
    <Card variant="outlined" data-testid="feedback-item">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" label={t(`feedback.status.${item.status}`)} />
          {item.senderRemoved && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('feedback.senderRemoved')}
              data-testid="feedback-sender-removed"
            />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[item.name, item.email, formatDateTime(item.createdAt, i18n.language), item.page]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.message}</Typography>
        {item.answer && (
          <Alert severity="success" icon={false}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('feedback.answeredAt', { at: formatDateTime(item.answeredAt, i18n.language) })}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {item.answer}
            </Typography>
          </Alert>
        )}
        <TextField
          label={t('feedback.answer')}
          multiline
          minRows={2}
          value={answer}
          onChange={(event) => {
            onAnswerChange(item.id, event.target.value);
            setAnswerError(null);
          }}
          inputRef={answerRef}
          // A deleted sender's answer is kept (not mailed); without an address there is no one to answer.
          disabled={!item.email && !item.senderRemoved}
          error={fieldError !== null}
          helperText={
            <Box component="span" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
              <span data-testid="feedback-answer-help">
                {fieldError ??
                  (item.senderRemoved
                    ? t('feedback.senderRemovedHelp')
                    : item.email
                      ? t('feedback.answerHelp', { language: t(`languages.${item.locale}`) })
                      : t('feedback.noEmail'))}
              </span>
              {(item.email || item.senderRemoved) && (
                <Box component="span" sx={{ flexShrink: 0 }} data-testid="feedback-answer-counter">
                  {t('feedback.answerCounter', { length: answer.length, max: FEEDBACK_MESSAGE_MAX })}
                </Box>
              )}
            </Box>
          }
          slotProps={{
            htmlInput: { 'data-testid': 'feedback-answer' },
            // Why the answer is disabled must stay readable: a disabled field's helper text is too faint.
            formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant="contained"
            disabled={!answer.trim() || change.isPending}
            onClick={sendAnswer}
            data-testid="feedback-send-answer"
          >
            {t('feedback.sendAnswer')}
          </Button>
          <TextField
            select
            size="small"
            label={t('feedback.setStatus')}
            value={item.status}
            onChange={(event) => change.mutate({ status: event.target.value as FeedbackStatus })}
            sx={{ minWidth: 180 }}
          >
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`feedback.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </CardContent>
    </Card>
  );
}
