import { isIsoDate } from '../criteria.schema';

// Calendar dates `YYYY-MM-DD` as the availability filter and the skill requirements compare them.

const DAY_MS = 86_400_000;

export function assertIsoDate(value: string, name: string): void {
  if (!isIsoDate(value)) throw new RangeError(`${name} must be a date YYYY-MM-DD, got "${value}"`);
}

function epochDay(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/**
 * The date the availability filter compares with: the chosen start, or today when none is chosen or the chosen
 * one has passed. A saved search (and its weekly mail) or an old link keeps the day it was made with; searched
 * as it was, that day would leave out everyone who has become available since.
 */
export function effectiveAvailableAt(criteria: { availableAt?: string | null }, today: string): string {
  const chosen = criteria.availableAt;
  return chosen && chosen > today ? chosen : today;
}

/** The first year a requirement's `usedWithinYears` accepts as the last use: this year minus the years. */
export function earliestLastUse(usedWithinYears: number, today: string): number {
  return Number(today.slice(0, 4)) - usedWithinYears;
}
