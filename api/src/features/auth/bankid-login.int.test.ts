import { purgeAccount } from '@mp/indexer/jobs/retention.repository';
import { translateMessage } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import {
  buildAuthTestApp,
  collectUntilDone,
  hintsSeenInOrder,
  useAuthTestApp,
} from '@mp/test-support/auth-test-app';
import { createPersonalNumber, createTestIp, createUser } from '@mp/test-support/factories';
import { decryptSecret, hashPersonalNumber } from '../../lib/crypto';
import { bankIdCollectSecret } from '../bankid/bankid.service';

const api = useAuthTestApp();

const start = (nationalIdentityNumber: string, ip: string, language = 'en') =>
  api.app.inject({
    method: 'PUT',
    url: '/auth',
    headers: { 'accept-language': language },
    payload: { nationalIdentityNumber },
    remoteAddress: ip,
  });

/** What PUT /auth returned to the starting browser as `collectSecret`. */
const secretOf = (orderRef: string) => bankIdCollectSecret(api.app.config, orderRef);

const collect = (orderRef: string, ip: string, extra: Record<string, unknown> = {}, language = 'en') =>
  collectUntilDone(api.app, {
    method: 'POST',
    url: '/auth',
    headers: { 'accept-language': language },
    payload: { orderRef, collectSecret: secretOf(orderRef), ...extra },
    remoteAddress: ip,
  });

describe('BankID login through the simulator', () => {
  it('creates a new user: start, pending hints, complete with a token and the unverified user', async () => {
    const pn = createPersonalNumber();
    const ip = createTestIp();
    api.simulator.state.setPerson(pn, { givenName: 'Astrid', surname: 'Lindgren' });

    const started = await start(pn, ip);
    expect(started.statusCode).toBe(200);
    const { orderRef, autoStartToken, sameDeviceUrl } = started.json();
    expect(Object.keys(started.json()).sort()).toEqual([
      'autoStartToken',
      'collectSecret',
      'orderRef',
      'sameDeviceUrl',
    ]);
    expect(started.json().collectSecret).toBe(secretOf(orderRef));
    const link = new URL(sameDeviceUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`${api.simulator.url}/app`);
    expect(link.searchParams.get('autostarttoken')).toBe(autoStartToken);
    const back = new URL(link.searchParams.get('redirect')!);
    expect(back.pathname).toBe('/en/login');
    expect(back.searchParams.get('orderRef')).toBe(orderRef);

    const { response, hints } = await collect(orderRef, ip);
    expect(hintsSeenInOrder(hints), hints.join()).toBe(true);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('complete');
    expect(typeof body.authorization).toBe('string');
    expect(body.user).toMatchObject({
      firstName: 'Astrid',
      lastName: 'Lindgren',
      verified: false,
      email: null,
      hasBankId: true,
      hasPassword: false,
      locale: 'en',
      nationalIdentityNumber: `${pn.slice(0, 8)}-****`,
    });

    const row = await api.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.user.id)
      .executeTakeFirstOrThrow();
    expect(row.national_identity_number_hash).toBe(hashPersonalNumber(api.app.config.NIN_HMAC_KEY, pn));
    expect(decryptSecret(api.app.config.NIN_ENCRYPTION_KEY, row.national_identity_number_encrypted!)).toBe(
      pn,
    );

    // The token works raw, as the spec sends it, and with a Bearer prefix.
    for (const authorization of [body.authorization, `Bearer ${body.authorization}`]) {
      const me = await api.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(body.user.id);
    }
  });

  it('logs an existing user in to the same account, keeping what they had', async () => {
    const pn = createPersonalNumber();
    const existing = await createUser(api.app.db, api.app.config, {
      personalNumber: pn,
      verified: true,
      firstName: 'Karin',
    });
    const ip = createTestIp();
    const { orderRef } = (await start(pn, ip)).json();
    const { response } = await collect(orderRef, ip);
    expect(response.json()).toMatchObject({
      status: 'complete',
      user: { id: existing.id, verified: true, firstName: 'Karin', hasPassword: true },
    });
    const order = await api.app.db
      .selectFrom('bankid_orders')
      .selectAll()
      .where('order_ref', '=', orderRef)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: 'complete',
      completed_user_id: existing.id,
      qr_start_secret_encrypted: null,
    });
  });

  it('tells the user what to do while pending, in the request language', async () => {
    // The order waits for the app (no auto-sign), so its hint stays put however slowly this runs: with the
    // simulator's clock running, a collect later than one step found 'userSign' instead.
    api.simulator.state.configure({ autoSign: false });
    try {
      const pn = createPersonalNumber();
      const ip = createTestIp();
      const { orderRef } = (await start(pn, ip, 'sv')).json();
      const pending = await api.app.inject({
        method: 'POST',
        url: '/auth',
        headers: { 'accept-language': 'sv-SE,sv;q=0.9' },
        payload: { orderRef, collectSecret: secretOf(orderRef) },
        remoteAddress: ip,
      });
      expect(pending.json()).toEqual({
        status: 'pending',
        hintCode: 'outstandingTransaction',
        message: 'Starta BankID-appen.',
      });
      const cancelled = await api.app.inject({
        method: 'POST',
        url: '/api/bankid/cancel',
        payload: { orderRef },
      });
      expect(cancelled.json()).toEqual({ cancelled: true });
    } finally {
      api.simulator.state.configure({ autoSign: true });
    }
  });

  it.each([
    ['userCancel', 'BANKID_USER_CANCEL', 'error.bankIdActionCancelled'],
    ['expiredTransaction', 'BANKID_EXPIRED_TRANSACTION', 'error.bankIdAppNotResponding'],
    ['startFailed', 'BANKID_START_FAILED', 'error.bankIdAppNotFound'],
    ['certificateErr', 'BANKID_CERTIFICATE_ERR', 'error.bankIdCertificateBlocked'],
  ] as const)(
    'ends %s with its message and lets the user start over',
    async (scenario, code, messageCode) => {
      const pn = createPersonalNumber();
      const ip = createTestIp();
      api.simulator.state.setPerson(pn, { scenario });
      const { orderRef } = (await start(pn, ip)).json();
      const { response } = await collect(orderRef, ip);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code,
        errorMessage: translateMessage(messageCode, 'en'),
        data: { hintCode: scenario },
      });
      // The failed order stays failed (step 1 again): collecting it again gives the same answer, no session.
      const again = await api.app.inject({
        method: 'POST',
        url: '/auth',
        payload: { orderRef, collectSecret: secretOf(orderRef) },
        remoteAddress: ip,
      });
      expect(again.json().code).toBe(code);
      // Swedish callers get BankID's Swedish text.
      const sv = await api.app.inject({
        method: 'POST',
        url: '/auth',
        headers: { 'accept-language': 'sv' },
        payload: { orderRef, collectSecret: secretOf(orderRef) },
        remoteAddress: ip,
      });
      expect(sv.json().errorMessage).toBe(translateMessage(messageCode, 'sv'));

      api.simulator.state.setPerson(pn, { scenario: null });
      const retry = await start(pn, ip);
      expect(retry.statusCode).toBe(200);
      expect((await collect(retry.json().orderRef, ip)).response.json().status).toBe('complete');
    },
  );

  it('answers alreadyInProgress with 409 and BankID’s message', async () => {
    const pn = createPersonalNumber();
    api.simulator.state.setPerson(pn, { scenario: 'alreadyInProgress' });
    const response = await start(pn, createTestIp());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'BANKID_ALREADY_IN_PROGRESS',
      errorMessage: translateMessage('error.bankIdAlreadyInProgress', 'en'),
    });
  });

  it('answers a BankID outage with the spec message', async () => {
    const pn = createPersonalNumber();
    api.simulator.state.setPerson(pn, { scenario: 'internalError' });
    const response = await start(pn, createTestIp());
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'BANKID_UNAVAILABLE',
      errorMessage: 'BankID authentication failed, Please try again',
    });

    const offline = await buildAuthTestApp(null, { BANKID_URL: 'http://127.0.0.1:9/rp/v6.0' });
    try {
      const down = await offline.inject({
        method: 'PUT',
        url: '/auth',
        headers: { 'accept-language': 'sv' },
        payload: { nationalIdentityNumber: createPersonalNumber() },
        remoteAddress: createTestIp(),
      });
      expect(down.statusCode).toBe(503);
      expect(down.json().errorMessage).toBe('Inloggningen med BankID misslyckades, försök igen');
    } finally {
      await offline.close();
    }
  });

  it.each([
    ['', 'Enter your national identity number', 'Ange ditt personnummer'],
    [
      '19900101123',
      'National Security Number must be 12 characters long',
      'Personnumret måste bestå av 12 siffror',
    ],
    [
      '199001011230',
      'Invalid national identity number, please check the last digit',
      'Ogiltigt personnummer, kontrollera den sista siffran',
    ],
  ])('refuses the personal number %j with the spec message', async (input, en, sv) => {
    for (const [language, message] of [
      ['en', en],
      ['sv', sv],
    ] as const) {
      const response = await start(input, createTestIp(), language);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessage).toBe(message);
    }
  });

  it('refuses someone under 18', async () => {
    const response = await start(createPersonalNumber({ age: 12 }), createTestIp());
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe('You must be at least 18 years old');
  });

  it('accepts a coordination number and a hyphenated number', async () => {
    const coordination = createPersonalNumber({ coordination: true });
    const ip = createTestIp();
    const first = await start(coordination, ip);
    expect(first.statusCode).toBe(200);
    expect((await collect(first.json().orderRef, ip)).response.json().status).toBe('complete');
    const plain = createPersonalNumber();
    const hyphenated = `${plain.slice(0, 8)}-${plain.slice(8)}`;
    const second = await start(hyphenated, ip);
    expect(second.statusCode).toBe(200);
    const done = (await collect(second.json().orderRef, ip)).response.json();
    expect(done.user.nationalIdentityNumber).toBe(`${plain.slice(0, 8)}-****`);
  });

  it('serves the animated QR content computed from the secret, which never leaves the server', async () => {
    api.simulator.state.configure({ autoSign: false });
    try {
      const pn = createPersonalNumber();
      const ip = createTestIp();
      const { orderRef } = (await start(pn, ip)).json();
      const qr = await api.app.inject({ method: 'GET', url: `/api/bankid/qr/${orderRef}` });
      expect(qr.statusCode).toBe(200);
      expect(qr.headers['cache-control']).toBe('no-store');
      const { qrData, seconds } = qr.json();
      expect(qrData).toMatch(/^bankid\.[0-9a-f-]{36}\.\d+\.[0-9a-f]{64}$/);
      expect(Number(qrData.split('.')[2])).toBe(seconds);

      const stored = await api.app.db
        .selectFrom('bankid_orders')
        .select(['qr_start_secret_encrypted', 'personal_number_hash'])
        .where('order_ref', '=', orderRef)
        .executeTakeFirstOrThrow();
      expect(stored.qr_start_secret_encrypted).toMatch(/^v1\./);
      expect(stored.personal_number_hash).not.toContain(pn);

      // Without the api.app the order waits; a tampered code is refused by the (simulated) api.app, the real one accepted.
      const waiting = await api.app.inject({
        method: 'POST',
        url: '/auth',
        payload: { orderRef, collectSecret: secretOf(orderRef) },
        remoteAddress: ip,
      });
      expect(waiting.json().hintCode).toBe('outstandingTransaction');
      // From the scan on, the order's time line runs on the simulator's clock, held still here and moved one
      // step at a time: with it running, a loaded machine could collect only after 'userSign' had passed.
      const { stepMs } = api.simulator.state.options;
      let now = Date.now();
      api.simulator.state.options.now = () => now;
      const tampered = qrData.replace(/.$/, (c: string) => (c === '0' ? '1' : '0'));
      expect(api.simulator.state.scan(tampered).ok).toBe(false);
      expect(api.simulator.state.scan(qrData)).toMatchObject({ ok: true, orderRef });
      const collectOnce = () =>
        api.app.inject({
          method: 'POST',
          url: '/auth',
          payload: { orderRef, collectSecret: secretOf(orderRef) },
          remoteAddress: ip,
        });
      expect((await collectOnce()).json().hintCode).toBe('outstandingTransaction');
      now += stepMs;
      expect((await collectOnce()).json().hintCode).toBe('userSign');
      now += stepMs;
      expect((await collectOnce()).json().status).toBe('complete');

      // A finished order has no QR code any more.
      expect((await api.app.inject({ method: 'GET', url: `/api/bankid/qr/${orderRef}` })).statusCode).toBe(
        400,
      );
    } finally {
      api.simulator.state.options.now = Date.now;
      api.simulator.state.configure({ autoSign: true });
    }
  });

  it('completes the same-device flow: the api.app page identifies and returns to login with the orderRef', async () => {
    api.simulator.state.configure({ autoSign: false });
    try {
      const pn = createPersonalNumber();
      const ip = createTestIp();
      const { orderRef, sameDeviceUrl } = (await start(pn, ip, 'sv')).json();
      const page = await fetch(sameDeviceUrl);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`${pn.slice(0, 8)}-****`);
      expect(html).not.toContain(pn);

      const link = new URL(sameDeviceUrl);
      const identified = await fetch(`${api.simulator.url}/app`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          autostarttoken: link.searchParams.get('autostarttoken')!,
          redirect: link.searchParams.get('redirect')!,
          action: 'identify',
        }).toString(),
      });
      expect(identified.status).toBe(303);
      const back = new URL(identified.headers.get('location')!);
      expect(back.pathname).toBe('/sv/login');
      expect(back.searchParams.get('orderRef')).toBe(orderRef);

      const resumed = await api.app.inject({
        method: 'POST',
        url: '/auth',
        payload: { orderRef, collectSecret: secretOf(orderRef) },
        remoteAddress: ip,
      });
      expect(resumed.json().status).toBe('complete');
    } finally {
      api.simulator.state.configure({ autoSign: true });
    }
  });

  it("keeps the login page's redirect and tab in the same-device return link, and refuses another site's", async () => {
    const ip = createTestIp();
    const startWith = (body: Record<string, unknown>) =>
      api.app.inject({
        method: 'PUT',
        url: '/auth',
        headers: { 'accept-language': 'sv' },
        payload: { nationalIdentityNumber: createPersonalNumber(), ...body },
        remoteAddress: ip,
      });
    const returnLink = (started: { json(): { sameDeviceUrl: string } }) =>
      new URL(new URL(started.json().sameDeviceUrl).searchParams.get('redirect')!);

    const started = await startWith({ redirect: '/app/time?week=2026-W10', tab: 'privacy' });
    expect(started.statusCode, started.body).toBe(200);
    const back = returnLink(started);
    expect(`${back.origin}${back.pathname}`).toBe(`${api.app.config.PUBLIC_URL.replace(/\/$/, '')}/sv/login`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      orderRef: started.json().orderRef,
      redirect: '/app/time?week=2026-W10',
      tab: 'privacy',
    });
    // Without a redirect, only the orderRef (a tab alone means nothing).
    expect([...returnLink(await startWith({ tab: 'privacy' })).searchParams.keys()]).toEqual(['orderRef']);

    for (const redirect of [
      'https://evil.example/app',
      '//evil.example/app',
      '/\\evil.example',
      'app/time',
      '/login?redirect=/app',
      '/session-expired',
    ]) {
      const refused = await startWith({ redirect });
      expect(refused.statusCode, redirect).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await startWith({ redirect: '/app/time', tab: 'a b' })).statusCode).toBe(400);
  });

  it('cancels an order on request', async () => {
    const ip = createTestIp();
    const { orderRef } = (await start(createPersonalNumber(), ip)).json();
    const cancelled = await api.app.inject({
      method: 'POST',
      url: '/api/bankid/cancel',
      payload: { orderRef },
    });
    expect(cancelled.json()).toEqual({ cancelled: true });
    const after = await api.app.inject({
      method: 'POST',
      url: '/auth',
      payload: { orderRef, collectSecret: secretOf(orderRef) },
      remoteAddress: ip,
    });
    expect(after.statusCode).toBe(400);
    expect(after.json().code).toBe('BANKID_ORDER_INVALID');
    expect(
      (await api.app.inject({ method: 'POST', url: '/api/bankid/cancel', payload: { orderRef } })).json(),
    ).toEqual({
      cancelled: false,
    });
  });

  it('hands a completed order out once: collecting it again gives no second session', async () => {
    const ip = createTestIp();
    const { orderRef } = (await start(createPersonalNumber(), ip)).json();
    expect((await collect(orderRef, ip)).response.json().status).toBe('complete');
    const replay = await api.app.inject({
      method: 'POST',
      url: '/auth',
      payload: { orderRef, collectSecret: secretOf(orderRef) },
      remoteAddress: ip,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).not.toHaveProperty('authorization');
  });

  it('records the partner company token of the partner login variant', async () => {
    const ip = createTestIp();
    const { orderRef } = (await start(createPersonalNumber(), ip)).json();
    const { response } = await collect(orderRef, ip, { externalCompanyToken: 'giggly-company-42' });
    expect(response.json().status).toBe('complete');
    const order = await api.app.db
      .selectFrom('bankid_orders')
      .select('external_company_token')
      .where('order_ref', '=', orderRef)
      .executeTakeFirstOrThrow();
    expect(order.external_company_token).toBe('giggly-company-42');
  });

  it('refuses a removed account with ACCOUNT_REMOVED and its purge date; after the purge it logs in anew', async () => {
    const pn = createPersonalNumber();
    const user = await createUser(api.app.db, api.app.config, { personalNumber: pn });
    const purgeAfter = new Date(Date.now() + 86_400_000);
    await api.app.db
      .updateTable('users')
      .set({ deleted_at: new Date(), purge_after: purgeAfter })
      .where('id', '=', user.id)
      .execute();
    const ip = createTestIp();
    const { orderRef } = (await start(pn, ip)).json();
    const { response } = await collect(orderRef, ip);
    expect(response.statusCode).toBe(403);
    // The removed-account page says when the data goes and when the person can come back.
    expect(response.json()).toEqual({
      code: 'ACCOUNT_REMOVED',
      errorMessage: 'This account has been removed',
      data: { purgeAfter: purgeAfter.toISOString() },
    });

    // What the page promises: once the purge has run, the same personal number gets a new, empty account.
    await api.app.db
      .transaction()
      .execute((trx) => purgeAccount(trx, user.id, new Date(purgeAfter.getTime() + 1)));
    const again = (await start(pn, ip)).json().orderRef;
    const { response: back } = await collect(again, ip);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().status).toBe('complete');
    expect(back.json().user.id).not.toBe(user.id);
  });
});

describe('BankID order bound to the starting client (issue 13 item 7)', () => {
  it('collects only with the secret start returned to that browser', async () => {
    const ip = createTestIp();
    const started = (await start(createPersonalNumber(), ip)).json();
    for (const collectSecret of [undefined, 'guessed', secretOf(`${started.orderRef}x`)]) {
      const stolen = await api.app.inject({
        method: 'POST',
        url: '/auth',
        payload: { orderRef: started.orderRef, ...(collectSecret ? { collectSecret } : {}) },
        remoteAddress: createTestIp(),
      });
      expect(stolen.statusCode).toBe(400);
      expect(['BANKID_ORDER_INVALID', 'VALIDATION_FAILED']).toContain(stolen.json().code);
    }
    const { response } = await collect(started.orderRef, ip);
    expect(response.json().status).toBe('complete');
  });

  it('fails a same-device order whose api.app ran on another address, not one shown as a QR code', async () => {
    const pn = createPersonalNumber();
    api.simulator.state.setPerson(pn, { deviceIpAddress: '198.51.100.23' });
    const ip = createTestIp();
    const sameDevice = (await start(pn, ip)).json();
    const { response } = await collect(sameDevice.orderRef, ip);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BANKID_FAILED');

    const otherDevice = (await start(pn, ip)).json();
    await api.app.inject({ method: 'GET', url: `/api/bankid/qr/${otherDevice.orderRef}` });
    expect((await collect(otherDevice.orderRef, ip)).response.json().status).toBe('complete');
  });

  it('shows the user which service asks, in the request language', async () => {
    const requests: unknown[] = [];
    const original = api.simulator.state.auth.bind(api.simulator.state);
    api.simulator.state.auth = (request) => {
      requests.push(request);
      return original(request);
    };
    try {
      await start(createPersonalNumber(), createTestIp(), 'sv');
    } finally {
      api.simulator.state.auth = original;
    }
    const [request] = requests as { userVisibleData: string; userVisibleDataFormat: string }[];
    expect(Buffer.from(request!.userVisibleData, 'base64').toString('utf8')).toBe(
      'Logga in på Konsultmarknaden',
    );
    expect(request!.userVisibleDataFormat).toBe('simpleMarkdownV1');
  });
});

describe('login rate limit (403E005)', () => {
  const failOnce = async (pn: string, ip: string) => {
    const started = await start(pn, ip);
    expect(started.statusCode).toBe(200);
    const { response } = await collect(started.json().orderRef, ip);
    expect(response.json().code).toBe('BANKID_USER_CANCEL');
  };

  it('locks a personal number out after 5 failed logins in 30 seconds, from any address', async () => {
    const pn = createPersonalNumber();
    api.simulator.state.setPerson(pn, { scenario: 'userCancel' });
    for (let i = 0; i < 5; i += 1) await failOnce(pn, createTestIp());
    for (const language of ['en', 'sv'] as const) {
      const locked = await start(pn, createTestIp(), language);
      expect(locked.statusCode).toBe(403);
      expect(locked.json()).toEqual({
        code: '403E005',
        errorMessage: translateMessage('error.tooManyLoginAttempts', language),
      });
    }
    expect((await start(pn, createTestIp())).json().errorMessage).toBe(
      'Too many login attempts, please wait 30 seconds.',
    );
    // Another person is not affected.
    expect((await start(createPersonalNumber(), createTestIp())).statusCode).toBe(200);
  });

  it('locks an address out, also for a collect already under way', async () => {
    const limited = await buildAuthTestApp(api.simulator, { LOGIN_MAX_FAILURES_PER_IP: 3 });
    try {
      const ip = createTestIp();
      const put = (pn: string, from = ip) =>
        limited.inject({
          method: 'PUT',
          url: '/auth',
          payload: { nationalIdentityNumber: pn },
          remoteAddress: from,
        });
      const waitingPn = createPersonalNumber();
      api.simulator.state.setPerson(waitingPn, { scenario: 'noClient' });
      const waiting = (await put(waitingPn)).json().orderRef as string;

      for (let i = 0; i < 3; i += 1) {
        const pn = createPersonalNumber();
        api.simulator.state.setPerson(pn, { scenario: 'userCancel' });
        const { orderRef } = (await put(pn)).json();
        const { response } = await collectUntilDone(limited, {
          method: 'POST',
          url: '/auth',
          payload: { orderRef, collectSecret: secretOf(orderRef) },
          remoteAddress: ip,
        });
        expect(response.statusCode).toBe(400);
      }
      const collectLocked = await limited.inject({
        method: 'POST',
        url: '/auth',
        payload: { orderRef: waiting, collectSecret: secretOf(waiting) },
        remoteAddress: ip,
      });
      expect(collectLocked.statusCode).toBe(403);
      expect(collectLocked.json().code).toBe('403E005');
      expect((await put(createPersonalNumber())).json().code).toBe('403E005');
      expect((await put(createPersonalNumber(), createTestIp())).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
