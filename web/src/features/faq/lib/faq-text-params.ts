import {
  ASSESSMENT_QUESTION_COUNT,
  ASSESSMENT_RESULT_MAX_MINUTES,
  BUYER_GUARANTEE_DAYS,
  CONTACT_REPLY_WORKING_DAYS,
} from '@mp/domain/constants';
import type { Language } from '../../../lib/language';
import { publicPriceTexts, type PublicPrices } from '../../../lib/public-prices';

/**
 * What the FAQ's texts interpolate: the prices in force and the spec's constants (section 9: the assessment's
 * questions and result time, the reply time, the guarantee), so a change to either reaches the page and its
 * structured data alike.
 */
export function faqTextParams(prices: PublicPrices, language: Language) {
  return {
    ...publicPriceTexts(prices, language),
    questions: ASSESSMENT_QUESTION_COUNT,
    minutes: ASSESSMENT_RESULT_MAX_MINUTES,
    replyDays: CONTACT_REPLY_WORKING_DAYS,
    guaranteeDays: BUYER_GUARANTEE_DAYS,
  };
}
