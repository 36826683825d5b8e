import { BILL_PAYMENT_TERMS_DAYS, type Locale } from '@mp/domain';
import PDFDocument from 'pdfkit';
import { billAssignmentName } from '@mp/domain/companies';
import { PDF_FONT, registerPdfFonts, toPdfText } from '../../lib/pdf-fonts';
import {
  BILL_TEXTS,
  consultantLabel,
  fillText,
  formatBillDate,
  formatMoney,
  formatPeriod,
  formatQuantity,
} from './bill-texts';
import type { BillParty, BillView } from '@mp/api-contract/billing.schema';

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const COLOURS = {
  accent: '#1b4d89',
  text: '#1f2933',
  muted: '#5f6b76',
  rule: '#c9d3df',
  band: '#eef3f9',
};

type Doc = PDFKit.PDFDocument;

function text(doc: Doc, value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) {
  doc.text(toPdfText(value), x, y, options);
}

/**
 * One line of (right-aligned) figures in a column `width` wide: the font shrinks (down to 60 %) until it fits, so
 * an amount never wraps and drops its last digits to the next line (QA10 F1, 'SEK 200,100.0' / '0').
 */
function figure(
  doc: Doc,
  value: string,
  x: number,
  y: number,
  width: number,
  size: number,
  align: 'left' | 'right' = 'right',
) {
  const shown = toPdfText(value);
  let fitted = size;
  doc.fontSize(fitted);
  while (doc.widthOfString(shown) > width && fitted > size * 0.6) {
    fitted -= 0.25;
    doc.fontSize(fitted);
  }
  doc.text(shown, x, y, { width, align, lineBreak: false });
  doc.fontSize(size);
}

function partyBlock(
  doc: Doc,
  label: string,
  party: BillParty,
  x: number,
  y: number,
  width: number,
  locale: Locale,
) {
  const t = BILL_TEXTS[locale];
  doc.font(PDF_FONT.bold).fontSize(8).fillColor(COLOURS.muted);
  text(doc, label.toUpperCase(), x, y, { width, characterSpacing: 0.5 });
  doc.font(PDF_FONT.bold).fontSize(11).fillColor(COLOURS.text);
  text(doc, party.name, x, doc.y + 3, { width });
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(COLOURS.text);
  if (party.address) text(doc, party.address, x, doc.y + 1, { width });
  if (party.organisationNumber) {
    text(doc, `${t.organisationNumber} ${party.organisationNumber}`, x, doc.y + 1, { width });
  }
  if (party.vatNumber) text(doc, `${t.vatNumber} ${party.vatNumber}`, x, doc.y + 1, { width });
  return doc.y;
}

/**
 * Renders a bill as an A4 PDF in the reader's language, with the embedded Unicode font: header with the
 * invoice facts, seller and buyer, the lines, totals with VAT, payment details (bankgiro, OCR, due date) and,
 * on an assignment's first bill, the 30-day guarantee.
 */
export function renderBillPdf(bill: BillView, locale: Locale): Promise<Buffer> {
  const assignmentStart = bill.assignmentStartDate;
  const t = BILL_TEXTS[locale];
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      bufferPages: true,
      info: {
        Title: toPdfText(`${t.title} ${bill.invoiceNumber}`),
        Author: toPdfText(bill.seller.name),
        Subject: toPdfText(`${bill.buyer.name}, ${formatPeriod(bill.period, locale)}`),
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerPdfFonts(doc);

    const left = PAGE.margin;
    const right = PAGE.width - PAGE.margin;
    const width = right - left;

    // Header: seller's name on the left, the title and the invoice facts on the right.
    doc.font(PDF_FONT.bold).fontSize(16).fillColor(COLOURS.accent);
    text(doc, bill.seller.name, left, 50, { width: width / 2 });
    doc.font(PDF_FONT.bold).fontSize(24).fillColor(COLOURS.text);
    text(doc, t.title.toUpperCase(), left + width / 2, 44, { width: width / 2, align: 'right' });

    const facts: [string, string][] = [
      [t.invoiceNumber, String(bill.invoiceNumber)],
      [t.invoiceDate, formatBillDate(bill.issuedAt.slice(0, 10), locale)],
      [t.dueDate, formatBillDate(bill.dueDate, locale)],
      [t.ocr, bill.ocrReference],
      [t.period, formatPeriod(bill.period, locale)],
    ];
    let factY = 84;
    const factX = left + width / 2;
    for (const [label, value] of facts) {
      doc.font(PDF_FONT.regular).fontSize(9).fillColor(COLOURS.muted);
      text(doc, label, factX, factY, { width: 110 });
      doc.font(PDF_FONT.bold).fontSize(9).fillColor(COLOURS.text);
      text(doc, value, factX + 110, factY, { width: width / 2 - 110, align: 'right' });
      factY += 15;
    }

    // Parties
    const partiesY = Math.max(factY, 150) + 14;
    const column = (width - 30) / 2;
    const sellerBottom = partyBlock(doc, t.seller, bill.seller, left, partiesY, column, locale);
    const buyerBottom = partyBlock(doc, t.buyer, bill.buyer, left + column + 30, partiesY, column, locale);
    let y = Math.max(sellerBottom, buyerBottom) + 16;

    // Reference row: consultant, and the assignment named as the mails name it.
    const assignment = billAssignmentName({ ...bill, buyerName: bill.buyer.name });
    const references = [
      `${t.consultant}: ${consultantLabel(bill.consultantName)}`,
      assignment ? `${t.assignment}: ${assignment}` : null,
    ].filter((value): value is string => value !== null);
    if (references.length > 0) {
      doc.font(PDF_FONT.regular).fontSize(9).fillColor(COLOURS.text);
      text(doc, references.join('   ·   '), left, y, { width });
      y = doc.y + 14;
    }

    // Lines
    // The figures' columns fit 'SEK 9,999,999.99' / '9 999 999,99 kr' at 9 pt; larger ones shrink to fit.
    const descriptionWidth = 225;
    const columns = { description: left + 8, quantity: left + 238, unit: left + 298, amount: left + 393 };
    const numberWidth = { quantity: 55, unit: 90, amount: width - 401 };
    doc.rect(left, y, width, 20).fill(COLOURS.band);
    doc.font(PDF_FONT.bold).fontSize(8.5).fillColor(COLOURS.accent);
    text(doc, t.description, columns.description, y + 6, { width: descriptionWidth });
    text(doc, t.quantity, columns.quantity, y + 6, { width: numberWidth.quantity, align: 'right' });
    text(doc, t.unitPrice, columns.unit, y + 6, { width: numberWidth.unit, align: 'right' });
    text(doc, t.amount, columns.amount, y + 6, { width: numberWidth.amount, align: 'right' });
    y += 26;
    for (const line of bill.lines) {
      const unit = line.kind === 'buyer_fee' || line.kind === 'other' ? t.pieceUnit : t.hoursUnit;
      doc.font(PDF_FONT.regular).fontSize(9).fillColor(COLOURS.text);
      const rowHeight = doc.heightOfString(toPdfText(line.description), { width: descriptionWidth });
      text(doc, line.description, columns.description, y, { width: descriptionWidth });
      const quantity = `${formatQuantity(line.quantity, locale)} ${unit}`;
      figure(doc, quantity, columns.quantity, y, numberWidth.quantity, 9);
      figure(doc, formatMoney(line.unitPriceOre, locale), columns.unit, y, numberWidth.unit, 9);
      figure(doc, formatMoney(line.amountOre, locale), columns.amount, y, numberWidth.amount, 9);
      y += rowHeight + 8;
      doc
        .moveTo(left, y - 4)
        .lineTo(right, y - 4)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
    }

    // Totals
    y += 6;
    const totals: [string, string, boolean][] = [
      [t.subtotal, formatMoney(bill.subtotalOre, locale), false],
      [fillText(t.vat, { rate: bill.vatRatePercent }), formatMoney(bill.vatOre, locale), false],
      [t.total, formatMoney(bill.totalOre, locale), true],
    ];
    const labelX = left + width / 2;
    for (const [label, value, strong] of totals) {
      if (strong) {
        doc.rect(labelX - 8, y - 5, width / 2 + 8, 24).fill(COLOURS.band);
        y += 1;
      }
      doc
        .font(strong ? PDF_FONT.bold : PDF_FONT.regular)
        .fontSize(strong ? 11.5 : 9.5)
        .fillColor(COLOURS.text);
      text(doc, label, labelX, y, { width: width / 4 });
      figure(doc, value, labelX + width / 4, y, width / 4 - 8, strong ? 11.5 : 9.5);
      y += strong ? 26 : 16;
    }

    // Guarantee, on the first month's bill of an assignment.
    y += 10;
    if (bill.guaranteeUntil && assignmentStart) {
      doc.font(PDF_FONT.italic).fontSize(9).fillColor(COLOURS.text);
      text(
        doc,
        fillText(t.guarantee, {
          start: formatBillDate(assignmentStart, locale),
          until: formatBillDate(bill.guaranteeUntil, locale),
        }),
        left,
        y,
        { width },
      );
      y = doc.y + 12;
    }

    // Payment details
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.8).strokeColor(COLOURS.rule).stroke();
    y += 10;
    const payment: [string, string][] = [
      [t.bankgiro, bill.seller.bankgiro ?? ''],
      [t.ocr, bill.ocrReference],
      [t.dueDate, formatBillDate(bill.dueDate, locale)],
      [t.total, formatMoney(bill.totalOre, locale)],
    ];
    const paymentColumn = width / payment.length;
    payment.forEach(([label, value], index) => {
      doc.font(PDF_FONT.regular).fontSize(8).fillColor(COLOURS.muted);
      text(doc, label, left + index * paymentColumn, y, { width: paymentColumn - 6 });
      doc.font(PDF_FONT.bold).fontSize(10).fillColor(COLOURS.text);
      if (index === payment.length - 1) {
        figure(doc, value, left + index * paymentColumn, y + 12, paymentColumn - 6, 10, 'left');
      } else {
        text(doc, value, left + index * paymentColumn, y + 12, { width: paymentColumn - 6 });
      }
    });
    y += 36;
    doc.font(PDF_FONT.regular).fontSize(8.5).fillColor(COLOURS.muted);
    text(doc, fillText(t.paymentTerms, { days: BILL_PAYMENT_TERMS_DAYS }), left, y, { width });

    // Footer on every page: the seller's registration details and the page number. The bottom margin is
    // lifted while writing it, so PDFKit does not take text below the margin as a reason for a new page.
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const footerY = PAGE.height - PAGE.margin - 14;
      doc
        .moveTo(left, footerY - 8)
        .lineTo(right, footerY - 8)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
      doc.font(PDF_FONT.regular).fontSize(7.5).fillColor(COLOURS.muted);
      const registration = [
        bill.seller.name,
        bill.seller.organisationNumber && `${t.organisationNumber} ${bill.seller.organisationNumber}`,
        bill.seller.vatNumber && `${t.vatNumber} ${bill.seller.vatNumber}`,
      ]
        .filter(Boolean)
        .join('  ·  ');
      const contact = [bill.seller.address, bill.seller.email].filter(Boolean).join('  ·  ');
      text(doc, registration, left, footerY, { width: width - 80, lineBreak: false });
      text(doc, contact, left, footerY + 11, { width: width - 80, lineBreak: false });
      text(doc, fillText(t.page, { page: index + 1, pages: range.count }), right - 80, footerY, {
        width: 80,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = margin;
    }
    doc.end();
  });
}
