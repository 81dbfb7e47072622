// The station's list page in SQL (station/store/transaction-list.ts): a page filtered by the status as
// shown at a time and by account, cut by offset and limit, counted, and the accounts of a status, are
// exactly what the whole list says when it is filtered and cut afterwards, in the same order (newest
// first, rows stored in one millisecond in the order they were stored), with the same weights.
// Real SQLite files; the rows cover every stored status, expirations before, at and after the time
// asked about, three accounts, permissions and signatures.
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { TX_STATUSES, type TxStatus } from '../../shared/base/limits.ts';
import { newTransaction, permissionBytes, randomAddress, randomSignature, T0 } from '../../test/helpers/store-helpers.ts';
import { useTestStore } from '../../test/helpers/store-fixture.ts';
import { shownStatus, type ListedTransaction } from './transaction-list.ts';

const { clock, store, refused } = useTestStore();

/** The time the list is asked about: rows expire before it, at it and after it. */
const NOW = T0 + 60_000;

/** 3 accounts × every stored status × expirations around NOW, some stored in the same millisecond, some signed. */
function seed(): Uint8Array[] {
  const accounts = [randomAddress(), randomAddress(), randomAddress()];
  const keys = [randomAddress(), randomAddress(), randomAddress()];
  const permission = permissionBytes(keys);
  const expirations = [NOW - 1, NOW, NOW + 1, NOW + 3_600_000];
  let i = 0;
  for (const status of TX_STATUSES) {
    for (const expiration of expirations) {
      for (const account of accounts) {
        const tx = store.insertTransaction(newTransaction({ account, status, expiration, permission: i % 3 === 2 ? null : permission }));
        // Two of every three signed, by one or two keys of the permission.
        for (const key of keys.slice(0, i % 3)) store.addSignature({ txId: tx.txId, signer: key, signature: randomSignature(), origin: { kind: 'local key' } });
        // Ties on created_at: three rows a millisecond.
        if (i % 3 === 2) clock.advance(1);
        i++;
      }
    }
  }
  return accounts;
}

const ids = (rows: ListedTransaction[]) => rows.map((r) => r.txKey);

describe('store: the list page in SQL', () => {
  it('gives the rows of the whole list, filtered by shown status and account, cut by offset and limit, in the same order', () => {
    const accounts = seed();
    const all = store.listTransactionRows({});
    expect(all).toHaveLength(7 * 4 * 3);
    // The whole list is in the store's one order (listTransactions: newest first, rowid breaking ties).
    expect(ids(all)).toEqual(store.listTransactions().map((t) => bytesToHex(t.txId)));
    for (const status of [undefined, ...TX_STATUSES]) {
      for (const account of [undefined, ...accounts]) {
        const hex = account && bytesToHex(account).toUpperCase();
        const wanted = all.filter(
          (r) => (status === undefined || shownStatus(r.status, r.expiration, NOW) === status) && (hex === undefined || r.accountHex === hex),
        );
        const filter = { ...(status !== undefined && { status, now: NOW }), ...(account !== undefined && { account }) };
        expect(store.countTransactionRows(filter), `${status} ${hex}`).toBe(wanted.length);
        expect(store.listTransactionRows(filter), `${status} ${hex}`).toEqual(wanted);
        for (const [offset, limit] of [
          [0, 1],
          [1, 2],
          [2, 5],
          [wanted.length - 1, 10],
          [wanted.length, 10],
        ] as const) {
          expect(store.listTransactionRows({ ...filter, offset, limit }), `${status} ${hex} ${offset} ${limit}`).toEqual(wanted.slice(offset, offset + limit));
        }
      }
      const shown = status === undefined ? {} : { status, now: NOW };
      const wantedAccounts = new Set(all.filter((r) => status === undefined || shownStatus(r.status, r.expiration, NOW) === status).map((r) => r.accountHex));
      expect(store.listTransactionAccounts(shown).sort(), String(status)).toEqual([...wantedAccounts].sort());
    }
  });

  it('shows an open transaction as expired from its expiration on, and a final one as stored', () => {
    const open: TxStatus[] = ['draft', 'collecting', 'ready'];
    for (const status of TX_STATUSES) {
      expect(shownStatus(status, NOW + 1, NOW)).toBe(status);
      expect(shownStatus(status, NOW, NOW)).toBe(open.includes(status) ? 'expired' : status);
      expect(shownStatus(status, NOW - 1, NOW)).toBe(open.includes(status) ? 'expired' : status);
    }
  });

  it('sums the weights of a page with permissions the rest of the list does not share', () => {
    const [a, b] = [randomAddress(), randomAddress()];
    const first = store.insertTransaction(newTransaction({ permission: permissionBytes([a, b]) }));
    store.addSignature({ txId: first.txId, signer: a, signature: randomSignature(), origin: { kind: 'local key' } });
    clock.advance(1);
    const second = store.insertTransaction(newTransaction({ permission: permissionBytes([b]) }));
    store.addSignature({ txId: second.txId, signer: b, signature: randomSignature(), origin: { kind: 'local key' } });
    store.addSignature({ txId: second.txId, signer: a, signature: randomSignature(), origin: { kind: 'file', file: 'x.json' } });
    expect(store.listTransactionRows({ offset: 1, limit: 1 })).toMatchObject([{ txKey: bytesToHex(first.txId), weight: '1', threshold: '2' }]);
    expect(store.listTransactionRows({ limit: 1 })).toMatchObject([{ txKey: bytesToHex(second.txId), weight: '1', threshold: '2' }]);
  });

  it('refuses a bad filter, naming the field, before any SQL runs', () => {
    store.insertTransaction(newTransaction());
    refused(() => store.listTransactionRows({ status: 'collecting' }), 'INVALID_INPUT', 'now');
    refused(() => store.listTransactionRows({ status: 'lost' as TxStatus, now: NOW }), 'INVALID_INPUT', 'status');
    refused(() => store.listTransactionRows({ account: new Uint8Array(20) }), 'BAD_ADDRESS', 'account');
    refused(() => store.listTransactionRows({ account: 'T' as never }), 'INVALID_INPUT', 'account');
    refused(() => store.listTransactionRows({ offset: -1 }), 'INVALID_INPUT', 'offset');
    refused(() => store.listTransactionRows({ limit: 1.5 }), 'INVALID_INPUT', 'limit');
    refused(() => store.countTransactionRows({ status: 'expired', now: Number.NaN }), 'INVALID_INPUT', 'now');
    refused(() => store.listTransactionAccounts({ account: randomAddress() } as never), 'INVALID_INPUT', 'query');
    refused(() => store.listTransactionRows({ ['__proto__']: 1 } as never), 'INVALID_INPUT', 'query');
  });
});
