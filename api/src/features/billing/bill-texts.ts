import { INTL_LOCALES, type BillLineKind, type BillStatusView, type Locale } from '@mp/domain';

/** Every text of a bill (its data's line descriptions and its PDF) in Swedish and English. */
export const BILL_TEXTS = {
  sv: {
    title: 'Faktura',
    invoiceNumber: 'Fakturanummer',
    invoiceDate: 'Fakturadatum',
    dueDate: 'Förfallodatum',
    ocr: 'OCR-nummer',
    period: 'Period',
    seller: 'Säljare',
    buyer: 'Köpare',
    organisationNumber: 'Org.nr',
    vatNumber: 'Momsreg.nr',
    consultant: 'Konsult',
    assignment: 'Uppdrag',
    description: 'Beskrivning',
    quantity: 'Antal',
    unitPrice: 'À-pris',
    amount: 'Belopp',
    subtotal: 'Summa exkl. moms',
    vat: 'Moms {rate} %',
    total: 'Att betala',
    bankgiro: 'Bankgiro',
    paymentTerms: 'Betalningsvillkor: {days} dagar netto. Ange OCR-numret vid betalning.',
    guarantee:
      'Garanti 30 dagar: uppdraget startade {start}. Avslutas det senast {until} återbetalas avgiften för den första månaden.',
    hoursUnit: 'tim',
    pieceUnit: 'st',
    status: { open: 'Obetald', overdue: 'Förfallen', paid: 'Betald' } satisfies Record<
      BillStatusView,
      string
    >,
    page: 'Sida {page} av {pages}',
    lines: {
      hours: 'Arbetade timmar, {consultant}, {period}',
      overtime: 'Övertid, {consultant}, {period}',
      buyer_fee: 'Avgift per anlitad konsult och månad, {consultant}, {period}',
      other: '{description}',
    } satisfies Record<BillLineKind | 'other', string>,
  },
  en: {
    title: 'Invoice',
    invoiceNumber: 'Invoice number',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    ocr: 'OCR reference',
    period: 'Period',
    seller: 'Seller',
    buyer: 'Buyer',
    organisationNumber: 'Corporate ID',
    vatNumber: 'VAT no.',
    consultant: 'Consultant',
    assignment: 'Assignment',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal excl. VAT',
    vat: 'VAT {rate} %',
    total: 'Amount due',
    bankgiro: 'Bankgiro',
    paymentTerms: 'Payment terms: {days} days net. Quote the OCR reference when paying.',
    guarantee:
      '30-day guarantee: the assignment started on {start}. If it ends on or before {until}, the fee for the first month is refunded.',
    hoursUnit: 'h',
    pieceUnit: 'pcs',
    status: { open: 'Unpaid', overdue: 'Overdue', paid: 'Paid' } satisfies Record<BillStatusView, string>,
    page: 'Page {page} of {pages}',
    lines: {
      hours: 'Hours worked, {consultant}, {period}',
      overtime: 'Overtime, {consultant}, {period}',
      buyer_fee: 'Fee per hired consultant and month, {consultant}, {period}',
      other: '{description}',
    } satisfies Record<BillLineKind | 'other', string>,
  },
} as const satisfies Record<Locale, unknown>;

export function fillText(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** 'faktura-10042.pdf' / 'invoice-10042.pdf': the name a bill's PDF is downloaded and attached under. */
export const billPdfFileName = (invoiceNumber: number, locale: Locale) =>
  `${BILL_TEXTS[locale].title.toLowerCase()}-${invoiceNumber}.pdf`;

/** The consultant in a bill's line texts and PDF: the name, else the e-mail address (as stored), else 'n/a'. */
export const consultantLabel = (consultant: string | null | undefined) => consultant?.trim() || 'n/a';

/** 'oktober 2026' / 'October 2026'. */
export function formatPeriod(month: string, locale: Locale): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** '27 juni 2026' / '27 Jun 2026', from a 'YYYY-MM-DD' day, as a bill prints its dates. */
export function formatBillDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** '12 345,50 kr' / 'SEK 12,345.50', from öre. */
export function formatMoney(ore: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALES[locale], {
    style: 'currency',
    currency: 'SEK',
    minimumFractionDigits: 2,
  }).format(ore / 100);
}

export function formatQuantity(quantity: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALES[locale], { maximumFractionDigits: 2 }).format(quantity);
}
