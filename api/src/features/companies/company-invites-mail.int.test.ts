import { INVITE_EMAILS_MAX, INVITE_MAILS_PER_DAY } from '@mp/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createEmail, createTestIp } from '@mp/test-support/factories';
import { extractLink, findMails, waitForMail } from '@mp/test-support/mail-sink';
import { startSmtpStub, type SmtpStub } from '@mp/test-support/smtp-stub';
import { useTestApp } from '@mp/test-support/test-app';

// Inviting people by e-mail (POST company/{id}/invites): each address gets the company's live join link in the
// inviter's language, naming the company and the inviter; members' addresses get no mail; the spec's
// 'Enter email addresses', invalid addresses named; manage_members only; a daily quota per company and the
// per-address rate limit of the other mail-sending routes; a mail server that refuses or fails.

const api = useTestApp();
const { call } = api;

interface InviteLink {
  link: string;
  url: string;
  expiresAt: string;
}

interface Sent {
  sent: string[];
  alreadyMembers: string[];
  notSent: string[];
  link: InviteLink;
}

async function companyWithAdmin(name = 'Fjällkonsult AB') {
  const admin = await api.createLoggedInUser({ firstName: 'Astrid', lastName: 'Lind' });
  const created = await call('POST', '/api/companies', admin.token, {
    businessName: name,
    businessType: 'limited_company',
    organisationNumber: '556677-8899',
  });
  expect(created.statusCode, created.body).toBe(200);
  return { admin, companyId: (created.json() as { company: { id: string } }).company.id };
}

async function addMember(companyId: string, permissions: string[] = []) {
  const member = await api.createLoggedInUser();
  await api.app.db
    .insertInto('company_memberships')
    .values({ company_id: companyId, user_id: member.id, role: 'member', permissions })
    .execute();
  return member;
}

const invite = (companyId: string, token: string | null, emails: string[] | undefined, language = 'en') =>
  call('POST', `/api/company/${companyId}/invites`, token, { emails }, language);

const stockholmDay = (iso: string, locale: 'sv-SE' | 'en-GB') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/Stockholm' }).format(
    new Date(iso),
  );

/** A valid address beside the invalid ones of a refused request: it gets no mail either. */
const validAddress = createEmail('valid');

describe('inviting by e-mail', () => {
  it("mails each new address the live join link in the inviter's language, and skips members", async () => {
    const { admin, companyId } = await companyWithAdmin();
    const member = await addMember(companyId);
    const [anna, bo] = [createEmail('anna'), createEmail('bo')];
    const shown = (
      await call('GET', `/api/company/${companyId}/link`, admin.token, undefined, 'en')
    ).json() as InviteLink;

    // As typed: repeats in another case, a member's address in capitals.
    const response = await invite(companyId, admin.token, [
      ` ${anna} `,
      bo,
      anna.toUpperCase(),
      member.email!.toUpperCase(),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Sent;
    expect(body).toEqual({
      sent: [anna, bo],
      alreadyMembers: [member.email!.toUpperCase()],
      notSent: [],
      link: shown,
    });

    const mail = await waitForMail(anna);
    expect(mail.Subject).toBe('Astrid Lind invites you to join Fjällkonsult AB on Konsultmarknaden');
    const { url } = extractLink(mail, `/join/${shown.link}`);
    // The same link the company page shows, so making a new one there stops this one too.
    expect(url).toBe(shown.url);
    expect(new URL(url).pathname).toBe(`/en/join/${shown.link}`);
    expect(mail.Text).toContain('Astrid Lind has invited you to join Fjällkonsult AB on Konsultmarknaden');
    expect(mail.Text).toContain(`The link works until ${stockholmDay(shown.expiresAt, 'en-GB')}.`);
    expect(mail.HTML).toContain(shown.url);
    expect((await waitForMail(bo)).Subject).toContain('Fjällkonsult AB');
    // One mail per address, none to the member.
    expect(await findMails(anna)).toHaveLength(1);
    expect(await findMails(member.email!)).toHaveLength(0);

    // The mailed link is the live one: regenerating on the page stops it.
    const regenerated = (
      await call('POST', `/api/company/${companyId}/link`, admin.token)
    ).json() as InviteLink;
    expect(regenerated.link).not.toBe(shown.link);
    expect((await call('GET', `/api/company/link/${shown.link}`, null)).json()).toMatchObject({
      code: 'INVITE_LINK_REVOKED',
    });

    // Audited as the link is: who, which company, how many mails (no addresses).
    const audit = await api.app.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'data'])
      .where('action', '=', 'company.invite.mail')
      .where('subject_type', '=', 'company')
      .where('subject_id', '=', companyId)
      .execute();
    expect(audit).toEqual([{ actor_user_id: admin.id, data: { mailed: 2, alreadyMembers: 1 } }]);
  });

  it('keeps a removed member out of the invite link until their address is invited by e-mail (QA7 H1)', async () => {
    const { admin, companyId } = await companyWithAdmin();
    const removed = await addMember(companyId);
    const leaver = await addMember(companyId);
    const { link } = (await call('GET', `/api/company/${companyId}/link`, admin.token)).json() as InviteLink;
    const removal = await call('DELETE', `/api/company/${companyId}/users/${removed.id}`, admin.token);
    expect(removal.statusCode, removal.body).toBe(200);

    // The link the removed member joined with: refused in the one error shape, in their language, both ways.
    for (const [language, message] of [
      [
        'en',
        'You were removed from this company, so its invite link does not let you back in. Ask an administrator of ' +
          'the company to invite you by e-mail',
      ],
      [
        'sv',
        'Du har tagits bort från företaget, så inbjudningslänken släpper inte in dig igen. Be en administratör på ' +
          'företaget att bjuda in dig via e-post',
      ],
    ] as const) {
      const shown = await call('GET', `/api/company/link/${link}`, removed.token, undefined, language);
      expect(shown.statusCode, shown.body).toBe(403);
      expect(shown.json()).toMatchObject({ code: 'REMOVED_FROM_COMPANY', errorMessage: message });
      const joined = await call('POST', `/api/company/link/${link}`, removed.token, undefined, language);
      expect(joined.statusCode, joined.body).toBe(403);
      expect(joined.json()).toMatchObject({ code: 'REMOVED_FROM_COMPANY', errorMessage: message });
    }
    // A new link does not let them in either; nobody logged out is told anything about them.
    const regenerated = (
      await call('POST', `/api/company/${companyId}/link`, admin.token)
    ).json() as InviteLink;
    expect((await call('POST', `/api/company/link/${regenerated.link}`, removed.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/company/link/${regenerated.link}`, null)).statusCode).toBe(200);
    const isMember = async (userId: string) =>
      (await api.app.db
        .selectFrom('company_memberships')
        .select('user_id')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .executeTakeFirst()) !== undefined;
    expect(await isMember(removed.id)).toBe(false);

    // Someone who left on their own may come back with the link.
    expect(
      (await call('DELETE', `/api/company/${companyId}/users/${leaver.id}`, leaver.token)).statusCode,
    ).toBe(200);
    const back = await call('POST', `/api/company/link/${regenerated.link}`, leaver.token);
    expect(back.statusCode, back.body).toBe(200);

    // The admin deliberately invites the removed member's address: the link lets them in again, audited.
    const invited = await invite(companyId, admin.token, [removed.email!.toUpperCase()]);
    expect(invited.statusCode, invited.body).toBe(200);
    await waitForMail(removed.email!);
    expect((await call('GET', `/api/company/link/${regenerated.link}`, removed.token)).json()).toMatchObject({
      alreadyMember: false,
    });
    const rejoined = await call('POST', `/api/company/link/${regenerated.link}`, removed.token);
    expect(rejoined.statusCode, rejoined.body).toBe(200);
    expect(await isMember(removed.id)).toBe(true);
    const readmit = await api.app.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'data'])
      .where('action', '=', 'company.member.readmit')
      .where('subject_id', '=', companyId)
      .execute();
    expect(readmit).toEqual([{ actor_user_id: admin.id, data: { userId: removed.id } }]);
  });

  it('writes in Swedish to a Swedish inviter, with a Swedish link, and issues a link when none is live', async () => {
    const { admin, companyId } = await companyWithAdmin('Skärgårdskonsult AB');
    const to = createEmail('carl');
    const response = await invite(companyId, admin.token, [to], 'sv');
    expect(response.statusCode, response.body).toBe(200);
    const { link } = response.json() as Sent;
    // No link had been shown yet: the invitation made the company's live link.
    expect((await call('GET', `/api/company/${companyId}/link`, admin.token)).json()).toMatchObject({
      link: link.link,
    });
    const mail = await waitForMail(to);
    expect(mail.Subject).toBe('Astrid Lind bjuder in dig till Skärgårdskonsult AB på Konsultmarknaden');
    expect(mail.Text).toContain(`Länken gäller till och med ${stockholmDay(link.expiresAt, 'sv-SE')}.`);
    expect(new URL(extractLink(mail, `/join/${link.link}`).url).pathname).toBe(`/sv/join/${link.link}`);
    expect((await call('GET', `/api/company/link/${link.link}`, null)).statusCode).toBe(200);
  });

  it.each([
    ['no addresses', [], 'Enter email addresses', 'Ange e-postadresser'],
    ['only blanks', ['', '  '], 'Enter email addresses', 'Ange e-postadresser'],
    ['no list', undefined, 'Enter email addresses', 'Ange e-postadresser'],
    ['one invalid address', [validAddress, 'anna@'], 'Invalid e-mail: anna@', 'Ogiltig e-postadress: anna@'],
    [
      'two invalid addresses',
      ['bo', validAddress, 'carl@example'],
      'Invalid e-mail addresses: bo, carl@example',
      'Ogiltiga e-postadresser: bo, carl@example',
    ],
    [
      'too many addresses',
      [validAddress, ...Array.from({ length: INVITE_EMAILS_MAX }, (_, i) => `person${i}@example.se`)],
      `Enter at most ${INVITE_EMAILS_MAX} e-mail addresses at a time`,
      `Ange högst ${INVITE_EMAILS_MAX} e-postadresser åt gången`,
    ],
  ] as [string, string[] | undefined, string, string][])(
    'refuses %s in English and Swedish, and mails nobody',
    async (_case, emails, english, swedish) => {
      const { admin, companyId } = await companyWithAdmin();
      const en = await invite(companyId, admin.token, emails, 'en');
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({ code: 'VALIDATION_FAILED', errorMessage: english });
      const sv = await invite(companyId, admin.token, emails, 'sv');
      expect(sv.json()).toMatchObject({ code: 'VALIDATION_FAILED', errorMessage: swedish });
      expect(await findMails(validAddress)).toHaveLength(0);
    },
  );

  it('names the invalid addresses in the data too', async () => {
    const { admin, companyId } = await companyWithAdmin();
    const response = await invite(companyId, admin.token, ['nej', createEmail()]);
    expect(response.json()).toMatchObject({
      data: { invalid: ['nej'], issues: [{ field: 'emails', message: 'Invalid e-mail: nej' }] },
    });
  });

  it('is for members who manage members: others get 403, outsiders 404, and nothing is mailed', async () => {
    const { companyId } = await companyWithAdmin();
    const plain = await addMember(companyId, ['manage_projects']);
    const manager = await addMember(companyId, ['manage_members']);
    const outsider = await api.createLoggedInUser();
    const [one, two, three] = [createEmail('one'), createEmail('two'), createEmail('three')];

    const refused = await invite(companyId, plain.token, [one]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'COMPANY_PERMISSION_REQUIRED' });
    expect((await invite(companyId, outsider.token, [two])).json()).toMatchObject({
      code: 'COMPANY_NOT_FOUND',
    });
    expect((await invite(companyId, null, [two])).statusCode).toBe(401);

    const allowed = await invite(companyId, manager.token, [three]);
    expect(allowed.statusCode, allowed.body).toBe(200);
    // The mail names the member who sent it.
    expect((await waitForMail(three)).Subject).toBe(
      'Test Person invites you to join Fjällkonsult AB on Konsultmarknaden',
    );
    expect(await findMails(one)).toHaveLength(0);
    expect(await findMails(two)).toHaveLength(0);
  });

  it(`sends at most ${INVITE_MAILS_PER_DAY} invitations per company in 24 hours`, async () => {
    const { admin, companyId } = await companyWithAdmin();
    await api.app.db
      .insertInto('audit_log')
      .values({
        actor_user_id: admin.id,
        action: 'company.invite.mail',
        subject_type: 'company',
        subject_id: companyId,
        data: { mailed: INVITE_MAILS_PER_DAY - 1, alreadyMembers: 0 },
      })
      .execute();
    const [first, second] = [createEmail('first'), createEmail('second')];
    const over = await invite(companyId, admin.token, [first, second]);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      code: 'INVITE_QUOTA_EXCEEDED',
      errorMessage: `A company can send at most ${INVITE_MAILS_PER_DAY} invitations by e-mail per day`,
    });
    expect(await findMails(first)).toHaveLength(0);
    expect((await invite(companyId, admin.token, [first])).statusCode).toBe(200);
    expect((await invite(companyId, admin.token, [second])).statusCode).toBe(429);
    // Another company has its own quota.
    const other = await companyWithAdmin('Annat AB');
    expect((await invite(other.companyId, other.admin.token, [second])).statusCode).toBe(200);
  });
});

describe('inviting by e-mail, rate limited per client address', () => {
  let limited: Awaited<ReturnType<typeof buildTestApp>> | undefined;
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 in the one shape after 20 requests an hour, as the other mail-sending routes', async () => {
    const { admin, companyId } = await companyWithAdmin();
    limited = await buildTestApp({ RATE_LIMITS: true });
    const ip = createTestIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // Empty lists: refused (400) after the limit's count, so no mail goes out.
      const answer = await limited.inject({
        method: 'POST',
        url: `/api/company/${companyId}/invites`,
        remoteAddress: ip,
        headers: { authorization: admin.token, 'accept-language': 'en' },
        payload: { emails: [] },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(20).fill(400), 429]);
  });
});

describe('inviting by e-mail when the mail server refuses', () => {
  const opened: { stub: SmtpStub; app: Awaited<ReturnType<typeof buildTestApp>> }[] = [];
  afterAll(async () => {
    for (const { stub, app } of opened) {
      await app.close();
      await stub.close();
    }
  });

  async function appWithMailServer(rcptReply: string) {
    const stub = await startSmtpStub(rcptReply);
    const app = await buildTestApp({ SMTP_URL: stub.url });
    opened.push({ stub, app });
    return app;
  }

  it('answers the addresses it refuses for good as not sent, and a server that fails as 502', async () => {
    const { admin, companyId } = await companyWithAdmin();
    const request = (app: Awaited<ReturnType<typeof buildTestApp>>, emails: string[]) =>
      app.inject({
        method: 'POST',
        url: `/api/company/${companyId}/invites`,
        headers: { authorization: admin.token, 'accept-language': 'en' },
        payload: { emails },
      });
    const addresses = [createEmail('refused'), createEmail('refused')];

    const refusing = await appWithMailServer('550 5.1.1 No such user');
    const refused = await request(refusing, addresses);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ sent: [], alreadyMembers: [], notSent: addresses });

    const failing = await appWithMailServer('451 4.3.0 Try again later');
    const failed = await request(failing, addresses);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      code: 'MAIL_FAILED',
      errorMessage: 'Whoops! Something went wrong. Please try again',
    });
  });
});
