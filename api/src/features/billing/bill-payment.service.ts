import type { Locale } from '@mp/domain';
import type { CommerceDeps } from '../payments/commerce-deps';
import {
  cancelWaitingPayments,
  cardDeclined,
  choosePaymentMethod,
  countBillPaymentAttempts,
  startPayment,
} from '../payments/payments.service';
import { billAlreadyPaid, findBillToPay } from './bills.service';

/** Where a bill's 3-D Secure challenge returns to: the bill's own page. */
const billPath = (billId: string) => `app/user/billing/${billId}`;

/**
 * POST /user/billing/{id}/pay: pays the bill's total with VAT by card, as premium is paid (the provider's hosted
 * card form gave the card; 3-D Secure answers `requires_action`). Only a reader of the company's bills (an admin
 * or `view_billing`) pays; a paid bill answers 409 BILL_ALREADY_PAID and is never charged again.
 *
 * No double charge: a payment still waiting at its challenge is cancelled first (if it was paid meanwhile, that
 * payment stands and this call answers 409); each charge's idempotency key is the bill and its attempt number,
 * so two tabs starting at once get the provider's one payment; and a payment that succeeds for a bill paid
 * already is refunded (decided under the bill's row lock when it is applied).
 */
export async function payBill(
  deps: CommerceDeps,
  userId: string,
  billId: string,
  body: { cardId?: string | undefined },
  locale: Locale,
) {
  await findBillToPay(deps.db, userId, billId);
  await cancelWaitingPayments(deps, { billId });
  // Again after the cancelling: a waiting payment paid meanwhile has paid the bill (409).
  const bill = await findBillToPay(deps.db, userId, billId);
  const method = await choosePaymentMethod(deps.db, userId, body.cardId);
  const attempt = await countBillPaymentAttempts(deps.db, billId);
  const { intent, state } = await startPayment(deps, {
    userId,
    paymentMethod: method,
    amountOre: bill.totalOre,
    currency: bill.currency,
    offSession: false,
    returnPath: billPath(billId),
    locale,
    idempotencyKey: `bill-${billId}-attempt-${attempt}`,
    target: { purpose: 'bill', billId },
  });
  if (state.status === 'failed') throw cardDeclined(intent.last_payment_error);
  // Paid, but for a bill paid meanwhile (an admin recorded its bankgiro payment): refunded, and said so.
  if (state.status === 'refunded') throw billAlreadyPaid();
  return state;
}
