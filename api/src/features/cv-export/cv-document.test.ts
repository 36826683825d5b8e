import { describe, expect, it } from 'vitest';
import { renderCvPdf, toWinAnsi, type CvModel } from './cv-document';

describe('CV document', () => {
  it('keeps what the standard PDF fonts can show and reduces the rest', () => {
    expect(toWinAnsi('Åsa Öberg – “Göteborg” €')).toBe('Åsa Öberg – “Göteborg” €');
    expect(toWinAnsi('Łukasz Żółć')).toBe('Lukasz Zólc');
    expect(toWinAnsi('Ana 😀 Ivanović')).toBe('Ana  Ivanovic');
    expect(toWinAnsi('Иван')).toBe('????');
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
});
