import { translateMessage, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { enqueueMail, type DeliverMails } from '../../lib/mail-outbox';
import type { Mailer } from '../../lib/mailer';
import { findUserById } from '../users/users.service';
import {
  findFeedbackById,
  findFeedbackPage,
  insertFeedback,
  updateFeedback,
  type FeedbackRow,
} from './feedback.repository';
import type { FeedbackBody, FeedbackUpdate } from '@mp/api-contract/feedback.schema';

export interface FeedbackDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  deliverMails: DeliverMails;
  log: FastifyBaseLogger;
}

const feedbackNotFound = () => new AppError('FEEDBACK_NOT_FOUND');

const toFeedbackItem = (row: FeedbackRow) => ({
  id: row.id,
  userId: row.user_id,
  email: row.email,
  name: row.name,
  senderRemoved: row.sender_removed,
  message: row.message,
  page: row.page,
  status: row.status,
  locale: row.locale,
  answer: row.answer,
  createdAt: row.created_at.toISOString(),
  answeredAt: row.answered_at?.toISOString() ?? null,
});

/**
 * POST /api/feedback: stores the message and, in the same transaction, its acknowledgement in the sender's
 * language to the mail outbox (sent after the commit and retried until it is; `acknowledged_at` is set once it
 * is sent). The answer never waits for the mail server.
 */
export async function submitFeedback(
  deps: FeedbackDeps,
  sender: { userId: string; locale: Locale },
  body: FeedbackBody,
): Promise<{ id: string; message: string }> {
  const user = await findUserById(deps.db, sender.userId);
  if (!user || user.deleted_at) throw new AppError('UNAUTHORIZED');
  const { id, mailIds } = await deps.db.transaction().execute(async (trx) => {
    const feedbackId = await insertFeedback(trx, {
      userId: user.id,
      message: body.message,
      page: body.page ?? null,
      locale: sender.locale,
    });
    if (!user.email) return { id: feedbackId, mailIds: [] };
    const mailId = await enqueueMail(trx, {
      to: user.email,
      locale: sender.locale,
      template: 'feedbackReceived',
      params: { firstName: user.first_name, message: body.message },
      onSent: [{ kind: 'feedbackAcknowledged', feedbackId }],
    });
    return { id: feedbackId, mailIds: [mailId] };
  });
  deps.deliverMails(mailIds);
  return { id, message: translateMessage('success.feedbackSent', sender.locale) };
}

export async function listFeedback(
  db: Kysely<Database>,
  query: { status?: FeedbackRow['status']; page: number; pageSize: number },
) {
  const { items, total } = await findFeedbackPage(db, query);
  return { items: items.map(toFeedbackItem), total, page: query.page, pageSize: query.pageSize };
}

/**
 * The inbox: a new status, or an answer, mailed to the sender in their language (status 'answered'). The
 * answer is stored before it is mailed; a failed mail is a 502 and the admin can send it again. A sender who
 * has deleted the account is not mailed (the account and its address are gone for them): the answer is kept
 * and the response says why it was not sent (`answerMail`).
 */
export async function handleFeedback(
  deps: FeedbackDeps,
  adminId: string,
  id: string,
  update: FeedbackUpdate,
) {
  const row = await findFeedbackById(deps.db, id);
  if (!row) throw feedbackNotFound();
  const status = update.answer !== undefined ? 'answered' : update.status!;
  await updateFeedback(deps.db, id, { status, answer: update.answer, handledBy: adminId });
  await recordAuditEvent(deps.db, {
    actorUserId: adminId,
    action: update.answer !== undefined ? 'admin.feedback.answer' : 'admin.feedback.status',
    subjectType: 'feedback',
    subjectId: id,
    data: { status },
  });
  const answer = update.answer;
  let answerMail: 'sent' | 'accountRemoved' | 'noEmail' | null = null;
  if (answer !== undefined)
    answerMail = row.sender_removed ? 'accountRemoved' : row.email ? 'sent' : 'noEmail';
  if (answer !== undefined && answerMail === 'sent' && row.email) {
    try {
      await deps.mailer.sendMail({
        to: row.email,
        locale: row.locale,
        template: 'feedbackAnswered',
        params: { firstName: row.first_name, message: row.message, answer },
      });
    } catch (error) {
      deps.log.error({ err: error, feedbackId: id }, 'feedback answer stored but not mailed');
      throw new AppError('MAIL_FAILED');
    }
  }
  return { ...toFeedbackItem((await findFeedbackById(deps.db, id))!), answerMail };
}
