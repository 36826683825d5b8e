import http from 'node:http';
import https from 'node:https';
import type { z } from 'zod';
import {
  authResponseSchema,
  collectResponseSchema,
  errorResponseSchema,
  type BankIdAuthRequest,
  type BankIdAuthResponse,
  type BankIdCollectResponse,
} from './bankid.schema';

/** BankID answered with an error body (`errorCode`, `details`), e.g. alreadyInProgress or maintenance. */
export class BankIdApiError extends Error {
  constructor(
    readonly errorCode: string,
    readonly details: string,
    readonly httpStatus: number,
  ) {
    super(`BankID ${errorCode} (HTTP ${httpStatus})`);
    this.name = 'BankIdApiError';
  }
}

/** BankID could not be reached or answered something that is not its API. */
export class BankIdUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankIdUnavailableError';
  }
}

/** A request sent on a kept-alive connection the server had closed: it never reached the server. */
class StaleConnectionError extends BankIdUnavailableError {}

export interface BankIdClientOptions {
  /** e.g. https://appapi2.test.bankid.com/rp/v6.0 or the simulator's http://127.0.0.1:8443/rp/v6.0 */
  baseUrl: string;
  /** Mutual TLS for the real services: the RP certificate (PKCS#12) and BankID's CA. */
  pfx?: Buffer;
  passphrase?: string;
  ca?: Buffer;
  timeoutMs: number;
}

export interface BankIdClient {
  auth(request: BankIdAuthRequest): Promise<BankIdAuthResponse>;
  collect(orderRef: string): Promise<BankIdCollectResponse>;
  cancel(orderRef: string): Promise<void>;
}

/**
 * A small client for the BankID RP API v6.0 over node:https (node:http for a loopback simulator). The `bankid`
 * npm package was not used: it hard-codes the BankID hosts (no simulator), pulls in axios, keeps QR state in
 * process memory and ships an expired test certificate.
 */
export function createBankIdClient(options: BankIdClientOptions): BankIdClient {
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const isHttps = base.protocol === 'https:';
  const agent = isHttps
    ? new https.Agent({
        keepAlive: true,
        pfx: options.pfx,
        passphrase: options.passphrase,
        ca: options.ca,
        minVersion: 'TLSv1.2',
      })
    : new http.Agent({ keepAlive: true });

  /**
   * One RP call. A kept-alive connection the server closed while idle fails the next request sent on it at once
   * (ECONNRESET before any answer): the server never read that request, so it is sent again, once, on a new
   * connection (Node's documented pattern, `request.reusedSocket`). Any other failure is BankID unavailable.
   */
  async function post<S extends z.ZodType>(method: string, body: unknown, schema: S): Promise<z.infer<S>> {
    try {
      return await postOnce(method, body, schema);
    } catch (error) {
      if (!(error instanceof StaleConnectionError)) throw error;
      return postOnce(method, body, schema);
    }
  }

  function postOnce<S extends z.ZodType>(method: string, body: unknown, schema: S): Promise<z.infer<S>> {
    const url = new URL(method, base);
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = (isHttps ? https : http).request(
        url,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
          timeout: options.timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            let json: unknown;
            try {
              json = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
            } catch {
              return reject(new BankIdUnavailableError(`BankID ${method}: HTTP ${status} without JSON`));
            }
            if (status >= 200 && status < 300) {
              const parsed = schema.safeParse(json);
              return parsed.success
                ? resolve(parsed.data)
                : reject(new BankIdUnavailableError(`BankID ${method}: unexpected response shape`));
            }
            const error = errorResponseSchema.safeParse(json);
            return reject(
              error.success
                ? new BankIdApiError(error.data.errorCode, error.data.details, status)
                : new BankIdUnavailableError(`BankID ${method}: HTTP ${status}`),
            );
          });
          response.on('error', (error) => reject(new BankIdUnavailableError(error.message)));
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
      request.on('error', (error: NodeJS.ErrnoException) =>
        reject(
          request.reusedSocket && error.code === 'ECONNRESET'
            ? new StaleConnectionError(`BankID ${method}: ${error.message}`)
            : new BankIdUnavailableError(`BankID ${method}: ${error.message}`),
        ),
      );
      request.end(payload);
    });
  }

  return {
    auth: (request) => post('auth', request, authResponseSchema),
    collect: (orderRef) => post('collect', { orderRef }, collectResponseSchema),
    cancel: async (orderRef) => {
      await post('cancel', { orderRef }, errorResponseSchema.partial());
    },
  };
}
