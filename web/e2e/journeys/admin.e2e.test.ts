import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { putProfile } from '../profile-fixtures';
import {
  axeViolations,
  createUser,
  repoRoot,
  screenshot,
  useBrowser,
  useToken,
  waitForPath,
  withDatabase,
} from '../support';
import { JOURNEY_TIMEOUT_MS, mailbox, newPerson, openBrowser, signUpWithBankId, type Person } from './steps';

// The operator's journey (issue 18): an account made the way every user makes one (BankID login, the setup
// form, the mailed confirmation link) becomes the first admin the way an operator does it
// (`npm run admin:grant`), then finds a user, edits their profile on their behalf, publishes new terms (the
// user gets the dialog on their next navigation), renames a skill the user has and watches the search index
// catch up, and answers the user's feedback.

const { baseUrl, databaseUrl, browser, openPage } = useBrowser();
// New for every attempt, so a retried test never meets the rows of the attempt before.
let tag = randomUUID().slice(0, 8);
const publishedTexts: string[] = [];
const createdSkills: string[] = [];

afterAll(async () => {
  await withDatabase(databaseUrl, async (client) => {
    if (publishedTexts.length > 0) {
      // Other suites share the test database: the new terms must not follow them.
      const ids = (
        await client.query<{ id: string }>('SELECT id FROM terms_versions WHERE body_en = ANY($1)', [
          publishedTexts,
        ])
      ).rows.map((row) => row.id);
      await client.query('DELETE FROM terms_acceptances WHERE terms_version_id = ANY($1)', [ids]);
      await client.query('DELETE FROM terms_versions WHERE id = ANY($1)', [ids]);
    }
    // The journey's own skill leaves the vocabulary (the next change anywhere reloads it everywhere).
    if (createdSkills.length > 0)
      await client.query("DELETE FROM vocabulary_entries WHERE kind = 'skills' AND id = ANY($1)", [
        createdSkills,
      ]);
  });
});

/**
 * A full page load, after the current page has settled: a load while the app's background refetch of the user
 * is in flight aborts it, and the app takes the aborted request for a failed session and logs out.
 */
async function go(page: Page, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.goto(path);
}

/** The focused element's test id (or its tag), for polling where the keyboard focus went. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('data-testid') ?? element?.tagName.toLowerCase() ?? null;
  });

const token = async (page: Page) => (await page.evaluate(() => window.localStorage.getItem('km.token')))!;

/** Letters only (names and the journey's skill take no digits). */
const letters = (text: string) => text.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

/** The first admin: signs up like everyone (BankID, setup, the mailed link), then the operator's CLI. */
async function createFirstAdmin(page: Page, person: Person): Promise<void> {
  await signUpWithBankId(page, person);
  const granted = spawnSync('npm', ['run', '--silent', 'admin:grant', '--', person.email], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  expect(granted.stdout.trim()).toBe(`admin:grant: ${person.email} is now an admin`);
}

describe('the admin journey', () => {
  it(
    'an admin finds a user, edits their profile, publishes terms, renames a skill and answers their feedback',
    async () => {
      tag = randomUUID().slice(0, 8);
      // The user: a consultant who signed up in their own browser (setup form, mailed link).
      const lastName = `Journeyson${letters(tag)}`;
      const greta = newPerson('Greta', lastName);
      const user = await openBrowser(browser(), baseUrl, '/en/login');
      await signUpWithBankId(user.page, greta);
      const userToken = await token(user.page);
      const userId = await user.page.evaluate(async (value) => {
        const response = await fetch('/api/user', { headers: { authorization: value } });
        return ((await response.json()) as { id: string }).id;
      }, userToken);

      // The admin: signs up the same way, then the operator grants the role.
      const admin = await openBrowser(browser(), baseUrl, '/en/login');
      await createFirstAdmin(admin.page, newPerson('Ada', 'Admin'));

      // A skill of the journey's own (other suites share the vocabulary), added in the editor; the user has it.
      const skillLabel = `Zentrix${letters(tag)}`;
      const skillId = skillLabel.toLowerCase();
      createdSkills.push(skillId);
      await go(admin.page, '/sv/god/vocabulary/skills');
      await admin.page.getByTestId('vocabulary-new').click();
      await admin.page.getByTestId('vocabulary-label-sv').fill(skillLabel);
      await admin.page.getByTestId('vocabulary-label-en').fill(skillLabel);
      await admin.page.getByTestId('vocabulary-save').click();
      await admin.page.locator('[data-testid="vocabulary-reindex"][data-done="true"]').waitFor();
      await admin.page.getByTestId('vocabulary-search').fill(skillLabel);
      await admin.page.getByTestId(`vocabulary-entry-${skillId}`).getByText('Används i 0 profiler').waitFor();
      await putProfile(baseUrl, userToken, {
        jobTitles: ['Systemutvecklare'],
        shortDescription: 'Utvecklare med fokus på webben.',
        locations: ['goteborg'],
        skills: [{ name: skillLabel, yearsOfExperience: 4, lastUsedYear: 2026, starred: true }],
      });

      // The dashboard, then the users list: search by the user's name and open them.
      await go(admin.page, '/sv/god/dashboard');
      await admin.page.getByTestId('stat-users').waitFor();
      // Refunds owed to payers have their own card (none here unless another test left one owed).
      await admin.page
        .getByTestId('refunds-owed')
        .getByRole('heading', { name: 'Betalningar', level: 2 })
        .waitFor();
      await screenshot(admin.page, 'admin-dashboard-1280');
      await go(admin.page, '/sv/god/users');
      // Too long a search is refused at the field, not cut short.
      await admin.page.getByTestId('users-search').fill('x'.repeat(201));
      await admin.page.getByText('Får inte vara längre än 200 tecken').waitFor();
      await admin.page.getByTestId('users-search').fill(lastName);
      await admin.page.getByTestId('users-search').press('Enter');
      await admin.page.getByText('1 användare').waitFor();
      expect(await admin.page.getByText('Får inte vara längre än 200 tecken').count()).toBe(0);
      // A page past the end shows the last page, and the address says which.
      await go(admin.page, `/sv/god/users?q=${encodeURIComponent(lastName)}&page=9`);
      await admin.page.getByRole('link', { name: new RegExp(lastName) }).waitFor();
      await admin.page.waitForURL((url) => !url.searchParams.has('page'));
      await admin.page.getByRole('link', { name: new RegExp(lastName) }).click();
      await waitForPath(admin.page, `/sv/god/users/${userId}`);
      await screenshot(admin.page, 'admin-user-1280');

      // Admin rights, after a confirmation each way.
      const rights = admin.page.getByTestId('admin-rights');
      await rights.getByTestId('admin-rights-change').click();
      await admin.page.getByRole('dialog').getByTestId('confirm-dialog-ok').click();
      await admin.page.getByText(/är nu administratör$/).waitFor();
      expect(await rights.getByTestId('admin-rights-state').textContent()).toMatch(/är administratör/);
      await rights.getByTestId('admin-rights-change').click();
      await admin.page.getByRole('dialog').getByTestId('confirm-dialog-ok').click();
      await admin.page.getByText(/är inte längre administratör$/).waitFor();
      expect(await rights.getByTestId('admin-rights-state').textContent()).toMatch(/är inte administratör/);
      // The audit entries name who did it, not only an id.
      await admin.page
        .getByTestId('audit-by')
        .getByText(/^Av Ada Admin · /)
        .first()
        .waitFor();

      // The profile, edited on the user's behalf.
      await admin.page.getByTestId('admin-edit-profile').click();
      await waitForPath(admin.page, `/sv/god/user/${userId}`);
      // A name the rules refuse: saving says so at the input and moves focus there, as in the owner's editor.
      const firstName = admin.page.getByTestId('profile-first-name');
      const typedName = await firstName.inputValue();
      await firstName.fill('R2-D2');
      await admin.page.getByTestId('profile-save').click();
      await admin.page.getByText('Ogiltig inmatning').waitFor();
      await expect
        .poll(() => admin.page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('profile-first-name');
      await firstName.fill(typedName);
      const description = `Redigerad av supporten ${tag}.`;
      await admin.page.getByTestId('profile-description').fill(description);
      // Going back before saving asks first; staying keeps the change.
      await admin.page.getByRole('link', { name: 'Tillbaka till användaren' }).click();
      const leave = admin.page.getByRole('dialog', { name: 'Lämna utan att spara?' });
      await leave.waitFor();
      await leave.getByRole('button', { name: 'Stanna kvar' }).click();
      await leave.waitFor({ state: 'hidden' });
      expect(await admin.page.getByTestId('profile-description').inputValue()).toBe(description);
      await admin.page.getByTestId('profile-save').click();
      await admin.page.getByText('Användarens profil har sparats').waitFor();
      const stored = await withDatabase(databaseUrl, (client) =>
        client.query<{ short_description: string }>(
          'SELECT short_description FROM profiles WHERE user_id = $1',
          [userId],
        ),
      );
      expect(stored.rows[0]?.short_description).toBe(description);

      // New terms of use: a draft in both languages, saved, then changed again and published without saving
      // first: what is published is what the fields show.
      const publishedText = `Terms ${tag}`;
      publishedTexts.push(publishedText);
      await go(admin.page, '/sv/god/terms');
      const terms = admin.page.getByTestId('terms-panel-users');
      // The keyboard focus follows each step: the new draft's first field, the save button again, and the
      // published versions once published (never the page itself).
      await terms.getByTestId('terms-new-draft').focus();
      await admin.page.keyboard.press('Enter');
      await expect.poll(() => focused(admin.page)).toBe('terms-body-sv');
      await terms.getByTestId('terms-body-sv').fill(`Utkast ${tag}`);
      await terms.getByTestId('terms-body-en').fill(`Draft ${tag}`);
      await terms.getByTestId('terms-save-draft').focus();
      await admin.page.keyboard.press('Enter');
      await admin.page.getByText('Utkastet har sparats').waitFor();
      await expect.poll(() => focused(admin.page)).toBe('terms-save-draft');
      await terms.getByTestId('terms-body-sv').fill(`Villkor ${tag}`);
      await terms.getByTestId('terms-body-en').fill(publishedText);
      // Another tab and back keeps the unsaved text.
      await admin.page.getByTestId('terms-tab-privacy').click();
      await admin.page.getByTestId('terms-panel-privacy').getByTestId('terms-new-draft').waitFor();
      await admin.page.getByTestId('terms-tab-users').click();
      expect(await terms.getByTestId('terms-body-sv').inputValue()).toBe(`Villkor ${tag}`);
      expect(await terms.getByTestId('terms-body-en').inputValue()).toBe(publishedText);
      // Leaving the page asks first; staying keeps it.
      await admin.page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Priser' })
        .click();
      const leaveTerms = admin.page.getByRole('dialog', { name: 'Lämna utan att spara?' });
      await leaveTerms.waitFor();
      await leaveTerms.getByRole('button', { name: 'Stanna kvar' }).click();
      await leaveTerms.waitFor({ state: 'hidden' });
      expect(await terms.getByTestId('terms-body-en').inputValue()).toBe(publishedText);
      await terms.getByTestId('terms-publish').click();
      await admin.page.getByTestId('terms-confirm-unsaved').waitFor();
      await admin.page.getByTestId('terms-confirm-publish').click();
      await terms.getByTestId('terms-new-draft').waitFor();
      await expect.poll(() => focused(admin.page)).toBe('terms-published-title');
      await screenshot(admin.page, 'admin-terms-1280');
      const publishedTerms = await withDatabase(databaseUrl, (client) =>
        client.query<{ body_sv: string; published: boolean }>(
          "SELECT body_sv, published_at IS NOT NULL AS published FROM terms_versions WHERE kind = 'users' AND body_en = $1",
          [publishedText],
        ),
      );
      expect(publishedTerms.rows).toEqual([{ body_sv: `Villkor ${tag}`, published: true }]);
      // The admin accepts the new terms like everyone, on the next navigation.
      await go(admin.page, '/sv/god/vocabulary/skills');
      await admin.page.getByTestId('terms-dialog').waitFor();
      await admin.page.getByTestId('terms-accept').click();
      await waitForPath(admin.page, '/sv/app/dashboard');

      // The skill, renamed: the editor shows who uses it, and the reindex of that one profile runs to the end.
      await go(admin.page, '/sv/god/vocabulary/skills');
      await admin.page.getByTestId('vocabulary-search').fill(skillLabel);
      const entry = admin.page.getByTestId(`vocabulary-entry-${skillId}`);
      await entry.getByText('Används i 1 profil').waitFor();
      await entry.getByTestId(`vocabulary-edit-${skillId}`).click();
      const renamed = `Qorvex${letters(tag)}`;
      await admin.page.getByTestId('vocabulary-label-sv').fill(`${renamed}ramverket`);
      await admin.page.getByTestId('vocabulary-label-en').fill(`${renamed} framework`);
      await admin.page.getByTestId('vocabulary-save').click();
      const progress = admin.page.getByTestId('vocabulary-reindex');
      await progress.waitFor();
      await admin.page
        .locator('[data-testid="vocabulary-reindex"][data-done="true"]')
        .waitFor({ timeout: 60_000 });
      expect(await progress.textContent()).toContain('Klart: sökindexet har ändringen för 1 profil.');
      await screenshot(admin.page, 'admin-vocabulary-1280');
      // Search suggests the skill under its new label, and the user's card in the index carries it.
      const suggestions = await fetch(`${baseUrl}/api/search/vocabulary/v2`, {
        method: 'POST',
        headers: { 'accept-language': 'en', 'content-type': 'application/json' },
        body: JSON.stringify({ vocabulary: 'skills', searchTerm: renamed.toLowerCase() }),
      });
      expect(((await suggestions.json()) as { results: unknown[] }).results[0]).toEqual({
        id: skillId,
        label: `${renamed} framework`,
      });
      const own = await fetch(`${baseUrl}/api/profile`, { headers: { authorization: userToken } });
      expect(JSON.stringify(await own.json())).toContain(renamed);

      // The user's next navigation shows the updated-terms dialog; they accept, then send feedback.
      await go(user.page, '/sv/app/settings');
      await user.page.getByTestId('terms-dialog').waitFor();
      await user.page.getByTestId('terms-accept').click();
      await waitForPath(user.page, '/sv/app/dashboard');
      await user.page.waitForLoadState('networkidle');
      const feedback = `Sökningen borde minnas mina filter ${tag}.`;
      await user.page.getByTestId('nav-feedback').click();
      await user.page.getByTestId('feedback-message').fill(feedback);
      await user.page.getByTestId('feedback-send').click();
      await user.page.getByText('Tack för din återkoppling!', { exact: false }).waitFor();
      await user.context.close();

      // The admin answers it from the inbox; the answer is mailed to the user (after the setup mail and the
      // feedback's acknowledgement).
      await go(admin.page, '/sv/god/feedback');
      const item = admin.page.getByTestId('feedback-item').filter({ hasText: feedback });
      await item.getByText('Mejlas till avsändaren på hens språk: svenska.').waitFor();
      await item.getByTestId('feedback-answer').fill('Bra idé, den finns på vår lista.');
      // A new status moves the feedback to another tab, with the answer being typed.
      await item.getByRole('combobox', { name: 'Status' }).click();
      await admin.page.getByRole('option', { name: 'Pågår' }).click();
      await admin.page
        .getByText('Ditt påbörjade svar finns kvar under fliken Pågår', { exact: false })
        .waitFor();
      await item.waitFor({ state: 'detached' });
      await admin.page.getByTestId('feedback-tab-in_progress').click();
      expect(await item.getByTestId('feedback-answer').inputValue()).toBe('Bra idé, den finns på vår lista.');
      await item.getByTestId('feedback-send-answer').click();
      await admin.page.getByText('Svaret har skickats').waitFor();
      const mails = await mailbox(greta.email, 3);
      expect(mails.some((mail) => mail.Text.includes('Bra idé, den finns på vår lista.'))).toBe(true);
      await admin.context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('asks before deleting, reads prices as people type them, and writes dates and languages in English', async () => {
    const { context, page } = await openPage();
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Edith' });
    await withDatabase(databaseUrl, (client) =>
      client.query("UPDATE users SET locale = 'sv' WHERE id = $1", [admin.userId]),
    );
    await useToken(context, admin.token);
    const partner = `Partner ${tag}`;
    const title = `Offer ${tag}`;
    try {
      // An offer's validity in the page's language; deleting it asks first.
      await go(page, '/en/god/offers');
      await page.getByTestId('offer-new').click();
      for (const [field, value] of [
        ['partner', partner],
        ['titleSv', title],
        ['titleEn', title],
        ['bodySv', 'Rabatt.'],
        ['bodyEn', 'A discount.'],
      ] as const) {
        await page.getByTestId(`offer-${field}`).fill(value);
      }
      await page.getByLabel('Valid from').fill('2030-01-15');
      await page.getByLabel('Valid until').fill('2030-02-01');
      await page.getByTestId('offer-save').click();
      const card = page.getByTestId('offer-card').filter({ hasText: partner });
      await card.getByText('Valid 15 Jan 2030 – 1 Feb 2030').waitFor();
      await card.getByTestId('offer-delete').click();
      const confirmDelete = page.getByRole('dialog', { name: `Delete “${title}”?` });
      await confirmDelete.getByText('This cannot be undone', { exact: false }).waitFor();
      await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
      await confirmDelete.waitFor({ state: 'hidden' });
      await card.waitFor();
      await card.getByTestId('offer-delete').click();
      await page.getByTestId('confirm-dialog-ok').click();
      await page.getByText('The offer was deleted').waitFor();
      await card.waitFor({ state: 'detached' });

      // A free coach-session time: removing it asks first. Days ahead no other run of any test uses.
      const days = 400 + (parseInt(randomUUID().slice(0, 4), 16) % 300);
      const day = new Date(Date.now() + days * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      await go(page, '/en/god/coach-slots');
      await page
        .getByTestId('coach-slot-start')
        .fill(`${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T09:00`);
      await page.getByTestId('coach-slot-add').click();
      await page.getByText('The time was added').waitFor();
      const slot = page.getByTestId('coach-slot').filter({
        hasText: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(day),
      });
      await slot.getByTestId('coach-slot-remove').click();
      await page.getByRole('dialog', { name: 'Remove the time?' }).waitFor();
      expect(await slot.count()).toBe(1);
      await page.getByTestId('confirm-dialog-ok').click();
      await page.getByText('The time was removed').waitFor();
      await slot.waitFor({ state: 'detached' });

      // Prices: digit grouping with spaces is a thousand, a hexadecimal number is not a price, and the cap is
      // stated. Nothing is saved: other suites share the prices.
      await go(page, '/en/god/pricing');
      // The page says what a price change reaches (payments, bills and the public texts) and what it does not
      // (the published terms of use).
      expect(await page.getByTestId('pricing-texts-note').textContent()).toContain(
        'the home page, the FAQ and the premium offer show them at once. The terms of use keep their wording',
      );
      const premium = page.getByTestId('pricing-premium');
      const amount = premium.getByTestId('pricing-amount-premium');
      const save = premium.getByTestId('pricing-save-premium');
      for (const [typed, help] of [
        ['0x10', 'Enter the amount in SEK as digits, for example 1000 or 99.50.'],
        ['1 000 001', 'The amount can be at most 1,000,000 SEK.'],
        ['99.999', 'Use at most two decimals, for example 99.50.'],
      ] as const) {
        await amount.fill(typed);
        await premium.getByText(help).waitFor();
        expect(await save.isDisabled()).toBe(true);
      }
      for (const typed of ['1 000', '1\u00a0000', '1 000,50']) {
        await amount.fill(typed);
        await premium.getByText('A new price applies from now on', { exact: false }).waitFor();
        expect(await save.isDisabled()).toBe(false);
      }
      // A paid plan is never 0 kr, and its price is not left empty.
      for (const [typed, help] of [
        ['0', 'A price must be more than 0 SEK.'],
        ['0,00', 'A price must be more than 0 SEK.'],
        ['', 'Enter a price.'],
      ] as const) {
        await amount.fill(typed);
        await premium.getByText(help).waitFor();
        expect(await save.isDisabled()).toBe(true);
      }
      await amount.fill('199');
      await premium
        .getByText('A new price applies from now on; current subscriptions keep theirs.')
        .waitFor();
      // A one-off product's price has no subscriptions to keep it.
      const coach = page.getByTestId('pricing-assessment_basic');
      await coach.getByText('A new price applies from now on.', { exact: true }).waitFor();
      expect(await coach.getByText('subscriptions', { exact: false }).count()).toBe(0);
      await coach.getByTestId('pricing-amount-assessment_basic').fill('0');
      await coach.getByText('A price must be more than 0 SEK.').waitFor();
      expect(await coach.getByTestId('pricing-save-assessment_basic').isDisabled()).toBe(true);

      // The vocabulary merge says it cannot be undone.
      await go(page, '/en/god/vocabulary/skills');
      await page.locator('[data-testid^="vocabulary-merge-"]').first().click();
      await page
        .getByTestId('vocabulary-merge-irreversible')
        .getByText('cannot be undone', { exact: false })
        .waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      // The user's language by name; searches per day as dates in English, not ISO days.
      await go(page, `/en/god/users/${admin.userId}`);
      await page.getByText('Swedish', { exact: true }).waitFor();
      await go(page, '/en/god/dashboard');
      const perDay = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Searches per day' }) });
      // The days are all there (zeros too), newest first.
      await perDay.getByRole('row').nth(1).waitFor();
      expect(await perDay.getByRole('row').nth(1).getByRole('cell').first().textContent()).toMatch(
        /^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/,
      );
      expect(await perDay.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    } finally {
      await withDatabase(databaseUrl, (client) =>
        client.query('DELETE FROM offers WHERE partner = $1', [partner]),
      );
      await context.close();
    }
  });

  it('deletes a vocabulary entry no profile uses after asking, and says how many use one that cannot go', async () => {
    const run = letters(randomUUID().slice(0, 8));
    const unused = `Vexlor${run}`;
    const used = `Brintel${run}`;
    createdSkills.push(unused.toLowerCase(), used.toLowerCase());
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Vera' });
    const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Kim' });
    const created = await fetch(`${baseUrl}/api/admin/vocabularies/skills`, {
      method: 'POST',
      headers: { authorization: admin.token, 'content-type': 'application/json' },
      body: JSON.stringify({ sv: used, en: used, aliases: [] }),
    });
    expect(created.status).toBe(200);
    await putProfile(baseUrl, consultant.token, {
      jobTitles: ['Systemutvecklare'],
      skills: [{ name: used, yearsOfExperience: 3, lastUsedYear: 2026, starred: false }],
    });
    const suggested = async (prefix: string) => {
      const response = await fetch(`${baseUrl}/api/search/vocabulary/v2`, {
        method: 'POST',
        headers: { 'accept-language': 'en', 'content-type': 'application/json' },
        body: JSON.stringify({ vocabulary: 'skills', searchTerm: prefix }),
      });
      return ((await response.json()) as { results: { id: string }[] }).results.map((result) => result.id);
    };

    const { context, page } = await openPage();
    await useToken(context, admin.token);
    await go(page, '/en/god/vocabulary/skills');
    await page.getByTestId('vocabulary-new').click();
    await page.getByTestId('vocabulary-label-sv').fill(unused);
    await page.getByTestId('vocabulary-label-en').fill(unused);
    await page.getByTestId('vocabulary-save').click();
    await page.locator('[data-testid="vocabulary-reindex"][data-done="true"]').waitFor();
    expect(await suggested(unused.slice(0, 8).toLowerCase())).toContain(unused.toLowerCase());

    // Unused: deleting asks first; cancelling keeps it, confirming takes it out of the vocabulary.
    await page.getByTestId('vocabulary-search').fill(unused);
    const entry = page.getByTestId(`vocabulary-entry-${unused.toLowerCase()}`);
    await entry.getByText('Used by 0 profiles').waitFor();
    await entry.getByTestId(`vocabulary-delete-${unused.toLowerCase()}`).click();
    const confirm = page.getByRole('dialog', { name: `Delete “${unused}”?` });
    await confirm.getByText('No profile uses it.', { exact: false }).waitFor();
    expect(await axeViolations(page, 'vocabulary delete dialog')).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await entry.waitFor();
    await entry.getByTestId(`vocabulary-delete-${unused.toLowerCase()}`).click();
    await page.getByTestId('vocabulary-confirm-delete').click();
    await page.getByText(`“${unused}” was deleted from the vocabulary`).waitFor();
    await entry.waitFor({ state: 'detached' });
    await page.getByText('No entries match.').waitFor();
    expect(await suggested(unused.slice(0, 8).toLowerCase())).not.toContain(unused.toLowerCase());

    // In use: the dialog says by how many profiles, offers the merge instead, and deletes nothing.
    await page.getByTestId('vocabulary-search').fill(used);
    const inUse = page.getByTestId(`vocabulary-entry-${used.toLowerCase()}`);
    await inUse.getByText('Used by 1 profile').waitFor();
    await inUse.getByTestId(`vocabulary-delete-${used.toLowerCase()}`).click();
    const refusal = page.getByTestId('vocabulary-delete-in-use');
    expect(await refusal.textContent()).toBe(
      `“${used}” cannot be deleted: 1 profile uses it. Merge it into another entry instead: the profile keeps it under that one.`,
    );
    expect(await page.getByTestId('vocabulary-confirm-delete').count()).toBe(0);
    await page.getByTestId('vocabulary-merge-instead').click();
    await page.getByTestId('vocabulary-merge-irreversible').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await inUse.waitFor();
    expect(await suggested(used.slice(0, 8).toLowerCase())).toContain(used.toLowerCase());
    await context.close();
  });

  it('the home page, the FAQ and the premium offer state the prices god/pricing sets, from the server on', async () => {
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Prisa' });
    const call = (method: 'GET' | 'PUT', path: string, body?: object) =>
      fetch(`${baseUrl}/api/admin/pricing${path}`, {
        method,
        headers: { authorization: admin.token, 'content-type': 'application/json' },
        body: body && JSON.stringify(body),
      });
    type Priced = { code: string; nameSv: string; nameEn: string; price: { amountOre: number } | null };
    const pricing = (await (await call('GET', '')).json()) as { plans: Priced[]; products: Priced[] };
    const saved = (item: Priced | undefined) => ({
      nameSv: item!.nameSv,
      nameEn: item!.nameEn,
      amountOre: item!.price!.amountOre,
    });
    // What the test changes, as it was. This file runs with no other browser test (vitest.config.ts), since
    // every bill and payment takes these prices.
    const originals = [
      ['/products/hire_fee', saved(pricing.products.find((product) => product.code === 'hire_fee'))],
      ['/plans/premium', saved(pricing.plans.find((plan) => plan.code === 'premium'))],
    ] as const;
    const nbsp = '\u00a0';
    try {
      for (const [path, original] of originals) {
        // A hire fee of 3 495 kr; premium at 149 kr, the lowest paid plan, so premium's "from" price.
        const amountOre = path.includes('hire_fee') ? 349_500 : 14_900;
        const changed = await call('PUT', path, { ...original, amountOre });
        expect(changed.status, await changed.text()).toBe(200);
      }

      // The server's HTML already states them: the pricing cards, the FAQ's answers and its structured data.
      const home = await (await fetch(`${baseUrl}/sv/home`)).text();
      expect(home).toContain(`3${nbsp}495${nbsp}kr per anlitad konsult och månad`);
      expect(home).toContain(`Från 149${nbsp}kr per månad`);
      expect(home).not.toContain(`2${nbsp}995`);
      const faq = await (await fetch(`${baseUrl}/en/faq`)).text();
      const answers = [
        `you pay SEK${nbsp}3,495 per hired consultant per month`,
        `Premium costs from SEK${nbsp}149 a month`,
      ];
      const structured = faq.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? '';
      for (const answer of answers) {
        expect(faq.replace(structured, '')).toContain(answer);
        expect(structured).toContain(answer);
      }

      // The browser takes the page over with the same amounts: no hydration warning, the server's very node.
      const visitor = await openPage(375);
      const problems: string[] = [];
      visitor.page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      visitor.page.on('pageerror', (error) => problems.push(error.message));
      await visitor.page.goto('/sv/home');
      const hireFee = visitor.page.getByTestId('landing-hire-fee');
      await expect
        .poll(() => hireFee.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react'))))
        .toBe(true);
      expect(await hireFee.textContent()).toBe(`3${nbsp}495${nbsp}kr per anlitad konsult och månad`);
      expect(await visitor.page.getByTestId('landing-premium-from').textContent()).toBe(
        `Från 149${nbsp}kr per månad`,
      );
      // A navigation in the browser reads them through the route's loader.
      const productsRead = visitor.page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/products',
      );
      await visitor.page.getByRole('link', { name: 'Frågor och svar' }).first().click();
      await productsRead;
      await waitForPath(visitor.page, '/sv/faq');
      await visitor.page.getByRole('button', { name: 'Vad ingår i premium?' }).click();
      await visitor.page.getByText(`Premium kostar från 149${nbsp}kr i månaden`, { exact: false }).waitFor();
      await visitor.page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      await visitor.context.close();

      // The premium offer in the app.
      const { context, page } = await openPage();
      await useToken(context, admin.token);
      await go(page, '/sv/app/subscription');
      await page.getByText(`Från 149${nbsp}kr i månaden, avsluta när du vill.`, { exact: false }).waitFor();
      await context.close();
    } finally {
      for (const [path, original] of originals) {
        const restored = await call('PUT', path, original);
        expect(restored.status, await restored.text()).toBe(200);
      }
    }
  });

  it('marks feedback from a deleted account, and saves the answer without mailing it', async () => {
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Greta' });
    const sender = await createUser(baseUrl, databaseUrl, { firstName: 'Rut' });
    const message = `Exporten borde vara tydligare ${tag}.`;
    const sent = await fetch(`${baseUrl}/api/feedback`, {
      method: 'POST',
      headers: { authorization: sender.token, 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });
    expect(sent.status).toBe(200);
    // The sender deletes the account (how is the API's test: here only what the inbox shows).
    await withDatabase(databaseUrl, (client) =>
      client.query(
        "UPDATE users SET deleted_at = now(), purge_after = now() + interval '3 months' WHERE id = $1",
        [sender.userId],
      ),
    );

    const { context, page } = await openPage();
    await useToken(context, admin.token);
    await go(page, '/sv/god/feedback');
    const item = page.getByTestId('feedback-item').filter({ hasText: message });
    expect(await item.getByTestId('feedback-sender-removed').textContent()).toBe('Kontot är borttaget');
    await item.getByText('Avsändaren har tagit bort sitt konto: svaret sparas men mejlas inte.').waitFor();
    await item.getByTestId('feedback-answer').fill('Tack, vi ser över exporten.');
    await item.getByTestId('feedback-send-answer').click();
    await page.getByText('Svaret sparades men mejlades inte: avsändarens konto är borttaget.').waitFor();
    await page.getByTestId('feedback-tab-answered').click();
    await item.getByText('Tack, vi ser över exporten.').waitFor();
    await context.close();
  });

  it('discards a terms draft after asking: an unsaved one here, a saved one in the database too', async () => {
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Greta' });
    const { context, page } = await openPage();
    await useToken(context, admin.token);
    await go(page, '/en/god/terms');
    await page.getByTestId('terms-tab-cookies').click();
    const terms = page.getByTestId('terms-panel-cookies');
    const text = `Cookie draft ${tag}`;
    const drafts = () =>
      withDatabase(databaseUrl, (client) =>
        client.query("SELECT 1 FROM terms_versions WHERE kind = 'cookies' AND body_en = $1", [text]),
      );

    // Typed, never saved: asked first; cancelling keeps the text, discarding drops it.
    await terms.getByTestId('terms-new-draft').click();
    await terms.getByTestId('terms-body-en').fill(text);
    await terms.getByTestId('terms-discard').click();
    const ask = page.getByRole('dialog', { name: 'Discard this draft?' });
    await ask.getByText('The text you have typed is not saved and will be lost.', { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await terms.getByTestId('terms-body-en').inputValue()).toBe(text);
    await terms.getByTestId('terms-discard').click();
    await ask.getByRole('button', { name: 'Discard draft' }).click();
    await terms.getByTestId('terms-new-draft').waitFor();
    await expect.poll(() => focused(page)).toBe('terms-new-draft');
    expect(await page.getByTestId('terms-tab-cookies').textContent()).toBe('Cookie policy');

    // Saved: discarding deletes it, and a new version starts from the published text again.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('terms-body-sv');
    await terms.getByTestId('terms-body-sv').fill(`Kakutkast ${tag}`);
    await terms.getByTestId('terms-body-en').fill(text);
    await terms.getByTestId('terms-save-draft').click();
    await page.getByText('The draft was saved').waitFor();
    expect((await drafts()).rowCount).toBe(1);
    await terms.getByTestId('terms-discard').click();
    await ask.getByText('is removed and cannot be brought back', { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByText('The draft was discarded').waitFor();
    await expect.poll(() => focused(page)).toBe('terms-new-draft');
    expect((await drafts()).rowCount).toBe(0);
    await terms.getByTestId('terms-new-draft').click();
    expect(await terms.getByTestId('terms-body-en').inputValue()).not.toBe(text);
    await context.close();
  });

  it('counts an answer to 5000 characters, flags a longer one at the field, and keeps the focus there', async () => {
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Greta' });
    const sender = await createUser(baseUrl, databaseUrl, { firstName: 'Rut' });
    const message = `Sökningen borde spara min sortering ${tag}.`;
    // An address to answer to (a BankID user has none until they add one).
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET email = $2 WHERE id = $1', [
        sender.userId,
        `feedback-${tag}@example.test`,
      ]),
    );
    const sent = await fetch(`${baseUrl}/api/feedback`, {
      method: 'POST',
      headers: { authorization: sender.token, 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });
    expect(sent.status).toBe(200);

    const { context, page } = await openPage();
    await useToken(context, admin.token);
    await go(page, '/sv/god/feedback');
    const item = page.getByTestId('feedback-item').filter({ hasText: message });
    const answer = item.getByTestId('feedback-answer');
    const counter = item.getByTestId('feedback-answer-counter');
    expect(await counter.textContent()).toBe('0/5000');
    await answer.fill('Tack!');
    expect(await counter.textContent()).toBe('5/5000');

    // Too long: said at the field while typing, the text kept, and sending does not send.
    const long = 'a'.repeat(5001);
    await answer.fill(long);
    expect(await counter.textContent()).toBe('5001/5000');
    expect(await item.getByTestId('feedback-answer-help').textContent()).toBe(
      'Får inte vara längre än 5000 tecken',
    );
    expect(await answer.getAttribute('aria-invalid')).toBe('true');
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/admin/feedback/'))
        puts.push(request.url());
    });
    await item.getByTestId('feedback-send-answer').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('feedback-answer');
    expect(await answer.inputValue()).toBe(long);
    expect(puts).toEqual([]);

    // A failed send: the error is shown, the answer is kept and the focus goes back to it.
    await answer.fill('Tack, vi tittar på det.');
    await page.route('**/api/admin/feedback/*', (route) => route.abort());
    await item.getByTestId('feedback-send-answer').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('app-alert').waitFor();
    await expect.poll(() => focused(page)).toBe('feedback-answer');
    expect(await answer.inputValue()).toBe('Tack, vi tittar på det.');
    expect(puts).toHaveLength(1);
    await context.close();
  });

  it('shows the admin pages at 375 px', async () => {
    const { context, page } = await openPage(375);
    const admin = await createUser(baseUrl, databaseUrl, { admin: true, firstName: 'Mobil' });
    await useToken(context, admin.token);
    for (const [path, testId, name] of [
      ['/en/god/dashboard', 'stat-users', 'admin-dashboard-375'],
      ['/en/god/users', 'users-list', 'admin-users-375'],
      ['/en/god/terms', 'terms-tab-users', 'admin-terms-375'],
      ['/en/god/vocabulary/skills', 'vocabulary-entries', 'admin-vocabulary-375'],
      ['/en/god/pricing', 'pricing-premium', 'admin-pricing-375'],
    ] as const) {
      await go(page, path);
      await page.getByTestId(testId).waitFor();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, name);
    }
    await context.close();
  });
});
