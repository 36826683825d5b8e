import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The fonts every PDF we make embeds (bills, CVs): DejaVu Sans from the `dejavu-fonts-ttf` npm package, never
// the machine's fonts. The 14 standard PDF fonts only know WinAnsi, so names like Łukasz, Ивановић or Ελένη
// would not print; DejaVu Sans covers Latin (all European languages), Greek, Cyrillic, Armenian, Georgian and
// Hebrew. PDFKit embeds only the glyphs a document uses (subsetting), so a bill stays small.

const require = createRequire(import.meta.url);
const fontDirectory = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Font names to pass to `doc.font(...)` after {@link registerPdfFonts}. */
export const PDF_FONT = { regular: 'Sans', bold: 'Sans-Bold', italic: 'Sans-Oblique' } as const;

const FILES: Record<(typeof PDF_FONT)[keyof typeof PDF_FONT], string> = {
  Sans: 'DejaVuSans.ttf',
  'Sans-Bold': 'DejaVuSans-Bold.ttf',
  'Sans-Oblique': 'DejaVuSans-Oblique.ttf',
};

let fontBytes: Map<string, Buffer> | null = null;

/** Read once per process; the files are part of the installed package. */
function loadFonts(): Map<string, Buffer> {
  fontBytes ??= new Map(
    Object.entries(FILES).map(([name, file]) => [name, readFileSync(path.join(fontDirectory, file))]),
  );
  return fontBytes;
}

/** Registers the embedded fonts on a document and selects the regular one. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, bytes] of loadFonts()) doc.registerFont(name, bytes);
  doc.font(PDF_FONT.regular);
}

/**
 * Text as the embedded font can print it: NFC, without emoji and other pictographs (DejaVu Sans has no colour
 * glyphs; they would print as empty boxes) and without the variation selectors and joiners that build them.
 */
/**
 * A line cut short with an ellipsis at its width: no more than `max` characters go to PDFKit, whose ellipsis
 * fitting is quadratic in the line's length (a 25,000-character name took 27 s and 2 GB to lay out).
 */
export function toPdfLine(text: string, max = 200): string {
  return toPdfText(text.length > max ? `${text.slice(0, max)}…` : text);
}

export function toPdfText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0E}|\u{FE0F}|\u{200D}/gu, '')
    .replace(/[^\S\n]{2,}/g, ' ');
}
