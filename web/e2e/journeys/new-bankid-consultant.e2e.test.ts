import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chooseInSelect, pickSuggestion } from '../profile-fixtures';
import { useBrowser, waitForPath } from '../support';
import {
  completeSetup,
  expectDashboard,
  followLink,
  JOURNEY_TIMEOUT_MS,
  logInWithBankId,
  mailedLink,
  newPerson,
  openBrowser,
  openFromMenu,
  publicProfilePath,
  saveProfile,
} from './steps';

// Journey: a consultant nobody has seen logs in with Mobile BankID for the first time, finishes the account,
// confirms the address from the mail, fills in a profile with the vocabulary's suggestions, and is found: a
// visitor in another browser searches, sees the anonymous card and opens the public profile.

const { baseUrl, browser } = useBrowser();

describe('journey: a new BankID consultant', () => {
  it(
    'logs in, finishes setup, confirms the mailed link, fills in the profile and is found by a visitor',
    async () => {
      const person = newPerson('Siv', 'Åkerlund');
      // A word only this consultant's profile has, so the visitor's search finds exactly this profile.
      const keyword = `fjällräv${randomUUID().slice(0, 8)}`;

      // First login: an unknown personal number is a new, unverified account, which goes to setup.
      const { context, page } = await openBrowser(browser(), baseUrl, '/en/login');
      await logInWithBankId(page, person.personalNumber);
      await completeSetup(page, person, '070-555 12 34');

      // The link in the mail confirms the address and the consultant lands on the dashboard.
      const link = await mailedLink(person.email, '/verify/email');
      expect(new URL(link).pathname).toBe('/en/verify/email');
      await followLink(page, link);
      await expectDashboard(page, person);

      // The profile, with suggestions from the vocabulary.
      await openFromMenu(page, 'My profile');
      await waitForPath(page, '/en/app/edit-profile');
      await page.getByTestId('edit-profile').waitFor();
      // Nothing is in the search before the first save, and the visibility card says so.
      const visibilityHelp = page.locator('#visibility-help');
      expect(await visibilityHelp.textContent()).toContain('once you have saved it for the first time');
      await page.getByTestId('profile-job-titles').fill('Data engineer');
      await page.keyboard.press('Enter');
      await page.getByTestId('profile-description').fill(`Builds data platforms in the cloud. ${keyword}`);
      await pickSuggestion(page, 'skill-picker', 'Pyth', 'Python');
      await pickSuggestion(page, 'skill-picker', 'Kube', 'Kubernetes');
      await pickSuggestion(page, 'skill-picker', 'Postgr', 'PostgreSQL');
      await expect.poll(() => page.getByTestId('skill-row').count()).toBe(3);
      await page.getByTestId('language-quick-sv').click();
      await chooseInSelect(page, 'language-level', 'Native or bilingual');
      await page.getByTestId('location-stockholm').click();
      await saveProfile(page);

      // A new profile is searchable.
      expect(await page.getByTestId('profile-searchable').isChecked()).toBe(true);
      await expect
        .poll(() => visibilityHelp.textContent())
        .toContain('Buyers find your profile in the search');
      const profilePath = await publicProfilePath(page);

      // A visitor, in a browser of their own, searches and finds the anonymous card.
      const visitor = await openBrowser(browser(), baseUrl, '/en/search');
      const card = visitor.page.getByTestId('result-card');
      await expect
        .poll(
          async () => {
            // The profile reaches the index through the outbox and the indexer: search again until it has.
            await visitor.page.goto(`/en/search?keywords=${keyword}`);
            await card.or(visitor.page.getByText('No matching consultant found')).first().waitFor();
            return card.count();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(1);
      const cardText = (await card.textContent()) ?? '';
      expect(cardText).toContain('Data engineer');
      expect(cardText).not.toContain(person.lastName);

      // The card opens the public profile: the CV without the person.
      await card.getByRole('link').first().click();
      await waitForPath(visitor.page, profilePath);
      const view = visitor.page.getByTestId('profile-view');
      await view.waitFor();
      expect(await view.getAttribute('data-view')).toBe('anonymous');
      expect(await visitor.page.getByTestId('profile-name').textContent()).toBe('Anonymous consultant');
      const viewText = (await view.textContent()) ?? '';
      expect(viewText).toContain('Kubernetes');
      expect(viewText).not.toContain(person.firstName);
      expect(viewText).not.toContain(person.lastName);
      await visitor.context.close();
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
