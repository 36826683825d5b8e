import { translateMessage, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { createRandomToken, hashToken } from '../../lib/crypto';
import { buildWebLink } from '../../lib/links';
import type { Mailer } from '../../lib/mailer';
import { editOwnProfile, experienceNotFound } from '../profiles/profile-edit.service';
import type { OwnProfile } from '@mp/api-contract/profile-view.schema';
import { changeProfile } from '../profiles/profile.service';
import {
  countExperienceReferences,
  countReferenceMailsLastDay,
  deleteReference,
  findConsultantName,
  findProfileExperience,
  findProfileReference,
  findReferenceByTokenHash,
  findUserEmail,
  insertReference,
  recordReferenceAnswer,
  renewReferenceToken,
  type ExperienceForReference,
} from './references.repository';
import type { AddReferenceBody, AnswerReferenceBody } from '@mp/api-contract/references.schema';

// The reference flow (spec sections 3 and 4): the consultant names a referee for an experience, the referee
// gets a single-use link to verify/reference/{token}, and approves or declines with a rating and a short
// review. Only the token's hash is stored. Approved references count in the search document, so every
// change goes through the profile service (version bump and outbox row in the same transaction).

export interface ReferencesDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'PUBLIC_URL'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** A link stays valid this long after it was (re)sent. */
export const REFERENCE_TOKEN_TTL_DAYS = 30;
/** Referees per experience, answered or not: enough for any CV, and a cap on mails one account can cause. */
export const MAX_REFERENCES_PER_EXPERIENCE = 10;

/** 'Access restricted' with 'Missing or invalid token.' as the detail (spec section 8, reference page). */
export function accessRestricted(locale: Locale) {
  return new AppError('ACCESS_RESTRICTED', {
    data: {
      reason: 'error.invalidToken',
      detail: translateMessage('error.invalidToken', locale),
    },
  });
}

/**
 * 409 REFERENCE_TOKEN_USED: the link was valid and has been used for an answer. Only that is said (no data):
 * nothing about the consultant or the answer.
 */
const referenceTokenUsed = () => new AppError('REFERENCE_TOKEN_USED');

const referenceNotFound = () => new AppError('REFERENCE_NOT_FOUND');

/** e.g. '2019–2023', '2021–' for an ongoing one. */
export const periodOf = (x: Pick<ExperienceForReference, 'start_year' | 'end_year' | 'ongoing'>) =>
  `${x.start_year}–${x.ongoing || x.end_year === null ? '' : x.end_year}`;

interface MailJob {
  to: string;
  refereeFirstName: string;
  token: string;
  experience: ExperienceForReference;
}

/** Mails the referee in the consultant's language (Swedish unless the consultant uses English). */
async function mailReferee(deps: ReferencesDeps, userId: string, job: MailJob): Promise<void> {
  const consultant = await findConsultantName(deps.db, userId);
  const locale: Locale = consultant.locale === 'en' ? 'en' : 'sv';
  try {
    await deps.mailer.sendMail({
      to: job.to,
      locale,
      template: 'referenceRequest',
      params: {
        refereeFirstName: job.refereeFirstName,
        consultantName: consultant.name ?? (locale === 'sv' ? 'En konsult' : 'A consultant'),
        company: job.experience.company,
        jobTitle: job.experience.job_title,
        period: periodOf(job.experience),
        link: buildWebLink(
          deps.config.PUBLIC_URL,
          locale,
          `verify/reference/${encodeURIComponent(job.token)}`,
        ),
        validDays: REFERENCE_TOKEN_TTL_DAYS,
      },
    });
  } catch (error) {
    // The reference is saved and pending; the consultant can send the mail again.
    deps.log.error({ err: error }, 'reference request mail failed');
    throw new AppError('REFERENCE_MAIL_FAILED');
  }
}

/** Reference mails (requests and resends) one consultant may send in 24 hours: a referee is not a mailing list. */
export const REFERENCE_MAILS_PER_DAY = 20;

/**
 * Counts this mail against the consultant's daily quota (429 REFERENCE_QUOTA_EXCEEDED past it) and records
 * it. Runs inside the profile's edit transaction, which serialises one consultant's edits.
 */
async function claimReferenceMail(
  trx: Transaction<Database>,
  userId: string,
  action: 'reference.requested' | 'reference.resent',
  referenceId?: string,
): Promise<void> {
  if ((await countReferenceMailsLastDay(trx, userId)) >= REFERENCE_MAILS_PER_DAY) {
    throw new AppError('REFERENCE_QUOTA_EXCEEDED', {
      params: {
        max: REFERENCE_MAILS_PER_DAY,
      },
    });
  }
  await recordAuditEvent(trx, {
    actorUserId: userId,
    action,
    ...(referenceId ? { subjectType: 'reference', subjectId: referenceId } : {}),
  });
}

/** Adds a referee to one of the consultant's experiences and mails them the link. */
export async function requestReference(
  deps: ReferencesDeps,
  userId: string,
  experienceId: string,
  body: AddReferenceBody,
  locale: Locale,
): Promise<OwnProfile> {
  const token = createRandomToken();
  let mail: MailJob | undefined;
  const profile = await editOwnProfile(deps.db, userId, locale, async (trx, profileId) => {
    const experience = await findProfileExperience(trx, profileId, experienceId);
    if (!experience) throw experienceNotFound();
    const ownEmail = await findUserEmail(trx, userId);
    if (ownEmail && ownEmail.trim().toLowerCase() === body.email.trim().toLowerCase()) {
      throw new AppError('REFERENCE_OWN_EMAIL');
    }
    await claimReferenceMail(trx, userId, 'reference.requested');
    if ((await countExperienceReferences(trx, experienceId)) >= MAX_REFERENCES_PER_EXPERIENCE) {
      throw new AppError('TOO_MANY_REFERENCES', {
        params: {
          max: MAX_REFERENCES_PER_EXPERIENCE,
        },
      });
    }
    await insertReference(trx, { experienceId, ...body, tokenHash: hashToken(token) });
    mail = { to: body.email, refereeFirstName: body.firstName, token, experience };
  });
  await mailReferee(deps, userId, mail!);
  return profile;
}

/** Sends a pending reference's link again, with a new token (the old link stops working). */
export async function resendReference(
  deps: ReferencesDeps,
  userId: string,
  referenceId: string,
  locale: Locale,
): Promise<OwnProfile> {
  const token = createRandomToken();
  let mail: MailJob | undefined;
  const profile = await editOwnProfile(deps.db, userId, locale, async (trx, profileId) => {
    const reference = await findProfileReference(trx, profileId, referenceId);
    if (!reference) throw referenceNotFound();
    if (reference.status !== 'pending') {
      throw new AppError('REFERENCE_ALREADY_ANSWERED');
    }
    await claimReferenceMail(trx, userId, 'reference.resent', referenceId);
    await renewReferenceToken(trx, referenceId, hashToken(token));
    mail = {
      to: reference.email,
      refereeFirstName: reference.first_name,
      token,
      experience: { ...reference, id: reference.experience_id },
    };
  });
  await mailReferee(deps, userId, mail!);
  return profile;
}

/** Removes a reference, answered or not (an approved one stops counting in search). */
export function removeReference(deps: ReferencesDeps, userId: string, referenceId: string, locale: Locale) {
  return editOwnProfile(deps.db, userId, locale, async (trx, profileId) => {
    if (!(await findProfileReference(trx, profileId, referenceId))) throw referenceNotFound();
    await deleteReference(trx, referenceId);
  });
}

const isExpired = (requestedAt: Date | null) =>
  !requestedAt || Date.now() - requestedAt.getTime() > REFERENCE_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * The pending reference a token opens; 'Access restricted' for a missing, unknown or expired one, and
 * REFERENCE_TOKEN_USED for one already used for an answer (a referee reloading the page after answering).
 */
async function findOpenReference(db: Kysely<Database>, token: string, locale: Locale) {
  // Our tokens are 43 base64url characters; anything else cannot be one, so no lookup is needed.
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw accessRestricted(locale);
  const reference = await findReferenceByTokenHash(db, hashToken(token));
  if (!reference) throw accessRestricted(locale);
  if (reference.status !== 'pending') throw referenceTokenUsed();
  if (isExpired(reference.requested_at)) throw accessRestricted(locale);
  return reference;
}

/**
 * 'Access restricted' (or REFERENCE_TOKEN_USED) unless the token opens a pending reference: the answer route
 * checks it before anything of the request's body, so a wrong link says so whatever was sent.
 */
export async function assertOpenReferenceToken(db: Kysely<Database>, token: string, locale: Locale) {
  await findOpenReference(db, token, locale);
}

/** GET /api/references/{token}: what the referee is asked about. No contact details of the consultant. */
export async function getReferenceRequest(db: Kysely<Database>, token: string, locale: Locale) {
  const r = await findOpenReference(db, token, locale);
  return {
    referee: { firstName: r.first_name, lastName: r.last_name },
    consultant: { firstName: r.consultant_first_name },
    experience: {
      company: r.company,
      jobTitle: r.job_title,
      startYear: r.start_year,
      endYear: r.end_year,
      ongoing: r.ongoing,
    },
    status: 'pending' as const,
    locale: r.consultant_locale === 'en' ? ('en' as const) : ('sv' as const),
  };
}

/** POST /api/references/{token}: records the answer once; the token is used up. */
export async function answerReference(
  db: Kysely<Database>,
  token: string,
  answer: AnswerReferenceBody,
  locale: Locale,
) {
  const reference = await findOpenReference(db, token, locale);
  const status = answer.decision === 'approve' ? ('approved' as const) : ('declined' as const);
  await changeProfile(db, reference.consultant_user_id, async (trx) => {
    const recorded = await recordReferenceAnswer(trx, reference.id, {
      status,
      rating: status === 'approved' ? answer.rating : null,
      review: status === 'approved' ? answer.review : null,
      comment: answer.comment,
    });
    // Someone answered in between (a second tab): roll back (no version bump) and refuse like any used token.
    if (!recorded) throw referenceTokenUsed();
  });
  return { status, message: translateMessage('success.referenceAnswered', locale) };
}
