import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, screenshot, useBrowser, useToken, withDatabase } from './support';

// Admin forms that must work whatever the admin's browser is set to, and say what is wrong where it is wrong:
// coach-session times are Swedish time in any browser time zone and cannot be added twice; the offer dialog
// marks every field's problem at once; an offer's logo is uploaded, stored by us and shown to consultants under
// the strict Content-Security-Policy (newPage fails the test on any violation); a plan's name of only spaces
// is said at the field.

const { baseUrl, databaseUrl, openPage } = useBrowser();
const tag = randomUUID().slice(0, 8);
const partner = `Logo partner ${tag}`;
const admins: string[] = [];

afterAll(async () => {
  await withDatabase(databaseUrl, async (client) => {
    await client.query('DELETE FROM coach_session_slots WHERE created_by_user_id = ANY($1)', [admins]);
    await client.query("DELETE FROM offers WHERE partner LIKE $1 || '%'", [partner]);
  });
});

/** A full page load once the current page has settled (a load during the user refetch would log out). */
async function go(page: Page, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.goto(path);
}

async function newAdmin() {
  const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Ada' });
  admins.push(admin.userId);
  return admin;
}

async function slotStarts(adminId: string): Promise<string[]> {
  return withDatabase(databaseUrl, async (client) =>
    (
      await client.query<{ starts_at: Date }>(
        'SELECT starts_at FROM coach_session_slots WHERE created_by_user_id = $1 ORDER BY starts_at',
        [adminId],
      )
    ).rows.map((row) => row.starts_at.toISOString()),
  );
}

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('coach-session times in the admin area', () => {
  it('are Swedish time whatever the browser zone, and the same time cannot be added twice', async () => {
    const admin = await newAdmin();
    // Winter (+01:00) in a UTC browser, summer (+02:00) in a New York browser. The list shows every admin's
    // times (other tests add theirs to the same database): days no other test uses, and the listed text by day.
    for (const [timezoneId, typed, stored, listed] of [
      ['UTC', '2027-02-17T14:30', '2027-02-17T13:30:00.000Z', '17 Feb 2027, 14:30'],
      ['America/New_York', '2027-07-21T09:00', '2027-07-21T07:00:00.000Z', '21 Jul 2027, 09:00'],
    ] as const) {
      const { context, page } = await openPage(1280, { timezoneId });
      await useToken(context, admin.token);
      await go(page, '/en/god/coach-slots');
      await page.getByLabel('Start (Swedish time)').waitFor();
      await page.getByTestId('coach-slot-start').fill(typed);
      await page.getByTestId('coach-slot-add').click();
      await page.getByText('The time was added').waitFor();
      expect((await slotStarts(admin.userId)).includes(stored), `${typed} in ${timezoneId}`).toBe(true);
      // Listed at the time typed.
      await page.getByTestId('coach-slot').filter({ hasText: listed }).waitFor();
      await context.close();
    }

    // The same time again (and an overlapping one), in Swedish: refused at the field, nothing added.
    const { context, page } = await openPage(375, { timezoneId: 'UTC' });
    await useToken(context, admin.token);
    await go(page, '/sv/god/coach-slots');
    await page.getByLabel('Start (svensk tid)').waitFor();
    for (const typed of ['2027-02-17T14:30', '2027-02-17T15:00']) {
      await page.getByTestId('coach-slot-start').fill(typed);
      await page.getByTestId('coach-slot-add').click();
      await page
        .getByText(
          'Du har redan en tid som överlappar den här (onsdag 17 februari 2027 14:30–15:30, svensk tid)',
        )
        .waitFor();
    }
    await screenshot(page, 'admin-coach-slot-overlap-375');
    expect(await slotStarts(admin.userId)).toEqual(['2027-02-17T13:30:00.000Z', '2027-07-21T07:00:00.000Z']);
    await context.close();
  });
});

describe('the admin offer dialog', () => {
  it("marks every field's problem at once before sending, in sv and en", async () => {
    const admin = await newAdmin();
    const { context, page } = await openPage(375);
    await useToken(context, admin.token);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/offers'))
        posts.push(request.url());
    });
    await go(page, '/sv/god/offers');
    await page.getByTestId('offer-new').click();
    const dialog = page.getByTestId('offer-dialog');
    await page.getByTestId('offer-save').click();
    // Partner, both titles and both texts, each at its field.
    await expect.poll(() => dialog.getByText('Fältet är obligatoriskt').count()).toBe(5);
    const partnerHelp = await page.getByTestId('offer-partner').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${partnerHelp}"]`).textContent()).toBe('Fältet är obligatoriskt');

    await page.getByTestId('offer-partner').fill(partner);
    for (const field of ['titleSv', 'titleEn', 'bodySv', 'bodyEn']) {
      await page.getByTestId(`offer-${field}`).fill(`Text ${field}`);
    }
    await page.getByTestId('offer-url').fill('javascript:alert(1)');
    await page.getByTestId('offer-validFrom').fill('2026-12-05');
    await page.getByTestId('offer-validUntil').fill('2026-11-01');
    await page.getByTestId('offer-save').click();
    await dialog.getByText('Ogiltig länk. Den ska börja med https://').waitFor();
    await dialog.getByText('Slutdatumet kan inte vara före startdatumet').waitFor();
    expect(await dialog.getByText('Fältet är obligatoriskt').count()).toBe(0);
    await screenshot(page, 'admin-offer-dialog-errors-375');
    expect(posts).toEqual([]);
    await context.close();

    const english = await openPage(1280);
    await useToken(english.context, admin.token);
    await go(english.page, '/en/god/offers');
    await english.page.getByTestId('offer-new').click();
    await english.page.getByTestId('offer-save').click();
    await expect
      .poll(() => english.page.getByTestId('offer-dialog').getByText('Field is required').count())
      .toBe(5);
    await english.context.close();
  });

  it('takes an uploaded logo, which consultants then see (served from our origin, no CSP violation)', async () => {
    const admin = await newAdmin();
    const { context, page } = await openPage();
    await useToken(context, admin.token);
    await go(page, '/en/god/offers');
    await page.getByTestId('offer-new').click();
    await page.getByTestId('offer-partner').fill(partner);
    for (const field of ['titleSv', 'titleEn', 'bodySv', 'bodyEn']) {
      await page.getByTestId(`offer-${field}`).fill(`Logo ${field} ${tag}`);
    }
    // Not an image: refused at the logo field before anything is sent.
    await page
      .getByTestId('offer-logo-input')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
    await page
      .getByTestId('offer-logo')
      .getByText('Unsupported image format. Use JPEG, PNG or WebP')
      .waitFor();
    await page
      .getByTestId('offer-logo-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.getByTestId('offer-logo-preview');
    await preview.waitFor();
    expect(new URL((await preview.getAttribute('src'))!, baseUrl).origin).toBe(new URL(baseUrl).origin);
    await page.getByTestId('offer-save').click();
    await page.getByText('The offer was saved').waitFor();

    // A logo address elsewhere saved before logos were uploaded is left out: no broken image.
    await withDatabase(databaseUrl, (client) =>
      client.query(
        `INSERT INTO offers (partner, title_sv, title_en, body_sv, body_en, logo_url, active)
         VALUES ($1, 'Gammal', 'Old', 'Text', 'Text', 'https://example.se/logo.png', true)`,
        [`${partner} old`],
      ),
    );

    const consultant = await createUser(baseUrl, databaseUrl);
    const member = await openPage(375);
    await useToken(member.context, consultant.token);
    await go(member.page, '/en/app/offers');
    const card = member.page.getByRole('article').filter({ hasText: `Logo titleEn ${tag}` });
    const logo = card.getByTestId('offer-logo');
    await logo.waitFor();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect(await logo.getAttribute('alt')).toBe(`${partner} logo`);
    const old = member.page.getByRole('article').filter({ hasText: `${partner} old` });
    await old.waitFor();
    expect(await old.locator('img').count()).toBe(0);
    await screenshot(member.page, 'member-offers-logo-375');
    await member.context.close();
    await context.close();
  });
});

describe('admin pricing', () => {
  it('says at the field that a name is required and cannot be only spaces', async () => {
    const admin = await newAdmin();
    const { context, page } = await openPage(375);
    await useToken(context, admin.token);
    await go(page, '/en/god/pricing');
    const premium = page.getByTestId('pricing-premium');
    const name = page.getByTestId('pricing-nameSv-premium');
    const save = premium.getByTestId('pricing-save-premium');
    await name.fill('   ');
    await premium.getByText('Cannot contain only spaces').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await name.fill('');
    await premium.getByText('Field is required').waitFor();
    expect(await save.isDisabled()).toBe(true);
    // Nothing is saved: other suites share the prices.
    await context.close();
  });
});
