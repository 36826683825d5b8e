import { describe, expect, it } from 'vitest';
import { extractPdfText } from '@mp/test-support/pdf-text';
import type { BillView } from '@mp/api-contract/billing.schema';
import { renderBillPdf } from './bill-document';
import { formatMoney } from './bill-texts';

const party = {
  name: 'Köparbolaget AB',
  organisationNumber: '556677-8899',
  vatNumber: 'SE556677889901',
  address: null,
};

/** A bill of 9,999,999.99 a line: the largest amount the PDF's columns must print on one line. */
const bill: BillView = {
  id: '00000000-0000-4000-8000-000000000001',
  invoiceNumber: 1003,
  ocrReference: '100363',
  status: 'open',
  period: '2026-10',
  issuedAt: '2026-11-01T08:00:00.000Z',
  dueDate: '2026-12-01',
  paidAt: null,
  companyId: '00000000-0000-4000-8000-000000000002',
  assignmentId: '00000000-0000-4000-8000-000000000003',
  buyerName: party.name,
  consultantName: 'Bruno Berg',
  projectName: null,
  currency: 'SEK',
  subtotalOre: 999_999_999,
  vatOre: 249_999_999,
  totalOre: 999_999_999,
  seller: { ...party, name: 'Konsultmarknaden AB', bankgiro: '123-4567', email: 'faktura@example.se' },
  buyer: party,
  contractName: null,
  assignmentStartDate: null,
  vatRatePercent: 25,
  lines: [
    {
      kind: 'hours',
      description: 'Hours worked, Bruno Berg, October 2026',
      quantity: 8695.65,
      unitPriceOre: 999_999_999,
      amountOre: 999_999_999,
      vatRatePercent: 25,
    },
  ],
  guaranteeUntil: null,
} as BillView;

describe('bill PDF', () => {
  it.each(['en', 'sv'] as const)('prints amounts up to 9,999,999.99 on one line (%s)', async (locale) => {
    const text = await extractPdfText(await renderBillPdf(bill, locale));
    const amount = formatMoney(999_999_999, locale).replace(/\s/g, ' ');
    const lines = text.replace(/[\u00a0\u202f]/g, ' ').split('\n');
    // The unit price, the amount, the subtotal, the total and the payment row's total: each whole on a line.
    expect(lines.filter((line) => line.includes(amount)).length, text).toBeGreaterThanOrEqual(4);
  });
});
