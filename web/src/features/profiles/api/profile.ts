import type { vocabularyBodySchema, VocabularySuggestions } from '@mp/api-contract/search.schema';
import type { AddReferenceBody } from '@mp/api-contract/references.schema';
import type {
  availabilityEditSchema,
  experienceEditSchema,
  profileEditBodySchema,
} from '@mp/api-contract/profile-edit.schema';
import type { OwnProfile, ViewedProfile } from '@mp/api-contract/profile-view.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

// The profile calls of spec section 7. Only types come from the API's schemas (erased at build), so client
// and server share one definition of every shape.

export type { OwnProfile, ViewedProfile };
export type OwnExperience = OwnProfile['experiences'][number];
export type OwnReference = OwnExperience['references'][number];
export type ViewedExperience = ViewedProfile['experiences'][number];
export type ReferenceSummary = ViewedProfile['references'];
export type ProfileEditBody = z.input<typeof profileEditBodySchema>;
export type ExperienceEditBody = z.input<typeof experienceEditSchema>;
export type AvailabilityEditBody = z.input<typeof availabilityEditSchema>;
export type RefereeBody = AddReferenceBody;
export type CvLanguage = 'sv' | 'en';

export const ownProfileQueryKey = ['profile', 'own'] as const;
export const viewedProfileQueryKey = (id: string) => ['profile', 'viewed', id] as const;

/** `GET profile`: the own profile with completion and the parts still missing. */
export function fetchOwnProfile(signal?: AbortSignal): Promise<OwnProfile> {
  return api.get<OwnProfile>('/profile', { signal });
}

/** `GET profile/{id}`: anonymous for visitors and non-premium users, full for premium. */
export function fetchProfile(id: string, signal?: AbortSignal): Promise<ViewedProfile> {
  return api.get<ViewedProfile>(`/profile/${encodeURIComponent(id)}`, { signal });
}

/** `PUT profile`: the whole profile (experiences are sent with their ids so their references stay). */
export function saveProfile(body: ProfileEditBody): Promise<OwnProfile> {
  return api.put<OwnProfile>('/profile', body);
}

/** `PUT profile/searchable`: hiding also hides the public profile. */
export function saveSearchable(isSearchable: boolean): Promise<OwnProfile> {
  return api.put<OwnProfile>('/profile/searchable', { isSearchable });
}

export function addExperience(body: ExperienceEditBody): Promise<OwnProfile> {
  return api.post<OwnProfile>('/profile/experiences', body);
}

export function changeExperience(id: string, body: ExperienceEditBody): Promise<OwnProfile> {
  return api.put<OwnProfile>(`/profile/experiences/${encodeURIComponent(id)}`, body);
}

export function removeExperience(id: string): Promise<OwnProfile> {
  return api.delete<OwnProfile>(`/profile/experiences/${encodeURIComponent(id)}`);
}

/** Names a referee for an experience; the API mails them the approval link. */
export function addReference(experienceId: string, body: RefereeBody): Promise<OwnProfile> {
  return api.post<OwnProfile>(`/profile/experiences/${encodeURIComponent(experienceId)}/references`, body);
}

export function resendReference(referenceId: string): Promise<OwnProfile> {
  return api.post<OwnProfile>(`/profile/references/${encodeURIComponent(referenceId)}/resend`);
}

export function removeReference(referenceId: string): Promise<OwnProfile> {
  return api.delete<OwnProfile>(`/profile/references/${encodeURIComponent(referenceId)}`);
}

/** `POST profile/picture` (multipart): the API checks the type from the content and stores a square WebP. */
export async function uploadPicture(picture: Blob, filename: string): Promise<OwnProfile> {
  const form = new FormData();
  form.append('file', picture, filename);
  return api.post<OwnProfile>('/profile/picture', form);
}

export function removePicture(): Promise<OwnProfile> {
  return api.delete<OwnProfile>('/profile/picture');
}

/** The own CV as a PDF in Swedish or English. */
export function downloadOwnCv(language: CvLanguage): Promise<Blob> {
  return api.get<Blob>('/profile/cv.pdf', { query: { lang: language }, responseType: 'blob' });
}

/** A consultant's anonymised CV (premium only). */
export function downloadAnonymisedCv(id: string, language: CvLanguage): Promise<Blob> {
  return api.get<Blob>(`/profile/${encodeURIComponent(id)}/cv.pdf`, {
    query: { lang: language },
    responseType: 'blob',
  });
}

export type VocabularyKind = z.input<typeof vocabularyBodySchema>['vocabulary'];
export type Suggestion = VocabularySuggestions['results'][number];

export { suggestTerms } from '../../../lib/vocabulary';

/** `GET admin/users/{id}/profile`: a user's profile as its owner edits it (admins only). */
export function fetchProfileAsAdmin(userId: string, signal?: AbortSignal): Promise<OwnProfile> {
  return api.get<OwnProfile>(`/admin/users/${encodeURIComponent(userId)}/profile`, { signal });
}

/** `PUT admin/users/{id}/profile`: an admin saves the whole profile on the user's behalf (audited). */
export function saveProfileAsAdmin(userId: string, body: ProfileEditBody): Promise<OwnProfile> {
  return api.put<OwnProfile>(`/admin/users/${encodeURIComponent(userId)}/profile`, body);
}
