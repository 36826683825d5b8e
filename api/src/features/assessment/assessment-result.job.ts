import { DISC_TYPES_BY_ID, DRIVING_FORCES } from '@mp/domain';
import { buildWebLink } from '../../lib/links';
import type { CommerceDeps } from '../payments/commerce-deps';
import { editOwnProfile } from '../profiles/profile-edit.service';
import { scoreAssessment, STRENGTHS } from './assessment-scoring';
import { findAnswers, findResult, lockOrder } from './assessment.repository';
import { ASSESSMENT_PATH } from './assessment.service';
import type { AssessmentResultPayload } from '../../jobs/queues';

/**
 * The assessment result job: scores a taken assessment and puts the DISC type and driving forces on the
 * profile through the profile service (version bump + outbox in the same transaction, so search follows),
 * marking the source 'assessment'; then mails the result (Basic and Full Coach Packages). Idempotent: a
 * completed order is skipped, and the mail is sent once (emailed_at).
 */
export async function handleAssessmentResult(
  deps: CommerceDeps,
  payload: AssessmentResultPayload,
): Promise<'scored' | 'skipped'> {
  const order = await deps.db
    .selectFrom('assessment_orders')
    .selectAll()
    .where('id', '=', payload.orderId)
    .executeTakeFirst();
  if (!order) return 'skipped';
  const user = await deps.db
    .selectFrom('users')
    .select(['email', 'first_name', 'locale', 'deleted_at'])
    .where('id', '=', order.user_id)
    .executeTakeFirstOrThrow();
  if (user.deleted_at) return 'skipped';

  if (order.status === 'taken') {
    const answers = await findAnswers(deps.db, order.id);
    const score = scoreAssessment(new Map(answers.map((a) => [a.question, Number(a.answer.value)])));
    await editOwnProfile(deps.db, order.user_id, user.locale, async (trx, profileId) => {
      const locked = await lockOrder(trx, order.id);
      if (locked?.status !== 'taken') return;
      await trx
        .insertInto('assessment_results')
        .values({
          order_id: order.id,
          disc_type: score.discType,
          disc_scores: score.discScores,
          driving_forces: score.drivingForces,
          driving_force_scores: score.drivingForceScores,
          strengths: JSON.stringify(score.strengths),
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
      await trx
        .updateTable('profiles')
        .set({ disc_type: score.discType, driving_forces: score.drivingForces, disc_source: 'assessment' })
        .where('id', '=', profileId)
        .execute();
      await trx
        .updateTable('assessment_orders')
        .set({ status: 'completed', completed_at: new Date() })
        .where('id', '=', order.id)
        .execute();
    });
  } else if (order.status !== 'completed') return 'skipped';

  const result = await findResult(deps.db, order.id);
  if (result && !result.emailed_at && user.email) {
    const locale = user.locale;
    const strengths = Array.isArray(result.strengths) ? (result.strengths as string[]) : [];
    await deps.mailer.sendMail({
      to: user.email,
      locale,
      template: 'assessmentResult',
      params: {
        firstName: user.first_name,
        discType: DISC_TYPES_BY_ID[result.disc_type].label[locale],
        discDescription: DISC_TYPES_BY_ID[result.disc_type].description[locale],
        drivingForces: result.driving_forces.map(
          (id) => DRIVING_FORCES.find((f) => f.id === id)?.label[locale] ?? id,
        ),
        strengths: strengths.map((key) => STRENGTHS[key]?.[locale]).filter((s): s is string => Boolean(s)),
        profileLink: buildWebLink(deps.config.PUBLIC_URL, locale, 'app/edit-profile'),
        coachSession: order.package === 'full_coach',
        assessmentLink: buildWebLink(deps.config.PUBLIC_URL, locale, ASSESSMENT_PATH),
      },
    });
    await deps.db
      .updateTable('assessment_results')
      .set({ emailed_at: new Date() })
      .where('id', '=', result.id)
      .execute();
  }
  return order.status === 'taken' ? 'scored' : 'skipped';
}
