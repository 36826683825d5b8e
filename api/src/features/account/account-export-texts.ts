import type { Locale, LocalizedText } from '@mp/domain';

/** What each file of the export holds, for the zip's README, in Swedish and English. */
export const EXPORT_FILE_TEXTS = {
  'account.json': {
    sv: 'konto: namn, e-post, telefon, personnummer, språk, inställningar och e-postlänkar vi skickat',
    en: 'account: names, e-mail, phone, personal identity number, language, settings and e-mail links we sent',
  },
  'profile.json': {
    sv: 'cv-profil: titlar, kompetenser, språk, utbildningar, erfarenheter och referenser så som du ser dem',
    en: 'CV profile: titles, skills, languages, educations, experiences and references as you see them',
  },
  'files.json': {
    sv: 'uppladdade filer (profilbild); själva filerna ligger i mappen files/',
    en: 'uploaded files (profile picture); the files themselves are in the folder files/',
  },
  'searches.json': {
    sv: 'sparade sökningar och utskick, favoritlistor, förfrågningar du skickat via kontaktformuläret, och när andra skickat förfrågningar om dig (utan avsändarens uppgifter)',
    en: "saved searches and their mailings, favourite lists, inquiries you sent through the contact form, and when others sent inquiries about you (without the sender's details)",
  },
  'companies.json': {
    sv: 'företag du är medlem i, och företag vars administratör tagit bort dig (och när)',
    en: 'companies you are a member of, and companies whose administrator removed you (and when)',
  },
  'contracts.json': {
    sv: 'avtal du skapat eller skickat för ett företag, och avtal som skickats till dig för underskrift',
    en: 'contracts you created or sent for a company, and contracts sent to you to sign',
  },
  'time.json': {
    sv: 'uppdrag, tidrapporter och månadsgodkännanden',
    en: 'assignments, time reports and monthly approvals',
  },
  'bills.json': { sv: 'fakturor till dig', en: 'bills to you' },
  'payments.json': {
    sv: 'betalningsuppgifter, sparade kort, kortbetalningar med kvitton, abonnemang',
    en: 'payment details, saved cards, card payments with receipts, subscriptions',
  },
  'assessments.json': {
    sv: 'DISC-analyser: köp, dina svar, resultat och bokade coachsamtal',
    en: 'DISC assessments: purchases, your answers, results and booked coach sessions',
  },
  'feedback.json': { sv: 'feedback du skickat och svaren', en: 'feedback you sent and the answers' },
  'terms.json': {
    sv: 'ditt godkännande vid registreringen (villkor, integritetspolicy, fyllt 18 år) och godkända villkorsversioner',
    en: 'your consent at sign-up (terms, privacy policy, 18 or older) and the terms versions you accepted',
  },
  'logins.json': {
    sv: 'inloggningar: sessioner och BankID-beställningar',
    en: 'logins: sessions and BankID orders',
  },
  'activity.json': { sv: 'händelser på ditt konto', en: 'events on your account' },
} as const satisfies Record<string, LocalizedText>;

/** The export's JSON files: each is described in the README, so a new file needs its text first. */
export type ExportFileName = keyof typeof EXPORT_FILE_TEXTS;

const INTRO: LocalizedText = {
  sv: 'Den här filen innehåller de personuppgifter vi har om dig, som JSON-filer (belopp i öre):',
  en: 'This file holds the personal data we have about you, as JSON files (amounts in öre):',
};

/** The README: the user's language first, then the other, each listing every file of the zip. */
export function buildExportReadme(locale: Locale, files: readonly ExportFileName[]): string {
  const order: Locale[] = locale === 'en' ? ['en', 'sv'] : ['sv', 'en'];
  const sections = order.map((l) =>
    [
      `${l.toUpperCase()}: ${INTRO[l]}`,
      ...files.map((file) => `- ${file}: ${EXPORT_FILE_TEXTS[file][l]}`),
    ].join('\n'),
  );
  return `Konsultmarknaden - ${locale === 'en' ? 'your data / dina uppgifter' : 'dina uppgifter / your data'}\n\n${sections.join('\n\n')}\n`;
}
