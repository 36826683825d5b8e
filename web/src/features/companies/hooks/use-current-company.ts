import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { companiesQueryOptions, type CompanyView } from '../api/companies';

// Which company the company pages show: the one picked last (kept for the browser session), else the first
// the user administers, else the first the user is a member of.

const STORAGE_KEY = 'mp.currentCompany';
const listeners = new Set<() => void>();

function readSelection(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Makes `companyId` the company the company pages show. A plain function, not the hook: the join page uses it
 * without the hook's GET /api/companies, which a visitor who is not logged in would be refused (401).
 */
export function selectCurrentCompany(companyId: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, companyId);
  } catch {
    // Private mode without storage: the choice lasts until the next render only.
  }
  for (const listener of listeners) listener();
}

export function useCurrentCompany() {
  const query = useQuery(companiesQueryOptions);
  const selected = useSyncExternalStore(subscribe, readSelection, () => null);
  const companies: CompanyView[] = query.data
    ? [...query.data.adminForCompanies, ...query.data.memberInCompanies]
    : [];
  const company = companies.find((c) => c.id === selected) ?? companies[0];
  const select = useCallback((companyId: string) => selectCurrentCompany(companyId), []);
  return { companies, company, select, isPending: query.isPending, isError: query.isError };
}
