import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { findMails, type SinkMessage } from '@mp/test-support/mail-sink';
import { seedConsultants, uniqueKeyword } from './search-fixtures';
import {
  acceptTerms,
  agreeToCookies,
  axeViolations,
  createUser,
  screenshot,
  useBrowser,
  useToken,
  waitForPath,
  withDatabase,
} from './support';

// Buyers without direct contact (visitors, users without premium) contact a consultant they found through the
// contact form on the profile (spec: "contact consultants through a contact form ... or, with a subscription,
// directly"). The form carries the consultant's id: the inquiry is stored with it and the operators' mail
// names the consultant. A user without premium sees the consultant's name on the profile, as on the search
// card, and the way to premium for direct contact.

const { baseUrl, databaseUrl, openPage } = useBrowser();
const searchAlias = inject('searchAlias');
/** Where the API mails inquiries in the browser suite (the config's default OPERATOR_EMAIL). */
const OPERATOR_EMAIL = 'kontakt@konsultmarknaden.se';

let keyword: string;
let consultantId: string;

beforeAll(async () => {
  keyword = uniqueKeyword();
  [consultantId] = (await seedConsultants({ databaseUrl, searchAlias }, keyword, [
    { firstName: 'Rut', lastName: 'Ekblad' },
  ])) as [string];
}, 120_000);

interface StoredInquiry {
  id: string;
  user_id: string | null;
  consultant_user_id: string | null;
}

async function storedInquiry(email: string): Promise<StoredInquiry | undefined> {
  return withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<StoredInquiry>(
      'SELECT id, user_id, consultant_user_id FROM inquiries WHERE email = $1',
      [email],
    );
    return rows[0];
  });
}

/** The operators' mail about one inquiry: each names the inquiry's id. */
async function operatorMail(inquiryId: string): Promise<SinkMessage> {
  let mail: SinkMessage | undefined;
  await expect
    .poll(
      async () => {
        mail = (await findMails(OPERATOR_EMAIL)).find((message) => message.Text.includes(inquiryId));
        return mail !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return mail!;
}

/** Fills in and sends the open contact form. */
async function sendForm(page: Page, fields: { details: string; name?: string; email?: string }) {
  const form = page.getByTestId('inquiry-form');
  await page.getByTestId('inquiry-details').fill(fields.details);
  if (fields.name !== undefined) await page.getByTestId('inquiry-name').fill(fields.name);
  if (fields.email !== undefined) await page.getByTestId('inquiry-email').fill(fields.email);
  await page.getByTestId('inquiry-terms').check();
  await form.getByTestId('inquiry-submit').click();
  await form.waitFor({ state: 'detached' });
}

describe('contacting a consultant from the profile', () => {
  it('lets a visitor send an inquiry about the consultant, which the operators get with who it is about', async () => {
    const { context, page } = await openPage();
    await page.goto(`/en/profile/${consultantId}`);
    await agreeToCookies(page);
    expect(await page.getByTestId('profile-view').getAttribute('data-view')).toBe('anonymous');
    expect(await page.getByTestId('profile-premium-notice').textContent()).toContain(
      'contact details to premium customers',
    );

    await page.getByTestId('profile-contact-form').click();
    const dialog = page.getByRole('dialog', { name: 'Contact the consultant' });
    await dialog.waitFor();
    expect(await axeViolations(page, 'contact form on the public profile')).toEqual([]);
    await screenshot(page, 'profile-contact-form-visitor-1280');

    const email = `visitor-${randomUUID().slice(0, 10)}@example.se`;
    await sendForm(page, {
      details: 'We need a project manager for a six-month assignment from March.',
      name: 'Vera Visitor',
      email,
    });
    await expect
      .poll(() => page.getByTestId('app-alert').textContent())
      .toBe('Thank you! We will get back to you within 2 working days');

    // Stored with the consultant it is about, and mailed to the operators naming the consultant.
    await expect
      .poll(() => storedInquiry(email))
      .toMatchObject({ user_id: null, consultant_user_id: consultantId });
    const inquiry = (await storedInquiry(email))!;
    const mail = await operatorMail(inquiry.id);
    expect(mail.Subject).toBe('Ny förfrågan om en konsult: Vera Visitor');
    expect(mail.Text).toContain('Konsult: Rut Ekblad');
    expect(mail.Text).toContain(`/sv/profile/${consultantId}`);
    expect(mail.Text).toContain(`/sv/god/users/${consultantId}`);
    expect(mail.Text).toContain(`E-post: ${email}`);
    expect(mail.Text).toContain('We need a project manager');
    await context.close();

    // On a phone the action fits the header.
    const phone = await openPage(375);
    await phone.page.goto(`/sv/profile/${consultantId}`);
    await agreeToCookies(phone.page);
    await phone.page.getByTestId('profile-contact-form').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    await screenshot(phone.page, 'profile-contact-visitor-375');
    await phone.context.close();
  });

  it('shows a user without premium the name the search card shows, the contact form and the way to premium', async () => {
    const buyer = await createUser(baseUrl, databaseUrl, { firstName: 'Folke' });
    const { context, page } = await openPage();
    await useToken(context, buyer.token);
    await acceptTerms(baseUrl, buyer.token);

    await page.goto(`/sv/app/search?keywords=${keyword}`);
    const card = page.getByTestId('result-card').first();
    await expect
      .poll(() => card.getByTestId('result-name').textContent(), { timeout: 15_000 })
      .toBe('Rut Ekblad');
    await card.getByRole('link').first().click();
    await waitForPath(page, `/sv/app/profile/${consultantId}`);

    // The profile names the same person, without the contact details premium gives.
    await page.getByTestId('profile-view').waitFor();
    expect(await page.getByTestId('profile-view').getAttribute('data-view')).toBe('named');
    expect(await page.getByTestId('profile-name').textContent()).toBe('Rut Ekblad');
    expect(await page.getByTestId('profile-contact').count()).toBe(0);
    const upgrade = page.getByTestId('profile-premium-link');
    expect(await upgrade.textContent()).toBe('Skaffa premium');
    expect(await upgrade.getAttribute('href')).toBe('/sv/app/subscription');
    expect(await axeViolations(page, 'inner profile without premium')).toEqual([]);
    await screenshot(page, 'profile-named-without-premium-1280');

    // The contact form, with the user's name filled in.
    await page.getByTestId('profile-contact-form').click();
    await page.getByRole('dialog', { name: 'Kontakta konsulten' }).waitFor();
    expect(await page.getByTestId('inquiry-name').inputValue()).toBe('Folke Lindqvist');
    const email = `folke-${randomUUID().slice(0, 10)}@example.se`;
    await sendForm(page, { details: 'Kan hon börja i mars?', email });
    await expect
      .poll(() => storedInquiry(email))
      .toMatchObject({ user_id: buyer.userId, consultant_user_id: consultantId });

    // The way to premium, for direct contact.
    await upgrade.click();
    await waitForPath(page, '/sv/app/subscription');
    await context.close();
  });
});
