import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/**
 * The signed copy the simulator hands back: the original PDF with a signature page appended (who signed,
 * when, and the original's SHA-256), the way a real provider seals the document. A PDF pdf-lib cannot parse
 * gets the record as a trailing PDF comment instead, so it still reads as the same PDF.
 */
export async function buildSignedDocument(
  original: Buffer,
  record: { signer: string; signedAt: string; orderId: string; originalSha256: string },
): Promise<Buffer> {
  const lines = [
    'Signed through the digital-mailbox signing simulator',
    `Signer: ${record.signer}`,
    `Signed at: ${record.signedAt}`,
    `Order: ${record.orderId}`,
    `Original document SHA-256: ${record.originalSha256}`,
  ];
  try {
    const pdf = await PDFDocument.load(original, { ignoreEncryption: true });
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) =>
      page.drawText(line, {
        x: 50,
        y: 780 - index * 22,
        size: index === 0 ? 14 : 10,
        font,
        color: rgb(0, 0, 0),
      }),
    );
    return Buffer.from(await pdf.save());
  } catch {
    return Buffer.concat([original, Buffer.from(`\n% ${lines.join(' | ')}\n`, 'latin1')]);
  }
}
