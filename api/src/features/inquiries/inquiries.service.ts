import {
  DISC_TYPES_BY_ID,
  DRIVING_FORCES_BY_ID,
  EDUCATION_LEVELS_BY_ID,
  translateMessage,
  WORK_LOCATIONS_BY_ID,
  type Locale,
} from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import { labelTermId, type PartialSearchCriteria } from '@mp/search-schema';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { buildWebLink } from '../../lib/links';
import { enqueueMail, type DeliverMails } from '../../lib/mail-outbox';
import { isUuid } from '../../lib/uuid';
import { findInquiryConsultant, insertInquiry } from './inquiries.repository';
import type { InquiryBody } from '@mp/api-contract/inquiries.schema';

export interface InquiriesDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'OPERATOR_EMAIL' | 'PUBLIC_URL'>;
  deliverMails: DeliverMails;
}

/** The operators read inquiries in Swedish. */
const OPERATOR_LOCALE: Locale = 'sv';

const CRITERIA_LABELS = {
  searchTerm: { sv: 'Sökord', en: 'Keywords' },
  skills: { sv: 'Kompetenser', en: 'Skills' },
  languages: { sv: 'Språk', en: 'Languages' },
  educationLevel: { sv: 'Lägsta utbildningsnivå', en: 'Minimum education' },
  fieldsOfStudy: { sv: 'Studieinriktningar', en: 'Fields of study' },
  locations: { sv: 'Orter', en: 'Locations' },
  personalities: { sv: 'Beteendestil', en: 'Behavioural style' },
  drivingForces: { sv: 'Drivkrafter', en: 'Driving forces' },
  availableAt: { sv: 'Uppdragsstart', en: 'Assignment start' },
} as const;

/** The search a sender had made, one readable line per criterion that has a value. */
export function describeCriteria(criteria: PartialSearchCriteria, locale: Locale): string[] {
  const lines: string[] = [];
  const add = (name: keyof typeof CRITERIA_LABELS, values: readonly string[]) => {
    if (values.length > 0) lines.push(`${CRITERIA_LABELS[name][locale]}: ${values.join(', ')}`);
  };
  add('searchTerm', criteria.searchTerm ? [criteria.searchTerm] : []);
  add(
    'skills',
    (criteria.skills ?? []).map((id) => labelTermId('skills', id, locale)),
  );
  add(
    'languages',
    (criteria.languages ?? []).map((id) => labelTermId('languages', id, locale)),
  );
  add(
    'educationLevel',
    criteria.educationLevel ? [EDUCATION_LEVELS_BY_ID[criteria.educationLevel].label[locale]] : [],
  );
  add(
    'fieldsOfStudy',
    (criteria.fieldsOfStudy ?? []).map((id) => labelTermId('fieldsOfStudy', id, locale)),
  );
  add(
    'locations',
    (criteria.locations ?? []).map((id) => WORK_LOCATIONS_BY_ID[id].label[locale]),
  );
  add(
    'personalities',
    (criteria.personalities ?? []).map((id) => DISC_TYPES_BY_ID[id].label[locale]),
  );
  add(
    'drivingForces',
    (criteria.drivingForces ?? []).map((id) => DRIVING_FORCES_BY_ID[id].label[locale]),
  );
  add('availableAt', criteria.availableAt ? [criteria.availableAt] : []);
  return lines;
}

/**
 * POST /search/inquiry: stores the inquiry and, in the same transaction, its mail to the operators in Swedish
 * (replies go to the sender) to the mail outbox: sent after the commit and retried until it is, when the inquiry
 * gets its `mailed_at` (an inquiry without one is what operations look for, docs/operations.md). The sender gets
 * a receipt in their language the same way (`inquiryConfirmation`: what they wrote, in short, and the answer
 * within 2 working days). The answer never waits for the mail server.
 *
 * The form's `id`, when it names a consultant's profile (the form on a profile page sends it), is stored as
 * the consultant the inquiry is about, and the operators' mail names the consultant, with links to the
 * profile and to the account in the admin area, so they can pass the inquiry on (the spec's contact form for
 * buyers without a subscription; the consultant is not mailed the sender's details, which is the direct contact
 * premium gives). An `id` that names no consultant with a searchable profile is 404 PROFILE_NOT_AVAILABLE;
 * without an `id` it is the general contact form.
 */
export async function submitInquiry(
  deps: InquiriesDeps,
  input: InquiryBody,
  sender: { userId: string | null; locale: Locale },
): Promise<{ message: string }> {
  const phone = input.phone ? input.phone : null;
  const reference = input.id ? input.id : null;
  const consultant =
    reference && isUuid(reference) ? await findInquiryConsultant(deps.db, reference) : undefined;
  // A form about a consultant nobody can see (unknown, hidden, removed) is refused as the favourites are: the
  // operators would get an inquiry they cannot pass on.
  if (reference && !consultant) throw new AppError('PROFILE_NOT_AVAILABLE');
  const consultantUserId = consultant ? reference : null;
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const id = await insertInquiry(trx, {
      userId: sender.userId,
      consultantUserId,
      name: input.name,
      email: input.email,
      details: input.details,
      phone,
      criteria: input.criteria ? JSON.stringify(input.criteria) : null,
      locale: sender.locale,
    });
    const operatorsMail = await enqueueMail(trx, {
      to: deps.config.OPERATOR_EMAIL,
      locale: OPERATOR_LOCALE,
      template: 'inquiryReceived',
      replyTo: input.email,
      params: {
        inquiryId: id,
        name: input.name,
        email: input.email,
        phone,
        details: input.details,
        senderLocale: sender.locale,
        userId: sender.userId,
        reference,
        consultant:
          consultant && consultantUserId
            ? {
                name: consultant.name,
                profileLink: buildWebLink(
                  deps.config.PUBLIC_URL,
                  OPERATOR_LOCALE,
                  `profile/${consultantUserId}`,
                ),
                adminLink: buildWebLink(
                  deps.config.PUBLIC_URL,
                  OPERATOR_LOCALE,
                  `god/users/${consultantUserId}`,
                ),
              }
            : null,
        criteria: input.criteria ? describeCriteria(input.criteria, OPERATOR_LOCALE) : [],
      },
      onSent: [{ kind: 'inquiryMailed', inquiryId: id }],
    });
    // The sender's receipt, in their language: proof the inquiry arrived, and of the address the answer goes to.
    // A reply (something to add) reaches the operators who answer the inquiry. Only to a logged-in sender's own
    // account address: a form anyone may post must not make us mail what they wrote to any address they type.
    const ownAddress = await findOwnAddress(trx, sender.userId, input.email);
    if (!ownAddress) return [operatorsMail];
    const receipt = await enqueueMail(trx, {
      to: ownAddress,
      locale: sender.locale,
      template: 'inquiryConfirmation',
      replyTo: deps.config.OPERATOR_EMAIL,
      params: {
        name: input.name,
        details: input.details,
        consultant: consultantUserId
          ? {
              profileLink: buildWebLink(deps.config.PUBLIC_URL, sender.locale, `profile/${consultantUserId}`),
            }
          : null,
      },
    });
    return [operatorsMail, receipt];
  });
  deps.deliverMails(mailIds);
  return { message: translateMessage('success.inquirySent', sender.locale) };
}

/** The logged-in sender's account address when it is the one typed (citext: compared without case), else null. */
async function findOwnAddress(db: Kysely<Database>, userId: string | null, email: string) {
  if (!userId) return null;
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .where('email', '=', email.trim())
    .executeTakeFirst();
  return user?.email ?? null;
}
