import { resolveLocale } from '@mp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { getOptionalUser, optionalUser, requireVerifiedUser } from '../../plugins/auth';
import {
  availabilityEditSchema,
  descriptionBodySchema,
  drivingLicencesBodySchema,
  educationsBodySchema,
  experienceEditSchema,
  experienceParamsSchema,
  experiencesBodySchema,
  jobTitlesBodySchema,
  languagesBodySchema,
  locationsBodySchema,
  personalityEditSchema,
  profileEditBodySchema,
  searchableBodySchema,
  skillsBodySchema,
} from '@mp/api-contract/profile-edit.schema';
import {
  addExperience,
  changeExperience,
  removeExperience,
  saveAvailability,
  saveDescription,
  saveDrivingLicences,
  saveEducations,
  saveExperiences,
  saveJobTitles,
  saveLanguages,
  saveLocations,
  savePersonality,
  saveSearchable,
  saveSkills,
  saveWholeProfile,
} from './profile-edit.service';
import {
  ownProfileSchema,
  viewedProfileParamsSchema,
  viewedProfileSchema,
} from '@mp/api-contract/profile-view.schema';
import { getOwnProfile, getViewedProfile } from './profile-view.service';

const tags = ['profile'];
const localeOf = (request: FastifyRequest) => resolveLocale(request.headers['accept-language']);
const ownResponse = { 200: ownProfileSchema, ...errorResponses };

const VALIDATION =
  '400 VALIDATION_FAILED with data.issues[] = { field (e.g. experiences.0.company), code, message } in the ' +
  "request's language";

/**
 * The consultant's profile (spec sections 3-7): GET profile, GET profile/{id}, PUT profile/searchable, and
 * one PUT per part for the editor. Every write returns the saved own profile (with completion and missing
 * parts) and goes through the profile service, so search follows within seconds.
 */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: "The logged-in consultant's own complete profile, with completion (0-100) and missing parts",
        response: ownResponse,
      },
    },
    async (request) => getOwnProfile(app.db, request.user.id, localeOf(request)),
  );

  app.get(
    '/profile/:id',
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary:
          'A consultant\'s profile by user id (the search result\'s id). view "anonymous" for visitors and ' +
          'unverified sessions (no names, picture or contact), "named" for verified users without premium ' +
          '(names and picture, as on the search cards; no contact), "full" for premium users, admins and the ' +
          "consultant. 404 PROFILE_NOT_AVAILABLE ('Profile not available') when hidden or missing, 410 " +
          "PROFILE_NO_LONGER_EXISTS ('Profile no longer exists') when the account was deleted",
        params: viewedProfileParamsSchema,
        response: { 200: viewedProfileSchema, 410: errorResponses[404], ...errorResponses },
      },
    },
    async (request) =>
      getViewedProfile(app.db, request.params.id, getOptionalUser(request), localeOf(request)),
  );

  app.put(
    '/profile',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Save the whole profile. experiences left out stay as they are (with their references); given, ' +
          'entries with an id are updated in place (their references stay), without one are added, and ' +
          'experiences not listed are deleted. firstName/lastName/isSearchable left out stay as they are; ' +
          'other parts left out are emptied (send the whole profile). expectedVersion: the version of GET ' +
          "profile the edit was made from; when the profile has changed since, 409 PROFILE_CHANGED ('Your " +
          "profile was changed in another tab or on another device...') and nothing is saved. " +
          VALIDATION,
        body: profileEditBodySchema,
        response: ownResponse,
      },
    },
    async (request) => saveWholeProfile(app.db, request.user.id, localeOf(request), request.body),
  );

  app.put(
    '/profile/searchable',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'Show or hide the profile in search; hiding also hides the public profile (404 for others)',
        body: searchableBodySchema,
        response: ownResponse,
      },
    },
    async (request) => saveSearchable(app.db, request.user.id, localeOf(request), request.body.isSearchable),
  );

  app.put(
    '/profile/skills',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Replace the skills (name, yearsOfExperience, lastUsedYear, starred). At most 5 starred: ' +
          `'validation.tooManyHighlightedSkills'. ${VALIDATION}`,
        body: skillsBodySchema,
        response: ownResponse,
      },
    },
    async (request) => saveSkills(app.db, request.user.id, localeOf(request), request.body.skills),
  );

  app.put(
    '/profile/languages',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: `Replace the languages (code: a language vocabulary id or label; level: one of the five). ${VALIDATION}`,
        body: languagesBodySchema,
        response: ownResponse,
      },
    },
    async (request) => saveLanguages(app.db, request.user.id, localeOf(request), request.body.languages),
  );

  app.put(
    '/profile/educations',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: `Replace the educations (level, fieldOfStudy, degree, school, startYear, endYear). ${VALIDATION}`,
        body: educationsBodySchema,
        response: ownResponse,
      },
    },
    async (request) => saveEducations(app.db, request.user.id, localeOf(request), request.body.educations),
  );

  app.put(
    '/profile/experiences',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Replace the list of experiences and assignments, in this order (ids keep existing ones and their ' +
          `references; 404 EXPERIENCE_NOT_FOUND for an unknown id). ${VALIDATION}`,
        body: experiencesBodySchema,
        response: ownResponse,
      },
    },
    async (request) => saveExperiences(app.db, request.user.id, localeOf(request), request.body.experiences),
  );

  app.post(
    '/profile/experiences',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: `Add one experience or assignment at the end. ${VALIDATION}`,
        body: experienceEditSchema,
        response: ownResponse,
      },
    },
    async (request) => addExperience(app.db, request.user.id, localeOf(request), request.body),
  );

  app.put(
    '/profile/experiences/:experienceId',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: `Edit one experience (its references stay). 404 EXPERIENCE_NOT_FOUND. ${VALIDATION}`,
        params: experienceParamsSchema,
        body: experienceEditSchema,
        response: ownResponse,
      },
    },
    async (request) =>
      changeExperience(app.db, request.user.id, localeOf(request), request.params.experienceId, request.body),
  );

  app.delete(
    '/profile/experiences/:experienceId',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: 'Delete one experience with its references. 404 EXPERIENCE_NOT_FOUND',
        params: experienceParamsSchema,
        response: ownResponse,
      },
    },
    async (request) =>
      removeExperience(app.db, request.user.id, localeOf(request), request.params.experienceId),
  );

  app.put(
    '/profile/job-titles',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: `Replace the job titles (at most 10). ${VALIDATION}`,
        body: jobTitlesBodySchema,
        response: ownResponse,
      },
    },
    async (request) => saveJobTitles(app.db, request.user.id, localeOf(request), request.body.jobTitles),
  );

  app.put(
    '/profile/locations',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: `Replace the work location ids. ${VALIDATION}`,
        body: locationsBodySchema,
        response: ownResponse,
      },
    },
    async (request) => saveLocations(app.db, request.user.id, localeOf(request), request.body.locations),
  );

  app.put(
    '/profile/availability',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Set availability: kind available_now | not_available | available_at (date YYYY-MM-DD) | ' +
          `available_with_in (withinDays). ${VALIDATION}`,
        body: availabilityEditSchema,
        response: ownResponse,
      },
    },
    async (request) => saveAvailability(app.db, request.user.id, localeOf(request), request.body),
  );

  app.put(
    '/profile/description',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: `Set the short description (null or '' clears it; only spaces is refused). ${VALIDATION}`,
        body: descriptionBodySchema,
        response: ownResponse,
      },
    },
    async (request) =>
      saveDescription(app.db, request.user.id, localeOf(request), request.body.shortDescription),
  );

  app.put(
    '/profile/driving-licences',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: `Replace the driving licence classes (AM, A1, ..., B, BE, ...). ${VALIDATION}`,
        body: drivingLicencesBodySchema,
        response: ownResponse,
      },
    },
    async (request) =>
      saveDrivingLicences(app.db, request.user.id, localeOf(request), request.body.drivingLicences),
  );

  app.put(
    '/profile/personality',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary: `Set the DISC type (or null) and the driving forces. ${VALIDATION}`,
        body: personalityEditSchema,
        response: ownResponse,
      },
    },
    async (request) => savePersonality(app.db, request.user.id, localeOf(request), request.body),
  );
};
