/**
 * The store's `accounts` table (docs/decisions.md §7, "Store"): the last snapshot of each account as the node
 * sent it (protocol.Account bytes, permissions included), with where it came from and when.
 *
 * Invariants: the stored bytes decode as an Account of the very address they are filed under
 * (checked before any write), one row per address (a newer snapshot replaces the older), and every
 * write is one transaction with its audit entry.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { AccountSchema } from '../../shared/gen/protocol/core_pb.ts';
import { bytesToHex, equalBytes } from '../../shared/base/bytes.ts';

import { bad, checkAddressField, checkBytes, checkNonNegative, checkRecord, checkSource, type Source } from './row-checks.ts';
import { sourceFromText, sourceToJson, sourceToText, u8, type StoreContext } from './table.ts';
import { MAX_TRANSACTION_BYTES } from '../../shared/base/limits.ts';

export interface AccountInput {
  address: Uint8Array;
  /** The node's Account message (protocol.Account) as bytes, permissions included. */
  account: Uint8Array;
  source: Source;
  /** When the source read it (ms since the epoch); the age shown to people. */
  fetchedAt: number;
}
export interface AccountRecord extends AccountInput {
  storedAt: number;
}

interface AccountRow {
  address: Uint8Array;
  account: Uint8Array;
  source: string;
  fetched_at: number;
  stored_at: number;
}

function accountFromRow(r: AccountRow): AccountRecord {
  return { address: u8(r.address), account: u8(r.account), source: sourceFromText(r.source), fetchedAt: r.fetched_at, storedAt: r.stored_at };
}

export type AccountTable = ReturnType<typeof accountTable>;

export function accountTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    putAccount: db.prepare(
      `INSERT INTO accounts (address, account, source, fetched_at, stored_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (address) DO UPDATE SET account = excluded.account, source = excluded.source,
         fetched_at = excluded.fetched_at, stored_at = excluded.stored_at`,
    ),
    getAccount: db.prepare<[Uint8Array], AccountRow>('SELECT * FROM accounts WHERE address = ?'),
    listAccounts: db.prepare<[], AccountRow>('SELECT * FROM accounts ORDER BY address'),
    deleteAccount: db.prepare<[Uint8Array]>('DELETE FROM accounts WHERE address = ?'),
  };

  return {
    /** Stores (or replaces) the account snapshot of `address`. The bytes must decode as protocol.Account of that address. */
    putAccount(input: AccountInput): AccountRecord {
      const fn = 'store.putAccount';
      const v = checkRecord(input, fn, 'input', ['address', 'account', 'source', 'fetchedAt']);
      const address = checkAddressField(v.address, fn, 'address');
      const account = checkBytes(v.account, fn, 'account', undefined, MAX_TRANSACTION_BYTES);
      const source = checkSource(v.source, fn, 'source');
      const fetchedAt = checkNonNegative(v.fetchedAt, fn, 'fetchedAt');
      let decodedAddress: Uint8Array;
      try {
        decodedAddress = fromBinary(AccountSchema, account).address;
      } catch {
        bad(fn, 'account', 'is not an encoded Account message');
      }
      if (!equalBytes(decodedAddress, address)) bad(fn, 'account', 'is the Account of another address');
      return atomic(() => {
        const at = now();
        stmts.putAccount.run(address, account, sourceToText(source), fetchedAt, at);
        audit(at, 'account.put', bytesToHex(address), JSON.stringify({ source: sourceToJson(source), fetchedAt }));
        return { address, account, source, fetchedAt, storedAt: at };
      });
    },

    getAccount(address: Uint8Array): AccountRecord | undefined {
      const row = stmts.getAccount.get(checkAddressField(address, 'store.getAccount', 'address'));
      return row && accountFromRow(row);
    },

    listAccounts(): AccountRecord[] {
      return stmts.listAccounts.all().map(accountFromRow);
    },

    /**
     * Removes the stored copy of `address` (docs/decisions.md §24: a forged or stale copy must be removable, as a
     * block is); returns it, or undefined when none was stored (then nothing is written, no audit).
     * Transactions built or imported for the account keep the permission stored with each.
     */
    removeAccount(address: Uint8Array): AccountRecord | undefined {
      const a = checkAddressField(address, 'store.removeAccount', 'address');
      return atomic(() => {
        const row = stmts.getAccount.get(a);
        if (!row) return undefined;
        stmts.deleteAccount.run(a);
        const removed = accountFromRow(row);
        audit(now(), 'account.remove', bytesToHex(a), JSON.stringify({ source: sourceToJson(removed.source), fetchedAt: removed.fetchedAt }));
        return removed;
      });
    },
  };
}
