import type { MessageCode } from '@mp/domain';

/**
 * The one error type of the API. `code` is the stable code clients switch on (spec section 8, e.g.
 * '403E005'); `message` is a message code translated into the request's language by the error handler.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageCode: MessageCode,
    readonly data?: unknown,
    readonly params?: Record<string, string | number>,
  ) {
    super(messageCode);
    this.name = 'AppError';
  }
}

export const notFound = (messageCode: MessageCode = 'error.notFound', code = 'NOT_FOUND') =>
  new AppError(404, code, messageCode);
export const unauthorized = (messageCode: MessageCode = 'error.unauthorized', code = 'UNAUTHORIZED') =>
  new AppError(401, code, messageCode);
export const forbidden = (messageCode: MessageCode = 'error.forbidden', code = 'FORBIDDEN') =>
  new AppError(403, code, messageCode);
export const badRequest = (messageCode: MessageCode, code = 'BAD_REQUEST', data?: unknown) =>
  new AppError(400, code, messageCode, data);
