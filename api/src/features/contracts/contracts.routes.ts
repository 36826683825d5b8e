import multipart from '@fastify/multipart';
import { CONTRACT_MAX_BYTES, emailSchema, isPdfContent, resolveLocale } from '@mp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, validationError } from '../../errors';
import { findControlCharacter } from '../../plugins/input-guard';
import { errorResponses } from '@mp/api-contract/error.schema';
import { pdfFileSchema } from '@mp/api-contract/file.schema';
import { assertPremium } from '../subscriptions/premium-gate';
import { requireUser } from '../../plugins/auth';
import { authorizeCompany } from '../companies/company-access';
import { companyParamsSchema } from '@mp/api-contract/companies.schema';
import {
  companyContractParamsSchema,
  contractListSchema,
  contractMessageResponseSchema,
  contractParamsSchema,
  contractResponseSchema,
  contractUpdateBodySchema,
  contractUploadFieldsSchema,
} from '@mp/api-contract/contracts.schema';
import {
  cancelContract,
  copyContract,
  createContract,
  listAgreements,
  listCompanyContracts,
  listVisibleContracts,
  readContractDocument,
  refreshContract,
  sendContract,
  updateContract,
  type ContractUpload,
} from './contracts.service';

const tags = ['contracts'];
const localeOf = (request: FastifyRequest) => resolveLocale(request.headers['accept-language']);
const MAX_MB = CONTRACT_MAX_BYTES / 1024 / 1024;

const tooLarge = () => new AppError('FILE_TOO_LARGE', { message: 'error.contractTooLarge' });
const notPdf = () => new AppError('CONTRACT_MUST_BE_PDF');

/**
 * Reads the multipart upload: one PDF file part plus the fields name, signerUserId or signerEmail, projectId.
 * The size limit is enforced while streaming; the type is judged by the content (`%PDF-`), never the name.
 * The fields are refused as a JSON body would be (the input guard and the route schemas do not see multipart
 * fields): 400 VALIDATION_FAILED with each problem at its field, in the request's language.
 */
async function readContractUpload(request: FastifyRequest): Promise<ContractUpload> {
  if (!request.isMultipart()) throw new AppError('CONTRACT_FILE_REQUIRED');
  const locale = localeOf(request);
  const fields: Record<string, string> = {};
  let file: { fileName: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw new AppError('ONE_FILE_ONLY');
        file = { fileName: part.filename, content: await part.toBuffer() };
      } else if (typeof part.value === 'string' && part.value !== '') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (!file || file.content.length === 0) throw new AppError('CONTRACT_FILE_REQUIRED');
  if (!isPdfContent(file.content)) throw notPdf();
  const controlIn = findControlCharacter(fields, true);
  if (controlIn !== null) {
    throw validationError([{ path: controlIn, message: 'validation.forbiddenCharacters' }], locale);
  }
  const parsedFields = contractUploadFieldsSchema.safeParse(fields);
  if (!parsedFields.success) throw validationError(parsedFields.error.issues, locale);
  const { name, signerUserId, signerEmail, projectId } = parsedFields.data;
  let email: string | null = null;
  if (!signerUserId) {
    if (!signerEmail) throw new AppError('CONTRACT_SIGNER_REQUIRED');
    const parsedEmail = emailSchema.safeParse(signerEmail);
    if (!parsedEmail.success) {
      throw validationError([{ path: 'signerEmail', message: 'validation.invalidEmail' }], locale);
    }
    email = parsedEmail.data;
  }
  const fileName = file.fileName.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 200) || 'contract.pdf';
  return {
    name: name ?? fileName.replace(/\.pdf$/i, ''),
    fileName,
    content: file.content,
    signerUserId: signerUserId ?? null,
    signerEmail: email,
    projectId: projectId ?? null,
  };
}

/** An attachment header any name survives: an ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'contract.pdf';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendPdf(reply: FastifyReply, document: { content: Buffer; sha256: string; fileName: string }) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition(document.fileName))
    .header('X-Content-SHA256', document.sha256)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(document.content);
}

/**
 * Contracts (premium for creating and sending): company-scoped management under company/{companyId}/contracts,
 * the caller's own list (GET contracts), signed agreements and PDF downloads. Status machine and permissions:
 * docs/company-permissions.md.
 */
export const contractsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: CONTRACT_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });
  const deps = () => ({
    db: app.db,
    config: app.config,
    signing: app.signing,
    log: app.log,
    deliverMails: app.deliverMails,
  });

  app.get(
    '/contracts',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Contracts the caller may see: of companies where the caller may manage contracts, created by the ' +
          'caller, or sent to the caller to sign. Name, status, modified date, signer and delegate',
        response: { 200: contractListSchema, ...errorResponses },
      },
    },
    async (request) => listVisibleContracts(app.db, request.user.id),
  );

  app.get(
    '/agreements',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The caller's signed contracts (as signer or delegate)",
        response: { 200: contractListSchema, ...errorResponses },
      },
    },
    async (request) => listAgreements(app.db, request.user.id),
  );

  app.get(
    '/company/:companyId/contracts',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The company's contracts, last changed first (manage_contracts)",
        params: companyParamsSchema,
        response: { 200: contractListSchema, ...errorResponses },
      },
    },
    async (request) => listCompanyContracts(app.db, request.user.id, request.params.companyId),
  );

  app.post(
    '/company/:companyId/contracts',
    {
      // Membership, permission and premium are checked before the upload is read.
      preHandler: [
        requireUser,
        async (request) => {
          const { companyId } = request.params as { companyId: string };
          await authorizeCompany(app.db, request.user.id, companyId, 'manage_contracts');
          assertPremium(request.user);
        },
      ],
      schema: {
        tags,
        summary:
          `Upload a contract as a draft (manage_contracts, premium): multipart/form-data with one PDF file part ` +
          `of at most ${MAX_MB} MB (413 FILE_TOO_LARGE) and the fields name (optional, default the file ` +
          `name), signerUserId (a member) or signerEmail, projectId (optional). The type is judged by the ` +
          `content: anything but a PDF is 400 CONTRACT_MUST_BE_PDF. Stored with its SHA-256; the caller is ` +
          `the delegate`,
        consumes: ['multipart/form-data'],
        params: companyParamsSchema,
        response: { 200: contractResponseSchema, 413: errorResponses[400], ...errorResponses },
      },
    },
    async (request) =>
      createContract(app.db, request.user, request.params.companyId, await readContractUpload(request)),
  );

  app.post(
    '/company/:companyId/contracts/:contractId/update',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Change a draft's name, project (null: none) and signer (signerUserId, a member, or signerEmail) before " +
          'it is sent (manage_contracts, premium). 409 CONTRACT_STATUS_CONFLICT once sent, signed, declined, ' +
          'expired or cancelled',
        params: companyContractParamsSchema,
        body: contractUpdateBodySchema,
        response: { 200: contractMessageResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateContract(
        app.db,
        request.user,
        request.params.companyId,
        request.params.contractId,
        request.body,
        localeOf(request),
      ),
  );

  app.post(
    '/company/:companyId/contracts/:contractId/send',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Send a draft for signing through the digital-mailbox provider (manage_contracts, premium): draft -> ' +
          'sent. 409 CONTRACT_STATUS_CONFLICT from any other status; 502 SIGNING_PROVIDER_UNAVAILABLE',
        params: companyContractParamsSchema,
        response: { 200: contractMessageResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      sendContract(
        deps(),
        request.user,
        request.params.companyId,
        request.params.contractId,
        localeOf(request),
      ),
  );

  app.post(
    '/company/:companyId/contracts/:contractId/copy',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Copy a declined, expired or cancelled contract to a new draft (manage_contracts, premium): the same ' +
          'PDF, name, project and signer, the caller as delegate, to be checked and sent again without uploading ' +
          'it again. 409 CONTRACT_STATUS_CONFLICT from any other status',
        params: companyContractParamsSchema,
        response: { 200: contractMessageResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      copyContract(
        app.db,
        request.user,
        request.params.companyId,
        request.params.contractId,
        localeOf(request),
      ),
  );

  const statusChanges = [
    {
      url: '/company/:companyId/contracts/:contractId/cancel',
      summary:
        'Cancel a draft or a sent contract (manage_contracts); a sent one is withdrawn at the provider. 409 ' +
        'CONTRACT_STATUS_CONFLICT once signed, declined, expired or cancelled',
      change: cancelContract,
    },
    {
      url: '/company/:companyId/contracts/:contractId/refresh',
      summary:
        "Ask the provider for a sent contract's status now (manage_contracts), in case a webhook was missed",
      change: refreshContract,
    },
  ];
  for (const { url, summary, change } of statusChanges) {
    app.post(
      url,
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary,
          params: companyContractParamsSchema,
          response: { 200: contractResponseSchema, ...errorResponses },
        },
      },
      async (request) => change(deps(), request.user, request.params.companyId, request.params.contractId),
    );
  }

  app.get(
    '/contracts/:contractId/document',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'The uploaded PDF (whoever may see the contract; a company member without manage_contracts 403, ' +
          'others 404). X-Content-SHA256 carries its hash',
        params: contractParamsSchema,
        produces: ['application/pdf'],
        response: { 200: pdfFileSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await readContractDocument(app.db, request.user.id, request.params.contractId, 'original'),
      ),
  );

  app.get(
    '/contracts/:contractId/signed-document',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'The signed PDF from the provider, for both parties (404 SIGNED_DOCUMENT_NOT_AVAILABLE until signed)',
        params: contractParamsSchema,
        produces: ['application/pdf'],
        response: { 200: pdfFileSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await readContractDocument(app.db, request.user.id, request.params.contractId, 'signed'),
      ),
  );
};
