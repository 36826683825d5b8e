import { addMonths, monthOf, swedishDayOf } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@mp/test-support/test-app';
import { approvedMonth, createBuyerCompany, hire, loggedIn } from '@mp/test-support/time-fixtures';
import type { EconomyView } from '@mp/api-contract/time.schema';

const testApp = useTestApp();
const { call } = testApp;

describe('GET /api/time/economy', () => {
  it("counts the invoiced work (hours and overtime), never the buyer fee, which is the platform's", async () => {
    const month = addMonths(monthOf(swedishDayOf(new Date())), -1);
    const buyer = await createBuyerCompany(testApp.app, 'Ekonomin AB');
    const consultant = await loggedIn(testApp.app, { firstName: 'Mikael', lastName: 'Medlem' });
    const assignmentId = await hire(testApp.app, buyer, consultant, {
      startDate: `${month}-01`,
      hourlyFee: 950,
      overtimeFee: 1400,
    });
    await approvedMonth(testApp.app, buyer, consultant, assignmentId, month, [
      { date: `${month}-02`, hours: 7.25, overtimeHours: 1.5 },
    ]);
    // The bill itself carries the fee (its subtotal is work + fee) ...
    const bill = await testApp.app.db
      .selectFrom('bills')
      .select('subtotal_ore')
      .where('assignment_id', '=', assignmentId)
      .executeTakeFirstOrThrow();
    const workOre = 725 * 950 + 150 * 1400; // 7.25 h × 950 SEK + 1.5 h × 1400 SEK, in öre
    expect(Number(bill.subtotal_ore)).toBeGreaterThan(workOre);

    // ... the economy of the consultant, and of the approver (company admin) alike, counts only the work.
    for (const reader of [consultant, buyer.admin]) {
      const economy = (await call('GET', '/api/time/economy', reader.token)).json() as EconomyView;
      const row = economy.months.find((entry) => entry.month === month);
      expect(row).toEqual({ month, revenueOre: workOre, bills: 1 });
      expect(economy.months.reduce((sum, entry) => sum + entry.revenueOre, 0)).toBe(workOre);
    }
  });
});
