import type { BankIdSimulator } from '@mp/scripts/bankid-simulator/simulator';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthTestApp, collectUntilDone, startTestSimulator } from '@mp/test-support/auth-test-app';
import { createEmail, createPersonalNumber, createTestIp } from '@mp/test-support/factories';
import { extractLink, waitForMail, waitForMails } from '@mp/test-support/mail-sink';

// Runs every identity flow with logging at trace level, captures every log line, and scans them for the
// personal number, the passwords, the session tokens and the mailed tokens and links.

const lines: string[] = [];
let simulator: BankIdSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  simulator = await startTestSimulator(50);
  app = await buildAuthTestApp(simulator, {}, { write: (line) => void lines.push(line) });
});
afterAll(async () => {
  await app?.close();
  await simulator?.close();
});

describe('logs', () => {
  it('never contain a personal number, password, token or mailed link', async () => {
    const secrets: string[] = [];
    const ip = createTestIp();
    const inject = (options: InjectOptions) => app.inject({ remoteAddress: ip, ...options });

    // BankID login, with the QR code, a bad number and a hyphenated one.
    const pn = createPersonalNumber();
    secrets.push(pn, `${pn.slice(0, 8)}-${pn.slice(8)}`);
    await inject({
      method: 'PUT',
      url: '/auth',
      payload: { nationalIdentityNumber: `${pn.slice(0, 11)}${(Number(pn[11]) + 1) % 10}` },
    });
    const started = (
      await inject({
        method: 'PUT',
        url: '/auth',
        payload: { nationalIdentityNumber: `${pn.slice(0, 8)}-${pn.slice(8)}` },
      })
    ).json();
    secrets.push(started.orderRef, started.collectSecret);
    await inject({ method: 'GET', url: `/api/bankid/qr/${started.orderRef}` });
    const { response } = await collectUntilDone(app, {
      method: 'POST',
      url: '/auth',
      payload: { orderRef: started.orderRef, collectSecret: started.collectSecret },
      remoteAddress: ip,
    });
    const bankIdToken = response.json().authorization as string;
    secrets.push(bankIdToken);
    await inject({ method: 'GET', url: '/api/user', headers: { authorization: bankIdToken } });

    // Password registration, verification link, login, wrong password.
    const email = createEmail('logs');
    const password = 'Sup3r-Secret-Pw';
    secrets.push(password);
    await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password, firstName: 'Tove', lastName: 'Ek', acceptTerms: true },
    });
    const verify = extractLink(await waitForMail(email), '/verify/email');
    secrets.push(verify.token, verify.url);
    await inject({ method: 'GET', url: `/api/verify/email?token=${encodeURIComponent(verify.token)}` });
    await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Wrong-Password-1' },
    });
    secrets.push('Wrong-Password-1');
    const token = (
      await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
    ).json().authorization as string;
    secrets.push(token);

    // Forgotten password and reset through the link.
    await inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
    const reset = extractLink(
      (await waitForMails(email, 2)).find((m) => m.Text.includes('/auth/reset-password'))!,
      '/auth/reset-password',
    );
    secrets.push(reset.token, reset.url);
    const newPassword = 'An0ther-Secret-Pw';
    secrets.push(newPassword);
    await inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token: reset.token, password: newPassword },
    });
    await inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token: reset.token, password: newPassword },
    });
    const token2 = (
      await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: newPassword } })
    ).json().authorization as string;
    secrets.push(token2);

    // Change password, change e-mail through the link, export, delete.
    const thirdPassword = 'Th1rd-Secret-Pw';
    secrets.push(thirdPassword);
    await inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { authorization: token2 },
      payload: { currentPassword: newPassword, newPassword: thirdPassword },
    });
    const newEmail = createEmail('logs-new');
    await inject({
      method: 'POST',
      url: '/api/user/settings/email',
      headers: { authorization: token2 },
      payload: { email: newEmail },
    });
    const change = extractLink(
      (await waitForMails(email, 3)).find((m) => m.Text.includes('/account/email/change'))!,
      '/account/email/change',
    );
    secrets.push(change.token, change.url);
    await inject({ method: 'GET', url: `/api/verify/email?token=${encodeURIComponent(change.token)}` });
    await inject({ method: 'GET', url: '/api/user/export', headers: { authorization: token2 } });
    await inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { authorization: `Bearer ${token2}` },
      payload: { confirmation: 'delete', password: thirdPassword },
    });
    await inject({ method: 'GET', url: '/api/user', headers: { authorization: token2 } });

    const log = lines.join('');
    // The capture works: requests were logged (how many BankID polls there were depends on the machine's
    // speed), with the mailed token redacted from the URL.
    expect(lines.length).toBeGreaterThan(30);
    expect(log).toContain('/api/verify/email?token=%5Bredacted%5D');
    for (const secret of secrets) {
      expect(log.includes(secret), `log contains a secret (${secret.slice(0, 4)}…)`).toBe(false);
    }
    // No 12-digit run that is a personal number, in any form.
    expect(log).not.toMatch(new RegExp(`${pn.slice(0, 8)}-?${pn.slice(8)}`));
    expect(log).not.toContain(pn.slice(2));
  });
});
