import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  controlSimulatedOrder,
  createContractPdf,
  findSimulatedOrder,
} from '@mp/test-support/contract-fixtures';
import { extractLink, waitForMail } from '@mp/test-support/mail-sink';
import enAuth from '../../src/locales/en/auth.json' with { type: 'json' };
import svAuth from '../../src/locales/sv/auth.json' with { type: 'json' };
import { screenshot, uniquePersonalNumber, useBrowser, waitForPath, withDatabase } from '../support';

// The company journey through the real UI: a new user creates a company and invites a second new user, who
// joins through the link; the first creates a project, uploads a contract and sends it; the signing simulator
// signs it; both see it signed and download the signed PDF. Users are created the way people are: BankID
// (simulator) login, first setup, and the mailed confirmation link.

const { baseUrl, databaseUrl, openPage } = useBrowser();

const SETUP = { en: enAuth.setup, sv: svAuth.setup } as const;

/**
 * A brand-new person: BankID login from `startPath`, first setup, then the confirmation link from the mail,
 * which leads to `landing` (the dashboard, unless the login carried somewhere to come back to).
 */
async function signUpThroughUi(
  page: Page,
  language: 'en' | 'sv',
  startPath: string,
  name: string,
  landing: string | RegExp = `/${language}/app/dashboard`,
) {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.se`;
  await page.goto(startPath);
  await page.getByTestId('nin-input').fill(uniquePersonalNumber());
  await page.getByTestId('bankid-start').click();
  await waitForPath(page, new RegExp(`^/${language}/auth/setup(\\?redirect=[^&]+)?$`));
  const texts = SETUP[language];
  await page.getByLabel(texts.firstName).fill(name);
  await page.getByLabel(texts.lastName).fill('Testsson');
  await page.getByLabel(texts.email).fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: texts.submit }).click();
  await waitForPath(page, new RegExp(`^/${language}/auth/setup/success(\\?redirect=[^&]+)?$`));
  // Setup mailed the confirmation link; opening it while logged in confirms the account and leads on to the
  // dashboard, or to where the login came from.
  const { url } = extractLink(await waitForMail(email), '/verify/email');
  await page.goto(url);
  await waitForPath(page, landing);
  return email;
}

async function both(page: Page, name: string) {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('company and contract journey', () => {
  it('creates a company, invites a member by link, sends a contract that the simulator signs', async () => {
    const { context: adminContext, page: admin } = await openPage();
    const adminEmail = await signUpThroughUi(admin, 'en', '/en/login', 'Astrid');
    // Contracts are premium; premium is users.is_premium until subscriptions land.
    await withDatabase(databaseUrl, (client) =>
      client.query('UPDATE users SET is_premium = true WHERE email = $1', [adminEmail]),
    );

    // A new user has no company yet: the company page offers to create one, with the spec's messages.
    await admin.goto('/en/app/company');
    const form = admin.getByTestId('company-details-form');
    await form.waitFor();
    await admin.getByLabel('Business name').fill('Fjällkonsult AB');
    await admin.getByLabel('Organisation number').fill('556677-8898');
    await admin.getByLabel('VAT number').fill('SE556677889801');
    await admin.getByRole('button', { name: 'Create the company' }).click();
    await admin.getByText('Invalid organisation number').waitFor();
    await admin.getByText('Invalid VAT Number').waitFor();
    await both(admin, 'company-create-errors-en');
    await admin.getByLabel('Organisation number').fill('556677-8899');
    await admin.getByLabel('VAT number').fill('SE556677889901');
    await admin.getByLabel('Business type').click();
    await admin.getByRole('option', { name: 'Limited company (AB)' }).click();
    await admin.getByRole('button', { name: 'Create the company' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Fjällkonsult AB' }).waitFor();
    await waitForPath(admin, '/en/app/company/members');
    await expect
      .poll(() => admin.getByTestId('invite-link').inputValue(), { timeout: 30_000 })
      .toMatch(/\/join\//);
    const inviteUrl = await admin.getByTestId('invite-link').inputValue();
    expect(inviteUrl).toMatch(/\/en\/join\/[\w-]+$/);

    // The second person opens the link as a visitor (in Swedish), logs in, confirms the account: the mailed
    // confirmation link leads back to the invitation (through setup), where they join.
    const invitePath = new URL(inviteUrl).pathname.replace(/^\/en\//, '/sv/');
    const { context: memberContext, page: member } = await openPage(375);
    await member.goto(invitePath);
    await member.getByTestId('invitation').getByText('Fjällkonsult AB').waitFor();
    await screenshot(member, 'join-visitor-375-sv');
    await member.getByRole('link', { name: 'Logga in för att gå med' }).click();
    await signUpThroughUi(member, 'sv', member.url().replace(baseUrl, ''), 'Bertil', invitePath);
    await member.getByRole('button', { name: 'Gå med i Fjällkonsult AB' }).click();
    // A confirmation naming the company, on the company's overview (its members tab).
    await member.getByText('Du har gått med i Fjällkonsult AB.').waitFor();
    await waitForPath(member, '/sv/app/company/members');
    await member.getByRole('heading', { level: 1, name: 'Fjällkonsult AB' }).waitFor();
    await member.getByRole('tab', { name: 'Medlemmar', selected: true }).waitFor();
    await screenshot(member, 'company-joined-member-375-sv');

    // The admin sees the new member, creates a project.
    await admin.reload();
    await admin.getByTestId('member').filter({ hasText: 'Bertil Testsson' }).waitFor();
    await both(admin, 'company-members-en');
    await admin.getByRole('tab', { name: 'Projects' }).click();
    await admin.getByLabel('Project name').fill('Migration 2027');
    await admin.getByRole('button', { name: 'Add project' }).click();
    await admin.getByTestId('project').getByText('Migration 2027').waitFor();
    await both(admin, 'company-projects-en');
    await admin.getByRole('tab', { name: 'Details' }).click();
    await admin.getByTestId('company-details-form').waitFor();
    await both(admin, 'company-details-en');

    // Upload a contract (PDF only) to the member, and send it for signing.
    await admin.goto('/en/app/contracts');
    await admin.getByRole('button', { name: 'Upload a contract' }).click();
    const dialog = admin.getByTestId('upload-contract-dialog');
    await dialog.getByTestId('contract-file').setInputFiles({
      name: 'konsultavtal.pdf',
      mimeType: 'application/pdf',
      buffer: await createContractPdf('Konsultavtal Bertil'),
    });
    await dialog.getByTestId('contract-signer-member').click();
    await admin.getByRole('option', { name: 'Bertil Testsson' }).click();
    await both(admin, 'contracts-upload-dialog-en');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const card = admin.getByTestId('contract').filter({ hasText: 'konsultavtal' });
    await card.getByTestId('contract-status').and(admin.locator('[data-status="draft"]')).waitFor();
    await card.getByRole('button', { name: 'Send for signing' }).click();
    await card.locator('[data-status="sent"]').waitFor();
    await both(admin, 'contracts-sent-en');

    // The signer signs in the digital mailbox (the simulator), which calls our webhook.
    const contractId = await card.getAttribute('data-contract-id');
    const order = await findSimulatedOrder(contractId ?? '');
    expect(order.signer.byNationalIdentityNumber).toBe(true);
    const { delivery } = await controlSimulatedOrder(order.id, 'sign');
    expect(delivery.httpStatus).toBe(200);

    await admin.reload();
    await card.locator('[data-status="signed"]').waitFor();
    await both(admin, 'contracts-signed-en');
    const [adminDownload] = await Promise.all([
      admin.waitForEvent('download'),
      card.getByRole('button', { name: 'Download the signed PDF' }).click(),
    ]);
    const adminPdf = await readFile((await adminDownload.path()) ?? '');
    expect(adminPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The signer sees it among the agreements and downloads the same signed PDF.
    await member.goto('/sv/app/agreements');
    const agreement = member.getByTestId('contract').filter({ hasText: 'konsultavtal' });
    await agreement.locator('[data-status="signed"]').waitFor();
    await screenshot(member, 'agreements-375-sv');
    const [memberDownload] = await Promise.all([
      member.waitForEvent('download'),
      agreement.getByRole('button', { name: 'Ladda ner undertecknad PDF' }).click(),
    ]);
    expect(Buffer.compare(await readFile((await memberDownload.path()) ?? ''), adminPdf)).toBe(0);

    // The dashboards count it.
    await admin.goto('/en/app/dashboard');
    await admin
      .getByTestId('dashboard-count-contracts')
      .getByText(/1 signed/)
      .waitFor();
    await both(admin, 'dashboard-en');
    await member.goto('/sv/app/dashboard');
    await member.getByTestId('dashboard-count-agreements').getByText(/^1 /).waitFor();
    await screenshot(member, 'dashboard-375-sv');

    await adminContext.close();
    await memberContext.close();
  });
});
