const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a UUID in its canonical text form. Path ids are checked with this before they reach a uuid column,
 * so a malformed id is simply "not found" rather than a Postgres cast error.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
