import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseInSelect, createPng, pickSuggestion, putProfile } from './profile-fixtures';
import { uniqueKeyword } from './search-fixtures';
import { createUser, screenshot, useBrowser, useToken, waitForPath, withDatabase } from './support';

// The consultant's profile end to end (issue 7): log in through the BankID simulator, fill in the profile
// with vocabulary suggestions, upload a picture, save; then a visitor's search finds the anonymous card,
// which opens the public profile. Also the profile's error states and the premium (full) view.

const { baseUrl, databaseUrl, openPage } = useBrowser();
const timings: Record<string, number> = {};

afterAll(async () => {
  console.log('profile e2e timings (ms)', JSON.stringify(timings));
});

const status = (page: Page) => page.getByTestId('save-status');

async function loginThroughUi(page: Page, personalNumber: string, target: string): Promise<void> {
  await page.goto(target);
  await waitForPath(page, /\/sv\/login\?redirect=/);
  await page.getByTestId('nin-input').fill(personalNumber);
  await page.getByTestId('bankid-start').click();
  await page.getByTestId('bankid-waiting').waitFor();
  await waitForPath(page, target);
}

describe('profile: edit, search, public view', () => {
  it('a consultant fills in the profile with suggestions and a picture, and a visitor finds the anonymous card', async () => {
    const keyword = uniqueKeyword('prof');
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Ingrid' });
    const { context, page } = await openPage();
    await context.addInitScript(() => window.localStorage.setItem('km.cookieConsent', 'e2e'));

    let started = Date.now();
    await loginThroughUi(page, user.personalNumber, '/sv/app/edit-profile');
    await page.getByTestId('edit-profile').waitFor();
    timings.loginToEditor = Date.now() - started;
    expect(await page.getByTestId('completion-value').textContent()).toBe('15 %');

    started = Date.now();
    // About you: a job title and a description with a word only this test uses.
    await page.getByTestId('profile-job-titles').fill('Systemutvecklare');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('profile-description')
      .fill(`Fullstackutvecklare med fokus på TypeScript. ${keyword}`);

    // Skills from the vocabulary: a prefix, then the suggestion.
    const skills: [string, string][] = [
      ['Type', 'TypeScript'],
      ['Reac', 'React'],
      ['Postgre', 'PostgreSQL'],
      ['Kotl', 'Kotlin'],
      ['Dock', 'Docker'],
      ['Kubern', 'Kubernetes'],
    ];
    for (const [typed, label] of skills) await pickSuggestion(page, 'skill-picker', typed, label);
    await expect.poll(() => page.getByTestId('skill-row').count()).toBe(6);
    await page.getByTestId('skill-years').first().fill('7');
    await page.getByTestId('skill-last-used').first().fill('1800');

    // Five stars at most, with the spec's message for the sixth.
    const stars = page.getByTestId('skill-star');
    for (let index = 0; index < 6; index += 1) await stars.nth(index).click();
    expect(await page.getByTestId('star-limit').textContent()).toContain(
      'Du kan framhäva högst 5 kompetenser',
    );
    expect(await page.getByTestId('starred-count').textContent()).toBe('5 av 5 framhävda');
    expect(await stars.nth(5).getAttribute('aria-pressed')).toBe('false');

    // A skill in the consultant's own words: Enter adds it (and does not submit the form).
    await page.getByTestId('skill-picker').fill('Mobbprogrammering');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('skill-row').count()).toBe(7);
    expect(await status(page).textContent()).toBe('Du har osparade ändringar');

    // Languages: a suggested chip and one from the vocabulary, each with a level.
    await page.getByTestId('language-quick-sv').click();
    await pickSuggestion(page, 'language-add', 'Eng', 'Engelska');
    await chooseInSelect(page, 'language-level', 'Modersmål eller tvåspråkig', 0);
    await chooseInSelect(page, 'language-level', 'Fullständig yrkesmässig nivå', 1);

    // Education with a field of study from the suggestions.
    await page.getByTestId('education-add').click();
    await chooseInSelect(page, 'education-level', 'Masterexamen');
    await pickSuggestion(page, 'education-field', 'Datavet', 'Datavetenskap');
    await page.getByTestId('education-school').fill('KTH');

    await page.getByTestId('location-stockholm').click();
    await page.getByTestId('location-distansarbete').click();
    await page.getByTestId('licence-B').click();
    await page.getByTestId('disc-analyser').check();
    expect(await page.getByTestId('disc-description').textContent()).toContain('Analytiker');
    await page.getByTestId('force-intellectual').check();
    await page.getByTestId('force-structured').check();

    // Inline validation with the spec's messages before anything is sent.
    await page.getByTestId('profile-save').click();
    await page.getByText('Ange ett årtal från 1940 till och med i år').waitFor();
    expect(await status(page).textContent()).toBe('1 fält behöver rättas');
    await page.getByTestId('skill-last-used').first().fill('2026');
    await page.getByTestId('profile-save').click();
    await expect
      .poll(() => status(page).textContent(), { timeout: 15_000 })
      .toBe('Alla ändringar är sparade');
    // QA11 F3: the save button is disabled once saved: focus goes to the status, not to the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('save-status');

    // An experience, saved on its own through its dialog.
    await page.getByTestId('experience-add').click();
    await page.getByTestId('experience-company').fill('Volvo Cars');
    await page.getByTestId('experience-title').fill('Senior utvecklare');
    await page.getByTestId('experience-start').fill('2021');
    await page.getByTestId('experience-save').click();
    await page.getByText('Ange ett slutår eller markera att det pågår').waitFor();
    await page.getByTestId('experience-ongoing').check();
    await page.getByTestId('employment-consultant').check();
    await pickSuggestion(page, 'experience-skills', 'Type', 'TypeScript');
    await page.getByTestId('experience-save').click();
    await page.getByTestId('experience-item').waitFor();

    // A picture, cropped square in the browser before it is uploaded; chosen with the keyboard. The crop
    // dialog gives focus back to the button that opened it when it closes, cancelled or saved.
    const focusedTestId = () =>
      page.evaluate(
        () => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      );
    const choosePicture = async () => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByTestId('picture-choose').press('Enter'),
      ]);
      await chooser.setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: createPng() });
      await page.getByTestId('crop-area').waitFor();
    };
    await choosePicture();
    await page.getByRole('dialog').getByRole('button', { name: 'Avbryt' }).click();
    await page.getByTestId('crop-area').waitFor({ state: 'detached' });
    await expect.poll(focusedTestId).toBe('picture-choose');
    await choosePicture();
    await page.getByTestId('crop-area').press('ArrowRight');
    await page.getByTestId('crop-save').click();
    const uploaded = page.getByTestId('profile-picture').locator('img');
    await uploaded.or(page.getByTestId('picture-error')).first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('picture-error').count()).toBe(0);
    expect(await uploaded.getAttribute('src')).toMatch(/\/api\/pictures\//);
    await expect.poll(() => page.getByTestId('completion-value').textContent()).toBe('100 %');
    await expect.poll(focusedTestId).toBe('picture-choose');
    timings.fillInAndSave = Date.now() - started;
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'edit-profile-1280');
    await context.close();

    // A visitor searches: the saved profile reaches the index through the outbox and the indexer.
    started = Date.now();
    const visitor = await openPage();
    await visitor.context.addInitScript(() => window.localStorage.setItem('km.cookieConsent', 'e2e'));
    const card = visitor.page.locator('[data-testid="result-card"]');
    await expect
      .poll(
        async () => {
          await visitor.page.goto(`/sv/search?keywords=${keyword}`);
          await visitor.page.locator('h1').waitFor();
          await card.or(visitor.page.getByText('Ingen matchande konsult hittades')).first().waitFor();
          return card.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    timings.saveToSearchCard = Date.now() - started;
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain('Systemutvecklare');
    expect(cardText).not.toContain('Ingrid');

    await card.getByRole('link').first().click();
    await waitForPath(visitor.page, `/sv/profile/${user.userId}`);
    const view = visitor.page.getByTestId('profile-view');
    await view.waitFor();
    expect(await view.getAttribute('data-view')).toBe('anonymous');
    expect(await visitor.page.getByTestId('profile-name').textContent()).toBe('Anonym konsult');
    const viewText = (await view.textContent()) ?? '';
    expect(viewText).not.toContain('Ingrid');
    expect(viewText).not.toContain('Lindqvist');
    expect(viewText).toContain('Volvo Cars');
    expect(viewText).toContain('Analytiker');
    await visitor.page.waitForLoadState('networkidle');
    await screenshot(visitor.page, 'public-profile-1280');
    await visitor.context.close();

    // The same pages on a phone.
    const phone = await openPage(375);
    await useToken(phone.context, user.token);
    await phone.page.goto('/sv/app/edit-profile');
    await phone.page.getByTestId('edit-profile').waitFor();
    await phone.page.waitForLoadState('networkidle');
    await screenshot(phone.page, 'edit-profile-375');
    await phone.context.close();
    const phoneVisitor = await openPage(375);
    await phoneVisitor.context.addInitScript(() => window.localStorage.setItem('km.cookieConsent', 'e2e'));
    await phoneVisitor.page.goto(`/sv/profile/${user.userId}`);
    await phoneVisitor.page.getByTestId('profile-view').waitFor();
    await phoneVisitor.page.waitForLoadState('networkidle');
    await screenshot(phoneVisitor.page, 'public-profile-375');
    await phoneVisitor.context.close();
  });

  it("writes decimal years in the page's language, speaks MUI's texts in it, and says what the years may be", async () => {
    const keyword = uniqueKeyword('dec');
    const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Britta' });
    await putProfile(baseUrl, consultant.token, {
      jobTitles: ['Frontendutvecklare'],
      shortDescription: `Bygger gränssnitt. ${keyword}`,
      skills: [{ name: 'React', yearsOfExperience: 5.5, lastUsedYear: 2025, starred: true }],
    });

    // The editor shows the saved years with a decimal comma on a Swedish page, a point on an English one.
    const { context, page } = await openPage();
    await useToken(context, consultant.token);
    await page.goto('/sv/app/edit-profile');
    await page.getByTestId('edit-profile').waitFor();
    const years = page.getByTestId('skill-years').first();
    expect(await years.inputValue()).toBe('5,5');
    // MUI's buttons (the pickers' open and clear) speak Swedish too.
    expect(await page.locator('button[title="Öppna"]').count()).toBeGreaterThan(0);
    expect(await page.locator('button[title="Open"], button[aria-label="Open"]').count()).toBe(0);
    await page.getByTestId('skill-picker').fill('Rea');
    await page.locator('button[title="Rensa"]').first().waitFor({ state: 'attached' });
    await page.getByTestId('skill-picker').fill('');

    // What the years may be, in words: at most 80; last used no later than this year.
    await years.fill('100');
    await page
      .getByTestId('skill-last-used')
      .first()
      .fill(String(new Date().getFullYear() + 1));
    await page.getByTestId('profile-save').click();
    await page.getByText('Ange högst 80 år').waitFor();
    await page.getByText('Ange ett årtal från 1940 till och med i år').waitFor();
    expect(await page.getByText('Ogiltig inmatning').count()).toBe(0);
    await years.fill('1,5');
    await page.getByTestId('skill-last-used').first().fill('2025');
    await page.getByTestId('profile-save').click();
    await expect
      .poll(() => status(page).textContent(), { timeout: 15_000 })
      .toBe('Alla ändringar är sparade');
    await page.reload();
    await page.getByTestId('edit-profile').waitFor();
    expect(await page.getByTestId('skill-years').first().inputValue()).toBe('1,5');
    // The language picker: the English editor, with a decimal point and MUI's English texts.
    await page.getByTestId('language-picker').click();
    await waitForPath(page, '/en/app/edit-profile');
    await expect.poll(() => page.getByTestId('skill-years').first().inputValue()).toBe('1.5');
    expect(await page.locator('button[title="Open"]').count()).toBeGreaterThan(0);
    expect(await page.locator('button[title="Öppna"]').count()).toBe(0);
    await context.close();

    // A visitor's view of the profile, as the server renders it and after hydration.
    const html = await (await fetch(`${baseUrl}/sv/profile/${consultant.userId}`)).text();
    expect(html).toContain('1,5 år · senast 2025');
    const visitor = await openPage();
    await visitor.page.goto(`/sv/profile/${consultant.userId}`);
    const skill = visitor.page.getByTestId('profile-skill').first();
    await skill.waitFor();
    expect(await skill.textContent()).toContain('1,5 år · senast 2025');
    await visitor.page.goto(`/en/profile/${consultant.userId}`);
    await visitor.page.getByText('1.5 years · last used 2025').waitFor();

    // The search card says why it matched, with the same years.
    const card = visitor.page.getByTestId('result-card');
    await expect
      .poll(
        async () => {
          await visitor.page.goto(`/sv/search?keywords=${keyword}`);
          await card.or(visitor.page.getByText('Ingen matchande konsult hittades')).first().waitFor();
          return card.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    await visitor.page.getByTestId('skills-input').fill('React');
    await visitor.page.getByRole('option', { name: /^React( \(\d+\))?$/ }).click();
    await visitor.page.keyboard.press('Escape');
    await expect
      .poll(() => card.getByTestId('match-reason').textContent(), { timeout: 15_000 })
      .toContain('React · 1,5 år, senast 2025');
    await visitor.context.close();
  });

  it("shows 'Profile not available', 'Profile no longer exists', and the full profile to premium users", async () => {
    const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Maja' });
    await putProfile(baseUrl, consultant.token, {
      jobTitles: ['Projektledare'],
      shortDescription: 'Leder agila team.',
      discType: 'promoter',
      drivingForces: ['altruistic'],
      locations: ['goteborg'],
    });
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET phone = $2 WHERE id = $1', [consultant.userId, '070-123 45 67']),
    );

    // A premium buyer sees names and contact details, in English too.
    const buyer = await createUser(baseUrl, databaseUrl, { firstName: 'Olof' });
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET is_premium = true WHERE id = $1', [buyer.userId]),
    );
    const premium = await openPage();
    await useToken(premium.context, buyer.token);
    await premium.page.goto(`/en/app/profile/${consultant.userId}`);
    await premium.page.getByTestId('profile-contact').waitFor();
    expect(await premium.page.getByTestId('profile-name').textContent()).toBe('Maja Lindqvist');
    expect(await premium.page.getByTestId('profile-contact').textContent()).toContain('070-123 45 67');
    expect(await premium.page.getByTestId('disc-type-name').textContent()).toBe('Promoter');
    await premium.page.getByTestId('anonymised-cv-en').waitFor();
    await premium.page.waitForLoadState('networkidle');
    await screenshot(premium.page, 'inner-profile-premium-1280');
    const download = premium.page.waitForEvent('download');
    await premium.page.getByTestId('anonymised-cv-en').click();
    expect((await download).suggestedFilename()).toMatch(/^CV-anonym-.+-en\.pdf$/);
    await premium.context.close();

    // Hidden: 'Profile not available' for everyone else.
    await fetch(`${baseUrl}/api/profile/searchable`, {
      method: 'PUT',
      headers: { authorization: consultant.token, 'content-type': 'application/json' },
      body: JSON.stringify({ isSearchable: false }),
    });
    const visitor = await openPage();
    await visitor.page.goto(`/en/profile/${consultant.userId}`);
    await visitor.page.getByTestId('profile-error-notAvailable').waitFor();
    expect(await visitor.page.getByRole('heading', { level: 2 }).first().textContent()).toBe(
      'Profile not available',
    );

    // Deleted account: 'Profile no longer exists'.
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET deleted_at = now() WHERE id = $1', [consultant.userId]),
    );
    await visitor.page.goto(`/sv/profile/${consultant.userId}`);
    await visitor.page.getByTestId('profile-error-noLongerExists').waitFor();
    expect(await visitor.page.getByText('Profilen finns inte längre').count()).toBe(1);
    await visitor.context.close();
  });
});
