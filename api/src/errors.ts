import { ERROR_CATALOGUE, type ErrorCode } from '@mp/api-contract/error-codes';
import type { MessageCode, MessageParams } from '@mp/domain';

export type { ErrorCode } from '@mp/api-contract/error-codes';

export interface AppErrorOptions {
  /** A more specific message than the code's default in the catalogue (e.g. which field is missing). */
  message?: MessageCode;
  /** Sent as `data` beside the message (field issues, limits the web shows). */
  data?: unknown;
  /** Values for the message's `{name}` placeholders (text, or another message in the same language). */
  params?: MessageParams;
}

/**
 * The one error type of the API. `code` is a code of the catalogue (`@mp/api-contract/error-codes`), which
 * also gives the HTTP status and the default message; the error handler translates the message into the
 * request's language. A code missing from the catalogue is a type error: add it there first.
 */
export class AppError extends Error {
  readonly status: number;
  readonly messageCode: MessageCode;
  readonly data?: unknown;
  readonly params?: MessageParams;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    const definition = ERROR_CATALOGUE[code];
    const messageCode = options.message ?? definition.message;
    super(messageCode);
    this.name = 'AppError';
    this.status = definition.status;
    this.messageCode = messageCode;
    this.data = options.data;
    this.params = options.params;
  }
}
