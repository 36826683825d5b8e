import { addDays, addMonths, isoWeekOf, mondayOf, monthOf, swedishDayOf } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';
import { selectVisibleBills } from '../billing/bills.service';
import { assignmentVisibleTo } from './assignments.repository';
import type { EconomyView } from '@mp/api-contract/time.schema';

const WEEKS = 12;
const MONTHS = 12;
/** The lines of a bill that are the consultant's work (not the platform's buyer fee). */
const WORK_LINE_KINDS = ['hours', 'overtime'] as const;

/**
 * The economy view (dashboard card and app/time): hours per ISO week on the assignments the caller sees
 * (as consultant, approver or company member), and the work invoiced per month on the bills the caller sees:
 * the hours and overtime lines before VAT, by the month billed. The buyer fee is the platform's, never the
 * consultant's revenue, so it is not counted (docs/time-and-billing.md). Weeks and months without data are
 * present with zeros.
 */
export async function economyOf(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<EconomyView> {
  const today = swedishDayOf(now);
  const firstMonday = addDays(mondayOf(today), -7 * (WEEKS - 1));
  const hours = await db
    .selectFrom('time_reports as r')
    .innerJoin('assignments as a', 'a.id', 'r.assignment_id')
    .select([
      sql<string>`to_char(date_trunc('week', r.work_date), 'YYYY-MM-DD')`.as('monday'),
      sql<number>`sum(round(r.hours * 100))::int`.as('centis'),
      sql<number>`sum(round(r.overtime_hours * 100))::int`.as('overtime_centis'),
    ])
    .where('r.work_date', '>=', firstMonday)
    .where('r.work_date', '<=', addDays(mondayOf(today), 6))
    .where(assignmentVisibleTo(userId))
    .groupBy(sql`date_trunc('week', r.work_date)`)
    .execute();
  const byWeek = new Map(hours.map((row) => [row.monday, row]));

  const firstMonth = addMonths(monthOf(today), -(MONTHS - 1));
  const bills = await selectVisibleBills(db, userId)
    .select((eb) =>
      eb
        .selectFrom('bill_lines as l')
        .select(sql<string>`coalesce(sum(l.amount_ore), 0)`.as('work_ore'))
        .whereRef('l.bill_id', '=', 'b.id')
        .where('l.kind', 'in', WORK_LINE_KINDS)
        .as('work_ore'),
    )
    .where('b.period_month', '>=', `${firstMonth}-01`)
    .execute();
  const byMonth = new Map<string, { revenueOre: number; bills: number }>();
  for (const bill of bills) {
    const month = String(bill.period_month).slice(0, 7);
    const entry = byMonth.get(month) ?? { revenueOre: 0, bills: 0 };
    entry.revenueOre += Number(bill.work_ore ?? 0);
    entry.bills += 1;
    byMonth.set(month, entry);
  }

  return {
    weeks: Array.from({ length: WEEKS }, (_, index) => {
      const start = addDays(firstMonday, 7 * index);
      const { year, week } = isoWeekOf(start);
      const row = byWeek.get(start);
      return {
        week: `${year}-W${String(week).padStart(2, '0')}`,
        start,
        hours: (row?.centis ?? 0) / 100,
        overtimeHours: (row?.overtime_centis ?? 0) / 100,
      };
    }),
    months: Array.from({ length: MONTHS }, (_, index) => {
      const month = addMonths(firstMonth, index);
      return {
        month,
        revenueOre: byMonth.get(month)?.revenueOre ?? 0,
        bills: byMonth.get(month)?.bills ?? 0,
      };
    }),
  };
}
