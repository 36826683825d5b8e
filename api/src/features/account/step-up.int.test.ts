import { describe, expect, it } from 'vitest';
import { collectUntilDone, useAuthTestApp } from '@mp/test-support/auth-test-app';
import {
  createEmail,
  createPersonalNumber,
  createSessionToken,
  createTestIp,
  createUser,
} from '@mp/test-support/factories';

// Issue 13 item 8: a fresh BankID or password confirmation for what a stolen session could take.

const api = useAuthTestApp();

const { call } = api;

/** A session whose login was long ago (its confirmation has run out), as a stolen token would be. */
async function staleSession(options: Parameters<typeof createUser>[2]) {
  const user = await createUser(api.app.db, api.app.config, options);
  const token = await createSessionToken(api.app, user.id);
  await api.app.db
    .updateTable('sessions')
    .set({ confirmed_at: new Date(Date.now() - 60 * 60 * 1000) })
    .where('user_id', '=', user.id)
    .execute();
  return { ...user, token };
}

function expectConfirmationRequired(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({
    errorMessage: 'Confirm with BankID or your password to continue',
    code: 'CONFIRMATION_REQUIRED',
  });
}

describe('step-up', () => {
  it('a BankID-only account needs a fresh BankID for a first password and the export', async () => {
    const user = await staleSession({
      personalNumber: createPersonalNumber(),
      password: null,
      email: null,
      verified: false,
    });
    expectConfirmationRequired(
      await call('POST', '/api/user/password', user.token, { newPassword: 'New-Password-1' }),
    );
    expectConfirmationRequired(await call('GET', '/api/user/export', user.token));

    const started = await call('POST', '/api/user/confirm/bankid', user.token);
    expect(started.statusCode, started.body).toBe(200);
    const { response } = await collectUntilDone(api.app, {
      method: 'POST',
      url: '/api/user/confirm',
      headers: { authorization: user.token },
      payload: { orderRef: started.json().orderRef },
      remoteAddress: createTestIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('confirmed');

    expect(
      (await call('POST', '/api/user/password', user.token, { newPassword: 'New-Password-1' })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/user/export', user.token)).statusCode).toBe(200);
  });

  it('a password account confirms with its password; a wrong one is refused', async () => {
    const user = await staleSession({});
    expectConfirmationRequired(await call('GET', '/api/user/export', user.token));
    const wrong = await call('POST', '/api/user/confirm', user.token, { password: 'not-the-password' });
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expectConfirmationRequired(await call('GET', '/api/user/export', user.token));
    const right = await call('POST', '/api/user/confirm', user.token, { password: user.password });
    expect(right.statusCode).toBe(200);
    expect((await call('GET', '/api/user/export', user.token)).statusCode).toBe(200);
  });

  it('a confirmed address can still change e-mail without step-up (the link goes to the old address)', async () => {
    const user = await staleSession({ verified: true });
    const changed = await call('POST', '/api/user/settings/email', user.token, { email: createEmail() });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it("an unverified account's first address needs none: nothing confirmed is replaced (first setup)", async () => {
    const user = await staleSession({
      personalNumber: createPersonalNumber(),
      password: null,
      email: null,
      verified: false,
    });
    const changed = await call('POST', '/api/user/settings/email', user.token, { email: createEmail() });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ confirmationSentTo: 'newEmail' });
  });

  it('a fresh login counts as a confirmation', async () => {
    const user = await createUser(api.app.db, api.app.config, {});
    const token = await createSessionToken(api.app, user.id);
    expect((await call('GET', '/api/user/export', token)).statusCode).toBe(200);
  });

  it('a login order cannot confirm a session', async () => {
    const pn = createPersonalNumber();
    const user = await staleSession({ personalNumber: pn });
    const login = await api.app.inject({
      method: 'PUT',
      url: '/auth',
      payload: { nationalIdentityNumber: pn },
      remoteAddress: createTestIp(),
    });
    const refused = await call('POST', '/api/user/confirm', user.token, { orderRef: login.json().orderRef });
    expect(refused.json().code).toBe('BANKID_ORDER_INVALID');
  });
});
