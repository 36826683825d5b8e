import { INTL_LOCALES, type Locale } from '@mp/domain';
import PDFDocument from 'pdfkit';
import { PDF_FONT, registerPdfFonts, toPdfLine, toPdfText } from '../../lib/pdf-fonts';
import { CV_TEXTS } from './cv-texts';

/** Everything the PDF shows, already labelled in the CV's language. */
export interface CvModel {
  locale: Locale;
  /** Anonymised: no name, photo or contact details. */
  anonymous: boolean;
  name: string | null;
  headline: string;
  contact: { email: string | null; phone: string | null } | null;
  /** PNG or JPEG bytes. */
  photo: Buffer | null;
  description: string | null;
  facts: { label: string; value: string }[];
  skills: { name: string; starred: boolean; detail: string | null }[];
  experiences: {
    period: string;
    title: string;
    subtitle: string;
    description: string | null;
    skills: string[];
    references: string | null;
  }[];
  educations: { period: string; title: string; subtitle: string | null }[];
  languages: { name: string; level: string }[];
  /** e.g. '2026-05-14'. */
  generatedOn: string;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const COLOURS = {
  band: '#1b4d89',
  bandText: '#ffffff',
  bandMuted: '#d6e2f1',
  heading: '#1b4d89',
  text: '#222222',
  muted: '#666666',
  rule: '#c9d3df',
  chip: '#eef3f9',
};
/** DejaVu Sans, embedded from the npm package (lib/pdf-fonts): every name prints, not only WinAnsi ones. */
const FONT = PDF_FONT;
const PERIOD_WIDTH = 108;
const FACT_LABEL_WIDTH = 130;

type Doc = PDFKit.PDFDocument;

const contentWidth = () => PAGE.width - 2 * PAGE.margin;
const bottomLimit = () => PAGE.height - PAGE.margin - 20;

/** Starts a new page unless `needed` points fit below the cursor. */
function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > bottomLimit()) doc.addPage();
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 70);
  doc.moveDown(0.9);
  const y = doc.y;
  doc
    .font(FONT.bold)
    .fontSize(12.5)
    .fillColor(COLOURS.heading)
    .text(toPdfText(text.toUpperCase()), PAGE.margin, y, {
      characterSpacing: 0.6,
    });
  const ruleY = doc.y + 2;
  doc
    .moveTo(PAGE.margin, ruleY)
    .lineTo(PAGE.width - PAGE.margin, ruleY)
    .lineWidth(0.8)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.y = ruleY + 8;
}

function paragraph(
  doc: Doc,
  text: string,
  options: { x?: number; width?: number; size?: number; colour?: string; font?: string } = {},
) {
  const x = options.x ?? PAGE.margin;
  doc
    .font(options.font ?? FONT.regular)
    .fontSize(options.size ?? 10)
    .fillColor(options.colour ?? COLOURS.text)
    .text(toPdfText(text), x, doc.y, { width: options.width ?? PAGE.width - PAGE.margin - x, lineGap: 2 });
}

function drawHeader(doc: Doc, cv: CvModel): void {
  const t = CV_TEXTS[cv.locale];
  const bandHeight = cv.contact ? 118 : 104;
  doc.rect(0, 0, PAGE.width, bandHeight).fill(COLOURS.band);
  const photoSize = 82;
  const textWidth = contentWidth() - (cv.photo ? photoSize + 20 : 0);
  doc
    .font(FONT.bold)
    .fontSize(24)
    .fillColor(COLOURS.bandText)
    .text(toPdfLine(cv.name ?? t.anonymousTitle), PAGE.margin, 30, {
      width: textWidth,
      lineBreak: false,
      ellipsis: true,
    });
  if (cv.headline) {
    doc
      .font(FONT.regular)
      .fontSize(12.5)
      .fillColor(COLOURS.bandMuted)
      .text(toPdfLine(cv.headline), PAGE.margin, 62, { width: textWidth, lineBreak: false, ellipsis: true });
  }
  if (cv.contact) {
    const parts = [cv.contact.email, cv.contact.phone].filter(Boolean).join('   |   ');
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(COLOURS.bandText)
      .text(toPdfLine(parts), PAGE.margin, 86, { width: textWidth, lineBreak: false, ellipsis: true });
  }
  if (cv.photo) {
    const x = PAGE.width - PAGE.margin - photoSize;
    const y = (bandHeight - photoSize) / 2;
    doc.save();
    doc.circle(x + photoSize / 2, y + photoSize / 2, photoSize / 2).clip();
    doc.image(cv.photo, x, y, { width: photoSize, height: photoSize });
    doc.restore();
    doc
      .circle(x + photoSize / 2, y + photoSize / 2, photoSize / 2)
      .lineWidth(2)
      .strokeColor(COLOURS.bandText)
      .stroke();
  }
  doc.x = PAGE.margin;
  doc.y = bandHeight + 18;
  if (cv.anonymous) {
    paragraph(doc, t.anonymousNote, { size: 8.5, colour: COLOURS.muted, font: FONT.italic });
  }
}

/** Label/value rows in two columns (availability, locations, languages at a glance ...). */
function drawFacts(doc: Doc, cv: CvModel): void {
  const t = CV_TEXTS[cv.locale];
  if (cv.facts.length === 0) return;
  heading(doc, t.facts);
  const labelWidth = FACT_LABEL_WIDTH;
  for (const fact of cv.facts) {
    ensureSpace(doc, 18);
    const y = doc.y;
    doc
      .font(FONT.bold)
      .fontSize(9.5)
      .fillColor(COLOURS.muted)
      .text(toPdfText(fact.label), PAGE.margin, y, { width: labelWidth - 8 });
    const labelBottom = doc.y;
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(COLOURS.text)
      .text(toPdfText(fact.value), PAGE.margin + labelWidth, y, {
        width: contentWidth() - labelWidth,
        lineGap: 2,
      });
    doc.y = Math.max(doc.y, labelBottom) + 3;
  }
}

/** Skills in two columns: name (bold when starred) and years / last use. */
function drawSkills(doc: Doc, cv: CvModel): void {
  const t = CV_TEXTS[cv.locale];
  if (cv.skills.length === 0) return;
  heading(doc, t.skills);
  const gap = 20;
  const columnWidth = (contentWidth() - gap) / 2;
  const measure = (s: CvModel['skills'][number]) => {
    doc.font(s.starred ? FONT.bold : FONT.regular).fontSize(10);
    const nameHeight = doc.heightOfString(toPdfText(s.name), { width: columnWidth });
    doc.fontSize(8.5);
    return nameHeight + (s.detail ? doc.heightOfString(toPdfText(s.detail), { width: columnWidth }) : 0);
  };
  const toRows = (pairs: (CvModel['skills'][number] | undefined)[][]) =>
    pairs.map((pair) => {
      const row = pair.filter((s): s is CvModel['skills'][number] => Boolean(s));
      return { row, height: Math.max(...row.map(measure)) + 6 };
    });
  // Column by column (a list read top to bottom) when the block fits on this page; across a page break,
  // row by row, so the reading order survives the break.
  const half = Math.ceil(cv.skills.length / 2);
  let rows = toRows(Array.from({ length: half }, (_, i) => [cv.skills[i], cv.skills[i + half]]));
  if (doc.y + rows.reduce((sum, r) => sum + r.height, 0) > bottomLimit()) {
    rows = toRows(Array.from({ length: half }, (_, i) => [cv.skills[2 * i], cv.skills[2 * i + 1]]));
  }
  for (const { row, height } of rows) {
    ensureSpace(doc, height);
    const y = doc.y;
    row.forEach((s, column) => {
      const x = PAGE.margin + column * (columnWidth + gap);
      doc
        .font(s.starred ? FONT.bold : FONT.regular)
        .fontSize(10)
        .fillColor(COLOURS.text)
        .text(toPdfText(s.name), x, y, { width: columnWidth });
      if (s.detail)
        doc
          .font(FONT.regular)
          .fontSize(8.5)
          .fillColor(COLOURS.muted)
          .text(toPdfText(s.detail), x, doc.y, { width: columnWidth });
    });
    doc.y = y + height;
  }
}

/** One dated entry: the period on the left, the content on the right. */
function drawEntry(
  doc: Doc,
  entry: { period: string; title: string; subtitle: string | null; body?: string | null; notes?: string[] },
): void {
  const x = PAGE.margin + PERIOD_WIDTH;
  const width = contentWidth() - PERIOD_WIDTH;
  doc.font(FONT.bold).fontSize(10.5);
  const titleHeight = doc.heightOfString(toPdfText(entry.title), { width });
  ensureSpace(doc, titleHeight + 40);
  const y = doc.y;
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(COLOURS.muted)
    .text(toPdfText(entry.period), PAGE.margin, y + 1, { width: PERIOD_WIDTH - 10 });
  doc.font(FONT.bold).fontSize(10.5).fillColor(COLOURS.text).text(toPdfText(entry.title), x, y, { width });
  if (entry.subtitle) {
    doc
      .font(FONT.regular)
      .fontSize(9.5)
      .fillColor(COLOURS.heading)
      .text(toPdfText(entry.subtitle), x, doc.y + 1, { width });
  }
  if (entry.body) {
    doc.moveDown(0.25);
    paragraph(doc, entry.body, { x, width, size: 9.5 });
  }
  for (const note of entry.notes ?? []) {
    doc.moveDown(0.2);
    paragraph(doc, note, { x, width, size: 8.5, colour: COLOURS.muted });
  }
  doc.x = PAGE.margin;
  doc.moveDown(0.8);
}

function drawFooters(doc: Doc, cv: CvModel): void {
  const t = CV_TEXTS[cv.locale];
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin must not start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 32;
    doc
      .moveTo(PAGE.margin, y - 6)
      .lineTo(PAGE.width - PAGE.margin, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.font(FONT.regular).fontSize(8).fillColor(COLOURS.muted);
    doc.text(toPdfText(t.generated(cv.generatedOn)), PAGE.margin, y, {
      width: contentWidth() / 2,
      lineBreak: false,
    });
    doc.text(t.page(i - range.start + 1, range.count), PAGE.margin + contentWidth() / 2, y, {
      width: contentWidth() / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

/** Renders the CV as an A4 PDF. */
export function renderCvPdf(cv: CvModel): Promise<Buffer> {
  const t = CV_TEXTS[cv.locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: toPdfText(cv.name ? `CV ${cv.name}` : t.anonymousTitle),
      Author: 'Konsultmarknaden',
      Creator: 'Konsultmarknaden',
    },
    lang: INTL_LOCALES[cv.locale],
  });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawHeader(doc, cv);
  if (cv.description) {
    heading(doc, t.profile);
    paragraph(doc, cv.description);
  }
  drawFacts(doc, cv);
  drawSkills(doc, cv);

  if (cv.experiences.length) heading(doc, t.experience);
  for (const x of cv.experiences) {
    drawEntry(doc, {
      period: x.period,
      title: x.title,
      subtitle: x.subtitle,
      body: x.description,
      notes: [
        ...(x.skills.length ? [`${t.experienceSkills}: ${x.skills.join(', ')}`] : []),
        ...(x.references ? [x.references] : []),
      ],
    });
  }

  if (cv.educations.length) heading(doc, t.education);
  for (const e of cv.educations) drawEntry(doc, e);

  if (cv.languages.length) heading(doc, t.languages);
  for (const l of cv.languages) {
    ensureSpace(doc, 16);
    const y = doc.y;
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(COLOURS.text)
      .text(toPdfText(l.name), PAGE.margin, y, { width: FACT_LABEL_WIDTH - 8 });
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(COLOURS.text)
      .text(toPdfText(l.level), PAGE.margin + FACT_LABEL_WIDTH, y, {
        width: contentWidth() - FACT_LABEL_WIDTH,
      });
    doc.y = Math.max(doc.y, y + 14) + 2;
  }

  drawFooters(doc, cv);
  doc.end();
  return done;
}
