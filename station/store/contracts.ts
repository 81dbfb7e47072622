/**
 * The store's `contracts` table (docs/decisions.md §17 "Smart-contract calls", migration 8): the smart contracts
 * this station knows, each with the name its user gave it, the functions of an ABI imported for it
 * (Solidity JSON, as shared/contracts/abi-types.ts wrote it back), and its TRC-20 symbol, name and
 * decimals with where they came from (read from a node, or claimed by a file or a person).
 *
 * Invariants: one row per address; the ABI is stored only as abi-types.ts re-wrote it from a
 * checked reading (never the imported text), so every stored ABI reads back; a claimed description
 * never replaces an observed one (station/core/provenance.ts); every write is one transaction with
 * its audit entry.
 */
import { MAX_ABI_JSON_BYTES, MAX_CONTRACT_NAME_LENGTH, MAX_TRC20_DECIMALS } from '../../shared/base/limits.ts';
import { checkAddressField, checkInteger, checkRecord, checkSource, checkText, type Source } from './row-checks.ts';
import { sourceFromText, sourceToJson, sourceToText, u8, type StoreContext } from './table.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';

export interface ContractInput {
  address: Uint8Array;
  /** The station's name for it ('' for none). */
  name: string;
  /** The imported ABI's functions as Solidity JSON text ('[]' for none). */
  abi: string;
  symbol: string | null;
  tokenName: string | null;
  decimals: number | null;
  /** Where the TRC-20 facts came from. */
  source: Source;
}

export interface ContractRecord extends ContractInput {
  storedAt: number;
}

interface ContractRow {
  address: Uint8Array;
  name: string;
  abi: string;
  symbol: string | null;
  token_name: string | null;
  decimals: number | null;
  source: string;
  stored_at: number;
}

function contractFromRow(r: ContractRow): ContractRecord {
  return {
    address: u8(r.address),
    name: r.name,
    abi: r.abi,
    symbol: r.symbol,
    tokenName: r.token_name,
    decimals: r.decimals,
    source: sourceFromText(r.source),
    storedAt: r.stored_at,
  };
}

function nullableText(value: unknown, fn: string, field: string): string | null {
  return value === null ? null : checkText(value, fn, field, MAX_CONTRACT_NAME_LENGTH);
}

export type ContractTable = ReturnType<typeof contractTable>;

export function contractTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    put: db.prepare(
      `INSERT INTO contracts (address, name, abi, symbol, token_name, decimals, source, stored_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (address) DO UPDATE SET name = excluded.name, abi = excluded.abi, symbol = excluded.symbol,
         token_name = excluded.token_name, decimals = excluded.decimals, source = excluded.source, stored_at = excluded.stored_at`,
    ),
    get: db.prepare<[Uint8Array], ContractRow>('SELECT * FROM contracts WHERE address = ?'),
    list: db.prepare<[], ContractRow>('SELECT * FROM contracts ORDER BY name, address'),
    count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM contracts'),
    remove: db.prepare<[Uint8Array]>('DELETE FROM contracts WHERE address = ?'),
  };

  return {
    /** Adds or replaces the contract at `address`; audited as contract.put with its source. */
    putContract(input: ContractInput): ContractRecord {
      const fn = 'store.putContract';
      const v = checkRecord(input, fn, 'input', ['address', 'name', 'abi', 'symbol', 'tokenName', 'decimals', 'source']);
      const address = checkAddressField(v.address, fn, 'address');
      const name = checkText(v.name, fn, 'name', MAX_CONTRACT_NAME_LENGTH);
      const abi = checkText(v.abi, fn, 'abi', MAX_ABI_JSON_BYTES, false);
      const symbol = nullableText(v.symbol, fn, 'symbol');
      const tokenName = nullableText(v.tokenName, fn, 'tokenName');
      const decimals = v.decimals === null ? null : checkInteger(v.decimals, fn, 'decimals', 0, MAX_TRC20_DECIMALS);
      const source = checkSource(v.source, fn, 'source');
      return atomic(() => {
        const at = now();
        stmts.put.run(address, name, abi, symbol, tokenName, decimals, sourceToText(source), at);
        audit(at, 'contract.put', bytesToHex(address), JSON.stringify({ source: sourceToJson(source), abi: abi !== '[]' }));
        return { address, name, abi, symbol, tokenName, decimals, source, storedAt: at };
      });
    },

    getContract(address: Uint8Array): ContractRecord | undefined {
      const row = stmts.get.get(checkAddressField(address, 'store.getContract', 'address'));
      return row && contractFromRow(row);
    },

    listContracts(): ContractRecord[] {
      return stmts.list.all().map(contractFromRow);
    },

    countContracts(): number {
      return stmts.count.get()!.n;
    },

    /** Removes the contract; false when there was none. Audited as contract.remove. */
    removeContract(address: Uint8Array): boolean {
      const a = checkAddressField(address, 'store.removeContract', 'address');
      return atomic(() => {
        if (stmts.remove.run(a).changes === 0) return false;
        audit(now(), 'contract.remove', bytesToHex(a), '{}');
        return true;
      });
    },
  };
}
