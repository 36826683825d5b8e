import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '@mp/api/config';
import { startCommerceWorker, type RunningCommerceWorker } from '@mp/api/jobs/worker';
import { putProfile } from '../profile-fixtures';
import { callApi, createUser, screenshot, useBrowser, useToken, waitForPath, withDatabase } from '../support';

// Journeys through the card-payment simulator started by `npm run services` (its hosted card form and 3-D
// Secure page): a new buyer buys premium with a card that needs a challenge and then sees full profiles; a new
// consultant buys and takes the assessment on a phone and sees the result. The commerce worker (assessment
// result job) runs in this file's process against the e2e database and queues.

const { baseUrl, databaseUrl, openPage } = useBrowser();
const queuePrefix = inject('queuePrefix');
let commerce: RunningCommerceWorker;

/** The commerce worker as the deployed one runs, against the e2e database and queues. */
function startCommerce() {
  return startCommerceWorker(
    loadConfig(
      { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      { DATABASE_URL: databaseUrl, QUEUE_PREFIX: queuePrefix },
    ),
  );
}

beforeAll(async () => {
  commerce = await startCommerce();
});
afterAll(async () => {
  await commerce?.close();
});

/** Adds a card the way a person does: the provider's form, then back to the page it came from. */
async function addCardInBrowser(page: Page, number: string, returnPath: string) {
  await page.getByTestId('add-card').click();
  await page.getByTestId('card-number').waitFor();
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill('12/34');
  await page.getByTestId('card-cvc').fill('737');
  await page.getByTestId('card-submit').click();
  await waitForPath(page, returnPath);
  await page.getByTestId('card-summary').waitFor();
}

type Address = [name: string, street: string, postcode: string, city: string];

/** Fills in the billing details a subscription needs: name, street, postcode, city, organisation number. */
async function fillPaymentDetails(page: Page, [name, street, postcode, city]: Address, number: string) {
  await page.getByTestId('details-billingName').fill(name);
  await page.getByTestId('details-addressLine').fill(street);
  await page.getByTestId('details-postalCode').fill(postcode);
  await page.getByTestId('details-city').fill(city);
  await page.getByTestId('details-number').fill(number);
}

/** Where the keyboard focus is: the focused element's test id (or its tag, 'BODY' when focus was dropped). */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

/** Fills in and saves the billing details a subscription needs. */
async function savePaymentDetails(page: Page, address: Address) {
  await fillPaymentDetails(page, address, '556677-8899');
  await page.getByTestId('save-details').click();
  await page.getByTestId('payment-details').waitFor();
}

describe('journeys: premium and the assessment', () => {
  it('a new buyer buys premium with a 3-D Secure card and then sees full profiles', async () => {
    const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Maja' });
    await putProfile(baseUrl, consultant.token, {
      jobTitles: ['Projektledare'],
      shortDescription: 'Leder agila team.',
      discType: 'promoter',
      drivingForces: ['altruistic'],
      locations: ['goteborg'],
    });
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET phone = $2 WHERE id = $1', [consultant.userId, '070-765 43 21']),
    );
    const buyer = await createUser(baseUrl, databaseUrl, { firstName: 'Olof' });
    const { context, page } = await openPage();
    await useToken(context, buyer.token);

    await page.goto(`/en/app/profile/${consultant.userId}`);
    await page.getByTestId('profile-view').waitFor();
    // Without premium: the name, as on the search cards, but no contact details.
    expect(await page.getByTestId('profile-view').getAttribute('data-view')).toBe('named');
    expect(await page.getByTestId('profile-contact').count()).toBe(0);

    await page.goto('/en/app/subscription');
    await page.getByRole('heading', { level: 1, name: 'Unlock premium' }).waitFor();
    expect(await page.getByTestId('plan-premium').textContent()).toMatch(/SEK\s199 \/ month/);
    expect(await page.getByTestId('prices-vat').textContent()).toBe('All prices include VAT (25%).');
    // The button that charges says how much, for which period, for the plan chosen, at the price the API gives.
    expect(await page.getByTestId('subscribe').textContent()).toMatch(
      /^Start premium – SEK\s199\/month incl\. VAT$/,
    );
    await page.getByTestId('plan-premium_plus').getByRole('button', { name: 'Choose' }).click();
    await page
      .getByTestId('subscribe')
      .filter({ hasText: /SEK\s499\/month/ })
      .waitFor();
    await page.getByTestId('plan-premium').getByRole('button', { name: 'Choose' }).click();
    await page
      .getByTestId('subscribe')
      .filter({ hasText: /SEK\s199\/month/ })
      .waitFor();
    // A wrong organisation number is caught on the page, in its language, and sends nothing: of the payment
    // details that leave the page, the only ones are the corrected form's (a request sent for the wrong
    // number would have been seen before it).
    const sentNumbers: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/store/ipu')) {
        sentNumbers.push((request.postDataJSON() as { organisationNumber?: unknown }).organisationNumber);
      }
    });
    const olof: Address = ['Olof Inköp AB', 'Storgatan 1', '411 01', 'Göteborg'];
    await fillPaymentDetails(page, olof, '556677-8898');
    await page.getByTestId('save-details').click();
    await page.getByTestId('payment-details-form').getByText('Invalid organisation number').waitFor();
    // Start premium waits for saved payment details, and says so (QA10 finding 5).
    expect(await page.getByTestId('subscribe').isDisabled()).toBe(true);
    expect(await page.getByTestId('subscribe').getAttribute('aria-describedby')).toBe(
      'subscribe-needs-details',
    );
    expect(await page.getByTestId('subscribe-needs-details').textContent()).toBe(
      'Save your payment details above to start premium.',
    );
    await savePaymentDetails(page, olof);
    expect(sentNumbers).toEqual(['556677-8899']);
    // Focus follows each result instead of dropping to the page (QA10 finding 4): the saved details' heading,
    await expect.poll(() => focused(page)).toBe('payment-details-title');
    expect(await page.getByTestId('subscribe-needs-details').count()).toBe(0);
    // the problem of a start refused ('Add a card first'),
    await page.getByTestId('subscribe').click();
    await page.getByTestId('subscribe-problem').waitFor();
    await expect.poll(() => focused(page)).toBe('subscribe-problem');
    await addCardInBrowser(page, '4000 0025 0000 3155', '/en/app/subscription');
    expect(await page.getByTestId('card-summary').textContent()).toContain('3155');
    await page.getByText('Your card was saved').waitFor();
    await screenshot(page, 'subscription-unlock-1280');

    // A challenge the bank refuses: back on the page, it says so and what to do; nothing was bought.
    await page.getByTestId('subscribe').click();
    await page.getByTestId('3ds-fail').click();
    await page
      .getByTestId('subscribe-problem')
      .filter({
        hasText:
          'Your bank did not approve the card verification (3-D Secure), so no payment was made. Try again, or use another card.',
      })
      .waitFor();
    await expect.poll(() => focused(page)).toBe('subscribe-problem');

    await page.getByTestId('subscribe').click();
    await page.getByTestId('3ds-complete').click();
    await page.getByTestId('subscription-manage').waitFor();
    // and the plan now had.
    await expect.poll(() => focused(page)).toBe('subscription-plan');
    expect(await page.getByTestId('subscription-period').textContent()).toMatch(
      /^Renews on .+ for SEK\s199\.$/,
    );
    await screenshot(page, 'subscription-manage-1280');

    await page.goto(`/en/app/profile/${consultant.userId}`);
    await page.getByTestId('profile-contact').waitFor();
    expect(await page.getByTestId('profile-view').getAttribute('data-view')).toBe('full');
    expect(await page.getByTestId('profile-contact').textContent()).toContain('070-765 43 21');

    // Switching to Premium plus asks first, starts at the renewal, and can be taken back. On the way there the
    // subscriber is never shown the offer to unlock premium: the page waits until it knows the subscription.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('h1')?.textContent === 'Unlock premium') {
          document.documentElement.dataset.offerShown = 'true';
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/en/app/subscription');
    await page.getByTestId('plan-change-premium_plus').click();
    expect(await page.evaluate(() => document.documentElement.dataset.offerShown ?? 'false')).toBe('false');
    const switching = page.getByRole('dialog', { name: 'Switch to Premium plus?' });
    await switching.waitFor();
    expect(await switching.textContent()).toMatch(
      /From \d+ \w+ \d{4} your plan is Premium plus and your card is charged SEK\s499 a month\. Until then you keep Premium\./,
    );
    await switching.getByTestId('confirm-dialog-ok').click();
    await page.getByTestId('plan-change-scheduled').waitFor();
    await expect.poll(() => focused(page)).toBe('plan-change-scheduled');
    expect(await page.getByTestId('plan-change-scheduled').textContent()).toMatch(
      /Your plan changes to Premium plus on \d+ \w+ \d{4}, for SEK\s499 a month from then\./,
    );
    // The renewal line says the same as the notice: that renewal is at the new plan's price.
    expect(await page.getByTestId('subscription-period').textContent()).toMatch(
      /^Renews on \d+ \w+ \d{4} as Premium plus for SEK\s499\.$/,
    );
    await page.reload();
    // Cancelling now says what becomes of the switch: kept if the subscription is kept before then.
    await page.getByTestId('cancel-subscription').click();
    const cancelWithSwitch = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(await cancelWithSwitch.textContent()).toMatch(
      /Your switch to Premium plus on \d+ \w+ \d{4} will then not happen\. If you keep your subscription before then, the switch stays as planned\./,
    );
    await cancelWithSwitch.getByRole('button', { name: 'Keep my subscription' }).click();
    await cancelWithSwitch.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe('cancel-subscription');
    await page.getByTestId('plan-change-undo').click();
    await page.getByTestId('plan-change-premium_plus').waitFor();
    await expect.poll(() => focused(page)).toBe('plan-change-info');
    expect(await page.getByTestId('plan-change-scheduled').count()).toBe(0);

    // Cancelling asks first, and says until when premium lasts.
    await page.getByTestId('cancel-subscription').click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(/Premium ends on \d+ \w+ \d{4}/);
    expect(await confirm.textContent()).not.toMatch(/switch/);
    await confirm.getByRole('button', { name: 'Keep my subscription' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('subscription-period').textContent()).toMatch(/Renews on/);
    await page.getByTestId('cancel-subscription').click();
    await confirm.getByTestId('confirm-dialog-ok').click();
    await page.getByText(/Your subscription is cancelled\. Premium ends on/).waitFor();
    expect(await page.getByTestId('subscription-period').textContent()).toMatch(/Cancelled: premium ends on/);
    await expect.poll(() => focused(page)).toBe('subscription-period');
    // Kept again: focus goes to the renewal line that says so.
    await page
      .getByTestId('subscription-manage')
      .getByRole('button', { name: 'Keep my subscription' })
      .click();
    await page
      .getByTestId('subscription-period')
      .filter({ hasText: /^Renews on/ })
      .waitFor();
    await expect.poll(() => focused(page)).toBe('subscription-period');

    // The receipt, from the subscription page's link.
    await page.getByTestId('billing-link').click();
    await waitForPath(page, '/en/app/user/billing');
    await page.getByTestId('receipts').waitFor();
    expect(await page.getByTestId('receipts').textContent()).toMatch(/Premium, .* – .*Receipt R\d{8}-/);
    await context.close();
  });

  it('a user given premium by an admin is told so, and is not offered to buy it', async () => {
    const user = await createUser(baseUrl, databaseUrl, { firstName: 'Greta' });
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET is_premium = true WHERE id = $1', [user.userId]),
    );
    const { context, page } = await openPage();
    await useToken(context, user.token);
    await page.goto('/en/app/subscription');
    await page.getByRole('heading', { level: 1, name: 'You have premium' }).waitFor();
    expect(await page.getByTestId('subscription-granted').textContent()).toBe(
      'Given to youIt is not a subscription: it does not renew, nothing is charged and there is nothing to pay. All premium features are open to you.',
    );
    expect(
      await page
        .getByText('Premium was given to your account by Konsultmarknaden; you did not buy it.')
        .count(),
    ).toBe(1);
    expect(await page.getByTestId('subscribe').count()).toBe(0);
    expect(await page.getByTestId('payment-details-form').count()).toBe(0);
    await page.goto('/sv/app/subscription');
    await page.getByRole('heading', { level: 1, name: 'Du har premium' }).waitFor();
    await context.close();
  });

  it('a subscriber whose renewal was declined is told so, pays now, and can remove a card (QA12 F1, F15)', async () => {
    const buyer = await createUser(baseUrl, databaseUrl, { firstName: 'Rut' });
    const { context, page } = await openPage();
    await useToken(context, buyer.token);
    await page.goto('/en/app/subscription');
    await page.getByRole('heading', { level: 1, name: 'Unlock premium' }).waitFor();
    await savePaymentDetails(page, ['Rut Berg', 'Kungsgatan 3', '111 43', 'Stockholm']);
    await addCardInBrowser(page, '4242 4242 4242 4242', '/en/app/subscription');
    await page.getByTestId('subscribe').click();
    await page.getByTestId('subscription-manage').waitFor();
    // The renewal a day ago was declined: retried tomorrow, premium until the grace period ends.
    await withDatabase(databaseUrl, (client) =>
      client.query(
        `UPDATE subscriptions SET status = 'past_due', renewal_attempts = 1,
           current_period_start = now() - interval '1 month 1 day', current_period_end = now() - interval '1 day',
           next_renewal_attempt_at = now() + interval '1 day', grace_ends_at = now() + interval '6 days'
         WHERE user_id = $1`,
        [buyer.userId],
      ),
    );
    await page.reload();
    await page.getByTestId('subscription-past-due').waitFor();
    expect(await page.getByTestId('subscription-past-due').textContent()).toMatch(
      /^Your payment of SEK\s199 did not go through\. We try your card again on \d+ \w+ \d{4}; premium ends on \d+ \w+ \d{4}/,
    );
    expect(await page.getByTestId('subscription-period').textContent()).toMatch(
      /^Due now: SEK\s199 for the month/,
    );
    expect(await page.getByTestId('subscription-manage').textContent()).not.toMatch(/Renews on/);
    await screenshot(page, 'subscription-past-due-1280');

    await page.getByTestId('pay-now').click();
    await page.getByText(/^Thank you! Your payment went through, and your subscription renews on/).waitFor();
    await expect.poll(() => focused(page)).toBe('subscription-plan');
    expect(await page.getByTestId('subscription-period').textContent()).toMatch(
      /^Renews on .+ for SEK\s199\.$/,
    );
    expect(await page.getByTestId('pay-now').count()).toBe(0);

    // A second card; the default one is removed after asking, and focus goes to the card heading.
    await addCardInBrowser(page, '4000 0000 0000 9995', '/en/app/subscription');
    await page.getByRole('button', { name: 'Remove the card ending in 9995' }).click();
    const removing = page.getByRole('dialog', { name: 'Remove the card ending in 9995?' });
    expect(await removing.textContent()).toContain(
      'Payments from now on are charged to the card ending in 4242.',
    );
    await removing.getByTestId('confirm-dialog-ok').click();
    await page.getByText('The card was removed').waitFor();
    await expect.poll(() => focused(page)).toBe('card-title');
    expect(await page.getByTestId('card-summary').textContent()).toContain('4242');
    await context.close();
  });

  it('paying a declined renewal through 3-D Secure says it was paid, not "welcome" (QA13 F1)', async () => {
    const buyer = await createUser(baseUrl, databaseUrl, { firstName: 'Tora' });
    const { context, page } = await openPage();
    await useToken(context, buyer.token);
    await page.goto('/en/app/subscription');
    await page.getByRole('heading', { level: 1, name: 'Unlock premium' }).waitFor();
    await savePaymentDetails(page, ['Tora Berg', 'Kungsgatan 4', '111 43', 'Stockholm']);
    await addCardInBrowser(page, '4242 4242 4242 4242', '/en/app/subscription');
    await page.getByTestId('subscribe').click();
    await page.getByTestId('subscription-manage').waitFor();
    // A 3-D Secure card becomes the default; then the renewal a day ago was declined.
    await addCardInBrowser(page, '4000 0025 0000 3155', '/en/app/subscription');
    await withDatabase(databaseUrl, (client) =>
      client.query(
        `UPDATE subscriptions SET status = 'past_due', renewal_attempts = 1,
           current_period_start = now() - interval '1 month 1 day', current_period_end = now() - interval '1 day',
           next_renewal_attempt_at = now() + interval '1 day', grace_ends_at = now() + interval '6 days'
         WHERE user_id = $1`,
        [buyer.userId],
      ),
    );
    await page.reload();
    await page.getByTestId('subscription-past-due').waitFor();
    await page.getByTestId('pay-now').click();
    await page.getByTestId('3ds-complete').waitFor();
    // The bank's page, then back: the page is loaded afresh and knows nothing of the state before; its read of the
    // subscription is held until the payment is synced, so nothing cached says "past due" (as when the webhook
    // was first). The payment itself says what it paid.
    let synced!: () => void;
    const sync = new Promise<void>((resolve) => (synced = resolve));
    page.on('response', (response) => {
      if (/\/api\/payment\/intents\/[^/]+\/sync$/.test(new URL(response.url()).pathname)) synced();
    });
    await page.route('**/api/subscriptions/current', async (route) => {
      await sync;
      await route.continue();
    });
    await page.getByTestId('3ds-complete').click();
    await page.getByText(/^Thank you! Your payment went through, and your subscription renews on/).waitFor();
    expect(await page.getByText(/Welcome to premium/).count()).toBe(0);
    expect(await page.getByTestId('pay-now').count()).toBe(0);
    await context.close();
  });

  it('a buyer who finishes a challenge after its subscription was given up is refunded and told so', async () => {
    const buyer = await createUser(baseUrl, databaseUrl, { firstName: 'Sixten' });
    const { context, page } = await openPage();
    await useToken(context, buyer.token);
    await page.goto('/en/app/subscription');
    await page.getByRole('heading', { level: 1, name: 'Unlock premium' }).waitFor();
    await savePaymentDetails(page, ['Sixten Lindqvist', 'Kungsgatan 2', '111 43', 'Stockholm']);
    await addCardInBrowser(page, '4000 0025 0000 3155', '/en/app/subscription');

    await page.getByTestId('subscribe').click();
    await page.getByTestId('3ds-complete').waitFor();
    // The challenge stays open for days: the commerce schedule gives the waiting subscription up after one.
    await withDatabase(databaseUrl, (client) =>
      client.query(
        "UPDATE subscriptions SET status = 'expired' WHERE user_id = $1 AND status = 'incomplete'",
        [buyer.userId],
      ),
    );
    await page.getByTestId('3ds-complete').click();
    await waitForPath(page, '/en/app/subscription');
    const notice = page.getByTestId('subscribe-problem');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('it has been refunded to your card');
    expect(await page.getByTestId('subscription-manage').count()).toBe(0);
    const statuses = () =>
      withDatabase(databaseUrl, async (client) =>
        (
          await client.query<{ status: string }>('SELECT status FROM payments WHERE user_id = $1', [
            buyer.userId,
          ])
        ).rows.map((row) => row.status),
      );
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['refunded']);
    await context.close();
  });

  it("a company admin's payment details start from the company, VAT number included, and are saved as edited", async () => {
    const admin = await createUser(baseUrl, databaseUrl, { firstName: 'Vera' });
    await callApi(baseUrl, admin.token, 'POST', '/companies', {
      body: {
        businessName: 'Vera Inköp AB',
        businessType: 'limited_company',
        organisationNumber: '556677-8899',
        vatNumber: 'SE556677889901',
        website: '',
        address: 'Storgatan 1, 411 01 Göteborg',
      },
    });
    const { context, page } = await openPage();
    await useToken(context, admin.token);
    await page.goto('/en/app/subscription');
    await page.getByTestId('payment-details-prefilled').waitFor();
    expect(await page.getByTestId('payment-details-prefilled').textContent()).toBe(
      'Filled in from your company. Check the details and save.',
    );
    const valueOf = (name: string) => page.getByTestId(`details-${name}`).inputValue();
    expect(
      await Promise.all(
        ['billingName', 'addressLine', 'postalCode', 'city', 'number', 'vatNumber'].map(valueOf),
      ),
    ).toEqual(['Vera Inköp AB', 'Storgatan 1', '411 01', 'Göteborg', '556677-8899', 'SE556677889901']);
    // Filled in is not saved: Start premium waits until it is (QA10 finding 5).
    expect(await page.getByTestId('subscribe').isDisabled()).toBe(true);
    await page.getByTestId('subscribe-needs-details').waitFor();
    // A wrong VAT number is caught on the page in the API's words; the buyer's edit is what is saved.
    await page.getByTestId('details-vatNumber').fill('SE556677889801');
    await page.getByTestId('save-details').click();
    await page.getByTestId('payment-details-form').getByText('Invalid VAT Number').waitFor();
    await page.getByTestId('details-vatNumber').fill('SE556677889901');
    await page.getByTestId('details-billingName').fill('Vera Inköp AB, ekonomi');
    await page.getByTestId('save-details').click();
    await page.getByTestId('payment-details').waitFor();
    expect(await page.getByTestId('subscribe').isDisabled()).toBe(false);
    expect(await page.getByTestId('payment-details').textContent()).toMatch(
      /Vera Inköp AB, ekonomi.*Storgatan 1, 411 01 Göteborg.*556677-8899.*VAT no\. SE556677889901/,
    );
    await context.close();
  });

  it('a new consultant buys and takes the assessment on a 375 px phone and sees the result', async () => {
    const consultant = await createUser(baseUrl, databaseUrl, { firstName: 'Alva' });
    await putProfile(baseUrl, consultant.token, {
      jobTitles: ['Systemutvecklare'],
      shortDescription: 'Backend.',
      discType: 'analyser',
      drivingForces: ['structured'],
      locations: ['stockholm'],
    });
    const { context, page } = await openPage(375);
    await useToken(context, consultant.token);

    await page.goto('/sv/disc');
    await page.getByTestId('disc-buy').click();
    await waitForPath(page, '/sv/app/assessment');
    await addCardInBrowser(page, '4242 4242 4242 4242', '/sv/app/assessment');
    await page.getByTestId('buy-assessment').click();
    await page.getByTestId('assessment-question').waitFor();
    await screenshot(page, 'assessment-question-375');

    // Strong I and S: a Relater. Half way, a reload resumes at the first unanswered question.
    const questions = (await (
      await fetch(`${baseUrl}/api/assessment/questions`, {
        headers: { authorization: consultant.token, 'accept-language': 'sv' },
      })
    ).json()) as { questions: { number: number; kind: string; text: string | null }[] };
    const factorOf = new Map<number, string>();
    const statements = questions.questions.filter((q) => q.kind === 'statement');
    statements.forEach((q, i) => factorOf.set(q.number, 'DISC'[i % 4]!));
    const answer = (n: number) => (factorOf.has(n) ? (['I', 'S'].includes(factorOf.get(n)!) ? 5 : 1) : 3);
    for (let n = 1; n <= 36; n++) {
      if (n === 19) {
        await page.reload();
        await page.locator('[data-testid="assessment-question"][data-number="19"]').waitFor();
      }
      await page.locator(`[data-testid="assessment-question"][data-number="${n}"]`).waitFor();
      if (n === 12) {
        // An answer lost on the way is taken back and asked for again, not counted as given.
        await page.route('**/api/assessment/answers/12', (route) => route.abort('failed'));
        // A click, not check(): check() then verifies the box stayed ticked, and the page may already have
        // taken the lost answer back by then (the abort is quick), which is what this step is about.
        await page.getByTestId(`answer-${answer(n)}`).click();
        await page.getByText(/Ditt svar på fråga 12 sparades inte .*Välj det igen\./).waitFor();
        await expect.poll(() => page.getByTestId(`answer-${answer(n)}`).isChecked()).toBe(false);
        await page.unroute('**/api/assessment/answers/12');
      }
      await page.getByTestId(`answer-${answer(n)}`).check();
      if (n < 36) await page.getByTestId('next-question').click();
    }
    // While the result job waits, the page says so. The worker is stopped over the submit so that this state
    // is seen whatever the machine's speed: with it running, a result computed before the page's next look
    // skips the state altogether (a flake once, on a slow machine). Started again, it takes the queued job.
    await commerce.close();
    await page.getByTestId('submit-assessment').click();
    await page.getByTestId('assessment-taken').waitFor();
    commerce = await startCommerce();
    await page.getByTestId('assessment-result').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('result-type').textContent()).toBe('Relationsbyggare');
    await screenshot(page, 'assessment-result-375');

    await page.goto(`/sv/app/profile/${consultant.userId}`);
    await page.getByTestId('disc-type-name').waitFor();
    expect(await page.getByTestId('disc-source').textContent()).toBe('Verifierad genom test');

    // The editor says the same, and that picking another style by hand makes it self-assessed.
    await page.goto('/sv/app/edit-profile');
    const source = page.getByTestId('edit-disc-source');
    await source.waitFor();
    expect([await source.getAttribute('data-source'), await source.textContent()]).toEqual([
      'assessment',
      'Verifierad genom test',
    ]);
    await page.getByTestId('disc-analyser').check();
    await expect.poll(() => source.textContent()).toBe('Självskattad');
    await context.close();
  });
});
