import type { Database, Locale } from '@mp/migrations/database';
import type { Kysely, Selectable, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** A user, the profile (null before the first save) and every part, as stored. */
type IndexerColumns = 'search_source' | 'search_source_version' | 'search_document' | 'search_document_key';

/** Every column of a profile row but the indexer's: a profile view never parses the stored search source. */
const PROFILE_COLUMNS = [
  'id',
  'user_id',
  'is_searchable',
  'completion',
  'short_description',
  'disc_type',
  'disc_source',
  'driving_forces',
  'availability_kind',
  'available_at',
  'available_within_days',
  'locations',
  'driving_licences',
  'version',
  'created_at',
  'updated_at',
] as const satisfies readonly Exclude<keyof Database['profiles'], IndexerColumns>[];

export interface ProfileAggregate {
  user: {
    id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phone: string | null;
    picture_key: string | null;
    picture_url: string | null;
    locale: Locale;
    deleted_at: Date | null;
  };
  /** The profile row without what only the indexer reads (the stored search source and document). */
  profile: Omit<Selectable<Database['profiles']>, IndexerColumns> | null;
  jobTitles: Selectable<Database['profile_job_titles']>[];
  skills: Selectable<Database['profile_skills']>[];
  languages: Selectable<Database['profile_languages']>[];
  educations: Selectable<Database['educations']>[];
  experiences: Selectable<Database['experiences']>[];
  experienceSkills: Selectable<Database['experience_skills']>[];
  references: Omit<Selectable<Database['experience_references']>, 'token_hash'>[];
}

/** Loads one user's whole profile; null when the user does not exist. */
export async function findProfileAggregate(db: Db, userId: string): Promise<ProfileAggregate | null> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'picture_key',
      'picture_url',
      'locale',
      'deleted_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const profile =
    (await db
      .selectFrom('profiles')
      .select(PROFILE_COLUMNS)
      .where('user_id', '=', userId)
      .executeTakeFirst()) ?? null;
  const empty: ProfileAggregate = {
    user,
    profile,
    jobTitles: [],
    skills: [],
    languages: [],
    educations: [],
    experiences: [],
    experienceSkills: [],
    references: [],
  };
  if (!profile) return empty;
  const [jobTitles, skills, languages, educations, experiences] = await Promise.all([
    db
      .selectFrom('profile_job_titles')
      .selectAll()
      .where('profile_id', '=', profile.id)
      .orderBy('sort_order')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('profile_skills')
      .selectAll()
      .where('profile_id', '=', profile.id)
      .orderBy('sort_order')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('profile_languages')
      .selectAll()
      .where('profile_id', '=', profile.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('educations')
      .selectAll()
      .where('profile_id', '=', profile.id)
      .orderBy('sort_order')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('experiences')
      .selectAll()
      .where('profile_id', '=', profile.id)
      .orderBy('sort_order')
      .orderBy('start_year', 'desc')
      .execute(),
  ]);
  const experienceIds = experiences.map((x) => x.id);
  const [experienceSkills, references] = experienceIds.length
    ? await Promise.all([
        db
          .selectFrom('experience_skills')
          .selectAll()
          .where('experience_id', 'in', experienceIds)
          .orderBy('name')
          .execute(),
        db
          .selectFrom('experience_references')
          .select([
            'id',
            'experience_id',
            'first_name',
            'last_name',
            'email',
            'status',
            'rating',
            'comment',
            'review',
            'requested_at',
            'responded_at',
            'created_at',
            'updated_at',
          ])
          .where('experience_id', 'in', experienceIds)
          .orderBy('created_at')
          .execute(),
      ])
    : [[], []];
  return { ...empty, jobTitles, skills, languages, educations, experiences, experienceSkills, references };
}
