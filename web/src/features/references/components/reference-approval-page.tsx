import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
// Not LockOutlined: the toolbar's own icon; a lazy page importing it splits MUI's icon helper out of the
// first script into a chunk the search route then has to fetch as well (+1 KB).
import HttpsOutlined from '@mui/icons-material/HttpsOutlined';
import ThumbDownAltOutlined from '@mui/icons-material/ThumbDownAltOutlined';
import ThumbUpAltOutlined from '@mui/icons-material/ThumbUpAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Page } from '../../../components/ui/page';
import { isApiError } from '../../../lib/api-client';
import { ERROR_CODE } from '@mp/api-contract/error-codes';
import { handleGlobalError } from '../../../lib/errors';
import { focusIfLost } from '../../../lib/focus-if-lost';
import { formIssueText } from '../../../lib/validation';
import { answerReference, fetchReferenceRequest, type ReferenceRequest } from '../api/references';
import {
  answerToBody,
  COMMENT_MAX_LENGTH,
  emptyAnswer,
  REVIEW_MAX_LENGTH,
  validateAnswer,
  type ReferenceAnswerForm,
} from '../reference-answer';

/** The two answers as large, equal buttons. */
const choiceSx = { py: 1.5, gap: 1, textTransform: 'none', fontWeight: 600, color: 'text.primary' } as const;

/** Words for the ratings 1 to 5. */
const RATING_NAMES = ['poor', 'fair', 'good', 'veryGood', 'excellent'] as const;

/** Whether the API refused the token because it was already used for an answer (409 REFERENCE_TOKEN_USED). */
const isUsedToken = (error: unknown) => isApiError(error) && error.code === ERROR_CODE.REFERENCE_TOKEN_USED;

/** The answer is in: after sending it, and on the link afterwards (a reload, a second tab). */
function AnsweredPanel({
  testId,
  title,
  detail,
  focus = false,
}: {
  testId: string;
  title: string;
  detail: string;
  /** Just answered: the pressed button gave way to this panel, so focus comes to its heading (QA11 F3). */
  focus?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      role="status"
      data-testid={testId}
      sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}
    >
      <CheckCircleOutlined color="success" sx={{ fontSize: 56, mb: 1.5 }} aria-hidden />
      <Typography
        variant="h2"
        ref={focus ? focusIfLost : undefined}
        tabIndex={focus ? -1 : undefined}
        sx={{ fontSize: '1.3rem', mb: 1, '&:focus': { outline: 'none' } }}
      >
        {title}
      </Typography>
      <Typography color="text.secondary">{detail}</Typography>
    </Paper>
  );
}

/**
 * The link after the referee's answer: says the answer is in, not 'Access restricted', which reads as if it
 * was lost. Tells nothing about the consultant or the answer.
 */
function AlreadyAnswered() {
  const { t } = useTranslation('references');
  return (
    <AnsweredPanel
      testId="reference-already-answered"
      title={t('messages:error.referenceTokenUsed')}
      detail={t('used.help')}
    />
  );
}

/** 'Access restricted' for a missing, unknown or expired token (spec sections 4 and 8). */
function AccessRestricted() {
  const { t } = useTranslation('references');
  return (
    <Paper
      variant="outlined"
      role="alert"
      data-testid="reference-access-restricted"
      sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          mx: 'auto',
          mb: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(179, 38, 30, 0.08)',
          color: 'error.main',
        }}
      >
        <HttpsOutlined fontSize="large" />
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        {t('messages:error.accessRestricted')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('messages:error.invalidToken')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('restricted.help')}
      </Typography>
    </Paper>
  );
}

function periodOf(
  t: (key: string, options?: Record<string, unknown>) => string,
  request: ReferenceRequest,
): string {
  const { startYear, endYear, ongoing } = request.experience;
  if (ongoing) return t('request.periodOngoing', { start: startYear });
  if (endYear === null || endYear === startYear) return String(startYear);
  return t('request.period', { start: startYear, end: endYear });
}

function AnswerForm({ token, request }: { token: string; request: ReferenceRequest }) {
  const { t } = useTranslation('references');
  const [form, setForm] = useState<ReferenceAnswerForm>(emptyAnswer);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [restricted, setRestricted] = useState(false);
  const [used, setUsed] = useState(false);
  const answer = useMutation({
    mutationFn: (value: ReferenceAnswerForm) => answerReference(token, answerToBody(value)),
    meta: { handlesErrors: true },
    onError: (error) => {
      // Answered meanwhile (in another tab).
      if (isUsedToken(error)) {
        setUsed(true);
        return;
      }
      if (isApiError(error) && error.status === 403) {
        setRestricted(true);
        return;
      }
      const issues = isApiError(error)
        ? (error.data as { data?: { issues?: { field?: string; message?: string }[] } } | undefined)?.data
            ?.issues
        : undefined;
      if (issues?.length) {
        setServerErrors(
          Object.fromEntries(issues.map((issue) => [issue.field ?? 'decision', issue.message ?? ''])),
        );
        return;
      }
      handleGlobalError(error);
    },
  });

  const problems = submitted ? validateAnswer(form) : {};
  const errorOf = (field: keyof ReferenceAnswerForm) => {
    const problem = problems[field];
    return problem ? formIssueText(t, problem) : serverErrors[field];
  };
  const update = (patch: Partial<ReferenceAnswerForm>) => {
    setServerErrors({});
    setForm((current) => ({ ...current, ...patch }));
  };

  if (restricted) return <AccessRestricted />;
  if (used) return <AlreadyAnswered />;
  if (answer.isSuccess) {
    return (
      <AnsweredPanel
        testId="reference-answered"
        focus
        title={answer.data.message}
        detail={answer.data.status === 'approved' ? t('done.approved') : t('done.declined')}
      />
    );
  }

  const consultant = request.consultant.firstName ?? t('request.someone');
  const approving = form.decision === 'approve';
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="reference-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (Object.keys(validateAnswer(form)).length > 0) return;
        answer.mutate(form);
      }}
      sx={{ display: 'grid', gap: 3 }}
    >
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
          <Typography variant="h2" id="reference-form-title" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
            {t('request.greeting', { name: request.referee.firstName })}
          </Typography>
          <Typography sx={{ mb: 2 }}>{t('request.body', { name: consultant })}</Typography>
          <Box
            sx={{
              p: 2,
              borderRadius: 2,
              bgcolor: '#f3f6f5',
              borderLeft: '4px solid',
              borderColor: 'primary.main',
            }}
            data-testid="reference-experience"
          >
            <Typography sx={{ fontWeight: 650 }}>{request.experience.jobTitle}</Typography>
            <Typography variant="body2" color="text.secondary">
              {request.experience.company} · {periodOf(t, request)}
            </Typography>
          </Box>
        </CardContent>
      </Card>

      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 }, display: 'grid', gap: 3 }}>
          <FormControl error={Boolean(errorOf('decision'))}>
            <FormLabel id="decision-label" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
              {t('form.decision')}
            </FormLabel>
            <ToggleButtonGroup
              exclusive
              value={form.decision || null}
              onChange={(_event, value: ReferenceAnswerForm['decision'] | null) =>
                value && update({ decision: value })
              }
              aria-labelledby="decision-label"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                gap: 1.5,
                '& .MuiToggleButtonGroup-grouped': {
                  border: '1px solid',
                  borderColor: 'divider',
                  borderRadius: '12px !important',
                  m: 0,
                },
              }}
            >
              <ToggleButton
                value="approve"
                color="success"
                sx={{
                  ...choiceSx,
                  '&.Mui-selected, &.Mui-selected:hover': {
                    borderColor: 'success.main',
                    bgcolor: 'rgba(46, 107, 58, 0.1)',
                  },
                }}
                data-testid="reference-approve"
              >
                <ThumbUpAltOutlined aria-hidden />
                {t('form.approve')}
              </ToggleButton>
              <ToggleButton
                value="decline"
                color="warning"
                sx={{
                  ...choiceSx,
                  '&.Mui-selected, &.Mui-selected:hover': {
                    borderColor: 'warning.main',
                    bgcolor: 'rgba(138, 90, 0, 0.08)',
                  },
                }}
                data-testid="reference-decline"
              >
                <ThumbDownAltOutlined aria-hidden />
                {t('form.decline')}
              </ToggleButton>
            </ToggleButtonGroup>
            {errorOf('decision') && <FormHelperText>{errorOf('decision')}</FormHelperText>}
          </FormControl>

          {approving && (
            <>
              <FormControl required error={Boolean(errorOf('rating'))}>
                <FormLabel id="rating-label" sx={{ mb: 0.5, fontWeight: 600, color: 'text.primary' }}>
                  {t('form.rating')}
                </FormLabel>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <Rating
                    name="rating"
                    value={form.rating}
                    onChange={(_event, value) => update({ rating: value })}
                    size="large"
                    aria-labelledby="rating-label"
                    getLabelText={(value) => t('form.ratingLabel', { count: value })}
                    emptyLabelText={t('form.noRating')}
                    data-testid="reference-rating"
                  />
                  {form.rating !== null && (
                    <Typography variant="body2" color="text.secondary">
                      {t(`form.ratingNames.${RATING_NAMES[form.rating - 1] ?? 'good'}`)}
                    </Typography>
                  )}
                </Box>
                {errorOf('rating') && <FormHelperText>{errorOf('rating')}</FormHelperText>}
              </FormControl>
              <TextField
                label={t('form.review')}
                required
                multiline
                minRows={3}
                value={form.review}
                onChange={(event) => update({ review: event.target.value })}
                error={Boolean(errorOf('review'))}
                helperText={
                  errorOf('review') ??
                  t('form.reviewHelp', { used: form.review.length, max: REVIEW_MAX_LENGTH })
                }
                slotProps={{ htmlInput: { maxLength: REVIEW_MAX_LENGTH, 'data-testid': 'reference-review' } }}
              />
            </>
          )}

          {form.decision && (
            <TextField
              label={t('form.comment')}
              multiline
              minRows={2}
              value={form.comment}
              onChange={(event) => update({ comment: event.target.value })}
              error={Boolean(errorOf('comment'))}
              helperText={errorOf('comment') ?? t('form.commentHelp')}
              slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH, 'data-testid': 'reference-comment' } }}
            />
          )}

          <Alert severity="info" variant="outlined">
            {t('form.anonymous')}
          </Alert>

          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={answer.isPending}
              data-testid="reference-submit"
            >
              {t('form.submit')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

const RESTRICTED_STATUSES: ReadonlySet<number> = new Set([400, 403, 404]);

/** Reference approval through the mailed token link (verify/reference/{token}); no login, answers are anonymous. */
export function ReferenceApprovalPage() {
  const { t } = useTranslation('references');
  const { token = '' } = useParams();
  const request = useQuery({
    queryKey: ['reference-request', token],
    queryFn: ({ signal }) => fetchReferenceRequest(token, signal),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
  // Spec section 4: an invalid or missing token gives 'Access restricted', whichever way the API refused it
  // (403 for an unknown or expired token; 404 or 400 for one no route or schema accepts). A used one says so.
  const restricted =
    !token || (request.isError && isApiError(request.error) && RESTRICTED_STATUSES.has(request.error.status));
  const used = request.isError && isUsedToken(request.error);
  return (
    <Page title={t('title')} lead={t('lead')} maxWidth="sm">
      {restricted ? (
        <AccessRestricted />
      ) : used ? (
        <AlreadyAnswered />
      ) : request.isPending ? (
        <PageSpinner />
      ) : request.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void request.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('messages:error.generic')}
        </Alert>
      ) : (
        <AnswerForm token={token} request={request.data} />
      )}
    </Page>
  );
}
