import {
  BUSINESS_TYPES,
  COMPANY_PERMISSIONS,
  companyDetailsSchema,
  projectNameSchema,
  type MessageCode,
} from '@mp/domain';
import { z } from 'zod';

const permissionSchema = z.enum(COMPANY_PERMISSIONS);
const roleSchema = z.enum(['admin', 'member']);

/** `POST /companies` and `POST /company/{companyId}/update`: the details form. */
export const companyDetailsBodySchema = companyDetailsSchema;

export const companyParamsSchema = z.object({ companyId: z.string().max(100) });
export const memberParamsSchema = companyParamsSchema.extend({ userId: z.string().max(100) });
export const projectParamsSchema = companyParamsSchema.extend({ projectId: z.string().max(100) });
export const linkParamsSchema = z.object({ link: z.string().max(200) });

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
