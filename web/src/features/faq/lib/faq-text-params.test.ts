import {
  ASSESSMENT_QUESTION_COUNT,
  ASSESSMENT_RESULT_MAX_MINUTES,
  BUYER_GUARANTEE_DAYS,
  CONTACT_REPLY_WORKING_DAYS,
} from '@mp/domain/constants';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { FALLBACK_PUBLIC_PRICES } from '../../../lib/public-prices';
import enFaq from '../../../locales/en/faq.json';
import svFaq from '../../../locales/sv/faq.json';
import { faqTextParams } from './faq-text-params';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'sv',
  resources: { sv: { faq: svFaq }, en: { faq: enFaq } },
  interpolation: { escapeValue: false },
});

interface FaqGroup {
  items: { question: string; answer: string }[];
}

/** Every answer and the contact box's text, as the page writes them with `params`. */
function faqText(language: 'sv' | 'en', params: Record<string, unknown>): string {
  const t = i18n.getFixedT(language, 'faq');
  const answers = (t('groups', { returnObjects: true, ...params }) as FaqGroup[]).flatMap((group) =>
    group.items.map((item) => item.answer),
  );
  return [...answers, t('contact.body', params)].join('\n');
}

describe('the FAQ texts', () => {
  for (const language of ['sv', 'en'] as const) {
    it(`state the spec's constants and the prices in force in ${language}, with nothing left to fill in`, () => {
      const params = faqTextParams({ ...FALLBACK_PUBLIC_PRICES, hireFeeOre: 349_500 }, language);
      expect(params).toMatchObject({
        questions: ASSESSMENT_QUESTION_COUNT,
        minutes: ASSESSMENT_RESULT_MAX_MINUTES,
        replyDays: CONTACT_REPLY_WORKING_DAYS,
        guaranteeDays: BUYER_GUARANTEE_DAYS,
      });
      const text = faqText(language, params);
      expect(text).not.toContain('{{');
      // formatMoney writes no-break spaces.
      expect(text).toMatch(language === 'sv' ? /3\s495\skr/ : /SEK\s3,495/);
      // Each constant comes from its parameter, not from the text: another value shows wherever it is stated.
      for (const key of ['questions', 'minutes', 'replyDays', 'guaranteeDays'] as const) {
        expect(faqText(language, { ...params, [key]: 987 }), key).toContain('987');
      }
      expect(i18n.getFixedT(language, 'faq')('contact.body', { ...params, replyDays: 987 })).toContain('987');
    });
  }
});
