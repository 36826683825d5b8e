import type { assessmentStateSchema, questionsResponseSchema } from '@mp/api-contract/assessment.schema';
import type { coachSessionStateSchema } from '@mp/api-contract/coach-sessions.schema';
import { DISC_TYPES } from '@mp/domain/value-lists';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DiscWheel } from '../../../components/ui/disc-wheel';
import { Page } from '../../../components/ui/page';
import { CardOnFile } from '../../../components/ui/payment-setup';
import { showError, showSuccess, showWarning } from '../../../lib/alerts';
import { api } from '../../../lib/api-client';
import {
  cardsQueryKey,
  fetchCards,
  fetchProducts,
  followPayment,
  productsQueryKey,
  usePaymentReturn,
  type PaymentState,
} from '../../../lib/card-payments';
import { formatDate, formatTime } from '../../../lib/date-format';
import { describeError } from '../../../lib/errors';
import { focusIfLost } from '../../../lib/focus-if-lost';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { useLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/number-format';

type AssessmentState = z.infer<typeof assessmentStateSchema>;
type Question = z.infer<typeof questionsResponseSchema>['questions'][number];
type CoachSessionState = z.infer<typeof coachSessionStateSchema>;
type PackageId = 'basic' | 'full_coach';

const stateQueryKey = ['assessment', 'state'] as const;
const PRODUCT_OF: Record<PackageId, string> = { basic: 'assessment_basic', full_coach: 'assessment_full' };

/**
 * The assessment (spec sections 1, 2, 4): buy a package, then answer the 36 questions one per screen (resuming
 * where a reload left off), then wait for the result, which is then shown here and on the profile.
 */
export function AssessmentPage() {
  const { t } = useTranslation('assessment');
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: stateQueryKey,
    queryFn: () => api.get<AssessmentState>('/assessment', { background: true }),
    // While the result job runs, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.status === 'taken' ? 3000 : false),
  });
  const onPayment = useCallback(
    (payment: PaymentState) => {
      if (payment.status === 'succeeded') showSuccess(t('purchase.done'));
      else if (payment.status === 'refunded') showWarning(t('purchase.refunded'));
      // A purchase that fails at once answers 402; 'failed' here is a 3-D Secure challenge refused.
      else if (payment.status === 'failed') showError(t('purchase.verificationFailed'));
      void queryClient.invalidateQueries({ queryKey: stateQueryKey });
    },
    [queryClient, t],
  );
  usePaymentReturn(onPayment);

  const status = state.data?.status;
  // Bought on this page: the purchase form and its focused button give way to the first question, so focus
  // goes there rather than to the page (QA7 H3).
  const [seenUnbought, setSeenUnbought] = useState(false);
  if (status === 'not_purchased' && !seenUnbought) setSeenUnbought(true);
  // Answered on this page: the submit button gives way to the notice, then to the result; focus follows them
  // rather than falling to the page (QA11 F3).
  const [seenQuestions, setSeenQuestions] = useState(false);
  if (status === 'purchased' && !seenQuestions) setSeenQuestions(true);
  const focusHere = seenQuestions ? focusIfLost : undefined;
  return (
    <Page title={t('title')} lead={status === 'purchased' ? t('take.lead') : t('lead')} maxWidth="md">
      {status === 'not_purchased' && <Purchase onPayment={onPayment} />}
      {status === 'purchased' && state.data && <Questions state={state.data} focusFirst={seenUnbought} />}
      {status === 'taken' && (
        <Alert severity="info" data-testid="assessment-taken" ref={focusHere} tabIndex={-1}>
          {t('taken')}
        </Alert>
      )}
      {status === 'completed' && state.data?.result && (
        <Result result={state.data.result} focusRef={focusHere} />
      )}
      {state.data?.package === 'full_coach' && <CoachSession />}
    </Page>
  );
}

function Purchase({ onPayment }: { onPayment: (payment: PaymentState) => void }) {
  const { t } = useTranslation('assessment');
  const language = useLanguage();
  const products = useQuery({ queryKey: productsQueryKey, queryFn: fetchProducts });
  const [chosen, setChosen] = useState<PackageId>('basic');
  const [problem, setProblem] = useState<string | null>(null);
  // The same list as the card section above: with no card on file the purchase cannot go through, so the page
  // says so and does not ask the API (which would answer 400 PAYMENT_METHOD_REQUIRED).
  const cards = useQuery({ queryKey: cardsQueryKey, queryFn: fetchCards });
  const noCard = cards.data?.cards.length === 0;
  const buy = useMutation({
    mutationFn: () => api.post<PaymentState>('/assessment/purchase', { package: chosen }),
    onSuccess: (payment) => onPayment(followPayment(payment)),
    onError: (error) => setProblem(describeError(error)),
    meta: { handlesErrors: true },
  });
  const priceOf = (id: PackageId) => {
    const price = products.data?.products.find((p) => p.code === PRODUCT_OF[id])?.price;
    return price ? formatMoney(price.amountOre, language, price.currency) : '';
  };
  return (
    <Box>
      <RadioGroup value={chosen} onChange={(event) => setChosen(event.target.value as PackageId)}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3 }}>
          {(['basic', 'full_coach'] as const).map((id) => (
            <Card
              key={id}
              variant="outlined"
              sx={{
                borderColor: chosen === id ? 'primary.main' : 'divider',
                borderWidth: chosen === id ? 2 : 1,
              }}
            >
              <CardContent>
                <FormControlLabel
                  value={id}
                  control={<Radio />}
                  label={
                    <Typography sx={{ fontWeight: 700 }}>
                      {t(`packages.${id}.name`)} {priceOf(id) && `– ${priceOf(id)}`}
                    </Typography>
                  }
                />
                <Typography variant="body2" color="text.secondary">
                  {t(`packages.${id}.body`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </RadioGroup>
      <CardOnFile />
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        sx={{ mt: 3 }}
        onClick={() => buy.mutate()}
        disabled={buy.isPending || noCard}
        aria-describedby={noCard ? 'buy-assessment-card-first' : undefined}
        data-testid="buy-assessment"
      >
        {t('purchase.action')}
      </Button>
      {noCard && (
        <Typography id="buy-assessment-card-first" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('purchase.cardFirst')}
        </Typography>
      )}
    </Box>
  );
}

function Questions({ state, focusFirst }: { state: AssessmentState; focusFirst: boolean }) {
  const { t } = useTranslation('assessment');
  const queryClient = useQueryClient();
  const questions = useQuery({
    queryKey: ['assessment', 'questions'],
    queryFn: () => api.get<{ questions: Question[] }>('/assessment/questions', { background: true }),
    staleTime: Infinity,
  });
  const [answers, setAnswers] = useState<Record<string, number>>(state.answers);
  const firstOpen = useMemo(() => {
    for (let n = 1; n <= state.total; n++) if (!(String(n) in state.answers)) return n;
    return state.total;
  }, [state]);
  const [current, setCurrent] = useState(firstOpen);
  const [problem, setProblem] = useState<string | null>(null);
  // Each question replaces the last on the same screen, and the button that moved on may be gone or disabled:
  // focus goes to the new question's 'Question N of M' so it is read out and Tab leads to its answers (QA7 H3).
  const progress = useRef<HTMLParagraphElement>(null);
  const moveFocus = useRef(focusFirst);
  const goTo = (n: number) => {
    moveFocus.current = true;
    setCurrent(n);
  };
  useEffect(() => {
    if (moveFocus.current && progress.current) {
      moveFocus.current = false;
      progress.current.focus();
    }
  });
  const save = useMutation({
    mutationFn: ({ n, value }: { n: number; value: number; previous: number | undefined }) =>
      api.put(`/assessment/answers/${n}`, { value }, { background: true }),
    // An answer that did not reach the server is not counted as given: it is taken back, and the question
    // comes back with the reason, so the progress and the submit button count only what is saved.
    onError: (error, { n, previous }) => {
      setAnswers((a) => {
        const next = { ...a };
        if (previous === undefined) delete next[String(n)];
        else next[String(n)] = previous;
        return next;
      });
      // Taken back to that question when already on another one.
      if (n !== current) goTo(n);
      setProblem(t('take.notSaved', { number: n, reason: describeError(error) }));
    },
    onSuccess: () => setProblem(null),
    meta: { handlesErrors: true },
  });
  const submit = useMutation({
    mutationFn: () => api.post('/assessment/submit'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stateQueryKey }),
    onError: (error) => setProblem(describeError(error)),
    meta: { handlesErrors: true },
  });

  const question = questions.data?.questions[current - 1];
  if (!question) return null;
  const answered = Object.keys(answers).length;
  const value = answers[String(current)];
  const choose = (chosen: number) => {
    setAnswers((a) => ({ ...a, [String(current)]: chosen }));
    save.mutate({ n: current, value: chosen, previous: answers[String(current)] });
  };
  const scale = [1, 2, 3, 4, 5];
  return (
    <Box data-testid="assessment-question" data-number={current}>
      <Typography
        ref={progress}
        tabIndex={-1}
        variant="body2"
        color="text.secondary"
        sx={{ mb: 1, '&:focus': { outline: 'none' } }}
        data-testid="assessment-progress"
      >
        {t('take.progress', { number: current, total: state.total })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(answered / state.total) * 100}
        sx={{ mb: 3, height: 8, borderRadius: 4 }}
      />
      <Card>
        <CardContent>
          {question.kind === 'statement' ? (
            <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }} id="question-text">
              {question.text}
            </Typography>
          ) : (
            <Box sx={{ mb: 2 }} id="question-text">
              <Typography sx={{ mb: 1 }}>{t('take.pairIntro')}</Typography>
              <Typography sx={{ fontWeight: 600 }}>1 – {question.left}</Typography>
              <Typography sx={{ fontWeight: 600 }}>5 – {question.right}</Typography>
            </Box>
          )}
          <RadioGroup
            aria-labelledby="question-text"
            value={value ?? ''}
            onChange={(event) => choose(Number(event.target.value))}
            sx={{ flexDirection: { xs: 'column', sm: 'row' }, gap: { sm: 2 } }}
          >
            {scale.map((n) => (
              <FormControlLabel
                key={n}
                value={n}
                control={<Radio slotProps={{ input: { 'data-testid': `answer-${n}` } as object }} />}
                label={question.kind === 'statement' ? t(`take.scale.${n}`) : String(n)}
              />
            ))}
          </RadioGroup>
        </CardContent>
      </Card>
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2, gap: 1 }}>
        <Button disabled={current === 1} onClick={() => goTo(current - 1)}>
          {t('take.back')}
        </Button>
        {current < state.total ? (
          <Button
            variant="contained"
            disabled={value === undefined}
            onClick={() => goTo(current + 1)}
            data-testid="next-question"
          >
            {t('take.next')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={answered < state.total || submit.isPending || save.isPending}
            onClick={() => submit.mutate()}
            data-testid="submit-assessment"
          >
            {t('take.submit')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

function Result({
  result,
  focusRef,
}: {
  result: NonNullable<AssessmentState['result']>;
  focusRef?: (element: HTMLElement | null) => void;
}) {
  const { t } = useTranslation('assessment');
  const language = useLanguage();
  const localize = useLocalizedPath();
  return (
    <Box data-testid="assessment-result">
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
          alignItems: 'center',
          mb: 3,
        }}
      >
        <Box sx={{ maxWidth: 240, mx: 'auto' }}>
          <DiscWheel
            types={DISC_TYPES}
            labelOf={(type) => type.label[language]}
            title={result.discTypeName}
            selected={result.discType}
          />
        </Box>
        <Box>
          <Typography
            variant="h2"
            ref={focusRef}
            tabIndex={focusRef ? -1 : undefined}
            sx={{ fontSize: '1.4rem', mb: 1, '&:focus': { outline: 'none' } }}
            data-testid="result-type"
          >
            {result.discTypeName}
          </Typography>
          <Typography color="text.secondary">{result.description}</Typography>
        </Box>
      </Box>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('result.drivingForces')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
        {result.drivingForces.map((force) => (
          <Chip key={force.id} label={`${force.name} ${force.score}`} />
        ))}
      </Box>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('result.strengths')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, mt: 0, mb: 3 }}>
        {result.strengths.map((s) => (
          <Typography component="li" key={s}>
            {s}
          </Typography>
        ))}
      </Box>
      <Button variant="contained" href={localize(paths['edit-profile']())}>
        {t('result.toProfile')}
      </Button>
    </Box>
  );
}

const coachQueryKey = ['assessment', 'coach-session'] as const;

/** A session's time in Swedish time: 'tisdag 1 december 2026 09:00–10:00'. */
function formatSession(slot: { startsAt: string; endsAt: string }, language: 'sv' | 'en'): string {
  const day = formatDate(slot.startsAt, language, 'full');
  return `${day} ${formatTime(slot.startsAt, language)}–${formatTime(slot.endsAt, language)}`;
}

/**
 * The Full Coach Package's feedback session: book one of the times the admins offer, move it to another or
 * cancel it, until the notice period before it starts. A confirmation comes by e-mail.
 */
function CoachSession() {
  const { t } = useTranslation('assessment');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: coachQueryKey,
    queryFn: () => api.get<CoachSessionState>('/assessment/coach-session', { background: true }),
  });
  const [chosen, setChosen] = useState<string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = (message: string) => (data: CoachSessionState) => {
    queryClient.setQueryData(coachQueryKey, data);
    setChosen('');
    setProblem(null);
    showSuccess(message);
  };
  const onError = (error: unknown) => {
    setProblem(describeError(error));
    // Someone else may have taken the time: show what is still free.
    void queryClient.invalidateQueries({ queryKey: coachQueryKey });
  };
  const book = useMutation({
    mutationFn: () => api.post<CoachSessionState>('/assessment/coach-session', { slotId: chosen }),
    onSuccess: done(t('coach.bookedToast')),
    onError,
    meta: { handlesErrors: true },
  });
  const cancel = useMutation({
    mutationFn: () => api.delete<CoachSessionState>('/assessment/coach-session'),
    onSuccess: done(t('coach.cancelledToast')),
    onError,
    meta: { handlesErrors: true },
  });
  const data = session.data;
  if (!data?.included) return null;
  return (
    <Card variant="outlined" sx={{ mt: 4 }} data-testid="coach-session">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('coach.title')}
        </Typography>
        {data.booking ? (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="coach-booking">
            {t('coach.booked', { when: formatSession(data.booking, language) })}
          </Alert>
        ) : (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('coach.lead')}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {data.changeable
            ? t('coach.notice', { count: data.noticeHours })
            : t('coach.locked', { count: data.noticeHours })}
        </Typography>
        {!data.changeable ? null : data.slots.length === 0 ? (
          <Typography data-testid="coach-no-slots">{t('coach.none')}</Typography>
        ) : (
          <RadioGroup
            aria-label={data.booking ? t('coach.moveTo') : t('coach.choose')}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            {data.slots.map((slot) => (
              <FormControlLabel
                key={slot.id}
                value={slot.id}
                control={<Radio slotProps={{ input: { 'data-testid': 'coach-slot-option' } as object }} />}
                label={formatSession(slot, language)}
              />
            ))}
          </RadioGroup>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }} onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {data.changeable && data.slots.length > 0 && (
            <Button
              variant="contained"
              disabled={!chosen || book.isPending}
              onClick={() => book.mutate()}
              data-testid="coach-book"
            >
              {data.booking ? t('coach.move') : t('coach.book')}
            </Button>
          )}
          {data.booking && data.changeable && (
            <Button
              color="error"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
              data-testid="coach-cancel"
            >
              {t('coach.cancel')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
