import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderCardFormPage, renderChallengePage } from './pages';
import { describeCard, passesLuhn, type CardBehaviour } from './test-cards';
import { readText, sendJson } from '../simulator-http/http';

/**
 * A local card-payment provider speaking the subset of Stripe's documented REST API we use (form-encoded
 * requests with a secret key, `Idempotency-Key`, JSON responses and `{ error }` bodies, `Stripe-Signature`
 * webhooks), plus the browser pages a provider hosts: the card form (so card numbers never reach our API) and
 * the 3-D Secure challenge. Loopback only, state in memory: it stands in for the provider in development and
 * tests, never in production.
 *
 * - `GET /v1/payment_methods/:id` a saved card: brand, last4, exp_month, exp_year (never the number)
 * - `POST /v1/payment_intents` amount, currency, payment_method, confirm, off_session, return_url, metadata[k]
 * - `GET /v1/payment_intents/:id`
 * - `POST /v1/payment_intents/:id/cancel` cancellation_reason: an intent not yet paid or failed for good
 * - `POST /v1/refunds` payment_intent
 * - `POST /v1/webhook_endpoints` url: events are POSTed there, signed `t=<unix>,v1=<hmac-sha256 of "t.body">`
 * - `GET|POST /hosted/card` the card form; redirects to return_url with `payment_method=pm_...`
 * - `GET|POST /3ds/:intent` the challenge; redirects to the intent's return_url with `payment_intent=pi_...`
 *
 * For tests, not the provider's: `GET /sim` counts what it holds; `POST /sim/outage?path=/v1/refunds&count=N`
 * answers the next N API requests to that path with a 503 `api_error`, as an unavailable provider would.
 */
export interface CardSimulatorOptions {
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Base URL the simulator is reached at by browsers (for challenge links); defaults to its own address. */
  publicUrl?: string;
  log?: (line: string) => void;
}

export interface CardSimulator {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

interface PaymentMethod {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
  created: number;
}

type IntentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

interface PaymentIntent {
  id: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  paymentMethod: string;
  returnUrl: string | null;
  metadata: Record<string, string>;
  lastError: { code: string; decline_code?: string; message: string } | null;
  amountRefunded: number;
  cancellationReason: string | null;
  created: number;
}

const MAX_BODY_BYTES = 64 * 1024;
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const readBody = (req: IncomingMessage) => readText(req, MAX_BODY_BYTES);

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

function redirect(res: ServerResponse, url: string) {
  res.writeHead(303, { location: url });
  res.end();
}

const apiError = (
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  extra: Record<string, unknown> = {},
) => sendJson(res, status, { error: { type, message, ...extra } });

function isHttpUrl(value: string | null): value is string {
  if (!value) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function withParams(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

/** `12/34`, `12/2034` or `1234` -> month and four-digit year, or null. */
function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  return endOfMonth.getTime() > Date.now() ? { month, year } : null;
}

/** Signs a webhook body the way Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signWebhook(secret: string, body: string, timestamp = now()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export async function startCardSimulator(options: CardSimulatorOptions): Promise<CardSimulator> {
  const log = options.log ?? (() => {});
  const methods = new Map<string, PaymentMethod>();
  const intents = new Map<string, PaymentIntent>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const endpoints = new Map<string, { id: string; url: string }>();
  const outages = new Map<string, number>();
  let publicUrl = options.publicUrl ?? '';

  const methodJson = (m: PaymentMethod) => ({
    id: m.id,
    object: 'payment_method',
    type: 'card',
    created: m.created,
    card: { brand: m.brand, last4: m.last4, exp_month: m.expMonth, exp_year: m.expYear },
  });

  const intentJson = (i: PaymentIntent) => ({
    id: i.id,
    object: 'payment_intent',
    amount: i.amount,
    amount_received: i.status === 'succeeded' ? i.amount : 0,
    currency: i.currency,
    status: i.status,
    payment_method: i.paymentMethod,
    metadata: i.metadata,
    created: i.created,
    latest_charge: i.status === 'succeeded' ? `ch_${i.id.slice(3)}` : null,
    amount_refunded: i.amountRefunded,
    last_payment_error: i.lastError,
    cancellation_reason: i.cancellationReason,
    next_action:
      i.status === 'requires_action'
        ? {
            type: 'redirect_to_url',
            redirect_to_url: { url: `${publicUrl}/3ds/${i.id}`, return_url: i.returnUrl },
          }
        : null,
  });

  function emit(type: string, object: unknown) {
    const event = { id: newId('evt'), object: 'event', type, created: now(), data: { object } };
    const body = JSON.stringify(event);
    for (const endpoint of endpoints.values()) {
      void fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signWebhook(options.webhookSecret, body),
        },
        body,
        signal: AbortSignal.timeout(5000),
      }).then(
        (response) => log(`webhook ${type} -> ${endpoint.url}: ${response.status}`),
        (error: Error) => log(`webhook ${type} -> ${endpoint.url} failed: ${error.message}`),
      );
    }
  }

  function charge(intent: PaymentIntent, method: PaymentMethod, offSession: boolean) {
    const decline = (code: string, declineCode: string, message: string) => {
      intent.status = 'requires_payment_method';
      intent.lastError = { code, decline_code: declineCode, message };
      emit('payment_intent.payment_failed', intentJson(intent));
    };
    switch (method.behaviour) {
      case 'decline':
      case 'decline_after_attach':
        return decline('card_declined', 'generic_decline', 'Your card was declined.');
      case 'insufficient_funds':
        return decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
      // Like the provider, these carry their own error code, with the same word as the decline code.
      case 'expired_card':
        return decline('expired_card', 'expired_card', 'Your card has expired.');
      case 'incorrect_cvc':
        return decline('incorrect_cvc', 'incorrect_cvc', 'Your card’s security code is incorrect.');
      case 'processing_error':
        return decline(
          'processing_error',
          'processing_error',
          'An error occurred while processing your card. Try again in a little bit.',
        );
      case 'three_d_secure':
        if (!offSession) {
          intent.status = 'requires_action';
          return;
        }
        break;
      case 'succeed':
        break;
    }
    intent.status = 'succeeded';
    intent.lastError = null;
    emit('payment_intent.succeeded', intentJson(intent));
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return apiError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    const outage = outages.get(path) ?? 0;
    if (outage > 0) {
      outages.set(path, outage - 1);
      return apiError(res, 503, 'api_error', 'The provider is temporarily unavailable (simulated outage).');
    }
    const form = new URLSearchParams(req.method === 'POST' ? await readBody(req) : '');
    const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const cacheKey = typeof idempotencyKey === 'string' ? `${path} ${idempotencyKey}` : null;
    if (cacheKey && idempotent.has(cacheKey)) {
      const cached = idempotent.get(cacheKey)!;
      return sendJson(res, cached.status, cached.body);
    }
    const reply = (status: number, body: unknown) => {
      if (cacheKey) idempotent.set(cacheKey, { status, body });
      sendJson(res, status, body);
    };

    let match: RegExpExecArray | null;
    if (req.method === 'GET' && (match = /^\/v1\/payment_methods\/([\w]+)$/.exec(path))) {
      const method = methods.get(match[1]!);
      if (!method)
        return apiError(res, 404, 'invalid_request_error', 'No such PaymentMethod', {
          code: 'resource_missing',
        });
      return sendJson(res, 200, methodJson(method));
    }
    if (req.method === 'GET' && (match = /^\/v1\/payment_intents\/([\w]+)$/.exec(path))) {
      const intent = intents.get(match[1]!);
      if (!intent)
        return apiError(res, 404, 'invalid_request_error', 'No such PaymentIntent', {
          code: 'resource_missing',
        });
      return sendJson(res, 200, intentJson(intent));
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.get('amount'));
      const method = methods.get(form.get('payment_method') ?? '');
      if (!Number.isInteger(amount) || amount < 1) {
        return apiError(res, 400, 'invalid_request_error', 'Invalid amount', { param: 'amount' });
      }
      if (!method) {
        return apiError(res, 400, 'invalid_request_error', 'No such PaymentMethod', {
          code: 'resource_missing',
          param: 'payment_method',
        });
      }
      const returnUrl = form.get('return_url');
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(\w+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const intent: PaymentIntent = {
        id: newId('pi'),
        amount,
        currency: (form.get('currency') ?? 'sek').toLowerCase(),
        status: 'requires_payment_method',
        paymentMethod: method.id,
        returnUrl: isHttpUrl(returnUrl) ? returnUrl : null,
        metadata,
        lastError: null,
        amountRefunded: 0,
        cancellationReason: null,
        created: now(),
      };
      intents.set(intent.id, intent);
      if (form.get('confirm') === 'true') charge(intent, method, form.get('off_session') === 'true');
      log(`payment_intent ${intent.id} ${intent.amount} ${intent.currency}: ${intent.status}`);
      if (intent.lastError) {
        // Like the provider: a declined confirmation is a 402 card_error carrying the intent.
        return reply(402, {
          error: { type: 'card_error', ...intent.lastError, payment_intent: intentJson(intent) },
        });
      }
      if (intent.status === 'requires_action' && !intent.returnUrl) {
        return reply(400, {
          error: { type: 'invalid_request_error', message: 'return_url is required', param: 'return_url' },
        });
      }
      return reply(200, intentJson(intent));
    }
    if (req.method === 'POST' && (match = /^\/v1\/payment_intents\/([\w]+)\/cancel$/.exec(path))) {
      const intent = intents.get(match[1]!);
      if (!intent)
        return apiError(res, 404, 'invalid_request_error', 'No such PaymentIntent', {
          code: 'resource_missing',
        });
      // Like the provider: only an intent still waiting (for a card, a challenge or processing) can be
      // cancelled; otherwise a 400 payment_intent_unexpected_state that carries the intent as it is.
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return apiError(
          res,
          400,
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          { code: 'payment_intent_unexpected_state', payment_intent: intentJson(intent) },
        );
      }
      const reason = form.get('cancellation_reason');
      const reasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
      if (reason !== null && !reasons.includes(reason)) {
        return apiError(res, 400, 'invalid_request_error', 'Invalid cancellation_reason', {
          param: 'cancellation_reason',
        });
      }
      intent.status = 'canceled';
      intent.cancellationReason = reason;
      emit('payment_intent.canceled', intentJson(intent));
      log(`payment_intent ${intent.id}: canceled (${reason ?? 'no reason'})`);
      return reply(200, intentJson(intent));
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent)
        return apiError(res, 400, 'invalid_request_error', 'No such PaymentIntent', {
          param: 'payment_intent',
        });
      if (intent.status !== 'succeeded' || intent.amountRefunded >= intent.amount) {
        return apiError(
          res,
          400,
          'invalid_request_error',
          'Charge has already been refunded or was not paid.',
          {
            code: 'charge_already_refunded',
          },
        );
      }
      const amount = form.has('amount') ? Number(form.get('amount')) : intent.amount - intent.amountRefunded;
      intent.amountRefunded += amount;
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        status: 'succeeded',
        payment_intent: intent.id,
      };
      emit('charge.refunded', {
        id: `ch_${intent.id.slice(3)}`,
        object: 'charge',
        payment_intent: intent.id,
        amount: intent.amount,
        amount_refunded: intent.amountRefunded,
        refunded: intent.amountRefunded >= intent.amount,
      });
      return reply(200, refund);
    }
    if (req.method === 'POST' && path === '/v1/webhook_endpoints') {
      const url = form.get('url');
      if (!isHttpUrl(url))
        return apiError(res, 400, 'invalid_request_error', 'Invalid URL', { param: 'url' });
      const endpoint = endpoints.get(url) ?? { id: newId('we'), url };
      endpoints.set(url, endpoint);
      return reply(200, { ...endpoint, object: 'webhook_endpoint', secret: options.webhookSecret });
    }
    if (req.method === 'DELETE' && (match = /^\/v1\/webhook_endpoints\/([\w]+)$/.exec(path))) {
      for (const [url, endpoint] of endpoints) if (endpoint.id === match[1]) endpoints.delete(url);
      return sendJson(res, 200, { id: match[1], object: 'webhook_endpoint', deleted: true });
    }
    return apiError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`);
  }

  async function handleCardForm(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    if (req.method === 'GET') {
      const returnUrl = query.get('return_url');
      const cancelUrl = query.get('cancel_url') ?? returnUrl;
      if (!isHttpUrl(returnUrl) || !isHttpUrl(cancelUrl))
        return sendHtml(res, 400, 'return_url must be an http(s) URL');
      return sendHtml(res, 200, renderCardFormPage({ returnUrl, cancelUrl }));
    }
    const form = new URLSearchParams(await readBody(req));
    const returnUrl = form.get('return_url');
    const cancelUrl = form.get('cancel_url') ?? returnUrl;
    if (!isHttpUrl(returnUrl) || !isHttpUrl(cancelUrl))
      return sendHtml(res, 400, 'return_url must be an http(s) URL');
    const digits = (form.get('number') ?? '').replace(/[\s-]/g, '');
    const expiry = parseExpiry(form.get('expiry') ?? '');
    const cvcOk = /^\d{3,4}$/.test(form.get('cvc') ?? '');
    const error =
      !/^\d+$/.test(digits) || !passesLuhn(digits)
        ? 'Ogiltigt kortnummer / Your card number is invalid.'
        : !expiry
          ? 'Ogiltigt utgångsdatum / Your card’s expiration date is invalid.'
          : !cvcOk
            ? 'Ogiltig CVC / Your card’s security code is invalid.'
            : null;
    if (error || !expiry)
      return sendHtml(res, 400, renderCardFormPage({ returnUrl, cancelUrl, error: error ?? '' }));
    const { brand, behaviour } = describeCard(digits);
    const method: PaymentMethod = {
      id: newId('pm'),
      brand,
      last4: digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      behaviour,
      created: now(),
    };
    methods.set(method.id, method);
    log(`payment_method ${method.id} ${brand} ****${method.last4}`);
    return redirect(res, withParams(returnUrl, { payment_method: method.id }));
  }

  async function handleChallenge(req: IncomingMessage, res: ServerResponse, intentId: string) {
    const intent = intents.get(intentId);
    const pending = intent?.status === 'requires_action';
    if (req.method === 'GET' || !intent || !pending) {
      const amount = intent ? `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}` : '';
      return sendHtml(res, pending ? 200 : 404, renderChallengePage({ intentId, amount, pending }));
    }
    const action = new URLSearchParams(await readBody(req)).get('action');
    if (action === 'complete') {
      intent.status = 'succeeded';
      intent.lastError = null;
      emit('payment_intent.succeeded', intentJson(intent));
    } else {
      intent.status = 'requires_payment_method';
      intent.lastError = {
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      };
      emit('payment_intent.payment_failed', intentJson(intent));
    }
    log(`3ds ${intent.id}: ${intent.status}`);
    return redirect(
      res,
      withParams(intent.returnUrl!, {
        payment_intent: intent.id,
        redirect_status: intent.status === 'succeeded' ? 'succeeded' : 'failed',
      }),
    );
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const path = url.pathname;
    const handle = async () => {
      if (path === '/livez') return sendJson(res, 200, { ok: true });
      if (path === '/sim') {
        return sendJson(res, 200, {
          methods: methods.size,
          intents: intents.size,
          webhookEndpoints: endpoints.size,
          outages: Object.fromEntries(outages),
        });
      }
      if (path === '/sim/outage' && req.method === 'POST') {
        const target = url.searchParams.get('path') ?? '';
        const count = Number(url.searchParams.get('count') ?? '1');
        if (!target.startsWith('/v1/') || !Number.isInteger(count) || count < 0)
          return apiError(
            res,
            400,
            'invalid_request_error',
            'path must be an API path, count a whole number',
          );
        outages.set(target, count);
        return sendJson(res, 200, { path: target, count });
      }
      if (path.startsWith('/v1/')) return handleApi(req, res, path);
      if (path === '/hosted/card' && (req.method === 'GET' || req.method === 'POST')) {
        return handleCardForm(req, res, url.searchParams);
      }
      const challenge = /^\/3ds\/([\w]+)$/.exec(path);
      if (challenge && (req.method === 'GET' || req.method === 'POST'))
        return handleChallenge(req, res, challenge[1]!);
      return sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'Not found' } });
    };
    handle().catch((error: Error) => {
      log(`error: ${error.message}`);
      if (!res.headersSent) apiError(res, 500, 'api_error', 'Simulator error');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!publicUrl) publicUrl = url;
  return {
    url,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
