// Audit log codes as people read them. Locale keys are dotted paths, so a code's dots become underscores in
// its key (`company.link.issue` -> `audit.actions.company_link_issue`); a code without a label (an older row)
// is shown as it is.

const keyOf = (code: string) => code.replaceAll('.', '_');

/** The locale key of an audit action's label. */
export const auditActionKey = (action: string) => `audit.actions.${keyOf(action)}`;

/** The locale key of the label of what an audit entry is about (`company`, `vocabulary.skills`, ...). */
export const auditSubjectKey = (subjectType: string) => `audit.subjects.${keyOf(subjectType)}`;

/** The locale key of a profile part an admin's edit changed (`admin.profile.edit`'s `data.parts`). */
export const auditProfilePartKey = (part: string) => `audit.parts.${keyOf(part)}`;

/** The parts an `admin.profile.edit` entry says were changed, if it says. */
export function changedProfileParts(entry: {
  action: string;
  data: Record<string, unknown>;
}): string[] | null {
  if (entry.action !== 'admin.profile.edit' || !Array.isArray(entry.data.parts)) return null;
  return entry.data.parts.filter((part): part is string => typeof part === 'string');
}

/**
 * The locale key and values of who did an audit entry: the actor's name (else e-mail address), an actor whose
 * account is gone, or nobody (the system, an operator's script).
 */
export function auditActorText(entry: { actorUserId: string | null; actorName: string | null }): {
  key: string;
  values?: { actor: string };
} {
  if (entry.actorName) return { key: 'audit.by', values: { actor: entry.actorName } };
  return { key: entry.actorUserId ? 'audit.byGoneUser' : 'audit.bySystem' };
}
