import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser, waitForPath } from '../support';
import {
  completeSetup,
  expectDashboard,
  followLink,
  JOURNEY_TIMEOUT_MS,
  logInWithBankId,
  logInWithPassword,
  mailbox,
  mailedLink,
  newAddress,
  newPerson,
  openBrowser,
  openPasswordForm,
  signUpWithBankId,
} from './steps';

// Journey: a company admin invites colleagues by e-mail from the company page. Someone the system has never
// seen gets the mail, opens the invitation, creates an account with e-mail and password, confirms the address
// with the mailed link (opened where they are not logged in), logs in, and lands back on the invitation,
// which they accept: they are a member of the company. And a newcomer who leaves first setup and comes back
// through the site (the invite no longer in the address) finds it again on the company page.

const { baseUrl, browser } = useBrowser();

describe('journey: inviting a colleague by e-mail', () => {
  it(
    'mails the join link; the invitee registers, confirms and comes back to join',
    async () => {
      const admin = newPerson('Astrid', 'Lind');
      const { context: adminContext, page } = await openBrowser(browser(), baseUrl, '/en/login');
      await signUpWithBankId(page, admin);

      // A company of her own.
      await page.goto('/en/app/company');
      await page.getByTestId('company-details-form').waitFor();
      await page.getByLabel('Business name').fill('Fjällkonsult AB');
      await page.getByLabel('Organisation number').fill('556677-8899');
      await page.getByLabel('Business type').click();
      await page.getByRole('option', { name: 'Limited company (AB)' }).click();
      await page.getByRole('button', { name: 'Create the company' }).click();
      await waitForPath(page, '/en/app/company/members');
      const card = page.getByTestId('invite-by-email');
      const box = page.getByTestId('invite-emails');
      const send = card.getByRole('button', { name: 'Send invitations' });

      // The spec's message for nothing entered; an invalid address is named.
      await send.click();
      await card.getByText('Enter email addresses').waitFor();
      await box.fill('bertil@, ');
      await send.click();
      await card.getByText('Invalid e-mail: bertil@').waitFor();

      // The new person's address, and her own (a member: no mail), as people paste them.
      const invitee = newAddress('bertil');
      await box.fill(`${invitee},\n${admin.email}`);
      await send.click();
      const result = page.getByTestId('invite-result');
      await result.getByText('The invitation was sent to 1 address.').waitFor();
      await result.getByText(`Already members, so no mail was sent: ${admin.email}`).waitFor();
      await screenshot(page, 'company-invite-by-email-1280');
      const shownLink = await page.getByTestId('invite-link').inputValue();

      // The mail names the company and the inviter, and carries the link the page shows. The admin's own
      // address (sent in the same request, before it) got none.
      const [invitation] = await mailbox(invitee);
      expect(invitation!.Subject).toBe('Astrid Lind invites you to join Fjällkonsult AB on Konsultmarknaden');
      expect((await mailbox(admin.email)).some((mail) => mail.Subject.includes('invites you'))).toBe(false);
      const joinUrl = await mailedLink(invitee, '/join/');
      expect(joinUrl).toBe(shownLink);
      const joinPath = new URL(joinUrl).pathname;

      // The invitee opens it in a browser of their own, logged out, and goes on to log in or register.
      const { context: inviteeContext, page: guest } = await openBrowser(browser(), baseUrl, joinPath);
      await guest.getByTestId('invitation').getByText('Fjällkonsult AB').waitFor();
      // Logged out, the page asks for nothing that needs a session (GET /api/companies used to answer 401,
      // a console error). Loaded again with the requests watched, until the page has settled.
      const apiCalls: string[] = [];
      guest.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) apiCalls.push(pathname);
      });
      await guest.reload({ waitUntil: 'networkidle' });
      await guest.getByTestId('invitation').getByText('Fjällkonsult AB').waitFor();
      expect(apiCalls.filter((path) => path.startsWith('/api/companies'))).toEqual([]);
      await guest.getByRole('link', { name: 'Log in to join' }).click();
      await waitForPath(guest, /^\/en\/login\?redirect=/);
      await openPasswordForm(guest);
      await guest.getByRole('button', { name: 'No account? Create one with e-mail' }).click();
      await guest.getByLabel('First name').fill('Nils');
      await guest.getByLabel('Last name').fill('Holm');
      await guest.getByLabel('E-mail address').fill(invitee);
      const password = 'vinter-2026-äpple';
      await guest.getByLabel(/^Password/).fill(password);
      await guest.getByRole('checkbox', { name: /I have read and accept the terms of use/ }).check();
      await guest.getByRole('button', { name: 'Create account' }).click();
      await guest.getByTestId('confirm-email-prompt').waitFor();

      // The confirmation link (the second mail) leads back to the invitation; opened without a session, the
      // page offers login, which goes on there.
      const confirmation = await mailedLink(invitee, '/verify/email', 2);
      expect(new URL(confirmation).searchParams.get('redirect')).toBe(joinPath.replace(/^\/en/, ''));
      await followLink(guest, confirmation);
      await guest.getByTestId('email-verified').waitFor();
      await guest.getByTestId('verify-email-onward').click();
      await waitForPath(guest, /^\/en\/login\?redirect=%2Fjoin%2F/);
      await logInWithPassword(guest, invitee, password);
      await waitForPath(guest, joinPath);
      await guest.getByRole('button', { name: 'Join Fjällkonsult AB' }).click();
      await guest.getByText('You joined Fjällkonsult AB.').waitFor();
      await waitForPath(guest, '/en/app/company/members');
      await guest.getByRole('heading', { level: 1, name: 'Fjällkonsult AB' }).waitFor();

      // The admin sees the new member.
      await page.reload();
      await page.getByTestId('member').filter({ hasText: invitee }).waitFor();
      await inviteeContext.close();
      await adminContext.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a newcomer who leaves first setup and comes back without the invite is led back by the company page',
    async () => {
      const admin = newPerson('Greta', 'Holm');
      const { context: adminContext, page } = await openBrowser(browser(), baseUrl, '/en/login');
      await signUpWithBankId(page, admin);
      await page.goto('/en/app/company');
      await page.getByTestId('company-details-form').waitFor();
      await page.getByLabel('Business name').fill('Holmkonsult AB');
      await page.getByLabel('Organisation number').fill('556677-8899');
      await page.getByLabel('Business type').click();
      await page.getByRole('option', { name: 'Limited company (AB)' }).click();
      await page.getByRole('button', { name: 'Create the company' }).click();
      await waitForPath(page, '/en/app/company/members');
      const inviteLink = page.getByTestId('invite-link');
      await expect.poll(() => inviteLink.inputValue()).toMatch(/\/join\//);
      const joinPath = new URL(await inviteLink.inputValue()).pathname;
      await adminContext.close();

      // The newcomer opens the invitation and logs in with BankID: first setup, with the invite carried on.
      const newcomer = newPerson('Hugo', 'Berg');
      const { context, page: guest } = await openBrowser(browser(), baseUrl, joinPath);
      await guest.getByRole('link', { name: 'Log in to join' }).click();
      await waitForPath(guest, /^\/en\/login\?redirect=/);
      await logInWithBankId(guest, newcomer.personalNumber);
      await waitForPath(guest, /^\/en\/auth\/setup\?redirect=%2Fjoin%2F/);
      // They leave it there and come back later through the site, which sends an unfinished account to first
      // setup with the page it opened, not the invite: the confirmation link leads to the dashboard.
      await guest.goto('/en/app/dashboard');
      await completeSetup(guest, newcomer, undefined, '/app/dashboard');
      const confirmation = await mailedLink(newcomer.email, '/verify/email');
      expect(new URL(confirmation).searchParams.get('redirect')).toBe('/app/dashboard');
      await followLink(guest, confirmation);
      await expectDashboard(guest, newcomer);

      // The company page remembers the invitation opened in this browser and leads back to it.
      await guest.goto('/en/app/company');
      const notice = guest.getByTestId('pending-invite');
      await notice.getByText("You opened a company's invite link before your account was ready.").waitFor();
      await notice.getByRole('link', { name: 'Continue to the invitation' }).click();
      await waitForPath(guest, joinPath);
      await guest.getByRole('button', { name: 'Join Holmkonsult AB' }).click();
      await guest.getByText('You joined Holmkonsult AB.').waitFor();
      await waitForPath(guest, '/en/app/company/members');
      // Joined: the notice has done its job and is gone.
      expect(await guest.getByTestId('pending-invite').count()).toBe(0);
      expect(await guest.evaluate(() => localStorage.getItem('km.pendingInvite'))).toBeNull();
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
