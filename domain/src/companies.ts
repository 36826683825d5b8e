import { z } from 'zod';
import type { MessageCode } from './messages';
import { emailSchema, organisationNumberSchema, requiredTextSchema, websiteSchema } from './validation';
import { vatNumberSchema } from './vat-number';

// Consulting companies (spec sections 3 and 6): member permissions, business types, the contract status
// machine and the limits of invite links and contract uploads. Shared by the API and the web app.

/**
 * What a company member may do besides seeing the company and its projects. An admin has every permission;
 * a member has the ones an admin (or a member who may manage members) gave them. See
 * docs/company-permissions.md.
 */
export const COMPANY_PERMISSIONS = [
  /** See the members and the invite link; change members' permissions; remove members. */
  'manage_members',
  /** Create, rename and delete projects. */
  'manage_projects',
  /** Upload contracts, send them for signing, cancel them, see every contract of the company. */
  'manage_contracts',
  /** See the company's bills and subscription. */
  'view_billing',
] as const;

export type CompanyPermission = (typeof COMPANY_PERMISSIONS)[number];
export type CompanyRole = 'admin' | 'member';

/** The permissions a membership has in effect: all of them for an admin. */
export function effectivePermissions(role: CompanyRole, permissions: readonly string[]): CompanyPermission[] {
  if (role === 'admin') return [...COMPANY_PERMISSIONS];
  return COMPANY_PERMISSIONS.filter((permission) => permissions.includes(permission));
}

/** Swedish business forms (bolagsformer) a consulting company may have. */
export const BUSINESS_TYPES = [
  'limited_company', // aktiebolag
  'sole_trader', // enskild näringsidkare
  'trading_partnership', // handelsbolag
  'limited_partnership', // kommanditbolag
  'economic_association', // ekonomisk förening
  'other',
] as const;

export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** How long an invite link works after it was made. */
export const INVITE_LINK_VALID_DAYS = 14;

/** Addresses one invitation by e-mail may name (the company page's box and `POST company/{id}/invites`). */
export const INVITE_EMAILS_MAX = 20;

/** Invitation mails one company may send in 24 hours: enough to bring in a whole team, not a mailing list. */
export const INVITE_MAILS_PER_DAY = 100;

/** The addresses typed into the invite box: separated by commas, semicolons, spaces or new lines. */
export function splitEmailList(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** What {@link checkInviteEmails} finds wrong, as a message code with its parameters. */
export interface InviteEmailsIssue {
  code: MessageCode;
  params?: { emails?: string; max?: number };
  /** The addresses that are not e-mail addresses, as typed. */
  invalid?: string[];
}

/**
 * The addresses of one invitation by e-mail, checked: none ('Enter email addresses'), any that is not an
 * e-mail address (named in the message), more than {@link INVITE_EMAILS_MAX} different ones. Otherwise the
 * distinct addresses, trimmed, in the order given (the first spelling of an address given twice).
 */
export function checkInviteEmails(
  list: readonly string[],
): { emails: string[]; issue?: undefined } | { emails?: undefined; issue: InviteEmailsIssue } {
  const given = list.map((value) => value.trim()).filter(Boolean);
  if (given.length === 0) return { issue: { code: 'validation.enterEmails' } };
  const invalid = [...new Set(given.filter((value) => !emailSchema.safeParse(value).success))];
  if (invalid.length > 0) {
    return {
      issue: {
        code: invalid.length === 1 ? 'validation.invalidEmailNamed' : 'validation.invalidEmailsNamed',
        params: { emails: invalid.join(', ') },
        invalid,
      },
    };
  }
  const seen = new Set<string>();
  const emails = given.filter((email) => {
    const key = email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (emails.length > INVITE_EMAILS_MAX) {
    return { issue: { code: 'validation.tooManyEmails', params: { max: INVITE_EMAILS_MAX } } };
  }
  return { emails };
}

/** The largest contract PDF accepted. */
export const CONTRACT_MAX_BYTES = 20 * 1024 * 1024;

export const COMPANY_NAME_MAX_LENGTH = 200;
export const PROJECT_NAME_MAX_LENGTH = 100;
export const CONTRACT_NAME_MAX_LENGTH = 200;
export const ADDRESS_MAX_LENGTH = 500;

// The refusal says the limit: 'Cannot be longer than 200 characters' (`{max}` is filled from zod's `maximum`).
const tooLong = { error: 'validation.maxLength' satisfies MessageCode, abort: true } as const;

const optionalText = (max: number) =>
  z
    .string({ error: 'validation.invalidInput' satisfies MessageCode })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** The company details form (create and update): spec section 5's rules for each identifier. */
export const companyDetailsSchema = z.object(
  {
    businessName: requiredTextSchema.pipe(z.string().max(COMPANY_NAME_MAX_LENGTH, tooLong)),
    businessType: z.enum(BUSINESS_TYPES, { error: 'validation.required' satisfies MessageCode }),
    organisationNumber: organisationNumberSchema,
    /** Optional: a company that is not registered for VAT has none. */
    vatNumber: z
      .preprocess((value) => (value === '' ? null : value), vatNumberSchema.nullish())
      .transform((value) => value ?? null),
    website: websiteSchema.transform((value) => (value ? value : null)),
    address: optionalText(ADDRESS_MAX_LENGTH),
  },
  { error: 'validation.invalidInput' satisfies MessageCode },
);

export type CompanyDetailsInput = z.input<typeof companyDetailsSchema>;
export type CompanyDetails = z.output<typeof companyDetailsSchema>;

/** A project's name: required, not only spaces, at most 100 characters. */
export const projectNameSchema = requiredTextSchema.pipe(z.string().max(PROJECT_NAME_MAX_LENGTH, tooLong));

/** A contract's name: required, not only spaces, at most 200 characters. */
export const contractNameSchema = requiredTextSchema.pipe(z.string().max(CONTRACT_NAME_MAX_LENGTH, tooLong));

// ---------------------------------------------------------------------------------------------------------
// Contracts

export const CONTRACT_STATUSES = ['draft', 'sent', 'signed', 'declined', 'expired', 'cancelled'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/**
 * The contract status machine: draft -> sent -> signed | declined | expired, and cancelled from draft or
 * sent. Signed, declined, expired and cancelled are final. Who moves it: the company (send, cancel) and the
 * signing provider (signed, declined, expired). See docs/company-permissions.md.
 */
export const CONTRACT_TRANSITIONS: Readonly<Record<ContractStatus, readonly ContractStatus[]>> = {
  draft: ['sent', 'cancelled'],
  sent: ['signed', 'declined', 'expired', 'cancelled'],
  signed: [],
  declined: [],
  expired: [],
  cancelled: [],
};

export function canTransitionContract(from: ContractStatus, to: ContractStatus): boolean {
  return CONTRACT_TRANSITIONS[from].includes(to);
}

export const isFinalContractStatus = (status: ContractStatus) => CONTRACT_TRANSITIONS[status].length === 0;

/**
 * How the app and its mails name an assignment: by its contract, with the project when there is one, and the
 * buying company ('Avtal 2 (Plattformsbygget) – Köparbolaget AB', 'Avtal 2 – Köparbolaget AB'). The contract's
 * name tells apart two assignments at one company, with or without a project; the same in sv and en.
 */
export function assignmentName(assignment: {
  contractName: string;
  projectName: string | null;
  companyName: string;
}): string {
  const { contractName, projectName, companyName } = assignment;
  const name = contractName ? (projectName ? `${contractName} (${projectName})` : contractName) : projectName;
  return name ? `${name} – ${companyName}` : companyName;
}

/**
 * How a bill (its page and its PDF) names its assignment: as the mails do (assignmentName), from the contract and
 * project the bill kept when it was issued and its buyer. The buyer is named again although the bill shows it
 * as a party, so that the bill says the same words as the mail it came with. Null for a bill that kept neither
 * contract nor project: its buyer alone names nothing more than the buyer block does.
 */
export function billAssignmentName(bill: {
  contractName: string | null;
  projectName: string | null;
  buyerName: string;
}): string | null {
  if (!bill.contractName && !bill.projectName) return null;
  return assignmentName({
    contractName: bill.contractName ?? '',
    projectName: bill.projectName,
    companyName: bill.buyerName,
  });
}
