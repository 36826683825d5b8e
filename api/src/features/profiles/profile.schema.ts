import {
  AVAILABILITY_KIND_IDS,
  DISC_TYPE_IDS,
  DRIVING_FORCE_IDS,
  DRIVING_LICENCE_CLASS_IDS,
  EDUCATION_LEVEL_IDS,
  EMPLOYMENT_FORM_IDS,
  HIGHLIGHTED_SKILLS_MAX,
  LANGUAGE_LEVEL_IDS,
  WORK_LOCATION_IDS,
} from '@mp/domain';
import { z } from 'zod';

const text = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.maxLength');
const year = z.number().int().min(1940).max(2200);

export const profileSkillInputSchema = z.object({
  name: text(100),
  yearsOfExperience: z.number().min(0).max(80).nullable().default(null),
  lastUsedYear: year.nullable().default(null),
  starred: z.boolean().default(false),
});

export const profileInputSchema = z
  .object({
    firstName: text(100).nullable().default(null),
    lastName: text(100).nullable().default(null),
    isSearchable: z.boolean().default(true),
    shortDescription: z.string().trim().max(2000, 'validation.maxLength').nullable().default(null),
    discType: z.enum(DISC_TYPE_IDS).nullable().default(null),
    drivingForces: z.array(z.enum(DRIVING_FORCE_IDS)).max(12).default([]),
    availability: z
      .object({
        kind: z.enum(AVAILABILITY_KIND_IDS),
        date: z.iso.date().nullable().default(null),
        withinDays: z.number().int().min(0).max(3650).nullable().default(null),
      })
      .default({ kind: 'available_now', date: null, withinDays: null }),
    locations: z.array(z.enum(WORK_LOCATION_IDS)).default([]),
    drivingLicences: z.array(z.enum(DRIVING_LICENCE_CLASS_IDS)).default([]),
    jobTitles: z.array(text(100)).max(10).default([]),
    skills: z.array(profileSkillInputSchema).max(200).default([]),
    languages: z
      .array(z.object({ code: z.string().min(2).max(3), level: z.enum(LANGUAGE_LEVEL_IDS) }))
      .max(50)
      .default([]),
    educations: z
      .array(
        z.object({
          level: z.enum(EDUCATION_LEVEL_IDS),
          fieldOfStudy: z.string().trim().max(150).nullable().default(null),
          degree: z.string().trim().max(150).nullable().default(null),
          school: z.string().trim().max(150).nullable().default(null),
          startYear: year.nullable().default(null),
          endYear: year.nullable().default(null),
        }),
      )
      .max(30)
      .default([]),
    experiences: z
      .array(
        z.object({
          company: text(150),
          jobTitle: text(150),
          startYear: year,
          endYear: year.nullable().default(null),
          ongoing: z.boolean().default(false),
          employmentForm: z.enum(EMPLOYMENT_FORM_IDS),
          description: z.string().trim().max(5000).nullable().default(null),
          skills: z.array(text(100)).max(50).default([]),
        }),
      )
      .max(100)
      .default([]),
  })
  .superRefine((p, ctx) => {
    if (p.skills.filter((s) => s.starred).length > HIGHLIGHTED_SKILLS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['skills'], message: 'validation.tooManyHighlightedSkills' });
    }
    if (p.availability.kind === 'available_at' && !p.availability.date) {
      ctx.addIssue({ code: 'custom', path: ['availability', 'date'], message: 'validation.required' });
    }
    if (p.availability.kind === 'available_with_in' && p.availability.withinDays === null) {
      ctx.addIssue({ code: 'custom', path: ['availability', 'withinDays'], message: 'validation.required' });
    }
    p.experiences.forEach((e, i) => {
      if (e.endYear !== null && e.endYear < e.startYear) {
        ctx.addIssue({
          code: 'custom',
          path: ['experiences', i, 'endYear'],
          message: 'validation.invalidInput',
        });
      }
    });
  });

/** A whole profile as the consultant edits it (and as the seed generator writes it). */
export type ProfileInput = z.infer<typeof profileInputSchema>;
export type ProfileInputDraft = z.input<typeof profileInputSchema>;
