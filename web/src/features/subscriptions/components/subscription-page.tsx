import type { subscriptionResponseSchema } from '@mp/api-contract/subscriptions.schema';
import { BILL_VAT_RATE_PERCENT } from '@mp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { CardOnFile, PaymentDetailsForm } from '../../../components/ui/payment-setup';
import { dismissSuccessAlert, showSuccess } from '../../../lib/alerts';
import { api } from '../../../lib/api-client';
import { useCurrentUser, userQueryKey } from '../../../lib/auth';
import {
  cardChargeUnpaid,
  fetchPaymentDetails,
  fetchProducts,
  followPayment,
  paymentDetailsQueryKey,
  formatDay,
  productsQueryKey,
  usePaymentReturn,
  type CardList,
  type PaymentState,
} from '../../../lib/card-payments';
import { describeError } from '../../../lib/errors';
import { useLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { FALLBACK_PUBLIC_PRICES, publicPricesOf } from '../../../lib/public-prices';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { PlanChange } from './plan-change';
import { formatMoney } from '../../../lib/number-format';

type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;
type PlanCode = 'premium' | 'premium_plus';
/** Where the keyboard focus goes once an action is done (its button was disabled or removed meanwhile). */
type FocusTarget = 'problem' | 'plan' | 'period';

const subscriptionQueryKey = ['subscription', 'current'] as const;
const fetchSubscription = () => api.get<SubscriptionResponse>('/subscriptions/current', { background: true });

/**
 * Subscription unlock and manage (spec section 2): on Standard, the plans with their prices and what premium
 * unlocks, the payment details and card, and the subscribe button; with a subscription, its plan, price, next
 * renewal (or end) date, a change of plan from the renewal, the card it is charged to, and cancel / resume.
 * Premium given by an admin (no subscription) is said as such: there is nothing to buy (QA10 finding 2).
 */
export function SubscriptionPage() {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const products = useQuery({ queryKey: productsQueryKey, queryFn: fetchProducts });
  const current = useQuery({ queryKey: subscriptionQueryKey, queryFn: fetchSubscription });
  const user = useCurrentUser();
  // Starting premium needs saved payment details: the button waits for them (a prefilled form is not saved).
  const paymentDetails = useQuery({ queryKey: paymentDetailsQueryKey, queryFn: fetchPaymentDetails });
  const detailsSaved = Boolean(paymentDetails.data?.details);
  const [plan, setPlan] = useState<PlanCode>('premium');
  // What went wrong with the last try: an error, or a warning for a late payment that was refunded.
  const [problem, setProblem] = useState<{ message: string; severity: 'error' | 'warning' } | null>(null);
  // Only the latest outcome shows: a problem takes the place of a success still on screen ('Your card was saved').
  useEffect(() => {
    if (problem) dismissSuccessAlert();
  }, [problem]);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // Saving, starting, cancelling or keeping disables or removes the button pressed, which drops the keyboard
  // focus to the page (QA10 finding 4): once the result is shown, focus goes to it.
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const planRef = useRef<HTMLHeadingElement>(null);
  const periodRef = useRef<HTMLParagraphElement>(null);
  const localize = useLocalizedPath();
  // Receipts and invoices have their own page; both views of this one link to it.
  const billingLink = (
    <Button variant="outlined" href={localize(paths.billing())} data-testid="billing-link">
      {t('billingLink')}
    </Button>
  );

  // The subscription first: a user already premium with no subscription known yet would be shown as given premium.
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
    await queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [queryClient]);
  const onPayment = useCallback(
    (state: PaymentState) => {
      if (state.status === 'succeeded') {
        // A subscriber paying a declined renewal now is thanked for that, not welcomed to premium. The payment
        // says which it was: after the bank's 3-D Secure page the page is loaded afresh, with no state before.
        if (state.overdue) {
          void fetchSubscription()
            .then((fresh) => fresh.subscription?.currentPeriodEnd)
            .catch(() => undefined)
            .then((next) =>
              showSuccess(
                next ? t('manage.paidNow', { date: formatDay(next, language) }) : t('manage.paidNowNoDate'),
              ),
            );
        } else showSuccess(t('unlock.welcome'));
        setFocusTarget('plan');
      }
      // A purchase that fails at once answers 402 (onError); 'failed' here is a 3-D Secure challenge refused.
      else if (state.status === 'failed') {
        setProblem({ message: t('unlock.verificationFailed'), severity: 'error' });
        setFocusTarget('problem');
      } else if (state.status === 'refunded') {
        setProblem({ message: t('unlock.refunded'), severity: 'warning' });
        setFocusTarget('problem');
      }
      void refresh();
    },
    [refresh, t, language],
  );
  // A card added on the provider's form answers what the last try asked for ('Add a card first'); while a renewal
  // is being retried the API charges the new card at once, so the subscription is read again.
  // When that charge did not pay, the answer says why and what comes next: shown where Pay now's problems are.
  const onCard = useCallback(
    (cards: CardList) => {
      void refresh();
      if (cardChargeUnpaid(cards) && cards.message) {
        setProblem({ message: cards.message, severity: 'error' });
        setFocusTarget('problem');
        return true;
      }
      setProblem(null);
      return false;
    },
    [refresh],
  );
  usePaymentReturn(onPayment, onCard);

  const subscribe = useMutation({
    mutationFn: () => api.post<PaymentState>('/subscriptions', { plan }),
    onSuccess: (state) => onPayment(followPayment(state)),
    onError: (error) => {
      setProblem({ message: describeError(error), severity: 'error' });
      setFocusTarget('problem');
    },
    // Shown beside the plan, once: not also in the global error alert.
    meta: { handlesErrors: true },
  });
  // A declined renewal paid now with the default card (3-D Secure leaves the page and comes back).
  const payNow = useMutation({
    mutationFn: () => api.post<PaymentState>('/subscriptions/pay'),
    onSuccess: (state) => onPayment(followPayment(state)),
    onError: (error) => {
      setProblem({ message: describeError(error), severity: 'error' });
      setFocusTarget('problem');
      void refresh();
    },
    meta: { handlesErrors: true },
  });
  const cancel = useMutation({
    mutationFn: () => api.post<SubscriptionResponse>('/subscriptions/cancel'),
    onSuccess: (response) => {
      setConfirmingCancel(false);
      const end = response.subscription?.currentPeriodEnd;
      showSuccess(end ? t('manage.cancelled', { date: formatDay(end, language) }) : (response.message ?? ''));
      queryClient.setQueryData(subscriptionQueryKey, response);
      setFocusTarget('period');
    },
  });
  const resume = useMutation({
    mutationFn: () => api.post<SubscriptionResponse>('/subscriptions/resume'),
    onSuccess: (response) => {
      const next = response.subscription?.currentPeriodEnd;
      if (next) showSuccess(t('manage.resumed', { date: formatDay(next, language) }));
      queryClient.setQueryData(subscriptionQueryKey, response);
      setFocusTarget('period');
    },
  });

  const busy = subscribe.isPending || cancel.isPending || resume.isPending || payNow.isPending;
  useEffect(() => {
    if (!focusTarget || busy) return;
    const element = { problem: problemRef, plan: planRef, period: periodRef }[focusTarget].current;
    if (!element) return;
    element.focus();
    setFocusTarget(null);
  }, [focusTarget, busy, current.data, problem]);

  const subscription = current.data?.subscription ?? null;
  // Until the subscription is known the page cannot tell which view is the one (a subscriber saw the offer first,
  // then their subscription), and the offer waits for its plans and prices, so each view arrives whole.
  if (current.isPending || user === undefined || (!subscription && products.isPending))
    return <PageSpinner />;
  // Premium with no subscription was given by an admin: nothing renews, nothing is charged, nothing to buy.
  if (!subscription && user.isPremium) {
    return (
      <Page title={t('granted.title')} lead={t('granted.lead')} maxWidth="md" actions={billingLink}>
        <Card data-testid="subscription-granted">
          <CardContent>
            <Chip size="small" color="success" label={t('granted.status')} sx={{ mb: 1.5 }} />
            <Typography>{t('granted.body')}</Typography>
          </CardContent>
        </Card>
      </Page>
    );
  }
  if (subscription) {
    const price = formatMoney(subscription.amountOre, language, subscription.currency);
    const renewsOn = formatDay(subscription.currentPeriodEnd, language);
    // A change of plan asked for starts at the renewal: that renewal is at the new plan's price.
    const scheduled = subscription.scheduledChange;
    // A declined renewal: the period paid for is over (no "renews on" a day gone by); what is due is paid now or
    // at the next automatic try, and premium ends with the grace period.
    const pastDue = subscription.status === 'past_due';
    const due = scheduled ? formatMoney(scheduled.amountOre, language, scheduled.currency) : price;
    const graceEnd = subscription.graceEndsAt ? formatDay(subscription.graceEndsAt, language) : renewsOn;
    const nextTry =
      subscription.nextAttemptAt &&
      (!subscription.graceEndsAt || subscription.nextAttemptAt < subscription.graceEndsAt)
        ? formatDay(subscription.nextAttemptAt, language)
        : null;
    return (
      <Page title={t('manage.title')} lead={t('manage.lead')} maxWidth="md" actions={billingLink}>
        <Card data-testid="subscription-manage">
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
              <Typography
                variant="h2"
                sx={{ fontSize: '1.3rem', '&:focus': { outline: 'none' } }}
                ref={planRef}
                tabIndex={-1}
                data-testid="subscription-plan"
              >
                {subscription.planName}
              </Typography>
              <Chip
                size="small"
                color={subscription.status === 'past_due' ? 'warning' : 'success'}
                label={t(`manage.status.${subscription.status}`)}
              />
            </Box>
            <Typography sx={{ mb: 2 }}>{t('manage.price', { price })}</Typography>
            {pastDue && (
              <Alert severity="warning" sx={{ mb: 2 }} data-testid="subscription-past-due">
                {nextTry
                  ? t('manage.pastDue', { price: due, next: nextTry, date: graceEnd })
                  : t('manage.pastDueLastTry', { price: due, date: graceEnd })}
              </Alert>
            )}
            <Typography
              data-testid="subscription-period"
              ref={periodRef}
              tabIndex={-1}
              sx={{ '&:focus': { outline: 'none' } }}
            >
              {subscription.cancelAtPeriodEnd
                ? t('manage.endsOn', { date: formatDay(subscription.currentPeriodEnd, language) })
                : pastDue
                  ? scheduled
                    ? t('manage.periodPastDueAs', { price: due, plan: scheduled.planName, date: renewsOn })
                    : t('manage.periodPastDue', { price: due, date: renewsOn })
                  : scheduled
                    ? t('manage.renewsOnAs', {
                        date: renewsOn,
                        plan: scheduled.planName,
                        price: formatMoney(scheduled.amountOre, language, scheduled.currency),
                      })
                    : t('manage.renewsOn', { date: renewsOn, price })}
            </Typography>
            {pastDue && problem && (
              <Alert
                severity={problem.severity}
                sx={{ mt: 2 }}
                ref={problemRef}
                tabIndex={-1}
                onClose={() => setProblem(null)}
                data-testid="pay-now-problem"
              >
                {problem.message}
              </Alert>
            )}
            {pastDue && !subscription.cancelAtPeriodEnd && (
              <Button
                variant="contained"
                sx={{ mt: 2 }}
                onClick={() => {
                  setProblem(null);
                  payNow.mutate();
                }}
                disabled={payNow.isPending}
                data-testid="pay-now"
              >
                {t('manage.payNow', { price: due })}
              </Button>
            )}
            {!subscription.cancelAtPeriodEnd && (
              <>
                <Divider sx={{ my: 2 }} />
                <PlanChange subscription={subscription} queryKey={subscriptionQueryKey} />
              </>
            )}
            <Divider sx={{ my: 2 }} />
            <CardOnFile overdue={pastDue && !subscription.cancelAtPeriodEnd ? due : undefined} />
            <Divider sx={{ my: 2 }} />
            {subscription.cancelAtPeriodEnd ? (
              <Button variant="contained" onClick={() => resume.mutate()} disabled={resume.isPending}>
                {t('manage.resume')}
              </Button>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {pastDue ? t('manage.cancelInfoPastDue') : t('manage.cancelInfo')}
                </Typography>
                <Button
                  color="error"
                  variant="outlined"
                  onClick={() => setConfirmingCancel(true)}
                  disabled={cancel.isPending}
                  data-testid="cancel-subscription"
                >
                  {t('manage.cancel')}
                </Button>
              </>
            )}
          </CardContent>
        </Card>
        <ConfirmDialog
          open={confirmingCancel}
          title={t('manage.confirmCancel.title')}
          body={[
            pastDue
              ? t('manage.confirmCancel.bodyPastDue')
              : t('manage.confirmCancel.body', { date: renewsOn }),
            // The switch is kept stored: keeping the subscription before the period ends brings it back.
            ...(scheduled && !pastDue
              ? [
                  t('manage.confirmCancel.scheduledKept', {
                    plan: scheduled.planName,
                    date: formatDay(scheduled.startsAt, language),
                  }),
                ]
              : []),
          ].join(' ')}
          confirmLabel={t('manage.cancel')}
          cancelLabel={t('manage.confirmCancel.keep')}
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate()}
          onClose={() => setConfirmingCancel(false)}
        />
      </Page>
    );
  }

  const plans = products.data?.plans ?? [];
  // The offer's "from" price is the one in force (the spec's when it cannot be read).
  const offer = products.data ? publicPricesOf(products.data) : FALLBACK_PUBLIC_PRICES;
  // The button says what it charges now: the chosen plan's monthly price as the API has it (admin pricing sets it).
  const chosenPrice = plans.find((p) => p.code === plan)?.price;
  const lead = `${t('unlock.lead')} ${t('unlock.price', { price: formatMoney(offer.premiumFromOre, language) })}`;
  return (
    <Page title={t('unlock.title')} lead={lead} actions={billingLink}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mb: 4,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        {plans.map((p) => {
          const selectable = p.code === 'premium' || p.code === 'premium_plus';
          const selected = selectable && plan === p.code;
          return (
            <Card
              component="li"
              key={p.code}
              data-testid={`plan-${p.code}`}
              variant="outlined"
              sx={{ borderWidth: selected ? 2 : 1, borderColor: selected ? 'primary.main' : 'divider' }}
            >
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
                  {p.name}
                </Typography>
                <Typography sx={{ fontWeight: 700, fontSize: '1.2rem', mb: 1 }}>
                  {p.price === null
                    ? t('plans.onRequest')
                    : p.price.amountOre === 0
                      ? t('plans.free')
                      : t('plans.perMonth', {
                          price: formatMoney(p.price.amountOre, language, p.price.currency),
                        })}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t(`plans.support.${p.supportLevel}`)}
                </Typography>
                <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
                  {p.features.map((feature) => (
                    <Typography component="li" variant="body2" key={feature}>
                      {t(`plans.features.${feature}`, { defaultValue: feature })}
                    </Typography>
                  ))}
                </Box>
                {selectable && (
                  <Button
                    variant={selected ? 'contained' : 'outlined'}
                    size="small"
                    onClick={() => setPlan(p.code as PlanCode)}
                    aria-pressed={selected}
                  >
                    {selected ? t('plans.chosen') : t('plans.choose')}
                  </Button>
                )}
                {p.code === 'custom' && (
                  <Button size="small" href="mailto:kontakt@konsultmarknaden.se">
                    {t('plans.contact')}
                  </Button>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Box>

      <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 4 }} data-testid="prices-vat">
        {t('plans.vatIncluded', { rate: BILL_VAT_RATE_PERCENT })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}>
        <PaymentDetailsForm onSaved={() => setProblem(null)} />
        <CardOnFile />
      </Box>
      {problem && (
        <Alert
          severity={problem.severity}
          sx={{ mb: 2 }}
          ref={problemRef}
          tabIndex={-1}
          onClose={() => setProblem(null)}
          data-testid="subscribe-problem"
        >
          {problem.message}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        onClick={() => {
          setProblem(null);
          subscribe.mutate();
        }}
        disabled={subscribe.isPending || !detailsSaved}
        aria-describedby={detailsSaved ? undefined : 'subscribe-needs-details'}
        data-testid="subscribe"
      >
        {chosenPrice && chosenPrice.amountOre > 0
          ? t('unlock.subscribeFor', {
              price: formatMoney(chosenPrice.amountOre, language, chosenPrice.currency),
            })
          : t('unlock.subscribe')}
      </Button>
      {!detailsSaved && (
        <Typography
          id="subscribe-needs-details"
          variant="body2"
          sx={{ mt: 1 }}
          data-testid="subscribe-needs-details"
        >
          {t('unlock.needsDetails')}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: '65ch' }}>
        {t('unlock.terms')}
      </Typography>
    </Page>
  );
}
