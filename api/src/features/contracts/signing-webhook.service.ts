import type { Database } from '@mp/migrations/database';
import type { Transaction } from 'kysely';
import { AppError } from '../../errors';
import { SigningApiError, SigningUnavailableError } from '../signing/signing.client';
import { signingWebhookEventSchema } from '../signing/signing.schema';
import { verifyWebhookSignature } from '../signing/signing-webhook-signature';
import { lockContractByProviderReference, recordWebhookEvent } from './contracts.repository';
import { applyOrderStatus, SIGNING_PROVIDER, type ContractDeps } from './contracts.service';

export const invalidWebhookSignature = () => new AppError('WEBHOOK_SIGNATURE_INVALID');

/**
 * A webhook delivery from the signing provider. Verified first (HMAC over timestamp and raw body, timestamp
 * within the tolerance): a forged or stale delivery is 401 and changes nothing. Idempotent: the event id is
 * recorded in the same transaction as its effect, so a replay finds it and changes nothing, and a failed
 * delivery (provider unreachable for the status or the signed PDF) rolls back and can be retried. The event
 * only says "look": the order's status is read from the provider's API, never taken from the body.
 */
export async function handleSigningWebhook(
  deps: ContractDeps,
  delivery: { rawBody: Buffer; timestamp: string | undefined; signature: string | undefined },
): Promise<{ received: true; duplicate: boolean; applied: boolean }> {
  const verified = verifyWebhookSignature({
    secret: deps.config.SIGNING_WEBHOOK_SECRET,
    rawBody: delivery.rawBody,
    timestampHeader: delivery.timestamp,
    signatureHeader: delivery.signature,
    toleranceSeconds: deps.config.SIGNING_WEBHOOK_TOLERANCE_SECONDS,
  });
  if (!verified) throw invalidWebhookSignature();
  let json: unknown = null;
  try {
    json = JSON.parse(delivery.rawBody.toString('utf8'));
  } catch {
    // Signed but not JSON: refused below like any other malformed event.
  }
  const parsed = signingWebhookEventSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED');
  const event = parsed.data;

  const mailIds: string[] = [];
  const result = await deps.db.transaction().execute(async (trx: Transaction<Database>) => {
    const fresh = await recordWebhookEvent(trx, {
      provider: SIGNING_PROVIDER,
      eventId: event.eventId,
      orderReference: event.orderId,
      eventType: event.type,
    });
    if (!fresh) return { received: true as const, duplicate: true, applied: false };
    const contract = await lockContractByProviderReference(trx, SIGNING_PROVIDER, event.orderId);
    if (!contract) return { received: true as const, duplicate: false, applied: false };
    let order;
    try {
      order = await deps.signing.getOrder(event.orderId);
    } catch (error) {
      if (error instanceof SigningUnavailableError || error instanceof SigningApiError) {
        deps.log.warn({ err: error }, 'signing provider unreachable while handling a webhook');
        throw new AppError('SIGNING_PROVIDER_UNAVAILABLE');
      }
      throw error;
    }
    const applied = await applyOrderStatus(
      deps,
      trx,
      contract,
      order.status,
      { userId: null, via: 'provider_webhook' },
      mailIds,
    );
    return { received: true as const, duplicate: false, applied };
  });
  deps.deliverMails(mailIds);
  return result;
}
