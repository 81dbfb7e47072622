/**
 * The queue's page through the API (station/transactions/queue.ts over the store's page in SQL): a
 * page filtered by status and account, cut by offset and limit, holds exactly the entries of the
 * whole queue that show that status, in the whole queue's order; the total counts them, and the
 * accounts are those with a transaction of that status. Over the real station's seeded queue, whose
 * expirations spread from already expired to most of a day ahead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TX_STATUSES } from '../../shared/base/limits.ts';
import type { QueueEntry } from '../../shared/api/station-api.ts';
import { openRealStation, TEST_ADDRESSES, type RealStation } from '../helpers/real-station.ts';

let s: RealStation;
beforeAll(async () => {
  s = await openRealStation({ count: 24 });
});
afterAll(() => s.close());

describe('the queue page', () => {
  it('is the whole queue filtered and cut, in the same order, with its total and accounts', async () => {
    const whole = await s.handlers.list({ limit: 1_000 });
    expect(whole.total).toBe(24);
    // Newest first: the order the station seeded them in (transaction 0 made last).
    expect(whole.entries.map((e) => e.txId)).toEqual(s.txIds);
    expect(whole.accounts).toEqual([TEST_ADDRESSES.M]);
    const shown = new Set(whole.entries.map((e) => e.status));
    expect(shown.has('expired') && shown.has('collecting')).toBe(true);
    for (const status of [undefined, ...TX_STATUSES]) {
      for (const account of [undefined, TEST_ADDRESSES.M, ` ${TEST_ADDRESSES.R} `]) {
        const wanted = whole.entries.filter(
          (e: QueueEntry) => (status === undefined || e.status === status) && (account === undefined || e.account === account.trim()),
        );
        const filter = { ...(status && { status }), ...(account && { account }) };
        const page = await s.handlers.list(filter);
        expect(page.total, `${status} ${account}`).toBe(wanted.length);
        expect(page.entries, `${status} ${account}`).toEqual(wanted);
        // The accounts offered are those with a transaction of the status, whichever account is chosen.
        expect(page.accounts).toEqual([...new Set(whole.entries.filter((e) => status === undefined || e.status === status).map((e) => e.account))].sort());
        for (const [offset, limit] of [
          [0, 1],
          [3, 4],
          [wanted.length - 1, 5],
        ] as const) {
          if (offset < 0) continue;
          const cut = await s.handlers.list({ ...filter, offset, limit });
          expect(cut.entries.map((e) => e.txId)).toEqual(wanted.slice(offset, offset + limit).map((e) => e.txId));
          expect(cut.total).toBe(wanted.length);
        }
      }
    }
  });
});
