import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestIp } from './factories';

export type Caller = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
  language?: string,
) => Promise<LightMyRequestResponse>;

/**
 * Calls `app` as a browser would: with the session token (if any), an `accept-language` (English unless
 * told) and a client address of its own per call, so no login limit of one test reaches another.
 */
export function createCaller(app: FastifyInstance): Caller {
  return (method, url, token, payload, language = 'en') =>
    app.inject({
      method,
      url,
      headers: { 'accept-language': language, ...(token ? { authorization: token } : {}) },
      ...(payload ? { payload } : {}),
      remoteAddress: createTestIp(),
    });
}
