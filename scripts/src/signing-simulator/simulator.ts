import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSignedDocument } from './signed-document';
import { readBody as readRequestBody, sendJson } from '../simulator-http/http';

/**
 * A local digital-mailbox signing provider speaking the API of docs/signing-provider.md: signing orders with a
 * PDF and a signer (personal identity number or e-mail), status polling, cancellation, the signed PDF, and
 * HMAC-signed webhooks to the order's callbackUrl. A control API (`/sim/...`) plays the signer: sign, decline
 * or let an order expire, and replay the last webhook. Loopback only, plain HTTP, state in memory.
 */

export type OrderStatus = 'pending' | 'signed' | 'declined' | 'expired' | 'cancelled';

interface Order {
  id: string;
  reference: string;
  title: string;
  status: OrderStatus;
  createdAt: string;
  expiresAt: string;
  signedAt: string | null;
  callbackUrl: string;
  signer: { nationalIdentityNumber?: string; email?: string; name?: string };
  document: Buffer;
  documentSha256: string;
  fileName: string;
  signedDocument: Buffer | null;
  signedDocumentSha256: string | null;
  deliveries: Delivery[];
}

interface Delivery {
  eventId: string;
  body: string;
  httpStatus: number | null;
  error: string | null;
  at: string;
}

export interface SigningSimulatorOptions {
  port: number;
  host?: string;
  apiKey: string;
  webhookSecret: string;
  /** Orders expire after this many days unless signed (the control API can expire them at once). */
  orderValidDays?: number;
  log?: (line: string) => void;
}

export interface SigningSimulator {
  readonly url: string;
  /** The provider API base to configure the app with, e.g. http://127.0.0.1:8445/v1 */
  readonly apiUrl: string;
  readonly server: Server;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 40 * 1024 * 1024;

const sendError = (res: ServerResponse, status: number, error: string, message?: string) =>
  sendJson(res, status, { error, ...(message ? { message } : {}) });

const readBody = (req: IncomingMessage) => readRequestBody(req, MAX_BODY_BYTES);

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  try {
    const parsed: unknown = JSON.parse((await readBody(req)).toString('utf8') || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function orderView(order: Order) {
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    createdAt: order.createdAt,
    expiresAt: order.expiresAt,
    signedAt: order.signedAt,
    signedDocumentSha256: order.signedDocumentSha256,
  };
}

function controlView(order: Order) {
  return {
    ...orderView(order),
    title: order.title,
    fileName: order.fileName,
    documentSha256: order.documentSha256,
    callbackUrl: order.callbackUrl,
    signer: {
      email: order.signer.email ?? null,
      name: order.signer.name ?? null,
      // Only whether one was given; the simulator never shows a personal number.
      byNationalIdentityNumber: Boolean(order.signer.nationalIdentityNumber),
    },
    deliveries: order.deliveries.map(({ eventId, httpStatus, error, at }) => ({
      eventId,
      httpStatus,
      error,
      at,
    })),
  };
}

export async function startSigningSimulator(options: SigningSimulatorOptions): Promise<SigningSimulator> {
  const orders = new Map<string, Order>();
  const log = options.log ?? (() => {});
  const validDays = options.orderValidDays ?? 30;

  async function deliver(order: Order, body: string, eventId: string): Promise<Delivery> {
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', options.webhookSecret)
      .update(`${timestamp}.${body}`)
      .digest('hex');
    const delivery: Delivery = { eventId, body, httpStatus: null, error: null, at: new Date().toISOString() };
    try {
      const response = await fetch(order.callbackUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signing-timestamp': String(timestamp),
          'x-signing-signature': `v1=${signature}`,
        },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      delivery.httpStatus = response.status;
      await response.arrayBuffer();
    } catch (error) {
      delivery.error = (error as Error).message;
    }
    order.deliveries.push(delivery);
    log(`webhook ${eventId} -> ${order.callbackUrl}: ${delivery.httpStatus ?? delivery.error}`);
    return delivery;
  }

  async function finish(order: Order, status: Exclude<OrderStatus, 'pending'>) {
    order.status = status;
    if (status === 'signed') {
      order.signedAt = new Date().toISOString();
      order.signedDocument = await buildSignedDocument(order.document, {
        signer: order.signer.name ?? order.signer.email ?? 'BankID',
        signedAt: order.signedAt,
        orderId: order.id,
        originalSha256: order.documentSha256,
      });
      order.signedDocumentSha256 = sha256(order.signedDocument);
    }
    const eventId = randomUUID();
    const body = JSON.stringify({
      eventId,
      type: `signing_order.${status}`,
      orderId: order.id,
      reference: order.reference,
      occurredAt: new Date().toISOString(),
    });
    return deliver(order, body, eventId);
  }

  function expireOverdue(order: Order) {
    if (order.status === 'pending' && Date.parse(order.expiresAt) <= Date.now()) order.status = 'expired';
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) return sendError(res, 401, 'unauthorized');
    if (req.method === 'POST' && path === '/v1/signing-orders') {
      const body = await readJson(req);
      const document = body?.document as
        { fileName?: unknown; contentBase64?: unknown; sha256?: unknown } | undefined;
      const signer = body?.signer as Order['signer'] | undefined;
      if (
        !body ||
        typeof body.reference !== 'string' ||
        typeof body.title !== 'string' ||
        typeof body.callbackUrl !== 'string' ||
        !document ||
        typeof document.contentBase64 !== 'string' ||
        !signer ||
        (!signer.nationalIdentityNumber && !signer.email)
      ) {
        return sendError(
          res,
          400,
          'invalid_request',
          'reference, title, callbackUrl, document and signer are required',
        );
      }
      if (signer.nationalIdentityNumber && !/^\d{12}$/.test(signer.nationalIdentityNumber)) {
        return sendError(res, 400, 'invalid_signer', 'nationalIdentityNumber must be 12 digits');
      }
      const pdf = Buffer.from(document.contentBase64, 'base64');
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
        return sendError(res, 400, 'invalid_document', 'not a PDF');
      if (typeof document.sha256 === 'string' && document.sha256 !== sha256(pdf)) {
        return sendError(res, 400, 'invalid_document', 'sha256 does not match the content');
      }
      const now = Date.now();
      const order: Order = {
        id: randomUUID(),
        reference: body.reference,
        title: body.title,
        status: 'pending',
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + validDays * 24 * 3600 * 1000).toISOString(),
        signedAt: null,
        callbackUrl: body.callbackUrl,
        signer,
        document: pdf,
        documentSha256: sha256(pdf),
        fileName: typeof document.fileName === 'string' ? document.fileName : 'document.pdf',
        signedDocument: null,
        signedDocumentSha256: null,
        deliveries: [],
      };
      orders.set(order.id, order);
      log(`order ${order.id} created for reference ${order.reference}`);
      return sendJson(res, 201, orderView(order));
    }
    const match = /^\/v1\/signing-orders\/([^/]+)(\/cancel|\/signed-document)?$/.exec(path);
    const order = match ? orders.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match) return sendError(res, 404, 'not_found');
    if (!order) return sendError(res, 404, 'order_not_found');
    expireOverdue(order);
    if (req.method === 'GET' && !match[2]) return sendJson(res, 200, orderView(order));
    if (req.method === 'POST' && match[2] === '/cancel') {
      if (order.status === 'pending') order.status = 'cancelled';
      else if (order.status !== 'cancelled')
        return sendError(res, 409, 'order_finished', `order is ${order.status}`);
      return sendJson(res, 200, orderView(order));
    }
    if (req.method === 'GET' && match[2] === '/signed-document') {
      if (!order.signedDocument) return sendError(res, 409, 'not_signed');
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(order.signedDocument);
    }
    return sendError(res, 405, 'method_not_allowed');
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL) {
    const path = url.pathname;
    if (req.method === 'GET' && path === '/sim') {
      return sendJson(res, 200, {
        orders: orders.size,
        apiUrl: `${baseUrl()}/v1`,
        orderValidDays: validDays,
      });
    }
    if (req.method === 'GET' && path === '/sim/orders') {
      const reference = url.searchParams.get('reference');
      const list = [...orders.values()].filter((order) => !reference || order.reference === reference);
      return sendJson(res, 200, { orders: list.map(controlView) });
    }
    const match = /^\/sim\/orders\/([^/]+)\/(sign|decline|expire|redeliver)$/.exec(path);
    if (req.method !== 'POST' || !match) return sendError(res, 404, 'not_found');
    const order = orders.get(decodeURIComponent(match[1] ?? ''));
    if (!order) return sendError(res, 404, 'order_not_found');
    const action = match[2];
    if (action === 'redeliver') {
      const last = order.deliveries.at(-1);
      if (!last) return sendError(res, 409, 'nothing_delivered');
      const delivery = await deliver(order, last.body, last.eventId);
      return sendJson(res, 200, {
        order: controlView(order),
        delivery: { httpStatus: delivery.httpStatus, error: delivery.error },
      });
    }
    expireOverdue(order);
    if (order.status !== 'pending') return sendError(res, 409, 'order_finished', `order is ${order.status}`);
    const status = action === 'sign' ? 'signed' : action === 'decline' ? 'declined' : 'expired';
    const delivery = await finish(order, status);
    return sendJson(res, 200, {
      order: controlView(order),
      delivery: { httpStatus: delivery.httpStatus, error: delivery.error },
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const handle = async () => {
      if (url.pathname === '/livez') return sendJson(res, 200, { ok: true });
      if (url.pathname.startsWith('/v1/')) return handleApi(req, res, url.pathname);
      if (url.pathname === '/sim' || url.pathname.startsWith('/sim/')) return handleControl(req, res, url);
      return sendError(res, 404, 'not_found');
    };
    handle().catch((error: Error) => {
      log(`error: ${error.message}`);
      if (!res.headersSent) sendError(res, 500, 'internal_error');
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const baseUrl = () => `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl(),
    apiUrl: `${baseUrl()}/v1`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
