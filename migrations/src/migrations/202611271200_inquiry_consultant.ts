/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import type { Kysely } from 'kysely';

// An inquiry sent from a consultant's profile is about that consultant: the contact form's `id`. It was only
// put in the operators' mail; stored, the operators can find every inquiry about a consultant, and the link is
// cut (set null) when that consultant's account is purged, as `user_id` is for the sender.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('inquiries')
    .addColumn('consultant_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('inquiries_consultant_user_id_idx')
    .on('inquiries')
    .column('consultant_user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('inquiries_consultant_user_id_idx').execute();
  await db.schema.alterTable('inquiries').dropColumn('consultant_user_id').execute();
}
