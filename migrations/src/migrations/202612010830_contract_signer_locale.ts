/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// QA12 F3: a signer is told when the signing order expires or the contract is withdrawn, in the language they
// were asked to sign in. A signer without an account has no language of their own: `signer_locale` keeps the
// language of the signing request mail, set when the contract is sent (null before, and for contracts sent
// before this column: their mails fall back to the delegate's language).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contracts')
    .addColumn('signer_locale', 'text', (col) => col.check(sql`signer_locale in ('sv', 'en')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contracts').dropColumn('signer_locale').execute();
}
