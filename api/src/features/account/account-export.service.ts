import type { Database } from '@mp/migrations/database';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { decryptSecret } from '../../lib/crypto';
import {
  findAccountForExport,
  findActivityForExport,
  findBillingForExport,
  findProfileForExport,
} from './account-export.repository';

const README = `Konsultmarknaden - dina uppgifter / your data

SV: Den här filen innehåller de personuppgifter vi har om dig, som JSON-filer:
account.json (konto), profile.json (cv-profil), searches.json (sparade sökningar, favoritlistor,
förfrågningar), companies.json (företag), terms.json (godkända villkor), sessions.json (inloggningar),
activity.json (händelser på ditt konto), billing.json (abonnemang, kort, fakturor, tidrapporter, analyser,
feedback). Personnumret finns i account.json.

EN: This file holds the personal data we have about you, as JSON files: account.json (account),
profile.json (CV profile), searches.json (saved searches, favourite lists, inquiries), companies.json
(companies), terms.json (accepted terms), sessions.json (logins), activity.json (events on your account),
billing.json (subscriptions, cards, bills, time reports, assessments, feedback). Your personal identity
number is in account.json.
`;

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Builds a zip of the user's own data (GDPR access and portability): only rows reached through the user's
 * id, never another person's. The full personal number is included: it is the user's own. Logged in the
 * audit log.
 */
export async function exportAccountData(
  deps: { db: Kysely<Database>; config: AppConfig },
  userId: string,
  ip: string,
): Promise<{ zip: Uint8Array; fileName: string }> {
  const account = await findAccountForExport(deps.db, userId);
  if (!account) throw new AppError('UNAUTHORIZED');
  const [profile, activity, billing] = await Promise.all([
    findProfileForExport(deps.db, userId),
    findActivityForExport(deps.db, userId),
    findBillingForExport(deps.db, userId),
  ]);
  const { national_identity_number_encrypted: encrypted, ...accountFields } = account;
  const exportedAt = new Date();
  const files: Zippable = {
    'README.txt': strToU8(README),
    'account.json': json({
      ...accountFields,
      national_identity_number: encrypted ? decryptSecret(deps.config.NIN_ENCRYPTION_KEY, encrypted) : null,
      exported_at: exportedAt.toISOString(),
    }),
    'profile.json': json(profile),
    'searches.json': json({
      savedSearches: activity.savedSearches,
      favouriteLists: activity.favouriteLists,
      inquiries: activity.inquiries,
    }),
    'companies.json': json(activity.companies),
    'terms.json': json(activity.terms),
    'sessions.json': json(activity.sessions),
    'activity.json': json(activity.auditLog),
    'billing.json': json(billing),
  };
  await recordAuditEvent(deps.db, { actorUserId: userId, action: 'account.exported', ip });
  return {
    zip: zipSync(files, { level: 6, mtime: exportedAt }),
    fileName: `konsultmarknaden-data-${exportedAt.toISOString().slice(0, 10)}.zip`,
  };
}
