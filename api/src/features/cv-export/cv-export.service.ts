import {
  INTL_LOCALES,
  AVAILABILITY_KINDS_BY_ID,
  DISC_TYPES_BY_ID,
  DRIVING_FORCES_BY_ID,
  DRIVING_LICENCE_CLASSES_BY_ID,
  EDUCATION_LEVELS_BY_ID,
  EMPLOYMENT_FORMS_BY_ID,
  LANGUAGE_LEVELS_BY_ID,
  WORK_LOCATIONS_BY_ID,
  type DiscTypeId,
  type DrivingForceId,
  type DrivingLicenceClassId,
  type Locale,
  type WorkLocationId,
} from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { AuthUser } from '../../plugins/auth';
import { assertPremium } from '../subscriptions/premium-gate';
import { readPicture } from '../pictures/picture-store';
import {
  findProfileAggregate,
  findViewableProfile,
  profileNoLongerExists,
  toOwnProfile,
  toViewedProfile,
} from '../profiles/profile-view.service';
import type { OwnProfile, ViewedProfile } from '@mp/api-contract/profile-view.schema';
import { renderCvPdf, type CvModel } from './cv-document';
import { CV_TEXTS } from './cv-texts';

export interface CvExportDeps {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}

export interface CvFile {
  filename: string;
  pdf: Buffer;
}

/** Today in Sweden as YYYY-MM-DD (the date printed in the footer). */
const swedishDate = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

/** 4.5 as '4,5' in Swedish and '4.5' in English. */
const decimal = (value: number, locale: Locale, digits: number) =>
  value.toLocaleString(INTL_LOCALES[locale], {
    minimumFractionDigits: digits,
    maximumFractionDigits: 1,
  });

function formatYears(value: number, locale: Locale): string {
  return CV_TEXTS[locale].years(decimal(value, locale, 0), value === 1);
}

const formatRating = (average: number | null, locale: Locale) =>
  average === null ? null : decimal(average, locale, 1);

/** '2019 – 2023', '2021' when it began and ended the same year, '' without years. */
function formatPeriod(start: number | null, end: number | null): string {
  if (start !== null && end !== null) return start === end ? String(start) : `${start} – ${end}`;
  return start !== null ? String(start) : end !== null ? String(end) : '';
}

const label = <T extends { label: Record<Locale, string> }>(
  item: T | undefined,
  locale: Locale,
  fallback: string,
) => item?.label[locale] ?? fallback;

function availabilityText(a: ViewedProfile['availability'], locale: Locale): string {
  const t = CV_TEXTS[locale];
  if (a.kind === 'available_at' && a.date) return t.availableFrom(a.date);
  if (a.kind === 'available_with_in' && a.withinDays !== null) return t.withinDays(a.withinDays);
  return label(AVAILABILITY_KINDS_BY_ID[a.kind], locale, a.kind);
}

/** Builds the CV's content from a profile view (anonymised or full) in `locale`. */
export function buildCvModel(
  profile: OwnProfile | ViewedProfile,
  options: { locale: Locale; anonymous: boolean; photo: Buffer | null },
): CvModel {
  const { locale, anonymous } = options;
  const t = CV_TEXTS[locale];
  const name = anonymous ? null : [profile.firstName, profile.lastName].filter(Boolean).join(' ') || null;
  const contactSource =
    'contact' in profile ? profile.contact : { email: profile.email, phone: profile.phone };

  const facts: CvModel['facts'] = [
    { label: t.availability, value: availabilityText(profile.availability, locale) },
  ];
  if (profile.locations.length) {
    facts.push({
      label: t.locations,
      value: profile.locations
        .map((id) => label(WORK_LOCATIONS_BY_ID[id as WorkLocationId], locale, id))
        .join(', '),
    });
  }
  if (profile.discType) {
    const disc = DISC_TYPES_BY_ID[profile.discType as DiscTypeId];
    facts.push({
      label: t.personality,
      value: disc ? `${disc.label[locale]} (${disc.code})` : profile.discType,
    });
  }
  if (profile.drivingForces.length) {
    facts.push({
      label: t.drivingForces,
      value: profile.drivingForces
        .map((id) => label(DRIVING_FORCES_BY_ID[id as DrivingForceId], locale, id))
        .join(', '),
    });
  }
  if (profile.drivingLicences.length) {
    facts.push({
      label: t.drivingLicences,
      value: profile.drivingLicences
        .map(
          (id) => `${id} (${label(DRIVING_LICENCE_CLASSES_BY_ID[id as DrivingLicenceClassId], locale, id)})`,
        )
        .join(', '),
    });
  }
  if (profile.references.approvedCount > 0) {
    facts.push({
      label: t.references,
      value: t.approvedReferences(
        profile.references.approvedCount,
        formatRating(profile.references.averageRating, locale),
      ),
    });
  }

  // Starred skills first, then the most experience.
  const skills = [...profile.skills].sort(
    (a, b) =>
      Number(b.starred) - Number(a.starred) || (b.yearsOfExperience ?? -1) - (a.yearsOfExperience ?? -1),
  );

  return {
    locale,
    anonymous,
    name,
    headline: profile.jobTitles.map((j) => j.name).join(' | '),
    contact: anonymous || !contactSource ? null : contactSource,
    photo: anonymous ? null : options.photo,
    description: profile.shortDescription,
    facts,
    skills: skills.map((s) => ({
      name: s.name,
      starred: s.starred,
      detail:
        [
          s.yearsOfExperience !== null ? formatYears(s.yearsOfExperience, locale) : null,
          s.lastUsedYear !== null ? t.lastUsed(s.lastUsedYear) : null,
        ]
          .filter(Boolean)
          .join(', ') || null,
    })),
    experiences: profile.experiences.map((x) => {
      const refs = 'approvedReferences' in x ? x.approvedReferences : x.references;
      return {
        period: `${x.startYear} – ${x.ongoing || x.endYear === null ? t.ongoing : x.endYear}`,
        title: x.jobTitle,
        subtitle: `${x.company}  |  ${label(EMPLOYMENT_FORMS_BY_ID[x.employmentForm], locale, x.employmentForm)}`,
        description: x.description,
        skills: x.skills.map((s) => s.name),
        references:
          refs.approvedCount > 0
            ? t.approvedReferences(refs.approvedCount, formatRating(refs.averageRating, locale))
            : null,
      };
    }),
    educations: profile.educations.map((e) => {
      const level = label(EDUCATION_LEVELS_BY_ID[e.level], locale, e.level);
      const title = [e.degree, e.fieldOfStudy].filter(Boolean).join(', ') || level;
      return {
        period: formatPeriod(e.startYear, e.endYear),
        title,
        subtitle: [title === level ? null : level, e.school].filter(Boolean).join('  |  ') || null,
      };
    }),
    languages: profile.languages.map((l) => ({
      name: l.name,
      level: label(LANGUAGE_LEVELS_BY_ID[l.level], locale, l.level),
    })),
    generatedOn: swedishDate(),
  };
}

/** The stored WebP picture as PNG for the PDF (PDF readers take JPEG and PNG only); null if unavailable. */
async function loadPhoto(deps: CvExportDeps, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    const webp = await readPicture(deps.db, key);
    return webp ? await sharp(webp).png().toBuffer() : null;
  } catch (error) {
    deps.log.warn({ err: error }, 'profile picture could not be read for the CV');
    return null;
  }
}

const asciiSlug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** GET /api/profile/cv.pdf: the consultant's own CV, with name, photo and contact details. */
export async function exportOwnCv(deps: CvExportDeps, userId: string, locale: Locale): Promise<CvFile> {
  const aggregate = await findProfileAggregate(deps.db, userId);
  if (!aggregate || aggregate.user.deleted_at) throw profileNoLongerExists();
  const profile = toOwnProfile(aggregate, locale);
  const photo = await loadPhoto(deps, aggregate.user.picture_key);
  const pdf = await renderCvPdf(buildCvModel(profile, { locale, anonymous: false, photo }));
  const slug = asciiSlug([profile.firstName, profile.lastName].filter(Boolean).join(' '));
  return { filename: `CV${slug ? `-${slug}` : ''}-${locale}.pdf`, pdf };
}

/**
 * GET /api/profile/{id}/cv.pdf: the anonymised CV of a profile, for premium buyers (and admins) to pass on.
 * Hidden, missing and deleted profiles answer as GET /api/profile/{id} does.
 */
export async function exportAnonymisedCv(
  deps: CvExportDeps,
  viewer: AuthUser,
  profileUserId: string,
  locale: Locale,
): Promise<CvFile> {
  if (viewer.id !== profileUserId) assertPremium(viewer);
  const { aggregate } = await findViewableProfile(deps.db, profileUserId, viewer);
  const profile = toViewedProfile(aggregate, 'anonymous', locale);
  const pdf = await renderCvPdf(buildCvModel(profile, { locale, anonymous: true, photo: null }));
  return { filename: `CV-${profileUserId.slice(0, 8)}-${locale}.pdf`, pdf };
}
