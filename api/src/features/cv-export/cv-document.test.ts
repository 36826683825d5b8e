import { describe, expect, it } from 'vitest';
import { toPdfLine, toPdfText } from '../../lib/pdf-fonts';
import { renderCvPdf, type CvModel } from './cv-document';

/** A CV with nothing but what every model has. */
const EMPTY: CvModel = {
  locale: 'en',
  anonymous: true,
  name: null,
  headline: '',
  contact: null,
  photo: null,
  description: null,
  facts: [],
  skills: [],
  experiences: [],
  educations: [],
  languages: [],
  generatedOn: '2026-01-01',
};

describe('CV document', () => {
  it('keeps every letter (the embedded font prints them) and drops only pictographs', () => {
    expect(toPdfText('Åsa Öberg – “Göteborg” €')).toBe('Åsa Öberg – “Göteborg” €');
    expect(toPdfText('Łukasz Żółć')).toBe('Łukasz Żółć');
    expect(toPdfText('Ana 😀 Ivanović')).toBe('Ana Ivanović');
    expect(toPdfText('Иван Ελένη')).toBe('Иван Ελένη');
  });

  it('hands PDFKit at most 200 characters of a one-line text, with an ellipsis', () => {
    expect(toPdfLine('Åsa Öberg')).toBe('Åsa Öberg');
    expect(toPdfLine('å'.repeat(200))).toBe('å'.repeat(200));
    expect(toPdfLine('å'.repeat(200_000))).toBe(`${'å'.repeat(200)}…`);
  });

  it('lays out a name, headline and contact of any length (stored before their limits) in one page', async () => {
    // PDFKit's ellipsis fitting is quadratic: a 200,000-character name ran the API out of memory.
    const pdf = await renderCvPdf({
      ...EMPTY,
      locale: 'sv',
      anonymous: false,
      name: 'å'.repeat(200_000),
      headline: 'b'.repeat(200_000),
      contact: { email: 'lukasz@example.se', phone: '1'.repeat(200_000) },
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('renders a valid PDF for an empty model', async () => {
    const pdf = await renderCvPdf(EMPTY);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('%%EOF');
  });

  it('embeds DejaVu Sans, so names in any European script print', async () => {
    const model: CvModel = {
      locale: 'sv',
      anonymous: false,
      name: 'Łukasz Ивановић Ελένη',
      headline: 'Systemutvecklare i Göteborg',
      contact: { email: 'lukasz@example.se', phone: null },
      photo: null,
      description: 'Żółć & Ærø',
      facts: [],
      skills: [{ name: 'TypeScript', starred: true, detail: null }],
      experiences: [],
      educations: [],
      languages: [{ name: 'Polska', level: 'Modersmål' }],
      generatedOn: '2026-11-23',
    };
    const text = (await renderCvPdf(model)).toString('latin1');
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(text).not.toContain('/Helvetica');
  });
});
