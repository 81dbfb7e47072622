/**
 * A queue row that can no longer be signed offers no signers (docs/decisions.md §26: confirmed and expired rows
 * kept "Could still sign"): over the real station's seeded queue, the expired row, unsigned, lists
 * nobody, while a collecting row of the same account still lists the keys that have not signed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openRealStation, type RealStation } from '../helpers/real-station.ts';

const opened: RealStation[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe('the keys a queue row offers', () => {
  it('are none once the row is expired; the keys that have not signed while it may still be signed', async () => {
    const s = await openRealStation({ count: 4 });
    opened.push(s);
    const [expired, one] = s.txIds as [string, string];
    const { entries } = await s.handlers.list({});
    const row = (txId: string) => entries.find((e) => e.txId === txId)!;
    expect(row(expired).status).toBe('expired');
    expect(row(expired).canStillSign).toEqual([]);
    expect(row(one).status).toBe('collecting');
    expect(row(one).canStillSign.length).toBeGreaterThan(0);
  });
});
