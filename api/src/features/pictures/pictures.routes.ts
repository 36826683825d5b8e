import multipart from '@fastify/multipart';
import { PROFILE_PICTURE_MAX_BYTES, resolveLocale } from '@mp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { errorResponses } from '@mp/api-contract/error.schema';
import { webpImageSchema } from '@mp/api-contract/file.schema';
import { requireVerifiedUser } from '../../plugins/auth';
import { ownProfileSchema, pictureParamsSchema } from '@mp/api-contract/profile-view.schema';
import { readPicture } from './picture-store';
import { fileTooLarge, removeProfilePicture, uploadProfilePicture } from './picture.service';

const tags = ['profile'];
const localeOf = (request: FastifyRequest) => resolveLocale(request.headers['accept-language']);

/**
 * The uploaded file's bytes; the 10 MB limit is enforced while streaming, before anything is buffered past it.
 * Also the partner offers' logo upload.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('PICTURE_REQUIRED');
  let bytes: Buffer | undefined;
  try {
    const file = await request.file();
    if (!file) throw new AppError('PICTURE_REQUIRED');
    bytes = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw error;
  }
  return bytes;
}

/** Profile pictures: upload and delete (own profile), and serving them with long-lived cache headers. */
export const picturesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not app-wide: only the picture upload takes multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });
  const deps = () => ({ db: app.db, config: app.config, log: app.log });

  app.post(
    '/profile/picture',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Upload a profile picture: multipart/form-data with one file part (any field name, e.g. "file"). At ' +
          "most 10 MB (413 FILE_TOO_LARGE 'validation.fileTooLarge'); JPEG, PNG or WebP judged by the content " +
          "(400 UNSUPPORTED_IMAGE_TYPE 'validation.unsupportedImageType'). Stored as a 512x512 WebP (centred " +
          'square crop). Returns the own profile with picture { key, url } and the new completion',
        consumes: ['multipart/form-data'],
        response: { 200: ownProfileSchema, 413: errorResponses[400], ...errorResponses },
      },
    },
    async (request) =>
      uploadProfilePicture(deps(), request.user.id, localeOf(request), await readUploadedFile(request)),
  );

  app.delete(
    '/profile/picture',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'Remove the profile picture; returns the own profile with the new completion',
        response: { 200: ownProfileSchema, ...errorResponses },
      },
    },
    async (request) => removeProfilePicture(deps(), request.user.id, localeOf(request)),
  );

  app.get(
    '/pictures/:key',
    {
      schema: {
        tags,
        summary:
          'A stored profile picture (image/webp). Keys are never reused, so it is cacheable for a year. 404 ' +
          'PICTURE_NOT_FOUND',
        params: pictureParamsSchema,
        produces: ['image/webp'],
        response: { 200: webpImageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const bytes = await readPicture(app.db, request.params.key);
      if (!bytes) throw new AppError('PICTURE_NOT_FOUND');
      return reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(bytes);
    },
  );
};
