import { addCoachSlot } from '@mp/api/features/assessment/coach-sessions.service';
import { hashPassword } from '@mp/api/features/identity/password-hash';
import { addMember, createGroup, listGroups } from '@mp/api/features/favorites/favorites.service';
import { uploadProfilePicture, type PictureDeps } from '@mp/api/features/pictures/picture.service';
import { profileInputSchema, type ProfileInputDraft } from '@mp/api/features/profiles/profile.schema';
import { saveProfile } from '@mp/api/features/profiles/profile.service';
import {
  createSavedSearch,
  editSavedSearch,
  listSavedSearches,
} from '@mp/api/features/saved-searches/saved-searches.service';
import { recordTermsAcceptance } from '@mp/api/features/terms/terms.service';
import type { AuthUser } from '@mp/api/plugins/auth';
import type { Database } from '@mp/migrations/database';
import { createSavedSearchBodySchema } from '@mp/api-contract/saved-searches.schema';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { SEED_EMAIL_DOMAIN } from '../seed/consultant-generator';

// Ready accounts for trying the product by hand (`npm run demo`), listed in the README under "Demo accounts".
// Local demo only: the passwords are public, so `assertDemoEnvironment` refuses anything but development.
// Later issues add their data (companies, contracts, time reports, ...) to these same accounts.

export type DemoRole = 'consultant' | 'premiumBuyer' | 'companyAdmin' | 'admin';

export interface DemoAccount {
  role: DemoRole;
  /** What the README's table says the account is for. */
  description: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
}

const DEMO_DOMAIN = 'demo.konsultmarknaden.test';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'consultant',
    description: 'Consultant with a complete, searchable profile',
    email: `konsult@${DEMO_DOMAIN}`,
    password: 'demo-konsult-2026',
    firstName: 'Karin',
    lastName: 'Ekholm',
    phone: '070-123 45 01',
  },
  {
    role: 'premiumBuyer',
    description: 'Premium buyer with saved searches and lists',
    email: `kopare@${DEMO_DOMAIN}`,
    password: 'demo-kopare-2026',
    firstName: 'Johan',
    lastName: 'Berg',
    phone: '070-123 45 02',
  },
  {
    role: 'companyAdmin',
    description: 'Company admin of Demo Konsult AB',
    email: `foretag@${DEMO_DOMAIN}`,
    password: 'demo-foretag-2026',
    firstName: 'Lena',
    lastName: 'Sjöberg',
    phone: '070-123 45 03',
  },
  {
    role: 'admin',
    description: 'Administrator (the admin area)',
    email: `admin@${DEMO_DOMAIN}`,
    password: 'demo-admin-2026',
    firstName: 'Anders',
    lastName: 'Nyström',
    phone: '070-123 45 04',
  },
];

export const DEMO_COMPANY = {
  businessName: 'Demo Konsult AB',
  businessType: 'Aktiebolag',
  organisationNumber: '556677-8899',
  vatNumber: 'SE556677889901',
  website: 'https://demo.konsultmarknaden.test',
  projects: ['Kundportal 2.0', 'Molnmigrering'],
};

/** The demo's passwords are in the README: refuse to create them anywhere but a development machine. */
export function assertDemoEnvironment(env: NodeJS.ProcessEnv): void {
  const nodeEnv = env.NODE_ENV;
  if (nodeEnv !== undefined && nodeEnv !== '' && nodeEnv !== 'development') {
    throw new Error(
      `demo accounts are for local development only (NODE_ENV is "${nodeEnv}"); unset it or use development`,
    );
  }
}

export interface DemoDeps {
  db: Kysely<Database>;
  /** Where pictures go, as the API has them configured. */
  pictures: PictureDeps['config'];
  log: PictureDeps['log'];
}

/**
 * Creates the demo accounts, or brings them back to their demo state when they exist (idempotent): verified,
 * terms accepted, the documented password. Returns each account's user id.
 */
export async function createDemoAccounts(deps: DemoDeps): Promise<Record<DemoRole, string>> {
  const ids = {} as Record<DemoRole, string>;
  for (const account of DEMO_ACCOUNTS) ids[account.role] = await upsertAccount(deps.db, account);

  await deps.db.updateTable('users').set({ is_premium: true }).where('id', '=', ids.premiumBuyer).execute();
  await deps.db.updateTable('users').set({ is_admin: true }).where('id', '=', ids.admin).execute();

  await fillConsultantProfile(deps, ids.consultant);
  await fillBuyerSearchesAndLists(deps.db, ids.premiumBuyer, ids.consultant);
  await ensureCompany(deps.db, ids.companyAdmin);
  await ensureCoachSlots(deps.db, ids.admin);
  return ids;
}

/** Feedback-session times the demo admin offers (Full Coach Package), so the booking can be tried at once. */
export const DEMO_COACH_SLOTS = 4;

/**
 * Keeps DEMO_COACH_SLOTS times ahead: the next weekdays from three days ahead, 10:00 Swedish winter time, one
 * hour each, skipping days that already have one. Run again once earlier times have passed, it tops up.
 */
async function ensureCoachSlots(db: Kysely<Database>, adminId: string, now = new Date()): Promise<void> {
  const ahead = await db
    .selectFrom('coach_session_slots')
    .select('starts_at')
    .where('created_by_user_id', '=', adminId)
    .where('starts_at', '>', now)
    .execute();
  const taken = new Set(ahead.map((slot) => slot.starts_at.toISOString()));
  const day = new Date(now);
  day.setUTCDate(day.getUTCDate() + 3);
  while (taken.size < DEMO_COACH_SLOTS) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) {
      const startsAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 9));
      if (!taken.has(startsAt.toISOString())) {
        await addCoachSlot(db, adminId, { startsAt: startsAt.toISOString(), durationMinutes: 60 }, 'sv', now);
        taken.add(startsAt.toISOString());
      }
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

async function upsertAccount(db: Kysely<Database>, account: DemoAccount): Promise<string> {
  const values = {
    password_hash: await hashPassword(account.password),
    first_name: account.firstName,
    last_name: account.lastName,
    phone: account.phone,
    verified: true,
    locale: 'sv' as const,
    deleted_at: null,
    purge_after: null,
  };
  const row = await db
    .insertInto('users')
    .values({ email: account.email, ...values })
    .onConflict((oc) => oc.column('email').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordTermsAcceptance(db, row.id);
  return row.id;
}

const CONSULTANT_PROFILE: ProfileInputDraft = {
  firstName: 'Karin',
  lastName: 'Ekholm',
  isSearchable: true,
  shortDescription:
    'Fullstackutvecklare och teknisk lead med 12 års erfarenhet av webbplattformar för bank och handel. ' +
    'Trivs bäst i team som äger sin produkt hela vägen till drift.',
  jobTitles: ['Fullstackutvecklare', 'Tech lead'],
  skills: [
    { name: 'TypeScript', yearsOfExperience: 8, lastUsedYear: 2026, starred: true },
    { name: 'React', yearsOfExperience: 7, lastUsedYear: 2026, starred: true },
    { name: 'Node.js', yearsOfExperience: 9, lastUsedYear: 2026, starred: true },
    { name: 'PostgreSQL', yearsOfExperience: 10, lastUsedYear: 2026, starred: false },
    { name: 'Kubernetes', yearsOfExperience: 4, lastUsedYear: 2025, starred: false },
    { name: 'AWS', yearsOfExperience: 5, lastUsedYear: 2026, starred: false },
  ],
  languages: [
    { code: 'sv', level: 'native_or_bilingual' },
    { code: 'en', level: 'full_professional' },
  ],
  educations: [
    {
      level: 'masters',
      fieldOfStudy: 'Datavetenskap',
      school: 'KTH',
      startYear: 2009,
      endYear: 2014,
    },
  ],
  experiences: [
    {
      company: 'Nordbanken Digital',
      jobTitle: 'Tech lead',
      startYear: 2022,
      endYear: null,
      ongoing: true,
      employmentForm: 'consultant',
      description: 'Leder ett team på sju utvecklare som bygger bankens nya kundportal i React och Node.js.',
      skills: ['TypeScript', 'React', 'Node.js'],
    },
    {
      company: 'Handelshuset',
      jobTitle: 'Fullstackutvecklare',
      startYear: 2016,
      endYear: 2022,
      ongoing: false,
      employmentForm: 'employee',
      description: 'Byggde om e-handelns kassa och orderflöde; flyttade driften till Kubernetes i AWS.',
      skills: ['PostgreSQL', 'Kubernetes', 'AWS'],
    },
  ],
  locations: ['stockholm', 'distansarbete'],
  availability: { kind: 'available_now', date: null, withinDays: null },
  drivingLicences: ['B'],
  discType: 'analyser',
  drivingForces: ['intellectual', 'structured'],
};

async function fillConsultantProfile(deps: DemoDeps, userId: string): Promise<void> {
  await saveProfile(deps.db, userId, profileInputSchema.parse(CONSULTANT_PROFILE));
  const user = await deps.db
    .selectFrom('users')
    .select('picture_key')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.picture_key) return;
  // A plain portrait placeholder in the theme's colours, so the profile is complete (picture included).
  const picture = await sharp({
    create: { width: 640, height: 640, channels: 3, background: { r: 29, g: 78, b: 111 } },
  })
    .png()
    .toBuffer();
  await uploadProfilePicture({ db: deps.db, config: deps.pictures, log: deps.log }, userId, 'sv', picture);
}

const BUYER_SEARCHES = [
  { name: 'React i Stockholm', search: { searchTerm: 'react', locations: ['stockholm'] }, sendEmail: true },
  {
    name: 'Projektledare på distans',
    search: { searchTerm: 'projektledare', locations: ['distansarbete'] },
    sendEmail: false,
  },
  {
    name: 'Analytiker med SQL',
    search: { skills: ['SQL'], personalities: ['analyser'] },
    sendEmail: false,
  },
];

async function fillBuyerSearchesAndLists(
  db: Kysely<Database>,
  buyerId: string,
  consultantId: string,
): Promise<void> {
  const buyer: AuthUser = {
    id: buyerId,
    sessionId: 'demo',
    verified: true,
    isAdmin: false,
    isPremium: true,
    locale: 'sv',
    confirmedAt: null,
  };
  const { searches } = await listSavedSearches(db, buyerId);
  for (const wanted of BUYER_SEARCHES) {
    const input = createSavedSearchBodySchema.parse(wanted);
    const existing = searches.find((search) => search.name === wanted.name);
    if (existing) await editSavedSearch(db, buyer, existing.id, input);
    else await createSavedSearch(db, buyer, input, 'sv');
  }

  // Lists: the demo consultant and a few seeded ones (when `npm run seed` has run).
  const seeded = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.user_id', 'users.id')
    .select('users.id')
    .where('users.email', 'like', `%@${SEED_EMAIL_DOMAIN}`)
    .where('profiles.is_searchable', '=', true)
    .where('users.deleted_at', 'is', null)
    .orderBy('users.email')
    .limit(5)
    .execute();
  const lists = [
    { name: 'Favoriter', members: [consultantId, ...seeded.slice(0, 2).map((row) => row.id)] },
    { name: 'Kortlista kundportal', members: seeded.slice(2, 5).map((row) => row.id) },
  ];
  const { groups } = await listGroups(db, buyerId);
  for (const list of lists) {
    const group = groups.find((candidate) => candidate.name === list.name);
    if (!group) {
      await createGroup(db, buyerId, { name: list.name, members: list.members });
      continue;
    }
    for (const member of list.members) {
      if (!group.members.includes(member)) await addMember(db, buyerId, group.id, member);
    }
  }
}

async function ensureCompany(db: Kysely<Database>, adminId: string): Promise<void> {
  // The demo admin's own company: other companies may share the (example) organisation number.
  let company = await db
    .selectFrom('companies')
    .innerJoin('company_memberships', 'company_memberships.company_id', 'companies.id')
    .select('companies.id')
    .where('companies.organisation_number', '=', DEMO_COMPANY.organisationNumber)
    .where('companies.business_name', '=', DEMO_COMPANY.businessName)
    .where('company_memberships.user_id', '=', adminId)
    .executeTakeFirst();
  company ??= await db
    .insertInto('companies')
    .values({
      business_name: DEMO_COMPANY.businessName,
      business_type: DEMO_COMPANY.businessType,
      organisation_number: DEMO_COMPANY.organisationNumber,
      vat_number: DEMO_COMPANY.vatNumber,
      website: DEMO_COMPANY.website,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('company_memberships')
    .values({ company_id: company.id, user_id: adminId, role: 'admin' })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet({ role: 'admin' }))
    .execute();
  const projects = await db
    .selectFrom('projects')
    .select('name')
    .where('company_id', '=', company.id)
    .execute();
  const missing = DEMO_COMPANY.projects.filter((name) => !projects.some((project) => project.name === name));
  if (missing.length > 0) {
    await db
      .insertInto('projects')
      .values(missing.map((name) => ({ company_id: company.id, name })))
      .execute();
  }
}
