import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankIdApiError, BankIdUnavailableError, createBankIdClient } from './bankid.client';

// A loopback server that answers each RP method with a canned response, to pin how the client reads them.
const answers: Record<string, { status: number; body: string; delayMs?: number }> = {};
const received: { path: string; body: unknown }[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(body || '{}') });
      const answer = answers[(req.url ?? '').split('/').pop()!] ?? { status: 404, body: '{}' };
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rp/v6.0`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => createBankIdClient({ baseUrl, timeoutMs: 300 });

describe('BankID RP client', () => {
  it('posts JSON to <base>/<method> and parses the answer', async () => {
    answers.auth = {
      status: 200,
      body: JSON.stringify({ orderRef: 'o', autoStartToken: 'a', qrStartToken: 'q', qrStartSecret: 's' }),
    };
    const started = await client().auth({
      endUserIp: '127.0.0.1',
      requirement: { personalNumber: '199001011239' },
    });
    expect(started).toEqual({ orderRef: 'o', autoStartToken: 'a', qrStartToken: 'q', qrStartSecret: 's' });
    expect(received.at(-1)).toEqual({
      path: '/rp/v6.0/auth',
      body: { endUserIp: '127.0.0.1', requirement: { personalNumber: '199001011239' } },
    });
  });

  it('keeps unknown hint codes as they are', async () => {
    answers.collect = {
      status: 200,
      body: JSON.stringify({ orderRef: 'o', status: 'pending', hintCode: 'somethingNew' }),
    };
    expect(await client().collect('o')).toEqual({
      orderRef: 'o',
      status: 'pending',
      hintCode: 'somethingNew',
    });
  });

  it('turns error bodies into BankIdApiError with the code and status', async () => {
    answers.cancel = {
      status: 400,
      body: JSON.stringify({ errorCode: 'invalidParameters', details: 'No such order' }),
    };
    const error = await client()
      .cancel('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BankIdApiError);
    expect(error).toMatchObject({ errorCode: 'invalidParameters', httpStatus: 400 });
  });

  it.each([
    ['a body that is not JSON', { status: 502, body: '<html>bad gateway</html>' }],
    ['an unexpected shape', { status: 200, body: JSON.stringify({ hello: 'world' }) }],
    ['an error without errorCode', { status: 500, body: '{}' }],
    ['no answer in time', { status: 200, body: '{}', delayMs: 1000 }],
  ])('reports %s as unavailable', async (_name, answer) => {
    answers.collect = answer;
    await expect(client().collect('o')).rejects.toBeInstanceOf(BankIdUnavailableError);
  });

  it('reports a refused connection as unavailable', async () => {
    const offline = createBankIdClient({ baseUrl: 'http://127.0.0.1:9/rp/v6.0', timeoutMs: 300 });
    await expect(offline.collect('o')).rejects.toBeInstanceOf(BankIdUnavailableError);
  });

  it('sends a request again on a new connection when the kept-alive one it went out on had been closed', async () => {
    // A server that, like one whose idle timeout ran out just as the request left, drops a kept-alive
    // connection when a second request arrives on it, without reading or answering it.
    const requestsOnSocket = new WeakMap<object, number>();
    const handled: string[] = [];
    const closing = createServer((req, res) => {
      const count = (requestsOnSocket.get(req.socket) ?? 0) + 1;
      requestsOnSocket.set(req.socket, count);
      if (count > 1) return void req.socket.destroy();
      req.resume();
      req.on('end', () => {
        handled.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ orderRef: 'o', status: 'pending', hintCode: 'outstandingTransaction' }));
      });
    });
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    try {
      const port = (closing.address() as AddressInfo).port;
      const kept = createBankIdClient({ baseUrl: `http://127.0.0.1:${port}/rp/v6.0`, timeoutMs: 2_000 });
      await kept.collect('o');
      // The second call goes out on the first one's connection, which the server drops.
      expect(await kept.collect('o')).toEqual({
        orderRef: 'o',
        status: 'pending',
        hintCode: 'outstandingTransaction',
      });
      expect(handled).toEqual(['/rp/v6.0/collect', '/rp/v6.0/collect']);
    } finally {
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    }
  });
});
