import {
  AVAILABILITY_KINDS_BY_ID,
  BASE_LANGUAGES_BY_ID,
  DISC_TYPES_BY_ID,
  DRIVING_FORCE_GROUPS_BY_ID,
  DRIVING_FORCES_BY_ID,
  EDUCATION_LEVELS_BY_ID,
  WORK_LOCATIONS_BY_ID,
  type AvailabilityKindId,
  type DiscType,
  type DiscTypeId,
  type DrivingForceId,
  type EducationLevelId,
  type WorkLocationId,
} from '@mp/domain/value-lists';
import type { Language } from '../../lib/language';

// Labels (and colours) for the ids the search API returns, from the domain's value lists: one source for the
// server's documents and the interface.

export function locationLabel(id: string, language: Language): string {
  return WORK_LOCATIONS_BY_ID[id as WorkLocationId]?.label[language] ?? id;
}

export function discTypeOf(id: string | null | undefined): DiscType | undefined {
  return id ? DISC_TYPES_BY_ID[id as DiscTypeId] : undefined;
}

export function drivingForceLabel(id: string, language: Language): string {
  return DRIVING_FORCES_BY_ID[id as DrivingForceId]?.label[language] ?? id;
}

/** The colour of a driving force's group (both ends of a motivator share it). */
export function drivingForceColour(id: string): string {
  const force = DRIVING_FORCES_BY_ID[id as DrivingForceId];
  return (force && DRIVING_FORCE_GROUPS_BY_ID[force.group]?.colour) ?? '#4b5b66';
}

export function educationLevelLabel(id: string, language: Language): string {
  return EDUCATION_LEVELS_BY_ID[id as EducationLevelId]?.label[language] ?? id;
}

export function availabilityLabel(kind: string, language: Language): string {
  return AVAILABILITY_KINDS_BY_ID[kind as AvailabilityKindId]?.label[language] ?? kind;
}

/** A base language's name (the suggested-language chips), in Swedish when the interface is Swedish. */
export function baseLanguageLabel(id: string, language: Language): string | undefined {
  return BASE_LANGUAGES_BY_ID[id as keyof typeof BASE_LANGUAGES_BY_ID]?.label[language];
}
