import type { subscriptionResponseSchema } from '@mp/api-contract/subscriptions.schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showSuccess } from '../../../lib/alerts';
import { api } from '../../../lib/api-client';
import { fetchProducts, formatDay, productsQueryKey } from '../../../lib/card-payments';
import { useLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/number-format';

type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;
type Subscription = NonNullable<SubscriptionResponse['subscription']>;

/** The plans a subscriber can switch between online (Custom is by offer, Standard is cancelling). */
const SWITCHABLE = ['premium', 'premium_plus'] as const;

/**
 * Changing plan on the manage view: Premium <-> Premium plus from the next renewal, which charges the new price;
 * the plan paid for lasts until then. A change asked for is shown with a way to take it back.
 */
export function PlanChange({
  subscription,
  queryKey,
}: {
  subscription: Subscription;
  queryKey: readonly unknown[];
}) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const products = useQuery({ queryKey: productsQueryKey, queryFn: fetchProducts });
  const [confirming, setConfirming] = useState<string | null>(null);
  // A switch (or taking it back) replaces the button pressed: focus goes to what is now said about the plan.
  const [focusAfter, setFocusAfter] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const change = useMutation({
    mutationFn: (plan: string) => api.post<SubscriptionResponse>('/subscriptions/change', { plan }),
    onSuccess: (response) => {
      setConfirming(null);
      const scheduled = response.subscription?.scheduledChange;
      showSuccess(
        scheduled
          ? t('manage.change.scheduled', {
              plan: scheduled.planName,
              date: formatDay(scheduled.startsAt, language),
            })
          : t('manage.change.kept', { plan: response.subscription?.planName ?? '' }),
      );
      queryClient.setQueryData(queryKey, response);
      setFocusAfter(true);
    },
  });
  useEffect(() => {
    if (!focusAfter || change.isPending || !statusRef.current) return;
    statusRef.current.focus();
    setFocusAfter(false);
  }, [focusAfter, change.isPending, subscription.scheduledChange]);

  // A declined renewal being retried: the new plan starts with the payment due (now, or the next try).
  const pastDue = subscription.status === 'past_due';
  const renewal = formatDay(
    pastDue ? (subscription.nextAttemptAt ?? subscription.currentPeriodEnd) : subscription.currentPeriodEnd,
    language,
  );
  const scheduled = subscription.scheduledChange;
  if (scheduled) {
    return (
      <Box data-testid="plan-change">
        <Alert
          severity="info"
          sx={{ mb: 1.5 }}
          ref={statusRef}
          tabIndex={-1}
          data-testid="plan-change-scheduled"
        >
          {t('manage.change.pending', {
            plan: scheduled.planName,
            date: formatDay(scheduled.startsAt, language),
            price: formatMoney(scheduled.amountOre, language, scheduled.currency),
          })}
        </Alert>
        <Button
          variant="outlined"
          onClick={() => change.mutate(subscription.plan)}
          disabled={change.isPending}
          data-testid="plan-change-undo"
        >
          {t('manage.change.keep', { plan: subscription.planName })}
        </Button>
      </Box>
    );
  }

  const others = (products.data?.plans ?? []).filter(
    (p) =>
      (SWITCHABLE as readonly string[]).includes(p.code) &&
      p.code !== subscription.plan &&
      p.price !== null &&
      p.price.amountOre > 0,
  );
  if (others.length === 0) return null;
  const chosen = others.find((p) => p.code === confirming);
  return (
    <Box data-testid="plan-change">
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mb: 1, '&:focus': { outline: 'none' } }}
        ref={statusRef}
        tabIndex={-1}
        data-testid="plan-change-info"
      >
        {pastDue
          ? t('manage.change.infoPastDue', { date: renewal })
          : t('manage.change.info', { date: renewal })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {others.map((p) => (
          <Button
            key={p.code}
            variant="outlined"
            onClick={() => setConfirming(p.code)}
            data-testid={`plan-change-${p.code}`}
          >
            {t('manage.change.switchTo', {
              plan: p.name,
              price: formatMoney(p.price!.amountOre, language, p.price!.currency),
            })}
          </Button>
        ))}
      </Box>
      {chosen?.price && (
        <ConfirmDialog
          open
          title={t('manage.change.confirmTitle', { plan: chosen.name })}
          body={t(pastDue ? 'manage.change.confirmBodyPastDue' : 'manage.change.confirmBody', {
            plan: chosen.name,
            current: subscription.planName,
            date: renewal,
            price: formatMoney(chosen.price.amountOre, language, chosen.price.currency),
          })}
          confirmLabel={t('manage.change.confirm', { plan: chosen.name })}
          cancelLabel={t('manage.change.cancel')}
          busy={change.isPending}
          onConfirm={() => change.mutate(chosen.code)}
          onClose={() => setConfirming(null)}
        />
      )}
    </Box>
  );
}
