import { CARD_DECLINE_REASONS, type CardDeclineReason } from '@mp/api-contract/payments.schema';
import { LOCALES, type Locale } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import { buildWebLink } from './links';
import {
  formatValidity,
  MAIL_TEMPLATES,
  shortenQuote,
  renderMail,
  type MailTemplate,
  type MailTemplateParams,
} from './mail-templates';

const link = 'https://example.se/sv/verify/email?token=abc&x=1';
const samples: { [T in MailTemplate]: MailTemplateParams[T] } = {
  verifyEmail: { firstName: 'Anna', link, validHours: 168 },
  resetPassword: { firstName: null, link, validMinutes: 60 },
  confirmEmailChange: { firstName: 'Anna', newEmail: 'new@example.se', link, validHours: 24 },
  emailChanged: { newEmail: 'new@example.se' },
  passwordChanged: { firstName: 'Anna', link, contactEmail: 'kontakt@konsultmarknaden.se' },
  passwordSet: { firstName: 'Anna', link, contactEmail: 'kontakt@konsultmarknaden.se' },
  accountExists: { loginLink: link },
  accountDeleted: { firstName: 'Anna', purgeDate: '1 mars 2027' },
  referenceRequest: {
    refereeFirstName: 'Per',
    consultantName: 'Anna Lindqvist',
    company: 'Volvo Cars',
    jobTitle: 'Systemutvecklare',
    period: '2019–2023',
    link,
    validDays: 30,
  },
  inquiryReceived: {
    inquiryId: '3f1c2b7e-0000-4000-8000-000000000001',
    name: 'Anna Andersson',
    email: 'anna@example.se',
    phone: null,
    details: 'Vi söker en utvecklare.\nStart i mars.',
    senderLocale: 'en',
    userId: null,
    reference: null,
    consultant: null,
    criteria: ['Kompetenser: TypeScript'],
  },
  inquiryConfirmation: {
    name: 'Anna Andersson',
    details: 'Vi söker en utvecklare.\nStart i mars.',
    consultant: { profileLink: link },
  },
  companyInvite: {
    inviterName: 'Anna Lindqvist',
    companyName: 'Fjällkonsult AB',
    link,
    expiresOn: '11 dec. 2026',
  },
  feedbackReceived: { firstName: 'Anna', message: 'Sökningen är snabb!' },
  feedbackAnswered: { firstName: null, message: 'Var finns fakturorna?', answer: 'Under Företag.' },
  paymentRefunded: {
    firstName: 'Anna',
    receiptNumber: 'R20261123-ABCD1234',
    description: 'Premium',
    amount: '199,00 kr',
    billingLink: link,
  },
  paymentReceipt: {
    firstName: 'Anna',
    receiptNumber: 'R20261123-ABCD1234',
    description: 'Premium',
    amount: '199,00 kr',
    vat: '39,80 kr',
    vatRatePercent: 25,
    paidOn: '23 nov. 2026',
    billingName: 'Anna AB',
    billingLink: link,
  },
  renewalFailed: { firstName: 'Anna', graceEnds: '30 nov. 2026', link, reason: 'declined' },
  subscriptionEnded: { firstName: null, link },
  subscriptionCancelled: { firstName: 'Anna', planName: 'Premium', endsOn: '28 dec. 2026', link },
  subscriptionResumed: {
    firstName: null,
    planName: 'Premium',
    amount: '199,00 kr',
    nextChargeOn: '28 dec. 2026',
    link,
  },
  planChangeScheduled: {
    firstName: 'Anna',
    planName: 'Premium',
    newPlanName: 'Premium plus',
    amount: '499,00 kr',
    startsOn: '28 dec. 2026',
    link,
  },
  planChangeUndone: {
    firstName: 'Anna',
    planName: 'Premium',
    droppedPlanName: 'Premium plus',
    amount: '199,00 kr',
    nextChargeOn: '28 dec. 2026',
    link,
  },
  assessmentResult: {
    firstName: 'Anna',
    discType: 'Promoter',
    discDescription: 'Enthusiastic.',
    drivingForces: ['Intellectual', 'Collaborative'],
    strengths: ['Inspires others'],
    profileLink: link,
    coachSession: true,
    assessmentLink: link,
  },
  coachSessionBooked: {
    firstName: 'Anna',
    when: 'tisdag 1 december 2026 09:00–10:00',
    noticeHours: 24,
    link,
  },
  coachSessionCancelled: {
    firstName: null,
    when: 'Tuesday, 1 December 2026 09:00–10:00',
    noticeHours: 24,
    link,
  },
  timeMonthSubmitted: {
    firstName: 'Åsa',
    consultantName: 'Anna Lindqvist',
    month: 'maj 2026',
    contractName: 'Ramavtal 2026',
    projectName: 'Plattformsbygget',
    companyName: 'Köparbolaget AB',
    hours: '15,5',
    overtimeHours: '1',
    link,
  },
  timeMonthReturned: {
    firstName: 'Anna',
    approverName: 'Åsa Ström',
    comment: 'Den 5 maj var en helgdag?',
    month: 'maj 2026',
    contractName: 'Avtal 2',
    projectName: null,
    companyName: 'Köparbolaget AB',
    hours: '15,5',
    overtimeHours: null,
    link,
  },
  timeMonthApproved: {
    firstName: null,
    approverName: 'asa@example.se',
    month: 'May 2026',
    contractName: 'Ramavtal 2026',
    projectName: 'Plattformsbygget',
    companyName: 'Köparbolaget AB',
    hours: '14.5',
    overtimeHours: '1',
    link,
  },
  billIssued: {
    firstName: 'Bengt',
    invoiceNumber: '10042',
    ocrReference: '1004265',
    month: 'maj 2026',
    contractName: 'Ramavtal 2026',
    projectName: 'Plattformsbygget',
    companyName: 'Köparbolaget AB',
    approverName: 'Åsa Ström',
    total: '21 406,25 kr',
    dueDate: '4 juli 2026',
    pdfAttached: true,
    link,
  },
  contractSigningRequested: {
    firstName: 'Åsa',
    contractName: 'Ramavtal 2026',
    companyName: 'Köparbolaget AB',
    senderName: 'Bengt Berg',
    via: 'bankid',
    hasAccount: true,
    link,
  },
  contractOutcome: {
    firstName: 'Bengt',
    contractName: 'Ramavtal 2026',
    companyName: 'Köparbolaget AB',
    signerName: 'Åsa Ström',
    outcome: 'declined',
    link,
  },
  contractSigningClosed: {
    firstName: 'Åsa',
    contractName: 'Ramavtal 2026',
    companyName: 'Köparbolaget AB',
    reason: 'cancelled',
    link,
  },
};

describe('mail templates', () => {
  const cases = (Object.keys(MAIL_TEMPLATES) as MailTemplate[]).flatMap((t) =>
    LOCALES.map((l) => [t, l] as const),
  );

  it.each(cases)('renders %s in %s as text and HTML', (template, locale) => {
    const mail = renderMail(template, samples[template] as never, locale);
    expect(mail.subject.trim()).not.toBe('');
    expect(mail.text).toContain('Konsultmarknaden');
    expect(mail.html).toMatch(/^<!doctype html>/);
    if ('link' in samples[template] || 'loginLink' in samples[template]) {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(link.replace('&', '&amp;'));
    }
  });

  it('writes Swedish and English differently', () => {
    const sv = renderMail('verifyEmail', samples.verifyEmail, 'sv');
    const en = renderMail('verifyEmail', samples.verifyEmail, 'en');
    expect(sv.subject).toContain('Bekräfta');
    expect(en.subject).toContain('Confirm');
  });

  it('states a long validity in days and a short one in hours, in both languages', () => {
    const week = { firstName: 'Anna', link, validHours: 7 * 24 };
    expect(renderMail('verifyEmail', week, 'sv').text).toContain('Länken gäller i 7 dagar och');
    expect(renderMail('verifyEmail', week, 'en').text).toContain('The link is valid for 7 days and');
    expect(renderMail('verifyEmail', week, 'sv').html).not.toContain('168');
    const day = { ...samples.confirmEmailChange, validHours: 24 };
    expect(renderMail('confirmEmailChange', day, 'sv').text).toContain('Länken gäller i 24 timmar och');
    expect(renderMail('confirmEmailChange', day, 'en').text).toContain('The link is valid for 24 hours and');
    expect(formatValidity(1, 'sv')).toBe('1 timme');
    expect(formatValidity(1, 'en')).toBe('1 hour');
  });

  it('names the seller on a receipt, as a Swedish receipt must: name, address, organisation and VAT numbers', () => {
    expect(renderMail('paymentReceipt', samples.paymentReceipt, 'sv').text).toContain(
      'Säljare: Konsultmarknaden AB, Kungsgatan 37, 111 56 Stockholm, org.nr 559401-2311, momsreg.nr SE559401231101.',
    );
    expect(renderMail('paymentReceipt', samples.paymentReceipt, 'en').text).toContain(
      'Seller: Konsultmarknaden AB, Kungsgatan 37, 111 56 Stockholm, Corporate ID 559401-2311, VAT No. SE559401231101.',
    );
  });

  describe('the renewal-failed mail, per decline reason', () => {
    /** What happened and what to do, as a mail about an automatic renewal tells it (not the checkout's words). */
    const expected: Record<CardDeclineReason, Record<Locale, [string, string]>> = {
      insufficient_funds: {
        sv: [
          'Vi kunde inte förnya din premiumprenumeration: kortet saknade täckning för betalningen.',
          'Se till att det finns pengar på kortets konto, eller lägg till ett annat kort. Kontakta din bank om du tycker att betalningen borde ha gått igenom.',
        ],
        en: [
          'We could not renew your premium subscription: your card did not have enough funds for the payment.',
          "Make sure there is money in the card's account, or add another card. If you think the payment should have gone through, contact your bank.",
        ],
      },
      expired_card: {
        sv: [
          'Vi kunde inte förnya din premiumprenumeration: kortet vi har sparat har gått ut.',
          'Lägg till ditt nya kort (eller ett annat kort), så drar vi betalningen från det nästa gång.',
        ],
        en: [
          'We could not renew your premium subscription: the card we have on file has expired.',
          'Add your new card (or another card) and we will charge that one next time.',
        ],
      },
      incorrect_cvc: {
        sv: [
          'Vi kunde inte förnya din premiumprenumeration: kortets bank godkände inte kortets säkerhetskod (CVC).',
          'Lägg till kortet igen med rätt säkerhetskod, eller lägg till ett annat kort.',
        ],
        en: [
          "We could not renew your premium subscription: the card's bank did not accept the card's security code (CVC).",
          'Add the card again with the right security code, or add another card.',
        ],
      },
      processing_error: {
        sv: [
          'Vi kunde inte förnya din premiumprenumeration: ett tillfälligt fel hos banken eller betalningsleverantören stoppade betalningen.',
          'Du behöver inte göra något: sådana fel brukar vara borta till nästa försök. Står det fortfarande ”Betalning misslyckades” på prenumerationssidan efter det, lägg till ett annat kort.',
        ],
        en: [
          "We could not renew your premium subscription: a temporary fault at the card's bank or our payment provider stopped the payment.",
          'You do not need to do anything: such faults are usually gone by the next attempt. If the subscription page still says “Payment failed” after that, add another card.',
        ],
      },
      declined: {
        sv: [
          'Vi kunde inte förnya din premiumprenumeration: kortets bank nekade betalningen.',
          'Lägg till ett annat kort, eller kontakta din bank för att få veta varför kortet nekades.',
        ],
        en: [
          "We could not renew your premium subscription: your card's bank declined the payment.",
          'Add another card, or contact your bank to find out why the card was declined.',
        ],
      },
    };
    const retry: Record<Locale, string> = {
      sv: 'Vi försöker dra betalningen igen automatiskt. Premium fortsätter till 30 nov. 2026; har ingen betalning gått igenom då blir kontot ett Standardkonto.',
      en: 'We will try the payment again automatically. Premium continues until 30 nov. 2026; if no payment has gone through by then, your account becomes a Standard account.',
    };
    const cases = CARD_DECLINE_REASONS.flatMap((reason) =>
      LOCALES.map((locale) => [reason, locale] as const),
    );

    it.each(cases)('says what happened, what to do and when we try again for %s in %s', (reason, locale) => {
      const mail = renderMail('renewalFailed', { ...samples.renewalFailed, reason }, locale);
      const [happened, todo] = expected[reason][locale];
      const paragraphs = mail.text.split('\n\n');
      expect(paragraphs.slice(1, 4)).toEqual([happened, todo, retry[locale]]);
      expect(mail.html).toContain(`<p>${happened.replaceAll("'", '&#39;')}</p>`);
      // The checkout's words ("... and try again", "Try again in a moment") do not belong in this mail.
      expect(mail.text).not.toMatch(
        /och försök igen|försök igen om en stund|and try again|try again in a moment/i,
      );
    });
  });

  describe('time-report mails', () => {
    it('tell the approver who submitted which month of which assignment, with the hours, in both languages', () => {
      const sv = renderMail('timeMonthSubmitted', samples.timeMonthSubmitted, 'sv');
      expect(sv.subject).toBe('Anna Lindqvist har skickat in maj 2026 för godkännande');
      expect(sv.text.split('\n\n').slice(0, 4)).toEqual([
        'Hej Åsa!',
        'Anna Lindqvist har skickat in sin tid för maj 2026 på uppdraget Ramavtal 2026 (Plattformsbygget) – Köparbolaget AB för godkännande.',
        'Rapporterad tid: 15,5 tim och 1 tim övertid.',
        'Godkänn månaden eller skicka tillbaka den med en kommentar under Att godkänna på sidan Tid och faktura.',
      ]);
      expect(sv.text).toContain(`Granska månaden: ${link}`);
      const en = renderMail(
        'timeMonthSubmitted',
        { ...samples.timeMonthSubmitted, month: 'May 2026', hours: '8', overtimeHours: null },
        'en',
      );
      expect(en.subject).toBe('Anna Lindqvist has submitted May 2026 for approval');
      expect(en.text).toContain(
        'Anna Lindqvist has submitted their time for May 2026 on the assignment Ramavtal 2026 (Plattformsbygget) – Köparbolaget AB for approval.',
      );
      expect(en.text).toContain('Reported time: 8 h.');
      expect(en.text).toContain(`Review the month: ${link}`);
    });

    it("give the consultant the approver's comment on a returned month; an assignment without a project is named by its contract", () => {
      const sv = renderMail('timeMonthReturned', samples.timeMonthReturned, 'sv');
      expect(sv.subject).toBe('Maj 2026 har skickats tillbaka för rättning');
      expect(sv.text).toContain(
        'Åsa Ström har skickat tillbaka din tid för maj 2026 på uppdraget Avtal 2 – Köparbolaget AB för rättning.',
      );
      expect(sv.text).toContain('Kommentar från Åsa Ström: ”Den 5 maj var en helgdag?”');
      expect(sv.text).toContain('Rapporterad tid: 15,5 tim. Månaden är upplåst igen');
      const en = renderMail(
        'timeMonthReturned',
        { ...samples.timeMonthReturned, month: 'May 2026', comment: 'Was <5 May> a holiday?' },
        'en',
      );
      expect(en.subject).toBe('May 2026 was returned for correction');
      expect(en.text).toContain('on the assignment Avtal 2 – Köparbolaget AB for correction.');
      expect(en.text).toContain('Comment from Åsa Ström: “Was <5 May> a holiday?”');
      expect(en.html).toContain('Was &lt;5 May&gt; a holiday?');
      expect(en.text).toContain(`Show the month: ${link}`);
    });

    it('tell the consultant a month is approved, with the approved hours', () => {
      const en = renderMail('timeMonthApproved', samples.timeMonthApproved, 'en');
      expect(en.subject).toBe('May 2026 has been approved');
      expect(en.text.split('\n\n').slice(0, 4)).toEqual([
        'Hello,',
        'asa@example.se has approved your time for May 2026 on the assignment Ramavtal 2026 (Plattformsbygget) – Köparbolaget AB.',
        'Approved time: 14.5 h and 1 h overtime.',
        'The month is approved and can no longer be changed.',
      ]);
      const sv = renderMail(
        'timeMonthApproved',
        { ...samples.timeMonthApproved, month: 'maj 2026', hours: '14,5' },
        'sv',
      );
      expect(sv.subject).toBe('Maj 2026 är godkänd');
      expect(sv.text).toContain('Godkänd tid: 14,5 tim och 1 tim övertid.');
      expect(sv.text).toContain('Månaden är godkänd och kan inte längre ändras.');
    });
  });

  describe('the bill mail', () => {
    it('tells the buyer the invoice number, month, assignment, total with VAT, due date and how to pay, in Swedish', () => {
      const sv = renderMail('billIssued', samples.billIssued, 'sv');
      expect(sv.subject).toBe('Faktura 10042 för maj 2026 från Konsultmarknaden');
      expect(sv.text.split('\n\n').slice(0, 5)).toEqual([
        'Hej Bengt!',
        'Åsa Ström har godkänt tiden för maj 2026 på uppdraget Ramavtal 2026 (Plattformsbygget) – Köparbolaget AB, och faktura 10042 har utfärdats.',
        'Att betala: 21 406,25 kr inklusive moms, senast 4 juli 2026.',
        'Betala till bankgiro 5402-9681 och ange OCR-nummer 1004265.',
        'Fakturan finns bifogad som PDF och under Fakturor och betalningar.',
      ]);
      expect(sv.text).toContain(`Visa fakturan: ${link}`);
      expect(sv.text).toContain('Du får det här mejlet eftersom du ser fakturorna för Köparbolaget AB.');
    });

    it('says the same in English; without a project or an attached PDF it says so', () => {
      const en = renderMail(
        'billIssued',
        {
          ...samples.billIssued,
          firstName: null,
          month: 'May 2026',
          contractName: 'Contract <2>',
          projectName: null,
          companyName: 'Buyer <AB>',
          total: 'SEK 21,406.25',
          dueDate: '4 Jul 2026',
          pdfAttached: false,
        },
        'en',
      );
      expect(en.subject).toBe('Invoice 10042 for May 2026 from Konsultmarknaden');
      expect(en.text.split('\n\n').slice(0, 5)).toEqual([
        'Hello,',
        'Åsa Ström has approved the time for May 2026 on the assignment Contract <2> – Buyer <AB>, and invoice 10042 has been issued.',
        'Amount due: SEK 21,406.25 including VAT, by 4 Jul 2026.',
        'Pay to bankgiro 5402-9681 and quote the OCR reference 1004265.',
        'The invoice is under Invoices and payments, where you can also download it as a PDF.',
      ]);
      expect(en.text).toContain(`View the invoice: ${link}`);
      expect(en.html).toContain('Contract &lt;2&gt; – Buyer &lt;AB&gt;');
    });
  });

  describe('contract mails (QA12 F3, F4)', () => {
    const paragraphs = (text: string) => text.split('\n\n');

    it("send a signer without an account to the provider's link, not to a page they cannot open", () => {
      const outsider = {
        ...samples.contractSigningRequested,
        firstName: null,
        via: 'email' as const,
        hasAccount: false,
      };
      const sv = renderMail('contractSigningRequested', outsider, 'sv');
      expect(paragraphs(sv.text).slice(0, 3)).toEqual([
        'Hej!',
        'Bengt Berg på Köparbolaget AB har skickat avtalet Ramavtal 2026 till dig för underskrift.',
        'Signeringstjänsten skickar dig ett separat mejl med en signeringslänk. Där läser du avtalet, kan ladda ner det och signerar: du behöver inget konto hos oss.',
      ]);
      const en = renderMail('contractSigningRequested', outsider, 'en');
      expect(paragraphs(en.text)[2]).toBe(
        'The signing service sends you a separate e-mail with a signing link. There you read the contract, can download it and sign: you need no account with us.',
      );
      for (const mail of [sv, en]) {
        expect(mail.text).not.toContain(link);
        expect(mail.html).not.toContain('<a href');
        expect(mail.text).not.toMatch(/Under Avtal|Under Contracts/);
      }
      // A member keeps the link to the contracts page.
      const member = renderMail('contractSigningRequested', { ...outsider, hasAccount: true }, 'sv');
      expect(member.text).toContain('Under Avtal ser du avtalet och kan ladda ner det innan du signerar.');
      expect(member.text).toContain(`Visa avtalet: ${link}`);
    });

    it('tell the sender that a signing order ran out, and how to send it again, in both languages', () => {
      const expired = { ...samples.contractOutcome, outcome: 'expired' as const };
      const sv = renderMail('contractOutcome', expired, 'sv');
      expect(sv.subject).toBe('Avtalet Ramavtal 2026 har gått ut utan underskrift');
      expect(paragraphs(sv.text)[1]).toBe(
        'Tiden för att underteckna avtalet Ramavtal 2026 (Köparbolaget AB) gick ut innan Åsa Ström undertecknade det, och det kan inte längre undertecknas. Under Avtal kan du kopiera det till ett nytt utkast och skicka det igen.',
      );
      const en = renderMail('contractOutcome', expired, 'en');
      expect(en.subject).toBe('The contract Ramavtal 2026 has expired unsigned');
      expect(paragraphs(en.text)[1]).toBe(
        'The time to sign the contract Ramavtal 2026 (Köparbolaget AB) ran out before Åsa Ström signed it, and it can no longer be signed. Under Contracts you can copy it to a new draft and send it again.',
      );
      expect(en.text).toContain(`Show the contracts: ${link}`);
    });

    it('tell the signer that the contract was withdrawn or ran out; the link only for one with an account', () => {
      const sv = renderMail('contractSigningClosed', samples.contractSigningClosed, 'sv');
      expect(sv.subject).toBe('Avtalet Ramavtal 2026 från Köparbolaget AB har dragits tillbaka');
      expect(paragraphs(sv.text).slice(0, 3)).toEqual([
        'Hej Åsa!',
        'Köparbolaget AB har dragit tillbaka avtalet Ramavtal 2026 som skickades till dig för underskrift, och det kan inte längre signeras.',
        'Du behöver inte göra något: bortse från signeringslänken eller dokumentet i din digitala brevlåda.',
      ]);
      expect(sv.text).toContain(`Visa avtalen: ${link}`);
      const en = renderMail(
        'contractSigningClosed',
        { ...samples.contractSigningClosed, firstName: null, reason: 'expired', link: null },
        'en',
      );
      expect(en.subject).toBe('The time to sign the contract Ramavtal 2026 from Köparbolaget AB has run out');
      expect(paragraphs(en.text).slice(0, 3)).toEqual([
        'Hello,',
        'The time to sign the contract Ramavtal 2026 from Köparbolaget AB has run out, and it can no longer be signed.',
        'You need not do anything. If the contract is still to be signed, Köparbolaget AB will send it to you again.',
      ]);
      expect(en.html).not.toContain('<a href');
      const svExpired = renderMail(
        'contractSigningClosed',
        { ...samples.contractSigningClosed, reason: 'expired' },
        'sv',
      );
      expect(svExpired.subject).toBe(
        'Tiden för att signera avtalet Ramavtal 2026 från Köparbolaget AB har gått ut',
      );
      const enCancelled = renderMail('contractSigningClosed', samples.contractSigningClosed, 'en');
      expect(enCancelled.subject).toBe('The contract Ramavtal 2026 from Köparbolaget AB has been withdrawn');
    });
  });

  describe('the DISC result mail', () => {
    const result = {
      ...samples.assessmentResult,
      coachSession: false,
      strengths: ['Beslutsam & snabb att agera', 'Driver mot resultat och mål', 'Tar ledningen'],
    };

    it('lists the strengths under one heading, in both languages, as text and HTML', () => {
      const sv = renderMail('assessmentResult', result, 'sv');
      expect(sv.text).toContain(
        'Dina styrkor:\n- Beslutsam & snabb att agera\n- Driver mot resultat och mål\n- Tar ledningen\n\n',
      );
      expect(sv.text).not.toContain('Styrka');
      expect(sv.html).toContain(
        '<p><strong>Dina styrkor</strong></p><ul><li>Beslutsam &amp; snabb att agera</li>' +
          '<li>Driver mot resultat och mål</li><li>Tar ledningen</li></ul>',
      );
      expect(sv.html).not.toContain('Styrka');
      const en = renderMail('assessmentResult', result, 'en');
      expect(en.text).toContain('Your strengths:\n- Beslutsam & snabb att agera\n');
      expect(en.text).not.toContain('Strength:');
      expect(en.html).toContain(
        '<p><strong>Your strengths</strong></p><ul><li>Beslutsam &amp; snabb att agera</li>',
      );
    });

    it('leaves the heading out without strengths', () => {
      const sv = renderMail('assessmentResult', { ...result, strengths: [] }, 'sv');
      expect(sv.text).not.toContain('Dina styrkor');
      expect(sv.html).not.toContain('<ul>');
    });
  });

  it('escapes parameters in HTML', () => {
    const mail = renderMail('emailChanged', { newEmail: '<script>@x.se' }, 'en');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('a quote in a receipt', () => {
  it('keeps a short text whole, on one line', () => {
    expect(shortenQuote('Vi söker en utvecklare.\n\nStart i mars.')).toBe(
      'Vi söker en utvecklare. Start i mars.',
    );
  });

  it('cuts a long text at a word and marks the cut', () => {
    const quote = shortenQuote(`${'ord '.repeat(100)}slut`, 30);
    expect(quote).toBe('ord ord ord ord ord ord ord …');
    expect(quote.length).toBeLessThanOrEqual(32);
  });
});

describe('web links', () => {
  it('puts the path under the language prefix and encodes the query', () => {
    expect(buildWebLink('http://127.0.0.1:3000', 'en', 'verify/email', { token: 'a+b/c' })).toBe(
      'http://127.0.0.1:3000/en/verify/email?token=a%2Bb%2Fc',
    );
  });
});
