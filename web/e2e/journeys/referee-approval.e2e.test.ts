import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support';
import {
  followLink,
  JOURNEY_TIMEOUT_MS,
  mailedLink,
  newAddress,
  newPerson,
  openBrowser,
  openFromMenu,
  publicProfilePath,
  signUpWithBankId,
} from './steps';

// Journey: a consultant (made here from scratch) names a referee on an experience; the referee, who has no
// account, approves from the mailed link with a rating and a short review; the rating shows on the
// consultant's public profile, without the referee's name.

const { baseUrl, browser } = useBrowser();

describe('journey: a referee approves from the mailed link', () => {
  it(
    'the approval and its rating show on the profile',
    async () => {
      const person = newPerson('Britt', 'Sandberg');
      const referee = { firstName: 'Olle', lastName: 'Wikström', email: newAddress('olle') };
      const review = 'Lugn och noggrann projektledare som alltid levererade i tid.';

      const { context, page } = await openBrowser(browser(), baseUrl, '/en/login');
      await signUpWithBankId(page, person);

      // An experience, saved through its dialog.
      await openFromMenu(page, 'My profile');
      await page.getByTestId('edit-profile').waitFor();
      await page.getByTestId('experience-add').click();
      await page.getByTestId('experience-company').fill('Vattenfall');
      await page.getByTestId('experience-title').fill('Project manager');
      await page.getByTestId('experience-start').fill('2018');
      await page.getByTestId('experience-end').fill('2024');
      await page.getByTestId('employment-consultant').check();
      await page.getByTestId('experience-save').click();
      await page.getByTestId('experience-item').waitFor();

      // The referee on that experience: a mail goes out.
      await page.getByTestId('referee-add').click();
      await page.getByTestId('referee-first-name').fill(referee.firstName);
      await page.getByTestId('referee-last-name').fill(referee.lastName);
      await page.getByTestId('referee-email').fill(referee.email);
      await page.getByTestId('referee-send').click();
      await expect
        .poll(() => page.getByTestId('reference-status').textContent(), { timeout: 15_000 })
        .toBe('Awaiting answer');
      const profilePath = await publicProfilePath(page);

      // The referee opens the link in their own browser and approves with five stars and a review.
      const approval = await mailedLink(referee.email, '/en/verify/reference/');
      const refereeBrowser = await openBrowser(browser(), baseUrl, '/en/search');
      await followLink(refereeBrowser.page, approval);
      const experience = refereeBrowser.page.getByTestId('reference-experience');
      await experience.waitFor();
      expect(await experience.textContent()).toContain('Vattenfall');
      await refereeBrowser.page.getByTestId('reference-approve').click();
      // The stars are labels of visually hidden radio buttons: click the fifth star's label.
      const fifth = await refereeBrowser.page.getByRole('radio', { name: '5 stars' }).getAttribute('id');
      await refereeBrowser.page.locator(`label[for="${fifth}"]`).click();
      await refereeBrowser.page.getByTestId('reference-review').fill(review);
      await refereeBrowser.page.getByTestId('reference-submit').click();
      await refereeBrowser.page.getByTestId('reference-answered').waitFor();
      await refereeBrowser.context.close();

      // The consultant sees the approval ...
      await page.reload();
      await expect
        .poll(() => page.getByTestId('reference-status').textContent(), { timeout: 15_000 })
        .toBe('Approved');
      await context.close();

      // ... and a visitor sees the rating and review, without the referee's name.
      const visitor = await openBrowser(browser(), baseUrl, profilePath);
      const reviews = visitor.page.getByTestId('profile-reviews');
      await reviews.waitFor();
      expect(await reviews.textContent()).toContain(review);
      await reviews.getByLabel('Rated 5 of 5').waitFor();
      const viewText = (await visitor.page.getByTestId('profile-view').textContent()) ?? '';
      expect(viewText).toContain('1 approved reference · 5 of 5');
      expect(viewText).not.toContain(referee.lastName);
      await visitor.context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
