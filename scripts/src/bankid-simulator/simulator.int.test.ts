import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBankIdSimulator, type BankIdSimulator } from './simulator';

let simulator: BankIdSimulator;
beforeAll(async () => {
  simulator = await startBankIdSimulator({ port: 0, stepMs: 50 });
});
afterAll(async () => simulator?.close());

const rp = (method: string, body: unknown, contentType = 'application/json') =>
  fetch(`${simulator.rpUrl}/${method}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify(body),
  });

describe('the BankID simulator over HTTP', () => {
  it('speaks RP API v6.0: auth, collect until complete, and errors in BankID’s shape', async () => {
    const started = await rp('auth', {
      endUserIp: '127.0.0.1',
      requirement: { personalNumber: '198507121236' },
    });
    expect(started.status).toBe(200);
    const order = (await started.json()) as Record<string, string>;
    expect(Object.keys(order).sort()).toEqual([
      'autoStartToken',
      'orderRef',
      'qrStartSecret',
      'qrStartToken',
    ]);

    let body: { status: string; completionData?: { user: { personalNumber: string } } };
    do {
      body = (await (await rp('collect', { orderRef: order.orderRef })).json()) as typeof body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (body.status === 'pending');
    expect(body.status).toBe('complete');
    expect(body.completionData!.user.personalNumber).toBe('198507121236');

    const unknown = await rp('collect', { orderRef: 'nope' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ errorCode: 'invalidParameters', details: 'No such order' });
    expect((await rp('auth', {}, 'text/plain')).status).toBe(415);
    expect((await fetch(`${simulator.rpUrl}/auth`)).status).toBe(405);
    expect(await (await rp('sign-in', {})).json()).toMatchObject({ errorCode: 'notFound' });
  });

  it('lets tests choose scenarios through the control API', async () => {
    const set = await fetch(`${simulator.url}/sim/persons/198507121236`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: 'maintenance' }),
    });
    expect(set.status).toBe(200);
    const refused = await rp('auth', {
      endUserIp: '127.0.0.1',
      requirement: { personalNumber: '198507121236' },
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ errorCode: 'maintenance' });
    await fetch(`${simulator.url}/sim/persons/198507121236`, { method: 'DELETE' });

    const bad = await fetch(`${simulator.url}/sim/config`, {
      method: 'PUT',
      body: JSON.stringify({ defaultScenario: 'explode' }),
    });
    expect(bad.status).toBe(400);
    const info = (await (await fetch(`${simulator.url}/sim`)).json()) as { scenarios: string[] };
    expect(info.scenarios).toContain('userCancel');
  });

  it('serves the app page of the same-device flow and returns to the redirect', async () => {
    await fetch(`${simulator.url}/sim/config`, { method: 'PUT', body: JSON.stringify({ autoSign: false }) });
    try {
      const order = (await (await rp('auth', { endUserIp: '127.0.0.1' })).json()) as Record<string, string>;
      const page = await fetch(
        `${simulator.url}/app?autostarttoken=${order.autoStartToken}&redirect=${encodeURIComponent('http://127.0.0.1:3000/sv/login?orderRef=x')}`,
      );
      expect(await page.text()).toContain('name="personalNumber"');
      const done = await fetch(`${simulator.url}/app`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          autostarttoken: order.autoStartToken!,
          redirect: 'http://127.0.0.1:3000/sv/login?orderRef=x',
          action: 'identify',
          personalNumber: '19850712-1236',
        }).toString(),
      });
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe('http://127.0.0.1:3000/sv/login?orderRef=x');
      const collected = (await (await rp('collect', { orderRef: order.orderRef })).json()) as {
        status: string;
      };
      expect(collected.status).toBe('complete');
    } finally {
      await fetch(`${simulator.url}/sim/config`, { method: 'PUT', body: JSON.stringify({ autoSign: true }) });
    }
  });
});
