import { BILL_SELLER, BILL_VAT_RATE_PERCENT, vatIncludedOre, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import { AppError } from '../../errors';
import { PDF_FONT, registerPdfFonts, toPdfText } from '../../lib/pdf-fonts';
import { fillText } from '../billing/bill-texts';
import { partyOf } from '../billing/bills.service';
import { describePayment } from './payment-outcome.service';
import { findPaymentById } from './payments.repository';
import { formatDate, formatMoney } from './money';

/** Every text of a card payment's receipt PDF (billing), in Swedish and English, worded as the receipt mail. */
export const RECEIPT_TEXTS = {
  sv: {
    title: 'Kvitto',
    receiptNumber: 'Kvittonummer',
    date: 'Betald',
    seller: 'Säljare',
    buyer: 'Köpare',
    organisationNumber: 'Org.nr',
    vatNumber: 'Momsreg.nr',
    item: 'Beskrivning',
    amount: 'Belopp',
    subtotal: 'Summa exkl. moms',
    vat: 'Moms {rate} %',
    total: 'Totalt',
    paymentMethod: 'Betalningssätt',
    card: 'Kort',
    cardEnding: 'Kort {brand} som slutar på {last4}',
    refunded: 'Återbetald {date}',
    fileName: 'kvitto',
  },
  en: {
    title: 'Receipt',
    receiptNumber: 'Receipt number',
    date: 'Paid',
    seller: 'Seller',
    buyer: 'Buyer',
    organisationNumber: 'Corporate ID',
    vatNumber: 'VAT No.',
    item: 'Description',
    amount: 'Amount',
    subtotal: 'Subtotal excl. VAT',
    vat: 'VAT {rate}%',
    total: 'Total',
    paymentMethod: 'Payment method',
    card: 'Card',
    cardEnding: '{brand} card ending in {last4}',
    refunded: 'Refunded {date}',
    fileName: 'receipt',
  },
} as const satisfies Record<Locale, unknown>;

export interface ReceiptView {
  receiptNumber: string;
  paidAt: Date;
  refundedAt: Date | null;
  description: string;
  currency: string;
  amountOre: number;
  vatOre: number;
  buyer: { name: string; lines: string[] };
  card: { brand: string | null; last4: string | null } | null;
}

/**
 * A paid (or since refunded) card payment of the caller with its receipt number, as the receipt mail tells it;
 * any other payment, another user's included, is 404 PAYMENT_NOT_FOUND.
 */
export async function getReceipt(
  db: Kysely<Database>,
  userId: string,
  paymentId: string,
  locale: Locale,
): Promise<ReceiptView> {
  const payment = await findPaymentById(db, paymentId);
  if (
    !payment ||
    payment.user_id !== userId ||
    !payment.receipt_number ||
    (payment.status !== 'succeeded' && payment.status !== 'refunded')
  ) {
    throw new AppError('PAYMENT_NOT_FOUND');
  }
  const [user, details, card] = await Promise.all([
    db
      .selectFrom('users')
      .select(['email', 'first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('payment_details').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    payment.payment_method_id
      ? db
          .selectFrom('payment_methods')
          .select(['brand', 'last4'])
          .where('id', '=', payment.payment_method_id)
          .executeTakeFirst()
      : undefined,
  ]);
  // A bill's payment is made out to the bill's buyer, the company, as the invoice is (QA10 F8).
  const billBuyer = payment.bill_id
    ? await db.selectFrom('bills').select('buyer').where('id', '=', payment.bill_id).executeTakeFirst()
    : undefined;
  const personName = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  const buyerLines = details
    ? [
        details.address_line,
        `${details.postal_code} ${details.city}`,
        ...(details.organisation_number
          ? [`${RECEIPT_TEXTS[locale].organisationNumber} ${details.organisation_number}`]
          : []),
        ...(details.vat_number ? [`${RECEIPT_TEXTS[locale].vatNumber} ${details.vat_number}`] : []),
      ]
    : [];
  if (user?.email) buyerLines.push(user.email);
  const buyer = billBuyer ? billBuyerOf(billBuyer.buyer, locale) : null;
  return {
    receiptNumber: payment.receipt_number,
    paidAt: payment.succeeded_at ?? payment.created_at,
    refundedAt: payment.status === 'refunded' ? (payment.refunded_at ?? payment.updated_at) : null,
    description: await describePayment(db, payment, locale),
    currency: payment.currency,
    amountOre: payment.amount_ore,
    vatOre: vatIncludedOre(payment.amount_ore),
    buyer: buyer ?? { name: details?.billing_name ?? (personName || user?.email || ''), lines: buyerLines },
    card: card ?? null,
  };
}

/** The buyer of a bill's payment: the bill's buyer company, with its address, organisation and VAT number. */
function billBuyerOf(stored: unknown, locale: Locale): ReceiptView['buyer'] {
  const party = partyOf(stored);
  const texts = RECEIPT_TEXTS[locale];
  return {
    name: party.name,
    lines: [
      ...(party.address ? [party.address] : []),
      ...(party.organisationNumber ? [`${texts.organisationNumber} ${party.organisationNumber}`] : []),
      ...(party.vatNumber ? [`${texts.vatNumber} ${party.vatNumber}`] : []),
    ],
  };
}

/** 'kvitto-R20261129-1872F997.pdf' / 'receipt-R20261129-1872F997.pdf'. */
export const receiptPdfFileName = (receiptNumber: string, locale: Locale) =>
  `${RECEIPT_TEXTS[locale].fileName}-${receiptNumber.replace(/[^\w-]/g, '')}.pdf`;

/** 'visa' -> 'Visa', as a card's brand is printed. */
const brandName = (brand: string | null) => (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : '');

const PAGE = { width: 595.28, margin: 50 };
const COLOURS = { accent: '#1b4d89', text: '#1f2933', muted: '#5f6b76', rule: '#c9d3df', band: '#eef3f9' };

/**
 * Renders a receipt as an A4 PDF in the reader's language (embedded Unicode font, as the bills): the seller
 * with its registration details, the buyer, receipt number and date, the item, the amount excluding VAT, the
 * VAT and the total, and the card it was paid with.
 */
export function renderReceiptPdf(receipt: ReceiptView, locale: Locale): Promise<Buffer> {
  const t = RECEIPT_TEXTS[locale];
  const money = (ore: number) => formatMoney(ore, receipt.currency, locale);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      info: {
        Title: toPdfText(`${t.title} ${receipt.receiptNumber}`),
        Author: toPdfText(BILL_SELLER.name),
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerPdfFonts(doc);
    const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
      doc.text(toPdfText(value), x, y, options);

    const left = PAGE.margin;
    const right = PAGE.width - PAGE.margin;
    const width = right - left;

    doc.font(PDF_FONT.bold).fontSize(16).fillColor(COLOURS.accent);
    text(BILL_SELLER.name, left, 50, { width: width / 2 });
    doc.font(PDF_FONT.bold).fontSize(24).fillColor(COLOURS.text);
    text(t.title.toUpperCase(), left + width / 2, 44, { width: width / 2, align: 'right' });

    const facts: [string, string][] = [
      [t.receiptNumber, receipt.receiptNumber],
      [t.date, formatDate(receipt.paidAt, locale)],
      ...(receipt.refundedAt
        ? [['', fillText(t.refunded, { date: formatDate(receipt.refundedAt, locale) })]]
        : []),
    ] as [string, string][];
    let factY = 84;
    const factX = left + width / 2;
    for (const [label, value] of facts) {
      doc.font(PDF_FONT.regular).fontSize(9).fillColor(COLOURS.muted);
      text(label, factX, factY, { width: 110 });
      doc.font(PDF_FONT.bold).fontSize(9).fillColor(COLOURS.text);
      text(value, factX + 110, factY, { width: width / 2 - 110, align: 'right' });
      factY += 15;
    }

    const partiesY = Math.max(factY, 150) + 14;
    const column = (width - 30) / 2;
    const party = (label: string, name: string, lines: string[], x: number) => {
      doc.font(PDF_FONT.bold).fontSize(8).fillColor(COLOURS.muted);
      text(label.toUpperCase(), x, partiesY, { width: column, characterSpacing: 0.5 });
      doc.font(PDF_FONT.bold).fontSize(11).fillColor(COLOURS.text);
      text(name, x, doc.y + 3, { width: column });
      doc.font(PDF_FONT.regular).fontSize(9).fillColor(COLOURS.text);
      for (const line of lines) text(line, x, doc.y + 1, { width: column });
      return doc.y;
    };
    const sellerBottom = party(
      t.seller,
      BILL_SELLER.name,
      [
        BILL_SELLER.address,
        `${t.organisationNumber} ${BILL_SELLER.organisationNumber}`,
        `${t.vatNumber} ${BILL_SELLER.vatNumber}`,
      ],
      left,
    );
    const buyerBottom = party(t.buyer, receipt.buyer.name, receipt.buyer.lines, left + column + 30);
    let y = Math.max(sellerBottom, buyerBottom) + 20;

    doc.rect(left, y, width, 20).fill(COLOURS.band);
    doc.font(PDF_FONT.bold).fontSize(8.5).fillColor(COLOURS.accent);
    text(t.item, left + 8, y + 6, { width: 300 });
    text(t.amount, left + width / 2, y + 6, { width: width / 2 - 8, align: 'right' });
    y += 26;
    const subtotal = receipt.amountOre - receipt.vatOre;
    doc.font(PDF_FONT.regular).fontSize(9).fillColor(COLOURS.text);
    text(receipt.description, left + 8, y, { width: 300 });
    text(money(subtotal), left + width / 2, y, { width: width / 2 - 8, align: 'right' });
    y = doc.y + 10;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    y += 10;

    const totals: [string, string, boolean][] = [
      [t.subtotal, money(subtotal), false],
      [fillText(t.vat, { rate: BILL_VAT_RATE_PERCENT }), money(receipt.vatOre), false],
      [t.total, money(receipt.amountOre), true],
    ];
    const labelX = left + width / 2;
    for (const [label, value, strong] of totals) {
      if (strong) doc.rect(labelX - 8, y - 5, width / 2 + 8, 24).fill(COLOURS.band);
      doc
        .font(strong ? PDF_FONT.bold : PDF_FONT.regular)
        .fontSize(strong ? 11.5 : 9.5)
        .fillColor(COLOURS.text);
      text(label, labelX, y + (strong ? 1 : 0), { width: width / 4 });
      text(value, labelX + width / 4, y + (strong ? 1 : 0), { width: width / 4 - 8, align: 'right' });
      y += strong ? 27 : 16;
    }

    y += 10;
    const method = receipt.card?.last4
      ? fillText(t.cardEnding, { brand: brandName(receipt.card.brand), last4: receipt.card.last4 }).replace(
          /\s+/g,
          ' ',
        )
      : t.card;
    doc.font(PDF_FONT.regular).fontSize(8).fillColor(COLOURS.muted);
    text(t.paymentMethod, left, y, { width });
    doc.font(PDF_FONT.bold).fontSize(10).fillColor(COLOURS.text);
    text(method, left, y + 12, { width });
    doc.end();
  });
}
