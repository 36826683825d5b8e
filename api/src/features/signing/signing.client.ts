import type { z } from 'zod';
import {
  providerErrorSchema,
  signingOrderSchema,
  type CreateSigningOrderRequest,
  type SigningOrder,
} from './signing.schema';

/** The signing provider answered with an error (4xx/5xx with `{ error, message }`). */
export class SigningApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorCode: string,
  ) {
    super(`signing provider: HTTP ${httpStatus} ${errorCode}`);
    this.name = 'SigningApiError';
  }
}

/** The signing provider could not be reached or answered something that is not its API. */
export class SigningUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningUnavailableError';
  }
}

export interface SigningClientOptions {
  /** e.g. the simulator's http://127.0.0.1:8445/v1 */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export interface SigningClient {
  createOrder(request: CreateSigningOrderRequest): Promise<SigningOrder>;
  getOrder(orderId: string): Promise<SigningOrder>;
  cancelOrder(orderId: string): Promise<SigningOrder>;
  /** The signed PDF of a signed order. */
  fetchSignedDocument(orderId: string): Promise<Buffer>;
}

/** A client for the digital-mailbox signing API of docs/signing-provider.md, over fetch (undici). */
export function createSigningClient(options: SigningClientOptions): SigningClient {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json, application/pdf',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new SigningUnavailableError(`signing provider ${method} ${path}: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const parsed = providerErrorSchema.safeParse(await response.json().catch(() => null));
      if (response.status >= 500 || !parsed.success) {
        throw new SigningUnavailableError(`signing provider ${method} ${path}: HTTP ${response.status}`);
      }
      throw new SigningApiError(response.status, parsed.data.error);
    }
    return response;
  }

  async function json<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> {
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new SigningUnavailableError('signing provider: unexpected response shape');
    return parsed.data;
  }

  const orderPath = (orderId: string) => `signing-orders/${encodeURIComponent(orderId)}`;

  return {
    createOrder: async (body) => json(await request('POST', 'signing-orders', body), signingOrderSchema),
    getOrder: async (orderId) => json(await request('GET', orderPath(orderId)), signingOrderSchema),
    cancelOrder: async (orderId) =>
      json(await request('POST', `${orderPath(orderId)}/cancel`, {}), signingOrderSchema),
    fetchSignedDocument: async (orderId) => {
      const response = await request('GET', `${orderPath(orderId)}/signed-document`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
