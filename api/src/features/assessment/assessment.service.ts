import {
  DISC_TYPES_BY_ID,
  DRIVING_FORCES,
  type DiscTypeId,
  type DrivingForceId,
  type Locale,
} from '@mp/domain';
import type { AssessmentPackage, Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import type { CommerceDeps } from '../payments/commerce-deps';
import {
  cancelWaitingPayments,
  cardDeclined,
  choosePaymentMethod,
  startPayment,
} from '../payments/payments.service';
import { findProductWithPrice } from '../products/products.service';
import { localizeQuestions, QUESTION_COUNT } from './assessment-questions';
import { STRENGTHS } from './assessment-scoring';
import {
  findAnswers,
  findLatestOrder,
  findResult,
  lockOrder,
  markOrderTaken,
  upsertAnswer,
} from './assessment.repository';

// The DISC and driving-forces assessment (spec sections 1, 2, 4): bought by card (Basic or Full Coach
// Package), then not purchased -> purchased (taking it is available) -> taken (the result job scores it and
// puts it on the profile within seconds) -> completed. Answers are saved one by one, so a reload resumes.

const PRODUCT_OF: Record<AssessmentPackage, string> = {
  basic: 'assessment_basic',
  full_coach: 'assessment_full',
};
export const ASSESSMENT_PATH = 'app/assessment';

export const assessmentAlreadyPurchased = () => new AppError('ASSESSMENT_ALREADY_PURCHASED');
const assessmentNotPurchased = () => new AppError('ASSESSMENT_NOT_PURCHASED');
const assessmentAlreadyTaken = () => new AppError('ASSESSMENT_ALREADY_TAKEN');

export const getQuestions = (locale: Locale) => ({ questions: localizeQuestions(locale) });

/** The result as shown on the result screen and in the mail, in one language. */
export function describeResult(
  result: {
    disc_type: DiscTypeId;
    driving_forces: string[];
    driving_force_scores: Record<string, unknown>;
    strengths: unknown;
    completed_at: Date;
  },
  locale: Locale,
) {
  const type = DISC_TYPES_BY_ID[result.disc_type];
  const strengths = Array.isArray(result.strengths) ? (result.strengths as string[]) : [];
  return {
    discType: result.disc_type,
    discTypeName: type.label[locale],
    description: type.description[locale],
    drivingForces: result.driving_forces.map((id) => {
      const force = DRIVING_FORCES.find((f) => f.id === id)!;
      return {
        id: id as DrivingForceId,
        name: force.label[locale],
        score: Number(result.driving_force_scores[id] ?? 0),
      };
    }),
    strengths: strengths.filter((key) => STRENGTHS[key]).map((key) => STRENGTHS[key]![locale]),
    completedAt: result.completed_at.toISOString(),
  };
}

/** GET /assessment: where the user stands, the answers so far (to resume) and the result once scored. */
export async function getAssessment(db: Kysely<Database>, userId: string, locale: Locale) {
  const order = await findLatestOrder(db, userId);
  if (!order)
    return {
      status: 'not_purchased' as const,
      package: null,
      answers: {},
      total: QUESTION_COUNT,
      result: null,
    };
  const answers = await findAnswers(db, order.id);
  const result = order.status === 'completed' ? await findResult(db, order.id) : undefined;
  return {
    status: order.status,
    package: order.package,
    answers: Object.fromEntries(answers.map((a) => [String(a.question), Number(a.answer.value)])),
    total: QUESTION_COUNT,
    result: result
      ? describeResult(
          { ...result, driving_force_scores: result.driving_force_scores, strengths: result.strengths },
          locale,
        )
      : null,
  };
}

/**
 * POST /assessment/purchase: pays for a package with a saved card. 409 with the already-purchased notice
 * while an earlier purchase is not yet taken or scored; 3-D Secure answers `requires_action`.
 */
export async function purchaseAssessment(
  deps: CommerceDeps,
  user: AuthUser,
  body: { package: AssessmentPackage; cardId?: string | undefined },
  locale: Locale,
) {
  // An earlier purchase still waiting at its 3-D Secure challenge is cancelled first, so it cannot be paid as
  // well; if it was paid meanwhile, that one is the purchase.
  const cancelled = await cancelWaitingPayments(deps, { userId: user.id, purpose: 'assessment' });
  const latest = await findLatestOrder(deps.db, user.id);
  if (latest && latest.status !== 'completed') throw assessmentAlreadyPurchased();
  const product = await findProductWithPrice(deps.db, PRODUCT_OF[body.package]);
  if (!product?.price) throw new AppError('PRODUCT_NOT_PURCHASABLE');
  const method = await choosePaymentMethod(deps.db, user.id, body.cardId);
  const { intent, state } = await startPayment(deps, {
    userId: user.id,
    paymentMethod: method,
    amountOre: Number(product.price.amount_ore),
    currency: product.price.currency,
    offSession: false,
    returnPath: ASSESSMENT_PATH,
    locale,
    // One charge per order, card and minute: a retried request charges once. A purchase that replaces a
    // cancelled one is a new charge, even within the minute.
    idempotencyKey:
      `assessment-${user.id}-${latest?.id ?? 'first'}-${method.id}-${Math.floor(Date.now() / 60_000)}` +
      (cancelled.length > 0 ? `-after-${cancelled.at(-1)}` : ''),
    target: { purpose: 'assessment', assessmentPackage: body.package },
  });
  if (state.status === 'failed') throw cardDeclined(intent.last_payment_error);
  return state;
}

async function openOrder(db: Kysely<Database>, userId: string) {
  const order = await findLatestOrder(db, userId);
  if (!order) throw assessmentNotPurchased();
  if (order.status !== 'purchased') throw assessmentAlreadyTaken();
  return order;
}

/** PUT /assessment/answers/{number}: saves one answer (1-5); answering again replaces it. */
export async function saveAnswer(db: Kysely<Database>, userId: string, question: number, value: number) {
  const order = await openOrder(db, userId);
  await upsertAnswer(db, order.id, question, { value });
  return { saved: question, answered: (await findAnswers(db, order.id)).length, total: QUESTION_COUNT };
}

/**
 * POST /assessment/submit: with all 36 answered the assessment is taken; `enqueue` hands it to the result
 * job (which the scheduled sweep also finds, should queueing fail).
 */
export async function submitAssessment(
  db: Kysely<Database>,
  userId: string,
  enqueue: (orderId: string) => Promise<void>,
) {
  const order = await openOrder(db, userId);
  const answered = (await findAnswers(db, order.id)).length;
  if (answered < QUESTION_COUNT) {
    throw new AppError('ASSESSMENT_INCOMPLETE', { data: { answered }, params: { count: QUESTION_COUNT } });
  }
  await db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, order.id);
    if (locked?.status !== 'purchased') throw assessmentAlreadyTaken();
    await markOrderTaken(trx, order.id);
  });
  await enqueue(order.id);
  return { status: 'taken' as const };
}
