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
});
