import {
  BUSINESS_TYPES,
  COMPANY_PERMISSIONS,
  companyDetailsSchema,
  EMAIL_MAX_LENGTH,
  projectNameSchema,
  type MessageCode,
} from '@mp/domain';
import { z } from 'zod';
import { strictObject } from './strict-object';

const permissionSchema = z.enum(COMPANY_PERMISSIONS);
const roleSchema = z.enum(['admin', 'member']);

/** `POST /companies` and `POST /company/{companyId}/update`: the details form. */
export const companyDetailsBodySchema = companyDetailsSchema;

export const companyParamsSchema = z.object({ companyId: z.string().max(100) });
export const memberParamsSchema = companyParamsSchema.extend({ userId: z.string().max(100) });
export const projectParamsSchema = companyParamsSchema.extend({ projectId: z.string().max(100) });
/** A join link's token: one too long to be a token is answered as the spec words a bad token. */
export const linkParamsSchema = z.object({
  link: z.string({ error: 'error.invalidToken' }).max(200, 'error.invalidToken'),
});

/** A company as its members see it, with the caller's role and effective permissions. */
export const companyViewSchema = z.object({
  id: z.uuid(),
  businessName: z.string(),
  businessType: z.enum(BUSINESS_TYPES).nullable(),
  organisationNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  role: roleSchema.describe("The caller's role"),
  permissions: z.array(permissionSchema).describe("The caller's permissions (an admin has all)"),
  memberCount: z.number().int(),
  projectCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type CompanyView = z.output<typeof companyViewSchema>;

export const companyListSchema = z.object({
  adminForCompanies: z.array(companyViewSchema),
  memberInCompanies: z.array(companyViewSchema),
});

export type CompanyList = z.infer<typeof companyListSchema>;

export const companyResponseSchema = z.object({ company: companyViewSchema });
export const companySavedSchema = companyResponseSchema.extend({ message: z.string() });

export const memberViewSchema = z.object({
  userId: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: roleSchema,
  permissions: z.array(permissionSchema).describe('Effective permissions (an admin has all)'),
  canApproveTime: z
    .boolean()
    .describe('Has premium (or is a site admin): approving time, a premium feature, is open to them'),
  joinedAt: z.iso.datetime(),
  runningAssignments: z
    .array(z.object({ assignmentId: z.uuid(), name: z.string().describe('Contract (project)') }))
    .describe(
      "The company's assignments on which the member is the consultant and that have not ended: a removal (or leaving) ends them today",
    ),
});
export type MemberView = z.output<typeof memberViewSchema>;
export const memberListSchema = z.object({ users: z.array(memberViewSchema) });

/** `POST /company/{companyId}/users/{userId}`: the member's role and permissions. */
export const memberUpdateBodySchema = z.object(
  {
    role: roleSchema.optional(),
    permissions: z
      .array(permissionSchema, { error: 'validation.invalidInput' satisfies MessageCode })
      .optional(),
  },
  { error: 'validation.invalidInput' satisfies MessageCode },
);

export const inviteLinkSchema = z.object({
  link: z.string().describe('The token; the web page is /{lang}/join/{link}'),
  url: z.url().describe("The join page in the caller's language"),
  expiresAt: z.iso.datetime(),
});

export type InviteLink = z.output<typeof inviteLinkSchema>;

/**
 * `POST /company/{companyId}/invites`: the addresses to invite, as typed (the service trims them, drops
 * repeats and names the ones that are not e-mail addresses). The caps here only bound the work of one request.
 */
export const inviteByEmailBodySchema = strictObject({
  emails: z
    .array(
      z
        .string({ error: 'validation.enterEmails' satisfies MessageCode })
        .max(EMAIL_MAX_LENGTH + 10, 'validation.invalidEmail' satisfies MessageCode),
      { error: 'validation.enterEmails' satisfies MessageCode },
    )
    .max(200, 'validation.tooManyItems' satisfies MessageCode),
});
export type InviteByEmailBody = z.input<typeof inviteByEmailBodySchema>;

export const invitationsSentSchema = z.object({
  sent: z.array(z.string()).describe('The addresses the invitation was mailed to'),
  alreadyMembers: z
    .array(z.string())
    .describe('Addresses of members of the company, as given: they get no mail'),
  notSent: z
    .array(z.string())
    .describe('Addresses the mail could not be sent to (refused by the mail server, or a failure midway)'),
  link: inviteLinkSchema.describe(
    'The live join link the mails carry (a new one when the previous had expired)',
  ),
});
export type InvitationsSent = z.output<typeof invitationsSentSchema>;

export const invitationSchema = z.object({
  company: z.object({
    id: z.uuid(),
    businessName: z.string(),
    businessType: z.enum(BUSINESS_TYPES).nullable(),
  }),
  expiresAt: z.iso.datetime(),
  alreadyMember: z.boolean().describe('True when the caller is logged in and already a member'),
});
export type Invitation = z.output<typeof invitationSchema>;

export const projectViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  modifiedAt: z.iso.datetime(),
});
export type ProjectView = z.output<typeof projectViewSchema>;
export const projectListSchema = z.object({ projects: z.array(projectViewSchema) });
export const projectBodySchema = z.object(
  { name: projectNameSchema },
  { error: 'validation.invalidInput' satisfies MessageCode },
);

/** DELETE /api/company/{companyId}/users/{userId} */
export const memberRemovedSchema = z.object({ removed: z.literal(true) });

export const projectResponseSchema = z.object({ project: projectViewSchema });
/** DELETE /api/company/{companyId}/projects/{projectId} */
export const projectDeletedSchema = z.object({ deleted: z.literal(true) });

export type CompanySaved = z.output<typeof companySavedSchema>;
export type MemberList = z.output<typeof memberListSchema>;
export type MemberRemoved = z.output<typeof memberRemovedSchema>;
export type ProjectList = z.output<typeof projectListSchema>;
export type ProjectResponse = z.output<typeof projectResponseSchema>;
export type ProjectDeleted = z.output<typeof projectDeletedSchema>;
