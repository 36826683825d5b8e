import { z } from 'zod';

/**
 * A request body that refuses keys it does not know: 400 VALIDATION_FAILED naming the field ('email: Unknown
 * field'), in the request's language. Use it wherever the web relies on every field it sends being stored, so
 * a client and API that disagree fail loudly in tests instead of dropping data.
 */
export function strictObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'validation.unknownField' : undefined),
  });
}
