import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderAppPage } from './app-page';
import { isScenario, SCENARIOS } from './scenarios';
import { SimulatorState, type RpResult, type SimulatorOptions } from './simulator-state';
import { readText, sendJson } from '../simulator-http/http';

/**
 * A local BankID: the Relying Party API v6.0 (`POST /rp/v6.0/auth|collect|cancel`) plus what a phone would do
 * (`/app` for the same-device flow, `POST /sim/scan` for a scanned QR code) and a control API to choose
 * scenarios. Loopback only, plain HTTP, no client certificate: it stands in for BankID in development and
 * tests, never in production.
 */
export interface BankIdSimulator {
  readonly url: string;
  /** The RP API base to configure the app with, e.g. http://127.0.0.1:8443/rp/v6.0 */
  readonly rpUrl: string;
  readonly state: SimulatorState;
  readonly server: Server;
  close(): Promise<void>;
}

const RP_PREFIX = '/rp/v6.0/';
const MAX_BODY_BYTES = 64 * 1024;

function sendRp(res: ServerResponse, result: RpResult<unknown>) {
  if (result.ok) return sendJson(res, 200, result.body);
  return sendJson(res, result.httpStatus, { errorCode: result.errorCode, details: result.details });
}

const readBody = (req: IncomingMessage) => readText(req, MAX_BODY_BYTES);

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  try {
    const parsed: unknown = JSON.parse((await readBody(req)) || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const mask = (personalNumber: string | null) =>
  personalNumber ? `${personalNumber.slice(0, 8)}-****` : null;

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

async function handleRp(state: SimulatorState, method: string, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'POST')
    return sendJson(res, 405, { errorCode: 'methodNotAllowed', details: 'Use POST' });
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return sendJson(res, 415, { errorCode: 'unsupportedMediaType', details: 'Use application/json' });
  }
  const body = await readJson(req);
  if (!body) return sendJson(res, 400, { errorCode: 'invalidParameters', details: 'Invalid JSON' });
  switch (method) {
    case 'auth':
      return sendRp(res, state.auth(body as Parameters<SimulatorState['auth']>[0]));
    case 'collect':
      return sendRp(res, state.collect(body.orderRef));
    case 'cancel':
      return sendRp(res, state.cancel(body.orderRef));
    default:
      return sendJson(res, 404, { errorCode: 'notFound', details: `No method ${method}` });
  }
}

async function handleControl(state: SimulatorState, url: URL, req: IncomingMessage, res: ServerResponse) {
  const parts = url.pathname.split('/').filter(Boolean);
  if (req.method === 'GET' && url.pathname === '/sim') {
    return sendJson(res, 200, {
      options: {
        stepMs: state.options.stepMs,
        autoSign: state.options.autoSign,
        defaultScenario: state.options.defaultScenario,
      },
      scenarios: SCENARIOS,
      pendingOrders: state.pendingCount,
    });
  }
  if (req.method === 'PUT' && url.pathname === '/sim/config') {
    const body = (await readJson(req)) ?? {};
    const changes: Parameters<SimulatorState['configure']>[0] = {};
    if (typeof body.stepMs === 'number' && body.stepMs >= 0) changes.stepMs = body.stepMs;
    if (typeof body.autoSign === 'boolean') changes.autoSign = body.autoSign;
    if (body.defaultScenario !== undefined) {
      if (!isScenario(body.defaultScenario))
        return sendJson(res, 400, { error: `scenario must be one of ${SCENARIOS.join(', ')}` });
      changes.defaultScenario = body.defaultScenario;
    }
    state.configure(changes);
    return sendJson(res, 200, { ok: true });
  }
  if (parts[1] === 'persons' && parts[2] && /^\d{12}$/.test(parts[2])) {
    if (req.method === 'DELETE') {
      state.forgetPerson(parts[2]);
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === 'PUT') {
      const body = (await readJson(req)) ?? {};
      if (body.scenario !== undefined && body.scenario !== null && !isScenario(body.scenario)) {
        return sendJson(res, 400, { error: `scenario must be one of ${SCENARIOS.join(', ')}` });
      }
      state.setPerson(parts[2], {
        scenario: body.scenario as never,
        ...(typeof body.givenName === 'string' ? { givenName: body.givenName } : {}),
        ...(typeof body.surname === 'string' ? { surname: body.surname } : {}),
        ...(typeof body.deviceIpAddress === 'string' ? { deviceIpAddress: body.deviceIpAddress } : {}),
      });
      return sendJson(res, 200, { ok: true });
    }
  }
  if (req.method === 'POST' && url.pathname === '/sim/scan') {
    const body = (await readJson(req)) ?? {};
    if (typeof body.qrData !== 'string') return sendJson(res, 400, { error: 'qrData is required' });
    const result = state.scan(
      body.qrData,
      typeof body.personalNumber === 'string' ? body.personalNumber : undefined,
    );
    return result.ok
      ? sendJson(res, 200, { orderRef: result.orderRef })
      : sendJson(res, 400, { error: result.reason });
  }
  return sendJson(res, 404, { error: 'not found' });
}

async function handleApp(state: SimulatorState, url: URL, req: IncomingMessage, res: ServerResponse) {
  const html = (status: number, page: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  };
  if (req.method === 'GET') {
    const token = url.searchParams.get('autostarttoken') ?? '';
    const described = state.describeByStartToken(token);
    return html(
      described ? 200 : 404,
      renderAppPage({
        autoStartToken: token,
        redirect: url.searchParams.get('redirect') ?? '',
        maskedPersonalNumber: mask(described?.personalNumber ?? null),
        pending: described?.pending ?? false,
      }),
    );
  }
  if (req.method === 'POST') {
    const form = new URLSearchParams(await readBody(req));
    const token = form.get('autostarttoken') ?? '';
    const action = form.get('action') === 'cancel' ? 'cancel' : 'identify';
    const personalNumber = form.get('personalNumber')?.replace(/\D/g, '') || undefined;
    const result = state.openApp(token, action, personalNumber);
    const redirect = form.get('redirect') ?? '';
    if (result.ok && redirect && isHttpUrl(redirect)) {
      res.writeHead(303, { location: redirect });
      return res.end();
    }
    return html(
      result.ok ? 200 : 400,
      renderAppPage({
        autoStartToken: token,
        redirect,
        maskedPersonalNumber: null,
        pending: false,
        message: result.ok
          ? 'Klart, gå tillbaka till webbläsaren / done, return to the browser.'
          : result.reason,
      }),
    );
  }
  return sendJson(res, 405, { error: 'method not allowed' });
}

/** Starts a simulator on loopback; `port` 0 picks a free port (tests start their own this way). */
export async function startBankIdSimulator(
  options: Partial<Omit<SimulatorOptions, 'now'>> & {
    port?: number;
    host?: string;
    log?: (line: string) => void;
  } = {},
): Promise<BankIdSimulator> {
  const { port = 0, host = '127.0.0.1', log, ...stateOptions } = options;
  const state = new SimulatorState(stateOptions);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const started = Date.now();
    // Never log a personal number: only the method, path and status.
    res.on('finish', () =>
      log?.(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`),
    );
    const route = async () => {
      if (url.pathname === '/livez') return sendJson(res, 200, { status: 'ok' });
      if (url.pathname.startsWith(RP_PREFIX))
        return handleRp(state, url.pathname.slice(RP_PREFIX.length), req, res);
      if (url.pathname === '/sim' || url.pathname.startsWith('/sim/'))
        return handleControl(state, url, req, res);
      if (url.pathname === '/app' || url.pathname === '/app/') return handleApp(state, url, req, res);
      return sendJson(res, 404, { errorCode: 'notFound', details: 'Not found' });
    };
    route().catch(() => {
      if (!res.headersSent) sendJson(res, 500, { errorCode: 'internalError', details: 'Simulator error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host}:${address.port}`;
  return {
    url,
    rpUrl: `${url}/rp/v6.0`,
    state,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
