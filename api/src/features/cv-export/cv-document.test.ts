import { describe, expect, it } from 'vitest';
import { toPdfText } from '../../lib/pdf-fonts';
import { renderCvPdf, type CvModel } from './cv-document';

describe('CV document', () => {
  it('keeps every letter (the embedded font prints them) and drops only pictographs', () => {
    expect(toPdfText('Åsa Öberg – “Göteborg” €')).toBe('Åsa Öberg – “Göteborg” €');
    expect(toPdfText('Łukasz Żółć')).toBe('Łukasz Żółć');
    expect(toPdfText('Ana 😀 Ivanović')).toBe('Ana Ivanović');
    expect(toPdfText('Иван Ελένη')).toBe('Иван Ελένη');
  });

  it('renders a valid PDF for an empty model', async () => {
    const model: CvModel = {
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
    const pdf = await renderCvPdf(model);
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
