import type { TFunction } from 'i18next';

/** What the dashboard's company card counts: the user's companies, and their members and projects together. */
export interface CompanyCounts {
  companies: number;
  members: number;
  projects: number;
}

/** What the contracts card counts: all the user's contracts, those out for signing and those signed. */
export interface ContractCounts {
  contracts: number;
  sent: number;
  signed: number;
}

const SEPARATOR = ' · ';

/**
 * The company card's line, each number with its own plural ('1 company · 1 member · 2 projects',
 * '1 företag · 1 medlem · 2 projekt'). `t` is the dashboard namespace's.
 */
export function companyCountsText(t: TFunction<'dashboard'>, counts: CompanyCounts): string {
  return [
    t('counts.companies', { count: counts.companies }),
    t('counts.members', { count: counts.members }),
    t('counts.projects', { count: counts.projects }),
  ].join(SEPARATOR);
}

/** The contracts card's line ('1 contract · 0 out for signing · 1 signed', '2 avtal · … · 1 undertecknat'). */
export function contractCountsText(t: TFunction<'dashboard'>, counts: ContractCounts): string {
  return [
    t('counts.contracts', { count: counts.contracts }),
    t('counts.sent', { count: counts.sent }),
    t('counts.signed', { count: counts.signed }),
  ].join(SEPARATOR);
}
