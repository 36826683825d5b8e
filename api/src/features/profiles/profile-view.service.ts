import { computeProfileCompletion, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import { getVocabularyIndex, type VocabularyKind } from '@mp/search-schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import { profileViewFor, type IdentityViewer } from '../../lib/identity-access';
import { findProfileAggregate, type ProfileAggregate } from './profile-view.repository';
import type { OwnProfile, ViewedProfile } from '@mp/api-contract/profile-view.schema';

/** Data access other features use; the SQL stays in the repository. */
export { findProfileAggregate } from './profile-view.repository';

/**
 * Reading profiles: the consultant's own view, and what others see of it. The public (anonymous) profile is
 * the CV without the person: no names, picture, e-mail or phone, and referees only as anonymous ratings and
 * reviews. Employers, titles, years, skills and education stay, since they are what a buyer judges; free
 * texts are the consultant's own words (the editor tells them not to put contact details there).
 */

export const profileNotAvailable = () => new AppError('PROFILE_NOT_AVAILABLE');
export const profileNoLongerExists = () => new AppError('PROFILE_NO_LONGER_EXISTS');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function labelOf(kind: VocabularyKind, id: string | null, stored: string, locale: Locale): string {
  return (id && getVocabularyIndex(kind).label(id, locale)) || stored;
}

type Reference = ProfileAggregate['references'][number];

/** Approved references as counts and anonymous reviews. */
function summarise(references: Reference[]) {
  const approved = references.filter((r) => r.status === 'approved');
  const ratings = approved.map((r) => r.rating).filter((r): r is number => r !== null);
  return {
    approvedCount: approved.length,
    averageRating: ratings.length
      ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10
      : null,
    // Best first, then by text: no order that follows when (or from whom) each answer came.
    reviews: approved
      .map((r) => ({ rating: r.rating, review: r.review }))
      .sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || (a.review ?? '').localeCompare(b.review ?? '')),
  };
}

/**
 * For the consultant only: the notes referees wrote to them when approving or declining, without who wrote
 * which (the referee's page promises 'only the consultant sees it, without your name'), in text order.
 */
function refereeNotes(references: Reference[]): string[] {
  return references
    .filter((r) => r.status !== 'pending' && r.comment)
    .map((r) => r.comment!)
    .sort((a, b) => a.localeCompare(b));
}

/** The parts both views share, labelled in `locale`. */
function mapProfileBody(a: ProfileAggregate, locale: Locale) {
  const p = a.profile;
  return {
    jobTitles: a.jobTitles.map((t) => ({
      name: labelOf('jobTitles', t.job_title_id, t.name, locale),
      vocabularyId: t.job_title_id,
    })),
    shortDescription: p?.short_description ?? null,
    discType: p?.disc_type ?? null,
    discSource: p?.disc_source ?? 'self',
    drivingForces: p?.driving_forces ?? [],
    availability: {
      kind: p?.availability_kind ?? 'available_now',
      date: p?.available_at ?? null,
      withinDays: p?.available_within_days ?? null,
    },
    locations: p?.locations ?? [],
    drivingLicences: p?.driving_licences ?? [],
    skills: a.skills.map((s) => ({
      name: labelOf('skills', s.skill_id, s.name, locale),
      vocabularyId: s.skill_id,
      yearsOfExperience: s.years_of_experience,
      lastUsedYear: s.last_used_year,
      starred: s.starred,
    })),
    languages: a.languages.map((l) => ({
      code: l.language_id,
      name: labelOf('languages', l.language_id, l.language_id, locale),
      level: l.level,
    })),
    educations: a.educations.map((e) => ({
      id: e.id,
      level: e.level,
      fieldOfStudy: e.field_of_study
        ? labelOf('fieldsOfStudy', e.field_of_study_id, e.field_of_study, locale)
        : null,
      fieldOfStudyId: e.field_of_study_id,
      degree: e.degree ? labelOf('degrees', e.degree_id, e.degree, locale) : null,
      degreeId: e.degree_id,
      school: e.school,
      startYear: e.start_year,
      endYear: e.end_year,
    })),
    references: summarise(a.references),
    updatedAt: p?.updated_at.toISOString() ?? null,
  };
}

function mapExperience(a: ProfileAggregate, x: ProfileAggregate['experiences'][number], locale: Locale) {
  return {
    id: x.id,
    company: x.company,
    jobTitle: x.job_title,
    startYear: x.start_year,
    endYear: x.end_year,
    ongoing: x.ongoing,
    employmentForm: x.employment_form,
    description: x.description,
    skills: a.experienceSkills
      .filter((s) => s.experience_id === x.id)
      .map((s) => ({ name: labelOf('skills', s.skill_id, s.name, locale), vocabularyId: s.skill_id })),
  };
}

/** Completion (0-100) and the missing parts, from what is stored. */
export function completionOfAggregate(a: ProfileAggregate) {
  return computeProfileCompletion({
    firstName: a.user.first_name,
    lastName: a.user.last_name,
    pictureUrl: a.user.picture_url,
    shortDescription: a.profile?.short_description ?? null,
    jobTitles: a.jobTitles,
    skills: a.skills,
    languages: a.languages,
    educations: a.educations,
    experiences: a.experiences,
    locations: a.profile?.locations ?? [],
    // A profile starts as 'available now', and the editor shows that choice made: it counts from the start
    // (counting it only after a first save listed it as missing, with no way to 'choose' what was chosen).
    availabilityKind: a.profile?.availability_kind ?? 'available_now',
    discType: a.profile?.disc_type ?? null,
  });
}

export function toOwnProfile(a: ProfileAggregate, locale: Locale): OwnProfile {
  const { completion, missing } = completionOfAggregate(a);
  return {
    userId: a.user.id,
    firstName: a.user.first_name,
    lastName: a.user.last_name,
    email: a.user.email,
    phone: a.user.phone,
    picture:
      a.user.picture_key && a.user.picture_url ? { key: a.user.picture_key, url: a.user.picture_url } : null,
    // A profile is created searchable (the table's default) on its first save.
    isSearchable: a.profile?.is_searchable ?? true,
    completion,
    missing,
    version: a.profile?.version ?? 0,
    ...mapProfileBody(a, locale),
    experiences: a.experiences.map((x) => {
      const references = a.references.filter((r) => r.experience_id === x.id);
      return {
        ...mapExperience(a, x, locale),
        references: references.map((r) => ({
          id: r.id,
          firstName: r.first_name,
          lastName: r.last_name,
          email: r.email,
          status: r.status,
          requestedAt: r.requested_at?.toISOString() ?? null,
          respondedAt: r.responded_at?.toISOString() ?? null,
        })),
        approvedReferences: summarise(references),
        refereeNotes: refereeNotes(references),
      };
    }),
  };
}

export function toViewedProfile(
  a: ProfileAggregate,
  view: ViewedProfile['view'],
  locale: Locale,
): ViewedProfile {
  const named = view !== 'anonymous';
  return {
    id: a.user.id,
    view,
    firstName: named ? a.user.first_name : null,
    lastName: named ? a.user.last_name : null,
    picture: named && a.user.picture_url ? { url: a.user.picture_url } : null,
    contact: view === 'full' ? { email: a.user.email, phone: a.user.phone } : null,
    ...mapProfileBody(a, locale),
    experiences: a.experiences.map((x) => ({
      ...mapExperience(a, x, locale),
      references: summarise(a.references.filter((r) => r.experience_id === x.id)),
    })),
  };
}

/** The logged-in consultant's own profile (an empty one before the first save). */
export async function getOwnProfile(
  db: Kysely<Database>,
  userId: string,
  locale: Locale,
): Promise<OwnProfile> {
  const aggregate = await findProfileAggregate(db, userId);
  if (!aggregate || aggregate.user.deleted_at) throw profileNoLongerExists();
  return toOwnProfile(aggregate, locale);
}

/** Who may see what of a profile: the view, or an error for a hidden, missing or deleted one. */
export function decideProfileView(a: ProfileAggregate | null, viewer: IdentityViewer): ViewedProfile['view'] {
  // A deleted account answers 'Profile no longer exists' also after the purge has removed its profile.
  if (a?.user.deleted_at) throw profileNoLongerExists();
  if (!a) throw profileNotAvailable();
  const isOwner = viewer?.id === a.user.id;
  // The owner previews a profile never saved yet (empty); to anyone else it does not exist until then.
  if (!a.profile && !isOwner) throw profileNotAvailable();
  if (a.profile && !a.profile.is_searchable && !isOwner && !viewer?.isAdmin) throw profileNotAvailable();
  return profileViewFor(viewer, a.user.id);
}

/** Loads a profile for a viewer; see {@link decideProfileView}. */
export async function findViewableProfile(
  db: Kysely<Database>,
  profileUserId: string,
  viewer: IdentityViewer,
): Promise<{ aggregate: ProfileAggregate; view: ViewedProfile['view'] }> {
  const aggregate = UUID.test(profileUserId) ? await findProfileAggregate(db, profileUserId) : null;
  const view = decideProfileView(aggregate, viewer);
  return { aggregate: aggregate!, view };
}

/**
 * GET /api/profile/{id}: anonymous for visitors and unverified sessions, named for verified users without
 * premium, full for verified premium users (lib/identity-access).
 */
export async function getViewedProfile(
  db: Kysely<Database>,
  profileUserId: string,
  viewer: IdentityViewer,
  locale: Locale,
): Promise<ViewedProfile> {
  const { aggregate, view } = await findViewableProfile(db, profileUserId, viewer);
  return toViewedProfile(aggregate, view, locale);
}
