import { randomBytes } from 'node:crypto';
import {
  checkInviteEmails,
  INVITE_LINK_VALID_DAYS,
  INVITE_MAILS_PER_DAY,
  translateMessage,
  type BusinessType,
  type InviteEmailsIssue,
  type Locale,
} from '@mp/domain';
import type { InvitationsSent } from '@mp/api-contract/companies.schema';
import type { Database } from '@mp/migrations/database';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { buildWebLink } from '../../lib/links';
import { MailRecipientRefusedError, type Mailer } from '../../lib/mailer';
import { formatDate } from '../payments/money';
import { authorizeCompany, companyNotFound } from './company-access';
import {
  countInviteMailsLastDay,
  deleteRemovalsByEmails,
  findInviteLinkByToken,
  findInviter,
  findLiveInviteLink,
  findMemberEmails,
  insertInviteLink,
  insertMembership,
  isMember,
  isRemovedMember,
  lockCompanyForInvites,
  revokeInviteLinks,
} from './companies.repository';

interface Deps {
  db: Kysely<Database>;
  publicUrl: string;
}

interface MailDeps extends Deps {
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** 192 random bits, URL-safe: guessing a live link is hopeless. */
const createInviteToken = () => randomBytes(24).toString('base64url');

function toLinkView(publicUrl: string, locale: Locale, token: string, expiresAt: Date) {
  return {
    link: token,
    url: buildWebLink(publicUrl, locale, `join/${token}`),
    expiresAt: expiresAt.toISOString(),
  };
}

/** A new link in a running transaction; the previous one stops working when it commits. */
async function issueLinkIn(trx: Transaction<Database>, companyId: string, userId: string) {
  const token = createInviteToken();
  const expiresAt = new Date(Date.now() + INVITE_LINK_VALID_DAYS * DAY_MS);
  // At most one live link per company (a partial unique index): the old one stops working here.
  await revokeInviteLinks(trx, companyId);
  await insertInviteLink(trx, { companyId, token, createdBy: userId, expiresAt });
  await recordAuditEvent(trx, {
    actorUserId: userId,
    action: 'company.link.issue',
    subjectType: 'company',
    subjectId: companyId,
  });
  return { token, expiresAt };
}

function issueLink(deps: Deps, companyId: string, userId: string) {
  return deps.db.transaction().execute((trx) => issueLinkIn(trx, companyId, userId));
}

/** GET company/{id}/link (manage_members): the live link, or a new one when there is none or it expired. */
export async function getInviteLink(deps: Deps, userId: string, companyId: string, locale: Locale) {
  await authorizeCompany(deps.db, userId, companyId, 'manage_members');
  const live = await findLiveInviteLink(deps.db, companyId);
  if (live?.expires_at && live.expires_at.getTime() > Date.now()) {
    return toLinkView(deps.publicUrl, locale, live.token, live.expires_at);
  }
  const issued = await issueLink(deps, companyId, userId);
  return toLinkView(deps.publicUrl, locale, issued.token, issued.expiresAt);
}

/** POST company/{id}/link (manage_members): a new link; the previous one stops working at once. */
export async function regenerateInviteLink(deps: Deps, userId: string, companyId: string, locale: Locale) {
  await authorizeCompany(deps.db, userId, companyId, 'manage_members');
  const issued = await issueLink(deps, companyId, userId);
  return toLinkView(deps.publicUrl, locale, issued.token, issued.expiresAt);
}

/** 400 VALIDATION_FAILED with the message of what is wrong with the addresses, naming the invalid ones. */
function invalidEmails(issue: InviteEmailsIssue, locale: Locale): AppError {
  const message = translateMessage(issue.code, locale, issue.params);
  return new AppError('VALIDATION_FAILED', {
    message: issue.code,
    ...(issue.params ? { params: issue.params } : {}),
    data: {
      issues: [{ field: 'emails', code: issue.code, message }],
      ...(issue.invalid ? { invalid: issue.invalid } : {}),
    },
  });
}

/**
 * POST company/{id}/invites (manage_members): mails each address the company's live join link (the one the
 * page shows, so a new link stops mailed invitations too), in the inviter's language (the request's), naming
 * the company and the inviter. Members' addresses get no mail and are answered back. At most
 * INVITE_MAILS_PER_DAY mails per company in 24 hours (429 INVITE_QUOTA_EXCEEDED), counted from the audit rows
 * (`company.invite.mail`, one per request, with how many were mailed) under a lock of the company row.
 */
export async function inviteByEmail(
  deps: MailDeps,
  userId: string,
  companyId: string,
  locale: Locale,
  addresses: readonly string[],
): Promise<InvitationsSent> {
  await authorizeCompany(deps.db, userId, companyId, 'manage_members');
  const checked = checkInviteEmails(addresses);
  if (checked.issue) throw invalidEmails(checked.issue, locale);
  const emails = checked.emails;

  const plan = await deps.db.transaction().execute(async (trx) => {
    const company = await lockCompanyForInvites(trx, companyId);
    if (!company) throw companyNotFound();
    const members = new Set((await findMemberEmails(trx, companyId, emails)).map((e) => e.toLowerCase()));
    const alreadyMembers = emails.filter((email) => members.has(email.toLowerCase()));
    const toMail = emails.filter((email) => !members.has(email.toLowerCase()));
    if (
      toMail.length > 0 &&
      (await countInviteMailsLastDay(trx, companyId)) + toMail.length > INVITE_MAILS_PER_DAY
    ) {
      throw new AppError('INVITE_QUOTA_EXCEEDED', { params: { max: INVITE_MAILS_PER_DAY } });
    }
    const live = await findLiveInviteLink(trx, companyId);
    const link =
      live?.expires_at && live.expires_at.getTime() > Date.now()
        ? { token: live.token, expiresAt: live.expires_at }
        : await issueLinkIn(trx, companyId, userId);
    // No addresses in the audit data (personal data that would outlive the account): counts only.
    await recordAuditEvent(trx, {
      actorUserId: userId,
      action: 'company.invite.mail',
      subjectType: 'company',
      subjectId: companyId,
      data: { mailed: toMail.length, alreadyMembers: alreadyMembers.length },
    });
    // Inviting a removed member's address is how an admin lets them back in through the link.
    const readmitted = await deleteRemovalsByEmails(trx, companyId, toMail);
    for (const { user_id: readmittedId } of readmitted) {
      await recordAuditEvent(trx, {
        actorUserId: userId,
        action: 'company.member.readmit',
        subjectType: 'company',
        subjectId: companyId,
        data: { userId: readmittedId },
      });
    }
    const inviter = await findInviter(trx, userId);
    return { companyName: company.business_name, inviter, link, alreadyMembers, toMail };
  });

  const params = {
    inviterName: plan.inviter.name ?? plan.inviter.email ?? plan.companyName,
    companyName: plan.companyName,
    link: toLinkView(deps.publicUrl, locale, plan.link.token, plan.link.expiresAt).url,
    expiresOn: formatDate(plan.link.expiresAt, locale),
  };
  const sent: string[] = [];
  const notSent: string[] = [];
  for (const [index, to] of plan.toMail.entries()) {
    try {
      await deps.mailer.sendMail({ to, locale, template: 'companyInvite', params });
      sent.push(to);
    } catch (error) {
      if (error instanceof MailRecipientRefusedError) {
        notSent.push(to);
        continue;
      }
      // The mail server is not answering: the rest would wait for the same timeout. Nothing sent at all is
      // a failed request; otherwise the answer says which addresses to try again.
      deps.log.error({ err: (error as Error).message }, 'invitation mail could not be sent');
      if (sent.length === 0) throw new AppError('MAIL_FAILED');
      notSent.push(...plan.toMail.slice(index));
      break;
    }
  }
  return {
    sent,
    alreadyMembers: plan.alreadyMembers,
    notSent,
    link: toLinkView(deps.publicUrl, locale, plan.link.token, plan.link.expiresAt),
  };
}

/** The link's company, or 404 INVITE_LINK_NOT_FOUND / 410 INVITE_LINK_REVOKED / 410 INVITE_LINK_EXPIRED. */
async function findUsableLink(db: Kysely<Database>, token: string) {
  const link = await findInviteLinkByToken(db, token);
  if (!link) throw new AppError('INVITE_LINK_NOT_FOUND');
  if (link.revoked_at) throw new AppError('INVITE_LINK_REVOKED');
  if (!link.expires_at || link.expires_at.getTime() <= Date.now()) {
    throw new AppError('INVITE_LINK_EXPIRED');
  }
  return { ...link, expires_at: link.expires_at };
}

function toInvitation(link: Awaited<ReturnType<typeof findUsableLink>>, alreadyMember: boolean) {
  return {
    company: {
      id: link.company_id,
      businessName: link.business_name,
      businessType: link.business_type as BusinessType | null,
    },
    expiresAt: link.expires_at.toISOString(),
    alreadyMember,
  };
}

/** 403 REMOVED_FROM_COMPANY for a user an admin removed and has not invited by e-mail since. */
async function assertNotRemoved(db: Kysely<Database>, companyId: string, userId: string) {
  if (await isRemovedMember(db, companyId, userId)) throw new AppError('REMOVED_FROM_COMPANY');
}

/** GET company/link/{link}: which company the link is for (anyone holding the link may see that). */
export async function showInvitation(db: Kysely<Database>, token: string, userId: string | null) {
  const link = await findUsableLink(db, token);
  if (!userId) return toInvitation(link, false);
  if (await isMember(db, link.company_id, userId)) return toInvitation(link, true);
  await assertNotRemoved(db, link.company_id, userId);
  return toInvitation(link, false);
}

/**
 * POST company/link/{link}: the logged-in, verified caller becomes a member (no extra permissions); a member an
 * admin removed gets 403 REMOVED_FROM_COMPANY until invited by e-mail again.
 */
export async function joinByInviteLink(db: Kysely<Database>, token: string, userId: string) {
  const link = await findUsableLink(db, token);
  const joined = await db.transaction().execute(async (trx) => {
    if (!(await isMember(trx, link.company_id, userId))) await assertNotRemoved(trx, link.company_id, userId);
    const inserted = await insertMembership(trx, link.company_id, userId, 'member');
    if (inserted) {
      await recordAuditEvent(trx, {
        actorUserId: userId,
        action: 'company.member.join',
        subjectType: 'company',
        subjectId: link.company_id,
      });
    }
    return inserted;
  });
  return toInvitation(link, !joined);
}
