/** A person as the API names them: first and last name, or one `name` already joined by the API. */
export type PersonName = { firstName?: string | null; lastName?: string | null } | string | null | undefined;

/**
 * A person's name for display (spec section 3): the name, else `fallback` (an e-mail address, say), else 'n/a'.
 * Accounts registered with e-mail and password have no name until they give one.
 */
export function displayName(person: PersonName, fallback?: string | null): string {
  const name =
    typeof person === 'object' && person !== null
      ? [person.firstName?.trim(), person.lastName?.trim()].filter(Boolean).join(' ')
      : (person ?? '');
  return name.trim() || fallback?.trim() || 'n/a';
}
