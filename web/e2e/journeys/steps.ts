import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForMails, type SinkMessage } from '@mp/test-support/mail-sink';
import { agreeToCookies, newPage, uniquePersonalNumber, waitForPath } from '../support';

// The steps the journeys share. Each step does what a person does in the browser (or in their mailbox, or on
// their phone through the BankID simulator, which signs by itself); none writes to the database. Every
// journey starts from a person and an address the system has never seen.

/** A journey's time limit: several page loads, mails and a BankID round trip on a busy 2-core machine. */
export const JOURNEY_TIMEOUT_MS = 240_000;

/** Mail can take a while when the machine is busy. */
const MAIL_TIMEOUT_MS = 30_000;

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  personalNumber: string;
}

/** Someone the system has never seen: a fresh personal number and e-mail address. */
export function newPerson(firstName: string, lastName: string): Person {
  return {
    firstName,
    lastName,
    email: newAddress(firstName),
    personalNumber: uniquePersonalNumber(),
  };
}

/** An e-mail address nobody has used. */
export function newAddress(who: string): string {
  return `${who.toLowerCase().replace(/[^a-z0-9-]/g, '')}-${randomUUID().slice(0, 10)}@example.se`;
}

/** A browser window of its own (its own storage, so its own session), opened on `path`. */
export async function openBrowser(
  browser: Browser,
  baseUrl: string,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, baseUrl);
  await opened.page.goto(path);
  await agreeToCookies(opened.page);
  return opened;
}

/** Waits until `count` mails have reached `to` (a mailbox), and returns them. */
export function mailbox(to: string, count = 1): Promise<SinkMessage[]> {
  return waitForMails(to, count, MAIL_TIMEOUT_MS);
}

/** Waits until `count` mails have reached `to`, and returns a link in one of them whose path holds `path`. */
export async function mailedLink(to: string, path: string, count = 1): Promise<string> {
  for (const mail of await mailbox(to, count)) {
    const links = mail.Text.match(/https?:\/\/\S+/g) ?? [];
    const link = links.find((url) => new URL(url).pathname.includes(path));
    if (link) return link;
  }
  throw new Error(`no mail to ${to} links to ${path}`);
}

/** On the login page: the personal number, start, and the simulator's phone signs by itself. */
export async function logInWithBankId(page: Page, personalNumber: string): Promise<void> {
  await page.getByTestId('nin-input').fill(personalNumber);
  await page.getByTestId('bankid-start').click();
  await page.getByTestId('bankid-waiting').waitFor();
}

/** On the login page: the e-mail and password fallback. */
export async function logInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await openPasswordForm(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

export async function openPasswordForm(page: Page): Promise<void> {
  // The server-rendered page shows the toggle before the app has hydrated it; BankID's start button is
  // enabled once it has (a click before that would do nothing).
  await page.locator('[data-testid="bankid-start"]:not([disabled])').waitFor();
  const form = page.getByTestId('password-form');
  if (!(await form.isVisible())) await page.getByTestId('password-fallback-toggle').click();
  // Opened, not opening (MUI's Collapse marks the end of its transition). While the panel grows it clips its
  // links; a click on one then scrolls the panel to reach it, the growing panel scrolls back between the
  // button's press and its release, and the click lands on the link above (the lost click of a CI run).
  await page.locator('.MuiCollapse-entered', { has: form }).waitFor();
}

/**
 * First setup: names, address, terms; the page then says where the confirmation link went. `onward` is the page
 * (below the language prefix) setup was given to carry on to, if any.
 */
export async function completeSetup(
  page: Page,
  person: Person,
  phone?: string,
  onward?: string,
): Promise<void> {
  const query = onward ? `?redirect=${encodeURIComponent(onward)}` : '';
  await waitForPath(page, `/en/auth/setup${query}`);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('E-mail address').fill(person.email);
  if (phone) await page.getByLabel('Phone number (optional)').fill(phone);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Save and send confirmation link' }).click();
  await waitForPath(page, `/en/auth/setup/success${query}`);
  await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
  expect(await page.getByText(person.email).count()).toBeGreaterThan(0);
}

/** Opens a link from a mail in `page`, as clicking it in the mail program would. */
export async function followLink(page: Page, url: string): Promise<void> {
  await page.goto(url);
}

/** The whole first visit of a BankID user: login, setup, the mailed link, and the dashboard. */
export async function signUpWithBankId(page: Page, person: Person): Promise<void> {
  await page.goto('/en/login');
  await logInWithBankId(page, person.personalNumber);
  await completeSetup(page, person);
  await followLink(page, await mailedLink(person.email, '/verify/email'));
  await expectDashboard(page, person);
}

export async function expectDashboard(page: Page, person: Pick<Person, 'firstName'>): Promise<void> {
  await waitForPath(page, '/en/app/dashboard');
  await page.getByRole('heading', { level: 1, name: `Hello ${person.firstName}!` }).waitFor();
  // Terms were accepted at setup: no updated-terms dialog in the way.
  expect(await page.getByTestId('terms-dialog').count()).toBe(0);
}

/** The app's menu item (side navigation). */
export async function openFromMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'App menu' }).getByRole('link', { name }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('nav-logout').click();
  await page.getByTestId('toolbar-login').waitFor();
}

/** The consultant's public profile address, read from the editor's "view profile" link. */
export async function publicProfilePath(page: Page): Promise<string> {
  const href = await page.getByTestId('view-own-profile').getAttribute('href');
  const id = href?.match(/\/app\/profile\/([\w-]+)$/)?.[1];
  if (!id) throw new Error(`unexpected profile link ${href}`);
  return `/en/profile/${id}`;
}

/** Saves the profile form and waits for the save bar to say everything is saved. */
export async function saveProfile(page: Page): Promise<void> {
  await page.getByTestId('profile-save').click();
  await expect
    .poll(() => page.getByTestId('save-status').textContent(), { timeout: 30_000 })
    .toBe('All changes are saved');
}
