import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';

describe('eventually', () => {
  it('returns once the check holds, after checking until then', async () => {
    let checks = 0;
    const elapsed = await eventually(() => ++checks === 3, { intervalMs: 1 });
    expect(checks).toBe(3);
    expect(elapsed).toBeGreaterThanOrEqual(0);
  });

  it('fails with what it waited for when the check never holds', async () => {
    await expect(
      eventually(async () => false, { timeoutMs: 20, intervalMs: 5, what: 'the mail' }),
    ).rejects.toThrow('the mail: not within 20 ms');
  });
});
