import { ADMIN_SEARCH_MAX_LENGTH, LOCALES } from '@mp/domain';
import { z } from 'zod';
import { strictObject } from './strict-object';

export const indexHealthSchema = z.object({
  /** green, yellow, red, or 'unavailable' when the cluster does not answer. */
  status: z.string(),
  /** The versioned index behind the alias. */
  index: z.string().nullable(),
  documents: z.number().int().nullable(),
  /** When the index behind the alias was created: the last reindex (or the first index). */
  lastReindexAt: z.string().nullable(),
});
export type IndexHealth = z.infer<typeof indexHealthSchema>;

const countSchema = z.object({ searches: z.number().int() });

export const adminDashboardSchema = z.object({
  users: z.object({
    users: z.number().int(),
    verified: z.number().int(),
    premium: z.number().int(),
    admins: z.number().int(),
    deleted: z.number().int(),
  }),
  searchableProfiles: z.number().int(),
  outbox: z.object({ pending: z.number().int(), oldestSeconds: z.number().int().nullable() }),
  /** Null when this database has no dead-letter table. */
  deadLetteredProfiles: z.number().int().nullable(),
  /**
   * Refunds owed to payers that the provider has not taken yet (retried by the commerce schedule); `stuck` have
   * waited over 15 minutes; `oldestDueAt` is when the oldest fell due.
   */
  refundsOwed: z.object({
    pending: z.number().int(),
    stuck: z.number().int(),
    oldestDueAt: z.string().nullable(),
  }),
  index: indexHealthSchema,
  searches: z.object({
    days: z.number().int(),
    perDay: z.array(countSchema.extend({ day: z.string(), zeroResults: z.number().int() })),
    topTerms: z.array(countSchema.extend({ term: z.string() })),
    topFilters: z.array(countSchema.extend({ filter: z.string() })),
    zeroResults: z.array(countSchema.extend({ term: z.string().nullable(), filters: z.array(z.string()) })),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The search text of god/users and god/audit: longer than 200 characters is refused at `q`, never cut. */
const adminSearchText = z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH, 'validation.maxLength');

export const adminUsersQuerySchema = z.object({
  /** Part of an e-mail address or a name, or a whole user id. */
  q: adminSearchText.optional(),
  verified: flag.optional(),
  premium: flag.optional(),
  admin: flag.optional(),
  searchable: flag.optional(),
  deleted: flag.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSummarySchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  verified: z.boolean(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  searchable: z.boolean().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSummarySchema),
  total: z.number().int(),
  /** The page answered: the one asked for, or the last one when that is past the end. */
  page: z.number().int(),
  pageSize: z.number().int(),
});

/**
 * Every action the audit log records, `<area>.<what>`: the API records only these (`recordAuditEvent` takes an
 * {@link AuditAction}), and the god area shows each under a label in both languages, with the code beside it
 * for support. Older rows may hold codes no longer here; the log shows those as they are.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.logout',
  'auth.registered',
  'auth.confirmed',
  'auth.password_reset_requested',
  'auth.password_reset',
  'user.password_changed',
  'user.email_change_requested',
  'user.email_verification_requested',
  'user.email_changed',
  'user.email_verified',
  'account.exported',
  'account.deleted',
  'reference.requested',
  'reference.resent',
  'company.create',
  'company.update',
  'company.link.issue',
  'company.invite.mail',
  'company.member.join',
  'company.member.change',
  'company.member.leave',
  'company.member.remove',
  'company.member.readmit',
  'contract.draft',
  'contract.updated',
  'contract.copied',
  'contract.sent',
  'contract.signed',
  'contract.declined',
  'contract.expired',
  'contract.cancelled',
  'assignment.create',
  'assignment.approver_change',
  'assignment.approver_removed',
  'assignment.end',
  'time_report.create',
  'time_report.update',
  'time_report.delete',
  'time_month.open',
  'time_month.submitted',
  'time_month.returned',
  'time_month.approved',
  'bill.issue',
  'admin.bill.mark_paid',
  'admin.profile.edit',
  'admin.user.grant_admin',
  'admin.user.revoke_admin',
  'admin.terms.draft',
  'admin.terms.discard',
  'admin.terms.publish',
  'admin.pricing.plan',
  'admin.pricing.product',
  'admin.coachSlot.create',
  'admin.coachSlot.delete',
  'admin.feedback.answer',
  'admin.feedback.status',
  'admin.offer.create',
  'admin.offer.update',
  'admin.offer.delete',
  'admin.vocabulary.create',
  'admin.vocabulary.update',
  'admin.vocabulary.merge',
  'admin.vocabulary.delete',
  'operator.admin.grant',
  'operator.admin.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actorUserId: z.uuid().nullable(),
  /** Who did it: the actor's name, else their e-mail address; null without an actor (or one no longer there). */
  actorName: z.string().nullable(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});

export const adminUserDetailSchema = adminUserSummarySchema.extend({
  phone: z.string().nullable(),
  locale: z.enum(LOCALES),
  hasPassword: z.boolean(),
  hasBankId: z.boolean(),
  purgeAfter: z.string().nullable(),
  profile: z
    .object({ completion: z.number().int(), version: z.number().int(), searchable: z.boolean() })
    .nullable(),
  /** The newest published terms of use the user has accepted, if any. */
  acceptedTermsVersion: z.number().int().nullable(),
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const userIdParamsSchema = z.object({ userId: z.uuid() });

/** PUT /api/admin/users/{userId}/admin: make a user an admin, or take it back (not one's own). */
export const setAdminBodySchema = strictObject({ isAdmin: z.boolean() });

export const adminAuditQuerySchema = z.object({
  /** Part of an action, or of the actor's name or e-mail address; or a whole subject id or actor id. */
  q: adminSearchText.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /api/admin/audit: one page of the audit log. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** How many entries match. */
  total: z.number().int(),
  /** The page answered: the one asked for, or the last one when that is past the end. */
  page: z.number().int(),
  pageSize: z.number().int(),
});
