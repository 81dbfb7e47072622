// The snapshot file's optional transactions section (docs/decisions.md §18: offline stations learn what became of
// their transactions from an online station's snapshot): it round-trips, a file without it is read
// as before, and each entry is read strictly (txID shape, no txID twice, a result code, a whole
// fee), the error naming the entry.
import { describe, expect, it } from 'vitest';
import { exportSnapshot, parseSnapshot, stringifySnapshot } from './snapshot.ts';

const T0 = 1_800_000_000_000;
const block = { number: 7, id: '0000000000000007' + 'ab'.repeat(24), timestamp: T0 };
const base = () => exportSnapshot({ node: 'http://127.0.0.1:8090', block, accounts: [], exportedAt: T0 + 1 });
const TXID = 'ab'.repeat(32);
const withTransactions = (transactions: unknown): string => JSON.stringify({ ...base(), transactions });

describe('snapshot transactions section', () => {
  it('round-trips, lowercases txIDs, and is absent from a file that has none', () => {
    expect(base()).not.toHaveProperty('transactions');
    expect(parseSnapshot(stringifySnapshot(base()))).not.toHaveProperty('transactions');
    const read = parseSnapshot(withTransactions([{ txid: TXID.toUpperCase(), block: 5, result: 'SUCCESS', fee: '100000' }]));
    expect(read.transactions).toEqual([{ txid: TXID, block: 5, result: 'SUCCESS', fee: '100000' }]);
    expect(parseSnapshot(stringifySnapshot(read))).toEqual(read);
  });

  it('refuses a bad txID, a txID twice, a result that is not a code, a negative fee and unknown members, naming the entry', () => {
    const entry = { txid: TXID, block: 5, result: 'SUCCESS', fee: '1' };
    expect(() => parseSnapshot(withTransactions([{ ...entry, txid: 'xyz' }]))).toThrow(/snapshot\.transactions\[0\]\.txid: expected 64 hex digits/);
    expect(() => parseSnapshot(withTransactions([entry, { ...entry, txid: TXID.toUpperCase() }]))).toThrow(
      /snapshot\.transactions\[1\]\.txid: this transaction appears twice/,
    );
    expect(() => parseSnapshot(withTransactions([{ ...entry, result: 'ok <script>' }]))).toThrow(/snapshot\.transactions\[0\]\.result: expected a result code/);
    expect(() => parseSnapshot(withTransactions([{ ...entry, fee: '-1' }]))).toThrow(/snapshot\.transactions\[0\]\.fee/);
    expect(() => parseSnapshot(withTransactions([{ ...entry, extra: 1 }]))).toThrow(/snapshot\.transactions\[0\]/);
    expect(() => parseSnapshot(withTransactions({}))).toThrow(/snapshot\.transactions/);
  });
});
