import type { CardDeclineReason } from '@mp/api-contract/payments.schema';
import { BILL_SELLER, type Locale } from '@mp/domain';
import { assignmentName } from '@mp/domain/companies';

// The texts of every mail the identity features send, in Swedish and English, as plain text and HTML.
// Parameters are escaped for HTML here; callers pass raw values. Links are full URLs built by ./links.

const BRAND = 'Konsultmarknaden';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A headed list in a mail's body ('Dina styrkor' and one line per strength), not a label repeated per line. */
interface MailList {
  heading: string;
  items: string[];
}

/** One mail: a greeting, paragraphs (or headed lists), an optional call-to-action link and a closing line. */
interface MailParts {
  subject: string;
  greeting: string;
  paragraphs: (string | MailList)[];
  action?: { label: string; url: string };
  footer: string;
}

const blockText = (block: string | MailList) =>
  typeof block === 'string'
    ? block
    : [`${block.heading}:`, ...block.items.map((item) => `- ${item}`)].join('\n');

const blockHtml = (block: string | MailList) =>
  typeof block === 'string'
    ? `<p>${escapeHtml(block)}</p>`
    : `<p><strong>${escapeHtml(block.heading)}</strong></p>` +
      `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;

/** A headed list, or nothing when there are no items. */
const listOf = (heading: string, items: string[]): MailList[] =>
  items.length > 0 ? [{ heading, items }] : [];

function render(parts: MailParts): MailContent {
  const textLines = [parts.greeting, '', ...parts.paragraphs.flatMap((p) => [blockText(p), ''])];
  if (parts.action) textLines.push(`${parts.action.label}: ${parts.action.url}`, '');
  textLines.push(parts.footer, `— ${BRAND}`);
  const button = parts.action
    ? `<p><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;padding:10px 18px;background:#1b4d89;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>` +
      `<p style="font-size:12px;color:#555">${escapeHtml(parts.action.url)}</p>`
    : '';
  const html =
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">` +
    `<p>${escapeHtml(parts.greeting)}</p>` +
    parts.paragraphs.map(blockHtml).join('') +
    button +
    `<p style="font-size:12px;color:#555">${escapeHtml(parts.footer)}</p>` +
    `<p>${BRAND}</p></body></html>`;
  return { subject: parts.subject, text: textLines.join('\n'), html };
}

const greet = (locale: Locale, firstName?: string | null) =>
  locale === 'sv' ? `Hej${firstName ? ` ${firstName}` : ''}!` : `Hello${firstName ? ` ${firstName}` : ''},`;

/** How long a link works, as people say it: whole days from two days up ("7 dagar"), otherwise hours. */
export function formatValidity(hours: number, locale: Locale): string {
  if (hours >= 48 && hours % 24 === 0) return locale === 'sv' ? `${hours / 24} dagar` : `${hours / 24} days`;
  if (locale === 'sv') return `${hours} ${hours === 1 ? 'timme' : 'timmar'}`;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** A receipt quotes what was sent in short: on one line, cut at a word after about 300 characters. */
export function shortenQuote(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?–-]+$/, '')} …`;
}

const ignoreFooter: Record<Locale, string> = {
  sv: 'Om du inte har bett om det här kan du bortse från mejlet.',
  en: 'If you did not ask for this, you can ignore this e-mail.',
};

export interface MailTemplateParams {
  verifyEmail: { firstName?: string | null; link: string; validHours: number };
  resetPassword: { firstName?: string | null; link: string; validMinutes: number };
  confirmEmailChange: { firstName?: string | null; newEmail: string; link: string; validHours: number };
  emailChanged: { firstName?: string | null; newEmail: string };
  /**
   * The security notice after the password was changed (in settings) or reset (by a mailed link): `link` is the
   * login page, where "Forgot your password?" sets a new one; `contactEmail` is the operators' address.
   */
  passwordChanged: { firstName?: string | null; link: string; contactEmail: string };
  /**
   * The same notice when an account that had no password (a BankID-only account) got its first one, in settings
   * or by a reset link: nothing was changed, a way to log in was added. Same `link` and `contactEmail`.
   */
  passwordSet: { firstName?: string | null; link: string; contactEmail: string };
  accountExists: { firstName?: string | null; loginLink: string };
  accountDeleted: { firstName?: string | null; purgeDate: string };
  /** To the operators: a contact form ("let us help") submission. */
  inquiryReceived: {
    inquiryId: string;
    name: string;
    email: string;
    phone: string | null;
    details: string;
    /** The sender's interface language. */
    senderLocale: Locale;
    /** The sender's account, when logged in. */
    userId: string | null;
    /** The `id` the form carried (the consultant the inquiry is about, when sent from a profile). */
    reference: string | null;
    /** The consultant the reference names (a profile), with links to the profile and to the admin area. */
    consultant: { name: string | null; profileLink: string; adminLink: string } | null;
    /** The search the sender had made, one line per criterion. */
    criteria: string[];
  };
  /**
   * To the sender of the contact form: we got it and reply within 2 working days. `details` is what they wrote
   * (the mail quotes its start); `consultant` is the profile the form was sent from. The consultant is not
   * named: a sender who sees no names (not logged in, unverified) must not learn one from the receipt.
   */
  inquiryConfirmation: { name: string; details: string; consultant: { profileLink: string } | null };
  /** To a referee named by a consultant; `period` is e.g. '2019–2023' or '2021–'. */
  referenceRequest: {
    refereeFirstName: string;
    consultantName: string;
    company: string;
    jobTitle: string;
    period: string;
    link: string;
    validDays: number;
  };
  /**
   * To someone a company member invited by e-mail: the company's live join link and the day it stops working
   * (formatted for the locale). `inviterName` is the inviter's name, or their address when they have none.
   */
  companyInvite: { inviterName: string; companyName: string; link: string; expiresOn: string };
  /** To a user who sent feedback: we got it. */
  feedbackReceived: { firstName?: string | null; message: string };
  /** To a user who sent feedback: the operators' answer. */
  feedbackAnswered: { firstName?: string | null; message: string; answer: string };
  // ---- payments, subscriptions and the assessment ----
  /** A paid card payment; amounts and dates already formatted for the locale. */
  paymentReceipt: {
    firstName?: string | null;
    receiptNumber: string;
    description: string;
    amount: string;
    /** The VAT included in the amount, formatted, and its rate in percent. */
    vat: string;
    vatRatePercent: number;
    paidOn: string;
    billingName: string | null;
    billingLink: string;
  };
  /** A payment that arrived after its purchase was made with another payment or given up, refunded in full. */
  paymentRefunded: {
    firstName?: string | null;
    receiptNumber: string;
    description: string;
    amount: string;
    billingLink: string;
  };
  /**
   * A renewal charge was declined (`reason`, as a declined payment tells it; `declined` for none we explain);
   * premium lasts until `graceEnds` while the charge is retried.
   */
  renewalFailed: { firstName?: string | null; graceEnds: string; link: string; reason: CardDeclineReason };
  /** The subscription ended (a cancelled period ran out, or the grace period after failed renewals). */
  subscriptionEnded: { firstName?: string | null; link: string };
  /** The subscriber cancelled: premium lasts until `endsOn` (formatted), then Standard; nothing more is charged. */
  subscriptionCancelled: { firstName?: string | null; planName: string; endsOn: string; link: string };
  /** The subscriber took back a cancellation: the plan renews, the next charge `amount` on `nextChargeOn`. */
  subscriptionResumed: {
    firstName?: string | null;
    planName: string;
    amount: string;
    nextChargeOn: string;
    link: string;
  };
  /** A change of plan from the next renewal on `startsOn`, which charges `amount`, the new plan's monthly price. */
  planChangeScheduled: {
    firstName?: string | null;
    planName: string;
    newPlanName: string;
    amount: string;
    startsOn: string;
    link: string;
  };
  /** A change of plan to `droppedPlanName` taken back: `planName` renews, the next charge `amount` on `nextChargeOn`. */
  planChangeUndone: {
    firstName?: string | null;
    planName: string;
    droppedPlanName: string;
    amount: string;
    nextChargeOn: string;
    link: string;
  };
  /** Basic and Full Coach Packages: the assessment result. */
  assessmentResult: {
    firstName?: string | null;
    discType: string;
    discDescription: string;
    drivingForces: string[];
    strengths: string[];
    profileLink: string;
    /** Full Coach Package: the feedback session is booked on the assessment page. */
    coachSession: boolean;
    /** The assessment page, where the Full package books its feedback session. */
    assessmentLink?: string;
  };
  coachSessionBooked: { firstName?: string | null; when: string; noticeHours: number; link: string };
  coachSessionCancelled: { firstName?: string | null; when: string; noticeHours: number; link: string };
  // ---- time reporting: a month's submission and the approver's decision ----
  /** To the assignment's approver: the consultant submitted a month. */
  timeMonthSubmitted: TimeMonthMail & { consultantName: string };
  /** To the consultant: the approver returned the month with a comment. */
  timeMonthReturned: TimeMonthMail & { approverName: string; comment: string };
  /** To the consultant: the approver approved the month. */
  timeMonthApproved: TimeMonthMail & { approverName: string };
  // ---- bills ----
  /** To those who see the buyer company's bills: approving a month issued this bill. */
  billIssued: BillIssuedMail;
  // ---- contracts ----
  /**
   * To the contract's signer when it is sent for signing: which company sent which contract, how the signing
   * provider reaches them (`bankid`: the signer's digital mailbox, signed with BankID; `email`: a signing link by
   * e-mail) and, for a signer with an account here (`hasAccount`), the link to the contracts page, which says the
   * same. A signer without one cannot open that page (QA12 F4): the provider's link is all they need.
   */
  contractSigningRequested: {
    firstName?: string | null;
    contractName: string;
    companyName: string;
    senderName: string;
    via: 'bankid' | 'email';
    hasAccount: boolean;
    link: string;
  };
  /**
   * To the contract's delegate (who uploaded and sent it): the signer signed or declined it at the provider, or
   * the signing order ran out (`expired`) before they signed.
   */
  contractOutcome: {
    firstName?: string | null;
    contractName: string;
    companyName: string;
    signerName: string;
    outcome: 'signed' | 'declined' | 'expired';
    link: string;
  };
  /**
   * To the contract's signer (QA12 F3): the signing request they were mailed no longer stands, because the order
   * ran out (`expired`) or the company withdrew the contract (`cancelled`). The link to the contracts page only
   * for a signer with an account here (null otherwise).
   */
  contractSigningClosed: {
    firstName?: string | null;
    contractName: string;
    companyName: string;
    reason: 'expired' | 'cancelled';
    link: string | null;
  };
}

/**
 * A bill just issued for an approved month, as its buyer's billing readers are told: the invoice number and
 * OCR reference, the month ('maj 2026'), the assignment (contract (project) – company), who approved, the total with VAT
 * and the due date already formatted for the locale, whether its PDF is attached, and the link to the bill's page.
 */
export interface BillIssuedMail {
  firstName?: string | null;
  invoiceNumber: string;
  ocrReference: string;
  month: string;
  contractName: string;
  projectName: string | null;
  companyName: string;
  approverName: string;
  total: string;
  dueDate: string;
  pdfAttached: boolean;
  link: string;
}

/**
 * What every time-report mail names: the month ('maj 2026', 'May 2026'), the assignment as the app names it
 * (contract, its project when it has one, and company; see assignmentName), the reported hours and overtime hours, already formatted
 * for the locale (overtime null when there is none), and the link to the time page.
 */
export interface TimeMonthMail {
  firstName?: string | null;
  month: string;
  contractName: string;
  projectName: string | null;
  companyName: string;
  hours: string;
  overtimeHours: string | null;
  link: string;
}

export type MailTemplate = keyof MailTemplateParams;

type Templates = { [T in MailTemplate]: (params: MailTemplateParams[T], locale: Locale) => MailContent };

/**
 * The renewal-failed mail's account of a decline: what happened (completing "We could not renew your premium
 * subscription: ...") and what the subscriber can do before the next automatic attempt, which charges their
 * default card (a card they add becomes it). Written for a charge we made while they were away, unlike the
 * catalogue's card messages, which speak to a payer at the checkout ("try again").
 */
export const RENEWAL_DECLINE_TEXTS: Readonly<
  Record<CardDeclineReason, Record<Locale, { happened: string; todo: string }>>
> = {
  insufficient_funds: {
    sv: {
      happened: 'kortet saknade täckning för betalningen.',
      todo: 'Se till att det finns pengar på kortets konto, eller lägg till ett annat kort. Kontakta din bank om du tycker att betalningen borde ha gått igenom.',
    },
    en: {
      happened: 'your card did not have enough funds for the payment.',
      todo: "Make sure there is money in the card's account, or add another card. If you think the payment should have gone through, contact your bank.",
    },
  },
  expired_card: {
    sv: {
      happened: 'kortet vi har sparat har gått ut.',
      todo: 'Lägg till ditt nya kort (eller ett annat kort), så drar vi betalningen från det nästa gång.',
    },
    en: {
      happened: 'the card we have on file has expired.',
      todo: 'Add your new card (or another card) and we will charge that one next time.',
    },
  },
  incorrect_cvc: {
    sv: {
      happened: 'kortets bank godkände inte kortets säkerhetskod (CVC).',
      todo: 'Lägg till kortet igen med rätt säkerhetskod, eller lägg till ett annat kort.',
    },
    en: {
      happened: "the card's bank did not accept the card's security code (CVC).",
      todo: 'Add the card again with the right security code, or add another card.',
    },
  },
  processing_error: {
    sv: {
      happened: 'ett tillfälligt fel hos banken eller betalningsleverantören stoppade betalningen.',
      todo: 'Du behöver inte göra något: sådana fel brukar vara borta till nästa försök. Står det fortfarande ”Betalning misslyckades” på prenumerationssidan efter det, lägg till ett annat kort.',
    },
    en: {
      happened: "a temporary fault at the card's bank or our payment provider stopped the payment.",
      todo: 'You do not need to do anything: such faults are usually gone by the next attempt. If the subscription page still says “Payment failed” after that, add another card.',
    },
  },
  declined: {
    sv: {
      happened: 'kortets bank nekade betalningen.',
      todo: 'Lägg till ett annat kort, eller kontakta din bank för att få veta varför kortet nekades.',
    },
    en: {
      happened: "your card's bank declined the payment.",
      todo: 'Add another card, or contact your bank to find out why the card was declined.',
    },
  },
};

const COMMERCE_TEMPLATES: Pick<
  Templates,
  | 'paymentReceipt'
  | 'paymentRefunded'
  | 'renewalFailed'
  | 'subscriptionEnded'
  | 'subscriptionCancelled'
  | 'subscriptionResumed'
  | 'planChangeScheduled'
  | 'planChangeUndone'
  | 'assessmentResult'
  | 'coachSessionBooked'
  | 'coachSessionCancelled'
> = {
  paymentReceipt: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Kvitto ${p.receiptNumber} från ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Tack för din betalning. Kvittonummer: ${p.receiptNumber}.`,
              `${p.description}: ${p.amount}, varav moms ${p.vat} (${p.vatRatePercent} %), betald ${p.paidOn}.`,
              ...(p.billingName ? [`Fakturamottagare: ${p.billingName}.`] : []),
              `Säljare: ${BILL_SELLER.name}, ${BILL_SELLER.address}, org.nr ${BILL_SELLER.organisationNumber}, momsreg.nr ${BILL_SELLER.vatNumber}.`,
            ],
            action: { label: 'Visa fakturering', url: p.billingLink },
            footer: 'Kvittot finns också under Fakturering i ditt konto.',
          }
        : {
            subject: `Receipt ${p.receiptNumber} from ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Thank you for your payment. Receipt number: ${p.receiptNumber}.`,
              `${p.description}: ${p.amount}, including VAT ${p.vat} (${p.vatRatePercent}%), paid ${p.paidOn}.`,
              ...(p.billingName ? [`Billed to: ${p.billingName}.`] : []),
              `Seller: ${BILL_SELLER.name}, ${BILL_SELLER.address}, Corporate ID ${BILL_SELLER.organisationNumber}, VAT No. ${BILL_SELLER.vatNumber}.`,
            ],
            action: { label: 'View billing', url: p.billingLink },
            footer: 'The receipt is also under Billing in your account.',
          },
    ),
  paymentRefunded: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Vi har betalat tillbaka ${p.amount}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Din betalning för ${p.description} (${p.amount}, kvitto ${p.receiptNumber}) kom fram efter att köpet redan hade gjorts med en annan betalning eller avbrutits, så vi har betalat tillbaka hela beloppet till ditt kort.`,
              'Det kan ta några bankdagar innan återbetalningen syns på kontot.',
            ],
            action: { label: 'Visa fakturering', url: p.billingLink },
            footer: 'Har du frågor? Svara på det här mejlet.',
          }
        : {
            subject: `We have refunded ${p.amount}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Your payment for ${p.description} (${p.amount}, receipt ${p.receiptNumber}) came in after the purchase had already been made with another payment or given up, so we have refunded the full amount to your card.`,
              'It can take a few banking days before the refund shows on your account.',
            ],
            action: { label: 'View billing', url: p.billingLink },
            footer: 'Questions? Reply to this e-mail.',
          },
    ),
  renewalFailed: (p, locale) => {
    const { happened, todo } = RENEWAL_DECLINE_TEXTS[p.reason][locale];
    return render(
      locale === 'sv'
        ? {
            subject: 'Vi kunde inte förnya ditt premiumkonto',
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Vi kunde inte förnya din premiumprenumeration: ${happened}`,
              todo,
              `Vi försöker dra betalningen igen automatiskt. Premium fortsätter till ${p.graceEnds}; har ingen betalning gått igenom då blir kontot ett Standardkonto.`,
            ],
            action: { label: 'Hantera prenumeration', url: p.link },
            footer: 'Har du frågor? Svara på det här mejlet.',
          }
        : {
            subject: 'We could not renew your premium account',
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `We could not renew your premium subscription: ${happened}`,
              todo,
              `We will try the payment again automatically. Premium continues until ${p.graceEnds}; if no payment has gone through by then, your account becomes a Standard account.`,
            ],
            action: { label: 'Manage subscription', url: p.link },
            footer: 'Questions? Reply to this e-mail.',
          },
    );
  },
  subscriptionEnded: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: 'Ditt premiumkonto har avslutats',
            greeting: greet(locale, p.firstName),
            paragraphs: ['Din prenumeration har upphört och kontot är nu ett Standardkonto.'],
            action: { label: 'Lås upp premium igen', url: p.link },
            footer: 'Tack för att du har använt premium.',
          }
        : {
            subject: 'Your premium account has ended',
            greeting: greet(locale, p.firstName),
            paragraphs: ['Your subscription has ended and your account is now a Standard account.'],
            action: { label: 'Unlock premium again', url: p.link },
            footer: 'Thank you for using premium.',
          },
    ),
  subscriptionCancelled: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: 'Din prenumeration är uppsagd',
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Vi har tagit emot din uppsägning av ${p.planName}. Premium fortsätter till ${p.endsOn}; sedan blir kontot ett Standardkonto och inga fler betalningar dras.`,
              `Ångrar du dig kan du återuppta prenumerationen fram till ${p.endsOn}.`,
            ],
            action: { label: 'Hantera prenumeration', url: p.link },
            footer: 'Har du inte sagt upp prenumerationen själv? Svara på det här mejlet.',
          }
        : {
            subject: 'Your subscription is cancelled',
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `We have received your cancellation of ${p.planName}. Premium continues until ${p.endsOn}; then your account becomes a Standard account and no more payments are taken.`,
              `If you change your mind, you can resume the subscription until ${p.endsOn}.`,
            ],
            action: { label: 'Manage subscription', url: p.link },
            footer: 'Did you not cancel the subscription yourself? Reply to this e-mail.',
          },
    ),
  subscriptionResumed: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: 'Din prenumeration fortsätter',
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Du har återupptagit ${p.planName}, så premium fortsätter och prenumerationen förnyas som vanligt.`,
              `Nästa betalning på ${p.amount} dras ${p.nextChargeOn}.`,
            ],
            action: { label: 'Hantera prenumeration', url: p.link },
            footer: 'Har du frågor? Svara på det här mejlet.',
          }
        : {
            subject: 'Your subscription continues',
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `You have resumed ${p.planName}, so premium continues and the subscription renews as usual.`,
              `The next payment of ${p.amount} is charged on ${p.nextChargeOn}.`,
            ],
            action: { label: 'Manage subscription', url: p.link },
            footer: 'Questions? Reply to this e-mail.',
          },
    ),
  planChangeScheduled: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Din plan byts till ${p.newPlanName} den ${p.startsOn}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Du har valt att byta från ${p.planName} till ${p.newPlanName}. Bytet gäller från ${p.startsOn}; till dess har du ${p.planName}, som du redan har betalat för.`,
              `Den ${p.startsOn} dras ${p.amount} för den första månaden med ${p.newPlanName}, och sedan samma belopp varje månad.`,
              `Vill du behålla ${p.planName} kan du ändra dig fram till dess.`,
            ],
            action: { label: 'Hantera prenumeration', url: p.link },
            footer: 'Har du frågor? Svara på det här mejlet.',
          }
        : {
            subject: `Your plan changes to ${p.newPlanName} on ${p.startsOn}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `You have chosen to change from ${p.planName} to ${p.newPlanName}. The change takes effect on ${p.startsOn}; until then you keep ${p.planName}, which you have already paid for.`,
              `On ${p.startsOn} we charge ${p.amount} for the first month of ${p.newPlanName}, and the same amount every month after that.`,
              `To keep ${p.planName}, you can change your mind until then.`,
            ],
            action: { label: 'Manage subscription', url: p.link },
            footer: 'Questions? Reply to this e-mail.',
          },
    ),
  planChangeUndone: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Du behåller ${p.planName}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Du har ångrat bytet till ${p.droppedPlanName} och behåller ${p.planName}.`,
              `Nästa betalning på ${p.amount} dras ${p.nextChargeOn}.`,
            ],
            action: { label: 'Hantera prenumeration', url: p.link },
            footer: 'Har du frågor? Svara på det här mejlet.',
          }
        : {
            subject: `You stay on ${p.planName}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `You have taken back the change to ${p.droppedPlanName} and stay on ${p.planName}.`,
              `The next payment of ${p.amount} is charged on ${p.nextChargeOn}.`,
            ],
            action: { label: 'Manage subscription', url: p.link },
            footer: 'Questions? Reply to this e-mail.',
          },
    ),
  assessmentResult: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Ditt resultat: ${p.discType}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Din beteendestil är ${p.discType}. ${p.discDescription}`,
              `Dina starkaste drivkrafter: ${p.drivingForces.join(', ')}.`,
              ...listOf('Dina styrkor', p.strengths),
              ...(p.coachSession
                ? [
                    `I ditt Full Coach Package ingår en återkopplingssession med en coach. Boka en tid på testsidan${p.assessmentLink ? `: ${p.assessmentLink}` : '.'}`,
                  ]
                : []),
            ],
            action: { label: 'Se resultatet på din profil', url: p.profileLink },
            footer: 'Resultatet visas nu på din profil och går att söka på.',
          }
        : {
            subject: `Your result: ${p.discType}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Your behavioural style is ${p.discType}. ${p.discDescription}`,
              `Your strongest driving forces: ${p.drivingForces.join(', ')}.`,
              ...listOf('Your strengths', p.strengths),
              ...(p.coachSession
                ? [
                    `Your Full Coach Package includes a feedback session with a coach. Book a time on the assessment page${p.assessmentLink ? `: ${p.assessmentLink}` : '.'}`,
                  ]
                : []),
            ],
            action: { label: 'See the result on your profile', url: p.profileLink },
            footer: 'The result is now shown on your profile and can be searched for.',
          },
    ),
  coachSessionBooked: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Din återkopplingssession är bokad: ${p.when}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Din återkopplingssession med en coach (Full Coach Package) är bokad ${p.when}, svensk tid.`,
              `Du kan flytta eller avboka den på testsidan fram till ${p.noticeHours} timmar innan den börjar.`,
            ],
            action: { label: 'Visa bokningen', url: p.link },
            footer: 'Coachen går igenom ditt resultat med dig.',
          }
        : {
            subject: `Your feedback session is booked: ${p.when}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Your feedback session with a coach (Full Coach Package) is booked for ${p.when}, Swedish time.`,
              `You can move or cancel it on the assessment page until ${p.noticeHours} hours before it starts.`,
            ],
            action: { label: 'See the booking', url: p.link },
            footer: 'The coach will go through your result with you.',
          },
    ),
  coachSessionCancelled: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: 'Din återkopplingssession är avbokad',
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Din återkopplingssession ${p.when} är avbokad.`,
              `Sessionen ingår fortfarande i ditt Full Coach Package: boka en ny tid på testsidan, senast ${p.noticeHours} timmar innan den börjar.`,
            ],
            action: { label: 'Boka en ny tid', url: p.link },
            footer: 'Har du frågor? Svara på det här mejlet.',
          }
        : {
            subject: 'Your feedback session is cancelled',
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Your feedback session on ${p.when} is cancelled.`,
              `The session is still included in your Full Coach Package: book a new time on the assessment page, at least ${p.noticeHours} hours before it starts.`,
            ],
            action: { label: 'Book a new time', url: p.link },
            footer: 'Questions? Reply to this e-mail.',
          },
    ),
};

/** '15,5 tim och 1 tim övertid' / '15.5 h and 1 h overtime'; overtime only when there is some. */
const timeTotals = (p: TimeMonthMail, locale: Locale) =>
  locale === 'sv'
    ? `${p.hours} tim${p.overtimeHours ? ` och ${p.overtimeHours} tim övertid` : ''}`
    : `${p.hours} h${p.overtimeHours ? ` and ${p.overtimeHours} h overtime` : ''}`;

const capitalizeFirst = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const consultantFooter: Record<Locale, string> = {
  sv: 'Du får det här mejlet eftersom du rapporterar tid på uppdraget.',
  en: 'You get this e-mail because you report time on this assignment.',
};

const TIME_TEMPLATES: Pick<Templates, 'timeMonthSubmitted' | 'timeMonthReturned' | 'timeMonthApproved'> = {
  timeMonthSubmitted: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `${p.consultantName} har skickat in ${p.month} för godkännande`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `${p.consultantName} har skickat in sin tid för ${p.month} på uppdraget ${assignmentName(p)} för godkännande.`,
              `Rapporterad tid: ${timeTotals(p, locale)}.`,
              'Godkänn månaden eller skicka tillbaka den med en kommentar under Att godkänna på sidan Tid och faktura.',
            ],
            action: { label: 'Granska månaden', url: p.link },
            footer: 'Du får det här mejlet eftersom du godkänner tiden på uppdraget.',
          }
        : {
            subject: `${p.consultantName} has submitted ${p.month} for approval`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `${p.consultantName} has submitted their time for ${p.month} on the assignment ${assignmentName(p)} for approval.`,
              `Reported time: ${timeTotals(p, locale)}.`,
              'Approve the month, or return it with a comment, under To approve on the Time and invoice page.',
            ],
            action: { label: 'Review the month', url: p.link },
            footer: 'You get this e-mail because you approve the time on this assignment.',
          },
    ),
  timeMonthReturned: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `${capitalizeFirst(p.month)} har skickats tillbaka för rättning`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `${p.approverName} har skickat tillbaka din tid för ${p.month} på uppdraget ${assignmentName(p)} för rättning.`,
              `Kommentar från ${p.approverName}: ”${p.comment}”`,
              `Rapporterad tid: ${timeTotals(p, locale)}. Månaden är upplåst igen: rätta tiden och skicka in månaden på nytt.`,
            ],
            action: { label: 'Visa månaden', url: p.link },
            footer: consultantFooter.sv,
          }
        : {
            subject: `${capitalizeFirst(p.month)} was returned for correction`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `${p.approverName} has returned your time for ${p.month} on the assignment ${assignmentName(p)} for correction.`,
              `Comment from ${p.approverName}: “${p.comment}”`,
              `Reported time: ${timeTotals(p, locale)}. The month is unlocked again: correct your time and submit the month again.`,
            ],
            action: { label: 'Show the month', url: p.link },
            footer: consultantFooter.en,
          },
    ),
  timeMonthApproved: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `${capitalizeFirst(p.month)} är godkänd`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `${p.approverName} har godkänt din tid för ${p.month} på uppdraget ${assignmentName(p)}.`,
              `Godkänd tid: ${timeTotals(p, locale)}.`,
              'Månaden är godkänd och kan inte längre ändras.',
            ],
            action: { label: 'Visa månaden', url: p.link },
            footer: consultantFooter.sv,
          }
        : {
            subject: `${capitalizeFirst(p.month)} has been approved`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `${p.approverName} has approved your time for ${p.month} on the assignment ${assignmentName(p)}.`,
              `Approved time: ${timeTotals(p, locale)}.`,
              'The month is approved and can no longer be changed.',
            ],
            action: { label: 'Show the month', url: p.link },
            footer: consultantFooter.en,
          },
    ),
};

const BILL_TEMPLATES: Pick<Templates, 'billIssued'> = {
  billIssued: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Faktura ${p.invoiceNumber} för ${p.month} från ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `${p.approverName} har godkänt tiden för ${p.month} på uppdraget ${assignmentName(p)}, och faktura ${p.invoiceNumber} har utfärdats.`,
              `Att betala: ${p.total} inklusive moms, senast ${p.dueDate}.`,
              `Betala till bankgiro ${BILL_SELLER.bankgiro} och ange OCR-nummer ${p.ocrReference}.`,
              p.pdfAttached
                ? 'Fakturan finns bifogad som PDF och under Fakturor och betalningar.'
                : 'Fakturan finns under Fakturor och betalningar, där du också kan ladda ner den som PDF.',
            ],
            action: { label: 'Visa fakturan', url: p.link },
            footer: `Du får det här mejlet eftersom du ser fakturorna för ${p.companyName}.`,
          }
        : {
            subject: `Invoice ${p.invoiceNumber} for ${p.month} from ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `${p.approverName} has approved the time for ${p.month} on the assignment ${assignmentName(p)}, and invoice ${p.invoiceNumber} has been issued.`,
              `Amount due: ${p.total} including VAT, by ${p.dueDate}.`,
              `Pay to bankgiro ${BILL_SELLER.bankgiro} and quote the OCR reference ${p.ocrReference}.`,
              p.pdfAttached
                ? 'The invoice is attached as a PDF and is also under Invoices and payments.'
                : 'The invoice is under Invoices and payments, where you can also download it as a PDF.',
            ],
            action: { label: 'View the invoice', url: p.link },
            footer: `You get this e-mail because you see the invoices of ${p.companyName}.`,
          },
    ),
};

const CONTRACT_TEMPLATES: Pick<
  Templates,
  'contractOutcome' | 'contractSigningRequested' | 'contractSigningClosed'
> = {
  contractSigningRequested: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Signera avtalet ${p.contractName} från ${p.companyName}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `${p.senderName} på ${p.companyName} har skickat avtalet ${p.contractName} till dig för underskrift.`,
              p.via === 'bankid'
                ? 'Avtalet finns i din digitala brevlåda hos signeringstjänsten: öppna det där och signera med BankID.'
                : p.hasAccount
                  ? 'Signeringstjänsten skickar dig ett separat mejl med en signeringslänk: öppna länken och följ anvisningarna för att signera.'
                  : 'Signeringstjänsten skickar dig ett separat mejl med en signeringslänk. Där läser du avtalet, kan ladda ner det och signerar: du behöver inget konto hos oss.',
              ...(p.hasAccount
                ? ['Under Avtal ser du avtalet och kan ladda ner det innan du signerar.']
                : []),
            ],
            ...(p.hasAccount ? { action: { label: 'Visa avtalet', url: p.link } } : {}),
            footer: 'Du får det här mejlet eftersom avtalet skickades till dig för underskrift.',
          }
        : {
            subject: `Sign the contract ${p.contractName} from ${p.companyName}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `${p.senderName} at ${p.companyName} has sent you the contract ${p.contractName} to sign.`,
              p.via === 'bankid'
                ? 'The contract is in your digital mailbox at the signing service: open it there and sign with BankID.'
                : p.hasAccount
                  ? 'The signing service sends you a separate e-mail with a signing link: open the link and follow the steps to sign.'
                  : 'The signing service sends you a separate e-mail with a signing link. There you read the contract, can download it and sign: you need no account with us.',
              ...(p.hasAccount
                ? ['Under Contracts you see the contract and can download it before you sign.']
                : []),
            ],
            ...(p.hasAccount ? { action: { label: 'Show the contract', url: p.link } } : {}),
            footer: 'You get this e-mail because the contract was sent to you for signing.',
          },
    ),
  contractOutcome: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: {
              signed: `Avtalet ${p.contractName} har undertecknats`,
              declined: `Avtalet ${p.contractName} har avböjts`,
              expired: `Avtalet ${p.contractName} har gått ut utan underskrift`,
            }[p.outcome],
            greeting: greet(locale, p.firstName),
            paragraphs: [
              {
                signed: `${p.signerName} har undertecknat avtalet ${p.contractName} (${p.companyName}). Det undertecknade avtalet kan laddas ner under Avtal.`,
                declined: `${p.signerName} har avböjt att underteckna avtalet ${p.contractName} (${p.companyName}). Under Avtal kan du kopiera det till ett nytt utkast om det ska skickas igen.`,
                expired: `Tiden för att underteckna avtalet ${p.contractName} (${p.companyName}) gick ut innan ${p.signerName} undertecknade det, och det kan inte längre undertecknas. Under Avtal kan du kopiera det till ett nytt utkast och skicka det igen.`,
              }[p.outcome],
            ],
            action: { label: 'Visa avtalen', url: p.link },
            footer: 'Du får det här mejlet eftersom du skickade avtalet för underskrift.',
          }
        : {
            subject: {
              signed: `The contract ${p.contractName} has been signed`,
              declined: `The contract ${p.contractName} has been declined`,
              expired: `The contract ${p.contractName} has expired unsigned`,
            }[p.outcome],
            greeting: greet(locale, p.firstName),
            paragraphs: [
              {
                signed: `${p.signerName} has signed the contract ${p.contractName} (${p.companyName}). The signed contract can be downloaded under Contracts.`,
                declined: `${p.signerName} has declined to sign the contract ${p.contractName} (${p.companyName}). Under Contracts you can copy it to a new draft if it is to be sent again.`,
                expired: `The time to sign the contract ${p.contractName} (${p.companyName}) ran out before ${p.signerName} signed it, and it can no longer be signed. Under Contracts you can copy it to a new draft and send it again.`,
              }[p.outcome],
            ],
            action: { label: 'Show the contracts', url: p.link },
            footer: 'You get this e-mail because you sent the contract for signing.',
          },
    ),
  contractSigningClosed: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject:
              p.reason === 'expired'
                ? `Tiden för att signera avtalet ${p.contractName} från ${p.companyName} har gått ut`
                : `Avtalet ${p.contractName} från ${p.companyName} har dragits tillbaka`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              p.reason === 'expired'
                ? `Tiden för att signera avtalet ${p.contractName} från ${p.companyName} har gått ut, och det kan inte längre signeras.`
                : `${p.companyName} har dragit tillbaka avtalet ${p.contractName} som skickades till dig för underskrift, och det kan inte längre signeras.`,
              p.reason === 'expired'
                ? `Du behöver inte göra något. Ska avtalet fortfarande undertecknas skickar ${p.companyName} det till dig igen.`
                : 'Du behöver inte göra något: bortse från signeringslänken eller dokumentet i din digitala brevlåda.',
            ],
            ...(p.link ? { action: { label: 'Visa avtalen', url: p.link } } : {}),
            footer: 'Du får det här mejlet eftersom avtalet skickades till dig för underskrift.',
          }
        : {
            subject:
              p.reason === 'expired'
                ? `The time to sign the contract ${p.contractName} from ${p.companyName} has run out`
                : `The contract ${p.contractName} from ${p.companyName} has been withdrawn`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              p.reason === 'expired'
                ? `The time to sign the contract ${p.contractName} from ${p.companyName} has run out, and it can no longer be signed.`
                : `${p.companyName} has withdrawn the contract ${p.contractName} that was sent to you for signing, and it can no longer be signed.`,
              p.reason === 'expired'
                ? `You need not do anything. If the contract is still to be signed, ${p.companyName} will send it to you again.`
                : 'You need not do anything: ignore the signing link or the document in your digital mailbox.',
            ],
            ...(p.link ? { action: { label: 'Show the contracts', url: p.link } } : {}),
            footer: 'You get this e-mail because the contract was sent to you for signing.',
          },
    ),
};

export const MAIL_TEMPLATES: Templates = {
  ...COMMERCE_TEMPLATES,
  ...TIME_TEMPLATES,
  ...BILL_TEMPLATES,
  ...CONTRACT_TEMPLATES,
  verifyEmail: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Bekräfta din e-postadress hos ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Bekräfta din e-postadress genom att öppna länken nedan.',
              `Länken gäller i ${formatValidity(p.validHours, 'sv')} och kan bara användas en gång.`,
            ],
            action: { label: 'Bekräfta e-postadressen', url: p.link },
            footer: ignoreFooter.sv,
          }
        : {
            subject: `Confirm your e-mail address at ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Please confirm your e-mail address by opening the link below.',
              `The link is valid for ${formatValidity(p.validHours, 'en')} and can be used once.`,
            ],
            action: { label: 'Confirm e-mail address', url: p.link },
            footer: ignoreFooter.en,
          },
    ),
  resetPassword: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Återställ ditt lösenord hos ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Vi har fått en begäran om att återställa lösenordet för ditt konto. Välj ett nytt lösenord via länken nedan.',
              `Länken gäller i ${p.validMinutes} minuter och kan bara användas en gång.`,
            ],
            action: { label: 'Välj nytt lösenord', url: p.link },
            footer: `${ignoreFooter.sv} Ditt nuvarande lösenord fortsätter att gälla.`,
          }
        : {
            subject: `Reset your password at ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'We received a request to reset the password of your account. Choose a new password with the link below.',
              `The link is valid for ${p.validMinutes} minutes and can be used once.`,
            ],
            action: { label: 'Choose a new password', url: p.link },
            footer: `${ignoreFooter.en} Your current password stays valid.`,
          },
    ),
  confirmEmailChange: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Bekräfta byte av e-postadress hos ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Någon har bett om att byta e-postadressen för ditt konto till ${p.newEmail}.`,
              `Om det var du, bekräfta bytet via länken nedan. Länken gäller i ${formatValidity(p.validHours, 'sv')} och kan bara användas en gång.`,
            ],
            action: { label: 'Bekräfta bytet', url: p.link },
            footer: `${ignoreFooter.sv} Adressen byts inte förrän bytet har bekräftats.`,
          }
        : {
            subject: `Confirm the change of your e-mail address at ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              `Someone asked to change the e-mail address of your account to ${p.newEmail}.`,
              `If this was you, confirm the change with the link below. The link is valid for ${formatValidity(p.validHours, 'en')} and can be used once.`,
            ],
            action: { label: 'Confirm the change', url: p.link },
            footer: `${ignoreFooter.en} The address is not changed until the change is confirmed.`,
          },
    ),
  emailChanged: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Din e-postadress hos ${BRAND} är ändrad`,
            greeting: greet(locale, p.firstName),
            paragraphs: [`Ditt konto använder nu e-postadressen ${p.newEmail}.`],
            footer: 'Kontakta oss omedelbart om du inte känner igen ändringen.',
          }
        : {
            subject: `Your e-mail address at ${BRAND} has changed`,
            greeting: greet(locale, p.firstName),
            paragraphs: [`Your account now uses the e-mail address ${p.newEmail}.`],
            footer: 'Contact us at once if you do not recognise this change.',
          },
    ),
  passwordChanged: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Ditt lösenord hos ${BRAND} är ändrat`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Lösenordet till ditt konto har just ändrats, och du har loggats ut på dina andra enheter.',
              `Var det inte du? Återställ lösenordet genast via "Glömt lösenordet?" på inloggningssidan och kontakta oss på ${p.contactEmail}.`,
            ],
            action: { label: 'Återställ lösenordet', url: p.link },
            footer: 'Var det du som ändrade lösenordet behöver du inte göra något.',
          }
        : {
            subject: `Your password at ${BRAND} was changed`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'The password of your account was just changed, and your other devices have been logged out.',
              `If this was not you, reset your password at once with "Forgot your password?" on the login page, and contact us at ${p.contactEmail}.`,
            ],
            action: { label: 'Reset your password', url: p.link },
            footer: 'If you changed the password yourself, there is nothing you need to do.',
          },
    ),
  passwordSet: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Ett lösenord har lagts till på ditt konto hos ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Ditt konto har just fått ett lösenord, så att det nu också går att logga in med e-postadress och lösenord. Du har loggats ut på dina andra enheter.',
              `Var det inte du? Återställ lösenordet genast via "Glömt lösenordet?" på inloggningssidan och kontakta oss på ${p.contactEmail}.`,
            ],
            action: { label: 'Återställ lösenordet', url: p.link },
            footer: 'Var det du som lade till lösenordet behöver du inte göra något.',
          }
        : {
            subject: `A password was added to your account at ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'A password was just set for your account, so it can now also be used to log in with an e-mail address and password, and your other devices have been logged out.',
              `If this was not you, reset the password at once with "Forgot your password?" on the login page, and contact us at ${p.contactEmail}.`,
            ],
            action: { label: 'Reset the password', url: p.link },
            footer: 'If you added the password yourself, there is nothing you need to do.',
          },
    ),
  accountExists: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Du har redan ett konto hos ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Någon försökte registrera ett nytt konto med den här e-postadressen, men det finns redan ett konto för den.',
              'Logga in i stället. Har du glömt lösenordet kan du återställa det från inloggningssidan.',
            ],
            action: { label: 'Logga in', url: p.loginLink },
            footer: ignoreFooter.sv,
          }
        : {
            subject: `You already have an account at ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Someone tried to register a new account with this e-mail address, but an account already exists for it.',
              'Log in instead. If you forgot your password, you can reset it from the login page.',
            ],
            action: { label: 'Log in', url: p.loginLink },
            footer: ignoreFooter.en,
          },
    ),
  accountDeleted: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Ditt konto hos ${BRAND} är borttaget`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Ditt konto är borttaget och din profil syns inte längre i sökningar.',
              `Enligt vår integritetspolicy sparas dina personuppgifter till och med ${p.purgeDate} och raderas sedan. Bokföringsunderlag sparas i upp till sju år enligt lag.`,
            ],
            footer: 'Kontakta oss omedelbart om du inte har tagit bort kontot själv.',
          }
        : {
            subject: `Your account at ${BRAND} has been deleted`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Your account has been deleted and your profile no longer appears in searches.',
              `As our privacy policy describes, your personal data is kept until ${p.purgeDate} and then erased. Bookkeeping records are kept for up to seven years as the law requires.`,
            ],
            footer: 'Contact us at once if you did not delete the account yourself.',
          },
    ),
  inquiryReceived: (p, locale) => {
    const none = locale === 'sv' ? '(ingen)' : '(none)';
    const field = (label: string, value: string | null) => `${label}: ${value ?? none}`;
    const sv = locale === 'sv';
    const consultant = p.consultant;
    return render({
      subject: consultant
        ? sv
          ? `Ny förfrågan om en konsult: ${p.name}`
          : `New inquiry about a consultant: ${p.name}`
        : sv
          ? `Ny förfrågan från kontaktformuläret: ${p.name}`
          : `New inquiry from the contact form: ${p.name}`,
      greeting: sv ? 'Hej!' : 'Hello,',
      paragraphs: [
        consultant
          ? sv
            ? 'En ny förfrågan om en konsult har kommit in via kontaktformuläret på konsultens profil. ' +
              'Avsändaren har inte konsultens kontaktuppgifter: förmedla kontakten och svara avsändaren inom 2 arbetsdagar.'
            : "A new inquiry about a consultant has arrived through the contact form on the consultant's profile. " +
              "The sender does not have the consultant's contact details: put them in touch and reply to the sender within 2 working days."
          : sv
            ? `En ny förfrågan har kommit in via kontaktformuläret. Svara avsändaren inom 2 arbetsdagar.`
            : 'A new inquiry has arrived through the contact form. Reply to the sender within 2 working days.',
        ...(consultant
          ? [
              field(sv ? 'Konsult' : 'Consultant', consultant.name),
              field(sv ? 'Profil' : 'Profile', consultant.profileLink),
              field(sv ? 'Konto i administrationen' : 'Account in the admin area', consultant.adminLink),
            ]
          : []),
        field(sv ? 'Namn' : 'Name', p.name),
        field(sv ? 'E-post' : 'E-mail', p.email),
        field(sv ? 'Telefon' : 'Phone', p.phone),
        field(
          sv ? 'Språk' : 'Language',
          p.senderLocale === 'sv' ? (sv ? 'svenska' : 'Swedish') : sv ? 'engelska' : 'English',
        ),
        field(sv ? 'Inloggad användare' : 'Logged-in user', p.userId),
        field(sv ? 'Gäller' : 'Concerns', p.reference),
        sv ? 'Beskrivning:' : 'Details:',
        ...p.details.split(/\r?\n/).filter((line) => line.trim() !== ''),
        sv ? 'Sökning:' : 'Search:',
        ...(p.criteria.length > 0 ? p.criteria : [none]),
      ],
      footer: `${sv ? 'Förfrågan' : 'Inquiry'} ${p.inquiryId}`,
    });
  },
  inquiryConfirmation: (p, locale) => {
    const quote = shortenQuote(p.details);
    return render(
      locale === 'sv'
        ? {
            subject: `Tack för din förfrågan till ${BRAND}`,
            greeting: greet(locale, p.name),
            paragraphs: [
              p.consultant
                ? 'Vi har tagit emot din förfrågan om konsulten. Vi förmedlar kontakten och återkommer till dig inom 2 arbetsdagar.'
                : 'Vi har tagit emot din förfrågan. Vi återkommer till dig inom 2 arbetsdagar.',
              `Du skrev: ”${quote}”`,
              'Vill du lägga till något? Svara på det här mejlet.',
            ],
            ...(p.consultant
              ? { action: { label: 'Visa konsultens profil', url: p.consultant.profileLink } }
              : {}),
            footer:
              'Du får det här mejlet eftersom kontaktformuläret skickades med den här adressen. Om det inte var du kan du bortse från mejlet.',
          }
        : {
            subject: `Thank you for your inquiry to ${BRAND}`,
            greeting: greet(locale, p.name),
            paragraphs: [
              p.consultant
                ? 'We have received your inquiry about the consultant. We will put you in touch and get back to you within 2 working days.'
                : 'We have received your inquiry. We will get back to you within 2 working days.',
              `You wrote: “${quote}”`,
              'Anything to add? Reply to this e-mail.',
            ],
            ...(p.consultant
              ? { action: { label: "View the consultant's profile", url: p.consultant.profileLink } }
              : {}),
            footer:
              'You get this e-mail because the contact form was sent with this address. If it was not you, you can ignore this e-mail.',
          },
    );
  },
  referenceRequest: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `${p.consultantName} ber dig om en referens`,
            greeting: greet(locale, p.refereeFirstName),
            paragraphs: [
              `${p.consultantName} har angett dig som referens för uppdraget ${p.jobTitle} hos ${p.company} (${p.period}) på sin konsultprofil hos ${BRAND}.`,
              'Öppna länken för att godkänna eller avböja referensen. Godkänner du den ger du ett betyg från 1 till 5 och ett kort omdöme. Ditt namn och din e-postadress visas aldrig på profilen: betyg och omdömen visas anonymt.',
              `Länken gäller i ${p.validDays} dagar och kan bara användas en gång.`,
            ],
            action: { label: 'Svara på referensförfrågan', url: p.link },
            footer: 'Om du inte känner igen uppdraget kan du avböja eller bortse från mejlet.',
          }
        : {
            subject: `${p.consultantName} asks you for a reference`,
            greeting: greet(locale, p.refereeFirstName),
            paragraphs: [
              `${p.consultantName} has named you as a reference for the assignment ${p.jobTitle} at ${p.company} (${p.period}) on their consultant profile at ${BRAND}.`,
              'Open the link to approve or decline the reference. If you approve it, you give a rating from 1 to 5 and a short review. Your name and e-mail address are never shown on the profile: ratings and reviews are shown anonymously.',
              `The link is valid for ${p.validDays} days and can be used once.`,
            ],
            action: { label: 'Answer the reference request', url: p.link },
            footer: 'If you do not recognise the assignment, you can decline or ignore this e-mail.',
          },
    ),
  companyInvite: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `${p.inviterName} bjuder in dig till ${p.companyName} på ${BRAND}`,
            greeting: 'Hej!',
            paragraphs: [
              `${p.inviterName} har bjudit in dig att gå med i ${p.companyName} på ${BRAND}, där företaget samlar sina medlemmar, projekt, avtal och tidrapporter.`,
              'Öppna inbjudan och gå med. Har du inget konto skapar du ett med BankID eller med din e-postadress, och kommer sedan tillbaka till inbjudan.',
              `Länken gäller till och med ${p.expiresOn}. Om företaget gör en ny länk slutar den här att fungera; be då om en ny inbjudan.`,
            ],
            action: { label: 'Öppna inbjudan', url: p.link },
            footer: 'Om du inte känner igen företaget eller avsändaren kan du bortse från mejlet.',
          }
        : {
            subject: `${p.inviterName} invites you to join ${p.companyName} on ${BRAND}`,
            greeting: 'Hello,',
            paragraphs: [
              `${p.inviterName} has invited you to join ${p.companyName} on ${BRAND}, where the company keeps its members, projects, contracts and time reports.`,
              'Open the invitation to join. If you have no account, create one with BankID or your e-mail address, and you will come back to the invitation afterwards.',
              `The link works until ${p.expiresOn}. If the company makes a new link, this one stops working; ask for a new invitation then.`,
            ],
            action: { label: 'Open the invitation', url: p.link },
            footer: 'If you do not recognise the company or the sender, you can ignore this e-mail.',
          },
    ),
  feedbackReceived: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Tack för din återkoppling till ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Tack för din återkoppling! Vi har tagit emot den och läser allt som kommer in. Behöver vi svara hör vi av oss till den här adressen.',
              `Du skrev: ”${p.message}”`,
            ],
            footer: 'Du får det här mejlet eftersom du skickade återkoppling från ditt konto.',
          }
        : {
            subject: `Thank you for your feedback to ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [
              'Thank you for your feedback! We have received it and read everything that comes in. If an answer is needed, we will reply to this address.',
              `You wrote: “${p.message}”`,
            ],
            footer: 'You get this e-mail because you sent feedback from your account.',
          },
    ),
  feedbackAnswered: (p, locale) =>
    render(
      locale === 'sv'
        ? {
            subject: `Svar på din återkoppling till ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [p.answer, `Du skrev: ”${p.message}”`],
            footer: 'Du får det här mejlet eftersom du skickade återkoppling från ditt konto.',
          }
        : {
            subject: `An answer to your feedback to ${BRAND}`,
            greeting: greet(locale, p.firstName),
            paragraphs: [p.answer, `You wrote: “${p.message}”`],
            footer: 'You get this e-mail because you sent feedback from your account.',
          },
    ),
};

/** Renders a template in the given language. */
export function renderMail<T extends MailTemplate>(
  template: T,
  params: MailTemplateParams[T],
  locale: Locale,
): MailContent {
  return (MAIL_TEMPLATES[template] as (p: MailTemplateParams[T], l: Locale) => MailContent)(params, locale);
}
