import { describe, expect, it } from 'vitest';
import {
  createUser,
  pathOf,
  screenshot,
  settled,
  uniquePersonalNumber,
  useBrowser,
  useToken,
  waitForPath,
} from './support';

const { baseUrl, databaseUrl, openPage } = useBrowser();

/** A JWT-shaped token whose `exp` is in the past (the app reads the expiry without verifying). */
function expiredToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })}.sig`;
}

describe('guards', () => {
  it('sends a visitor to login with redirect and tab, and honours both after a BankID login', async () => {
    const user = await createUser(baseUrl, databaseUrl);
    const { context, page } = await openPage();
    await page.goto('/sv/app/settings?tab=privacy');
    await waitForPath(page, '/sv/login?redirect=%2Fapp%2Fsettings&tab=privacy');
    await page.getByTestId('nin-input').fill(user.personalNumber);
    await page.getByTestId('bankid-start').click();
    await page.getByTestId('bankid-waiting').waitFor();
    // The same-device way (the BankID app on this device) comes back to login with both, too.
    const sameDevice = new URL((await page.getByTestId('bankid-open-app').getAttribute('href'))!);
    const back = new URL(sameDevice.searchParams.get('redirect')!);
    expect(back.pathname).toBe('/sv/login');
    expect(back.searchParams.get('redirect')).toBe('/app/settings');
    expect(back.searchParams.get('tab')).toBe('privacy');
    expect(back.searchParams.get('orderRef')).toBeTruthy();
    await waitForPath(page, '/sv/app/settings/privacy');
    await page.getByRole('heading', { level: 1, name: 'Inställningar' }).waitFor();
    await context.close();
  });

  it('keeps the settings tab when the language picker switches language', async () => {
    const user = await createUser(baseUrl, databaseUrl);
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await page.goto('/sv/app/settings?tab=security');
    await page.getByRole('heading', { level: 1, name: 'Inställningar' }).waitFor();
    await page.getByTestId('language-picker').click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await waitForPath(page, '/en/app/settings?tab=security');
    // Nothing replaces the address afterwards (a redirect used to drop the tab).
    await settled(page);
    expect(pathOf(page)).toBe('/en/app/settings?tab=security');
    await page.getByTestId('language-picker').click();
    await page.getByRole('heading', { level: 1, name: 'Inställningar' }).waitFor();
    await waitForPath(page, '/sv/app/settings?tab=security');
    await settled(page);
    expect(pathOf(page)).toBe('/sv/app/settings?tab=security');
    await context.close();
  });

  it('tells a logged-in user on the DISC page how to buy, with the stored package names', async () => {
    const user = await createUser(baseUrl, databaseUrl);
    const { context, page } = await openPage();
    await page.goto('/sv/disc');
    await page.getByTestId('disc-payment-hint').waitFor();
    expect(await page.getByTestId('disc-payment-hint').textContent()).toContain('inloggad');
    expect(await page.locator('h3').allTextContents()).toEqual(
      expect.arrayContaining(['Basic Coach Package', 'Full Coach Package']),
    );
    await useToken(context, user.token);
    await page.goto('/en/disc');
    await expect
      .poll(() => page.getByTestId('disc-payment-hint').textContent())
      .toBe('Payment by card; you choose the package on the next page.');
    await context.close();
  });

  it('sends an expired session to the session-expired page and resets it; logging in again returns to the page', async () => {
    const user = await createUser(baseUrl, databaseUrl);
    const { context, page } = await openPage();
    // Not through useToken: its script would put the expired token back on every page load.
    await page.goto('/sv/home');
    await page.evaluate((token) => {
      window.localStorage.setItem('km.token', token);
      window.localStorage.setItem('km.cookieConsent', 'e2e');
    }, expiredToken());
    await page.goto('/sv/app/settings?tab=privacy');
    await waitForPath(page, '/sv/session-expired?redirect=%2Fapp%2Fsettings%3Ftab%3Dprivacy');
    await page.getByTestId('session-expired').waitFor();
    // The state was reset: the token is gone and the toolbar offers login again.
    await page.getByTestId('toolbar-login').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('km.token'))).toBeNull();

    await page.getByRole('link', { name: 'Logga in igen' }).click();
    await waitForPath(page, '/sv/login?redirect=%2Fapp%2Fsettings&tab=privacy&expired=1');
    await page.getByTestId('session-expired-warning').waitFor();
    await page.getByTestId('nin-input').fill(user.personalNumber);
    await page.getByTestId('bankid-start').click();
    await waitForPath(page, '/sv/app/settings/privacy');
    await page.getByRole('heading', { level: 1, name: 'Inställningar' }).waitFor();
    await context.close();
  });

  it('sends an unverified user to setup (remembering the page), except on the setup success page', async () => {
    const user = await createUser(baseUrl, databaseUrl, { verified: false });
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await page.goto('/sv/app/dashboard');
    await waitForPath(page, '/sv/auth/setup?redirect=%2Fapp%2Fdashboard');
    await page.getByTestId('toolbar-logout').waitFor();
    await screenshot(page, 'auth-setup-1280');
    await page.goto('/sv/auth/setup/success');
    await page.getByRole('heading', { level: 1, name: 'Kolla din inkorg' }).waitFor();
    await page.goto('/sv/god/dashboard');
    await waitForPath(page, '/sv/auth/setup?redirect=%2Fgod%2Fdashboard');
    await context.close();
  });

  it('sends a non-admin away from god to the app, and lets an admin in', async () => {
    const member = await createUser(baseUrl, databaseUrl);
    const { context, page } = await openPage();
    await useToken(context, member.token);
    await page.goto('/sv/god/users');
    await waitForPath(page, '/sv/app/edit-profile');
    await context.close();

    const admin = await createUser(baseUrl, databaseUrl, { admin: true });
    const adminSession = await openPage();
    await useToken(adminSession.context, admin.token);
    await adminSession.page.goto('/en/god/users');
    await adminSession.page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await adminSession.page.getByTestId('toolbar-admin').waitFor();
    await adminSession.context.close();
  });

  it('sends a logged-in user from search to the inner search, and from home to the app to inner search', async () => {
    const user = await createUser(baseUrl, databaseUrl);
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await page.goto('/sv/search?keywords=react');
    await waitForPath(page, '/sv/app/search?keywords=react');
    await page.goto('/sv/home');
    await page.getByTestId('toolbar-to-app').click();
    await waitForPath(page, '/sv/app/search');
    await page.goto('/sv/app/company');
    await waitForPath(page, '/sv/app/company/members');
    await context.close();
  });

  it('sends a logged-in user from the server-rendered login page on to the app', async () => {
    const verified = await createUser(baseUrl, databaseUrl);
    const unverified = await createUser(baseUrl, databaseUrl, { verified: false });
    for (const [user, target] of [
      [verified, '/sv/app/dashboard'],
      [unverified, '/sv/auth/setup'],
    ] as const) {
      const { context, page } = await openPage();
      await useToken(context, user.token);
      await page.goto('/sv/login');
      await waitForPath(page, target);
      await context.close();
    }
  });

  it('logs out when the user can no longer be fetched', async () => {
    const user = await createUser(baseUrl, databaseUrl);
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await page.goto('/sv/app/dashboard');
    await page.getByTestId('dashboard').waitFor();
    // Revoke the session server-side; the next navigation's refetch fails and the app logs out.
    await fetch(`${baseUrl}/api/logout`, { headers: { authorization: user.token } });
    await page.getByRole('link', { name: 'Inställningar' }).click();
    await page.waitForURL((url) => url.pathname === '/sv/login' || url.pathname === '/sv/session-expired');
    expect(await page.evaluate(() => window.localStorage.getItem('km.token'))).toBeNull();
    await context.close();
  });

  it('fetches the user once on a first load, and again on every navigation after it', async () => {
    const user = await createUser(baseUrl, databaseUrl);
    const { context, page } = await openPage();
    await useToken(context, user.token);
    const userRequests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/user' || path === '/api/check/subscription') userRequests.push(path);
    });
    // In English: the first load also fetches the English texts, and the user arrives meanwhile.
    await page.goto('/en/app/dashboard');
    await page.getByTestId('dashboard').waitFor();
    // The page's own requests have all been made once the network is quiet.
    await page.waitForLoadState('networkidle');
    expect(userRequests.sort()).toEqual(['/api/check/subscription', '/api/user']);
    await page.getByRole('link', { name: 'Settings' }).click();
    await waitForPath(page, '/en/app/settings');
    await page.waitForLoadState('networkidle');
    expect(userRequests.sort()).toEqual([
      '/api/check/subscription',
      '/api/check/subscription',
      '/api/user',
      '/api/user',
    ]);
    await context.close();
  });

  it('keeps the session when the user request gets no answer (a reload while the page loads), and retries', async () => {
    const user = await createUser(baseUrl, databaseUrl);
    const { context, page } = await openPage();
    await useToken(context, user.token);
    // The request cut off, as a reload in the middle of it does (or the network being gone).
    await page.route('**/api/user', (route) => route.abort('failed'));
    await page.goto('/sv/app/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Sidan kunde inte visas' }).waitFor();
    expect(pathOf(page)).toBe('/sv/app/dashboard');
    expect(await page.evaluate(() => window.localStorage.getItem('km.token'))).toBe(user.token);
    await page.unroute('**/api/user');
    await page.getByRole('button', { name: 'Ladda om sidan' }).click();
    await page.getByTestId('dashboard').waitFor();
    await context.close();
  });
});

describe('login', () => {
  it('a full BankID login through the simulator lands on the dashboard', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Sigrid' });
    for (const width of [1280, 375]) {
      const { context, page } = await openPage(width);
      // The QR code is fetched while waiting only: never for an order that is complete (400 BANKID_ORDER_INVALID).
      const refusedQrCodes: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/bankid/qr/') && response.status() >= 400)
          refusedQrCodes.push(`${response.status()} ${response.url()}`);
      });
      await page.goto('/sv/login');
      await page.getByTestId('nin-input').fill(`${user.personalNumber}999`);
      // The input is limited to 12 digits.
      expect(await page.getByTestId('nin-input').inputValue()).toBe(user.personalNumber);
      await page.getByTestId('bankid-start').click();
      await page.getByTestId('bankid-waiting').waitFor();
      await page.getByTestId('security-notice').waitFor();
      await page.locator('[data-testid="bankid-qr"] svg').waitFor();
      await screenshot(page, `login-waiting-${width}`);
      await waitForPath(page, '/sv/app/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Hej Sigrid!' }).waitFor();
      // Time and invoice is live: its card shows the economy charts, no longer "coming soon".
      const economy = page.getByTestId('dashboard-card-time').getByTestId('economy');
      await economy.locator('svg').first().waitFor();
      expect(await page.getByTestId('dashboard-card-time').textContent()).not.toContain('Kommer snart');
      // QA11 F9: the charts' keyboard layer was a tab stop without a name (`role="none"`); the table view has
      // the figures for the keyboard.
      expect(
        await economy.evaluate((element) =>
          [...element.querySelectorAll<HTMLElement>('[tabindex]')]
            .filter((node) => node.tabIndex >= 0 && !node.matches('button, a, input'))
            .map((node) => node.outerHTML.slice(0, 80)),
        ),
      ).toEqual([]);
      await screenshot(page, `app-dashboard-${width}`);
      expect(refusedQrCodes).toEqual([]);
      await context.close();
    }
  });

  it('validates the personal number and returns to step 1 on cancel', async () => {
    const { context, page } = await openPage();
    await page.goto('/en/login');
    await page.getByTestId('nin-input').fill('19800101123');
    await page.getByTestId('bankid-start').click();
    await page.getByText('National Security Number must be 12 characters long').waitFor();
    await page.getByTestId('nin-input').fill(uniquePersonalNumber());
    await page.getByTestId('bankid-start').click();
    await page.getByTestId('bankid-waiting').waitFor();
    // QA11 F3: the start button gives way to the waiting step, whose heading takes the focus (not the page).
    const focused = () =>
      page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`);
    await expect.poll(focused).toBe('H2 Open the BankID app');
    await page.getByTestId('bankid-cancel').click();
    await page.getByTestId('bankid-form').waitFor();
    // Cancel gives way to the number: back to its field.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('nin-input');
    await context.close();
  });

  it('keeps a number typed into the server-rendered page before the app took it over', async () => {
    const { context, page } = await openPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // Hold the app's first script: the page is the server's HTML alone until it arrives.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/en/login', { waitUntil: 'commit' });
    await page.getByTestId('nin-input').fill(uniquePersonalNumber());
    // Not live yet: the start button waits, so a tap cannot submit the bare HTML form.
    expect(await page.getByTestId('bankid-start').isDisabled()).toBe(true);
    release();
    await page.getByTestId('bankid-start').click();
    await page.getByTestId('bankid-waiting').waitFor();
    await page.getByTestId('bankid-cancel').click();
    await context.close();
  });

  it('warns about an expired session on login?redirect=expired', async () => {
    const { context, page } = await openPage();
    await page.goto('/en/login?redirect=expired');
    expect(await page.getByTestId('session-expired-warning').textContent()).toBe(
      'Session has expired. Please login again',
    );
    await context.close();
  });
});
