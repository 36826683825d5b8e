import { sql } from 'kysely';

/**
 * A joined user's name in SQL: first and last name, each trimmed, joined by a space; null when neither is given
 * (an account registered with e-mail and password has no name until one is set). `alias` is the users table's
 * alias in the query.
 */
export const userNameSql = (alias: string) =>
  sql<
    string | null
  >`nullif(concat_ws(' ', nullif(trim(${sql.ref(`${alias}.first_name`)}), ''), nullif(trim(${sql.ref(`${alias}.last_name`)}), '')), '')`;

/** The same user's e-mail address, trimmed; null when empty. */
export const userEmailSql = (alias: string) =>
  sql<string | null>`nullif(trim(${sql.ref(`${alias}.email`)}::text), '')`;

/**
 * A joined user as another person is shown them (spec section 3): the name ({@link userNameSql}), else the e-mail
 * address; null only when there is neither (an erased account), where a text prints 'n/a'. For views that carry
 * no e-mail field of their own beside the name.
 */
export const userDisplayNameSql = (alias: string) =>
  sql<string | null>`coalesce(${userNameSql(alias)}, ${userEmailSql(alias)})`;
