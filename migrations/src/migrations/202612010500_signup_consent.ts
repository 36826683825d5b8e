/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// QA6 G7: the consent box at sign-up (first BankID setup or e-mail registration: the terms of use and the
// privacy policy, and that the person is 18 or older) was recorded only as acceptances of published terms
// versions, so a person who signed up while nothing was published had no record of it at all, and the data export
// could not show it. `users.terms_consent_at` is when the box was ticked, whatever was published; which versions
// were in force then follows from terms_versions (and terms_acceptances holds those accepted). Earlier accounts
// keep NULL: nothing tells when (or whether) they ticked it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN terms_consent_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN terms_consent_at`.execute(db);
}
