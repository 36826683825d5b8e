/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// QA5 F15: a contract's "Modified" (updated_at) is its own last change. Deleting a project sets the project of its
// contracts to NULL (ON DELETE SET NULL), which the generic set_updated_at trigger counted as a change of each
// contract, so a cancelled contract showed the project's deletion time. Contracts get their own trigger function:
// an update that only clears project_id keeps updated_at; any other change (or a statement that sets updated_at
// itself, as the edit of a draft does when it clears the project) behaves as before.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION contracts_set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at
        AND NOT (
          OLD.project_id IS NOT NULL AND NEW.project_id IS NULL
          AND to_jsonb(NEW) - 'project_id' = to_jsonb(OLD) - 'project_id'
        )
      THEN
        NEW.updated_at := now();
      END IF;
      RETURN NEW;
    END
    $$
  `.execute(db);
  await sql`DROP TRIGGER contracts_set_updated_at ON contracts`.execute(db);
  await sql`
    CREATE TRIGGER contracts_set_updated_at BEFORE UPDATE ON contracts
    FOR EACH ROW EXECUTE FUNCTION contracts_set_updated_at()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER contracts_set_updated_at ON contracts`.execute(db);
  await sql`
    CREATE TRIGGER contracts_set_updated_at BEFORE UPDATE ON contracts
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()
  `.execute(db);
  await sql`DROP FUNCTION contracts_set_updated_at()`.execute(db);
}
