import { z } from 'zod';
import type { MessageCode } from './messages';

// Building blocks of the domain's zod schemas (`validation.ts`, `vat-number.ts`): every issue message is a
// MessageCode. Internal to @mp/domain; the index does not export them.

/** Issue parameters carrying a message code; `abort` stops later checks so one field gets one message. */
export function fail(code: MessageCode, abort = false) {
  return { error: code, abort };
}

/** A string schema whose type errors use `required` when nothing was given and `invalid` otherwise. */
export function stringOf(invalid: MessageCode, required: MessageCode = 'validation.required') {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid),
  });
}
