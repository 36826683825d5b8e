import { INVITE_EMAILS_MAX, INVITE_MAILS_PER_DAY, resolveLocale } from '@mp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, errorResponses } from '@mp/api-contract/error.schema';
import { getOptionalUser, optionalUser, requireUser, requireVerifiedUser } from '../../plugins/auth';
import {
  companyDetailsBodySchema,
  companyListSchema,
  companyParamsSchema,
  companyResponseSchema,
  companySavedSchema,
  invitationSchema,
  invitationsSentSchema,
  inviteByEmailBodySchema,
  inviteLinkSchema,
  linkParamsSchema,
  memberListSchema,
  memberParamsSchema,
  memberRemovedSchema,
  memberUpdateBodySchema,
} from '@mp/api-contract/companies.schema';
import { createCompany, getCompany, listCompaniesOfUser, updateCompanyDetails } from './companies.service';
import {
  getInviteLink,
  inviteByEmail,
  joinByInviteLink,
  regenerateInviteLink,
  showInvitation,
} from './company-invites.service';
import { changeMember, listMembers, removeMember } from './company-members.service';

const tags = ['companies'];
const localeOf = (request: FastifyRequest) => resolveLocale(request.headers['accept-language']);

// Every route with a {companyId} checks membership and permission through authorizeCompany: an outsider gets
// 404 COMPANY_NOT_FOUND, a member without the permission 403. Permissions: docs/company-permissions.md.

/** Companies, their members and invite links (spec section 7: companies, company/{id}, ...). */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const inviteDeps = () => ({ db: app.db, publicUrl: app.config.PUBLIC_URL });
  const mailDeps = () => ({ ...inviteDeps(), mailer: app.mailer, log: app.log });

  app.get(
    '/companies',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Companies the user administers (adminForCompanies) and is a member of (memberInCompanies)',
        response: { 200: companyListSchema, ...errorResponses },
      },
    },
    async (request) => listCompaniesOfUser(app.db, request.user.id),
  );

  app.post(
    '/companies',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          "Create a company; the caller becomes its admin. Organisation number by format and check digit ('Invalid " +
          "organisation number'), VAT number optional, by its EU country's format and check digits ('Invalid VAT " +
          "Number'), website optional ('Invalid website format')",
        body: companyDetailsBodySchema,
        response: { 200: companySavedSchema, ...errorResponses },
      },
    },
    async (request) => createCompany(app.db, request.user.id, localeOf(request), request.body),
  );

  app.get(
    '/company/:companyId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A company the caller belongs to, with the caller's role and permissions (member)",
        params: companyParamsSchema,
        response: { 200: companyResponseSchema, ...errorResponses },
      },
    },
    async (request) => getCompany(app.db, request.user.id, request.params.companyId),
  );

  app.post(
    '/company/:companyId/update',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Change the company details (admin); the same rules as creating',
        params: companyParamsSchema,
        body: companyDetailsBodySchema,
        response: { 200: companySavedSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateCompanyDetails(
        app.db,
        request.user.id,
        request.params.companyId,
        localeOf(request),
        request.body,
      ),
  );

  app.get(
    '/company/:companyId/users',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The members with their roles and permissions (manage_members)',
        params: companyParamsSchema,
        response: { 200: memberListSchema, ...errorResponses },
      },
    },
    async (request) => listMembers(app.db, request.user.id, request.params.companyId),
  );

  app.post(
    '/company/:companyId/users/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Change a member's role and permissions (manage_members; only admins make, unmake or change admins). " +
          '409 LAST_COMPANY_ADMIN when it would leave the company without an admin',
        params: memberParamsSchema,
        body: memberUpdateBodySchema,
        response: { 200: memberListSchema, ...errorResponses },
      },
    },
    async (request) =>
      changeMember(app.db, request.user.id, request.params.companyId, request.params.userId, request.body),
  );

  app.delete(
    '/company/:companyId/users/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Remove a member (manage_members; admins only for an admin), or leave (own user id). 409 ' +
          'LAST_COMPANY_ADMIN for the last admin. A removed member cannot join through the invite link again ' +
          "until invited by e-mail (POST company/{id}/invites). The company's assignments on which the member is " +
          'the consultant and that have not ended end today (runningAssignments in the member list)',
        params: memberParamsSchema,
        response: { 200: memberRemovedSchema, ...errorResponses },
      },
    },
    async (request) => removeMember(app.db, request.user.id, request.params.companyId, request.params.userId),
  );

  app.get(
    '/company/:companyId/link',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'The join link (manage_members): the live one, or a new one when it expired. Links work for 14 days',
        params: companyParamsSchema,
        response: { 200: inviteLinkSchema, ...errorResponses },
      },
    },
    async (request) =>
      getInviteLink(inviteDeps(), request.user.id, request.params.companyId, localeOf(request)),
  );

  app.post(
    '/company/:companyId/link',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Make a new join link (manage_members); the previous one stops working at once',
        params: companyParamsSchema,
        response: { 200: inviteLinkSchema, ...errorResponses },
      },
    },
    async (request) =>
      regenerateInviteLink(inviteDeps(), request.user.id, request.params.companyId, localeOf(request)),
  );

  app.post(
    '/company/:companyId/invites',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          "Invite people by e-mail (manage_members): each address gets the company's live join link (a new one " +
          "when it had expired) in the request's language, naming the company and the inviter. 400 " +
          "VALIDATION_FAILED: none ('Enter email addresses'), invalid ones (named in the message and in " +
          `data.invalid), more than ${INVITE_EMAILS_MAX} different ones. Members' addresses get no mail ` +
          `(alreadyMembers). 429 INVITE_QUOTA_EXCEEDED past ${INVITE_MAILS_PER_DAY} mails per company in 24 ` +
          'hours; 502 MAIL_FAILED when none could be sent',
        params: companyParamsSchema,
        body: inviteByEmailBodySchema,
        response: { 200: invitationsSentSchema, 429: errorBodySchema, ...errorResponses },
      },
    },
    async (request) =>
      inviteByEmail(
        mailDeps(),
        request.user.id,
        request.params.companyId,
        localeOf(request),
        request.body.emails,
      ),
  );

  app.get(
    '/company/link/:link',
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary:
          'Which company a join link is for (no login needed). 404 INVITE_LINK_NOT_FOUND, 410 ' +
          'INVITE_LINK_REVOKED (replaced by a new link), 410 INVITE_LINK_EXPIRED; 403 REMOVED_FROM_COMPANY for a ' +
          'logged-in user an admin removed from the company and has not invited by e-mail since',
        params: linkParamsSchema,
        response: { 200: invitationSchema, 410: errorResponses[404], ...errorResponses },
      },
    },
    async (request) => showInvitation(app.db, request.params.link, getOptionalUser(request)?.id ?? null),
  );

  app.post(
    '/company/link/:link',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Join the company as a member (logged-in, verified caller); joining again changes nothing. Same ' +
          'errors as GET',
        params: linkParamsSchema,
        response: { 200: invitationSchema, 410: errorResponses[404], ...errorResponses },
      },
    },
    async (request) => joinByInviteLink(app.db, request.params.link, request.user.id),
  );
};
