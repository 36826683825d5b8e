import { randomBytes } from 'node:crypto';
import { INVITE_LINK_VALID_DAYS, type BusinessType, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { buildWebLink } from '../../lib/links';
import { authorizeCompany } from './company-access';
import {
  findInviteLinkByToken,
  findLiveInviteLink,
  insertInviteLink,
  insertMembership,
  isMember,
  revokeInviteLinks,
} from './companies.repository';

interface Deps {
  db: Kysely<Database>;
  publicUrl: string;
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

async function issueLink(deps: Deps, companyId: string, userId: string) {
  const token = createInviteToken();
  const expiresAt = new Date(Date.now() + INVITE_LINK_VALID_DAYS * DAY_MS);
  await deps.db.transaction().execute(async (trx) => {
    // At most one live link per company (a partial unique index): the old one stops working here.
    await revokeInviteLinks(trx, companyId);
    await insertInviteLink(trx, { companyId, token, createdBy: userId, expiresAt });
    await recordAuditEvent(trx, {
      actorUserId: userId,
      action: 'company.link.issue',
      subjectType: 'company',
      subjectId: companyId,
    });
  });
  return { token, expiresAt };
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

/** GET company/link/{link}: which company the link is for (anyone holding the link may see that). */
export async function showInvitation(db: Kysely<Database>, token: string, userId: string | null) {
  const link = await findUsableLink(db, token);
  return toInvitation(link, userId ? await isMember(db, link.company_id, userId) : false);
}

/** POST company/link/{link}: the logged-in, verified caller becomes a member (no extra permissions). */
export async function joinByInviteLink(db: Kysely<Database>, token: string, userId: string) {
  const link = await findUsableLink(db, token);
  const joined = await db.transaction().execute(async (trx) => {
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
