/**
 * The EVM side of the devnet's state, in the same SQLite database as accounts and blocks
 * (devnet/store.ts): contract code and metadata, contract storage, and each contract call's
 * result (energy, logs, return data) for gettransactioninfobyid. Balances are not here: an EVM
 * balance is the TRON account's TRX balance in sun (state.ts bridges them).
 *
 * Addresses are kept in TRON's 21-byte form (0x41 + the 20 EVM bytes), the form getcontract and
 * the receipts print.
 *
 * Invariant: every write goes through the caller's SQLite transaction (chain.ts broadcast), so a
 * refused transaction leaves no code, storage or result behind, and a file database keeps all three
 * across a restart.
 */
import type Database from 'better-sqlite3';
import type { DevnetStore } from '../store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS evm_contracts (
  address BLOB PRIMARY KEY,
  origin BLOB NOT NULL,
  name TEXT NOT NULL,
  abi TEXT NOT NULL,
  code BLOB NOT NULL,
  nonce INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS evm_storage (
  address BLOB NOT NULL,
  slot BLOB NOT NULL,
  value BLOB NOT NULL,
  PRIMARY KEY (address, slot)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS evm_results (txid BLOB PRIMARY KEY, data TEXT NOT NULL);
`;

export interface StoredContract {
  address: Uint8Array;
  origin: Uint8Array;
  name: string;
  /** The ABI entries as solc wrote them (JSON text). */
  abi: string;
  code: Uint8Array;
  nonce: bigint;
}

/** The node's contractResult names a call can end with (core.proto Transaction.Result). */
export type ContractRet =
  'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY' | 'BAD_JUMP_DESTINATION' | 'STACK_TOO_SMALL' | 'STACK_TOO_LARGE' | 'ILLEGAL_OPERATION' | 'UNKNOWN';

/** What a contract call left for its receipt (hex strings, as the node prints them). */
export interface ContractCallResult {
  result: ContractRet;
  energyUsageTotal: string;
  energyFee: string;
  /** Energy paid from the caller's stake (the receipt's energy_usage), when any. */
  energyUsage?: string;
  /** The return or revert data, hex. */
  contractResult: string;
  /** 41-form hex. */
  contractAddress: string;
  /** The runtime error in words (resMessage), for anything but SUCCESS. */
  resMessage?: string;
  logs: { address: string; topics: string[]; data: string }[];
}

function u8(b: Uint8Array): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

export class EvmStore {
  private readonly stmts;

  constructor(db: Database.Database) {
    db.exec(SCHEMA);
    this.stmts = {
      getContract: db.prepare('SELECT address, origin, name, abi, code, nonce FROM evm_contracts WHERE address = ?'),
      putContract: db.prepare(
        'INSERT INTO evm_contracts (address, origin, name, abi, code, nonce) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(address) DO UPDATE SET code = excluded.code, nonce = excluded.nonce',
      ),
      getSlot: db.prepare('SELECT value FROM evm_storage WHERE address = ? AND slot = ?'),
      putSlot: db.prepare('INSERT INTO evm_storage (address, slot, value) VALUES (?, ?, ?) ON CONFLICT(address, slot) DO UPDATE SET value = excluded.value'),
      deleteSlot: db.prepare('DELETE FROM evm_storage WHERE address = ? AND slot = ?'),
      clearSlots: db.prepare('DELETE FROM evm_storage WHERE address = ?'),
      getResult: db.prepare('SELECT data FROM evm_results WHERE txid = ?'),
      putResult: db.prepare('INSERT INTO evm_results (txid, data) VALUES (?, ?)'),
    };
  }

  getContract(address: Uint8Array): StoredContract | undefined {
    const row = this.stmts.getContract.get(address) as
      { address: Uint8Array; origin: Uint8Array; name: string; abi: string; code: Uint8Array; nonce: bigint | number } | undefined;
    if (!row) return undefined;
    return { address: u8(row.address), origin: u8(row.origin), name: row.name, abi: row.abi, code: u8(row.code), nonce: BigInt(row.nonce) };
  }

  putContract(c: StoredContract): void {
    this.stmts.putContract.run(c.address, c.origin, c.name, c.abi, c.code, c.nonce);
  }

  /** A storage slot's value with leading zeros stripped (empty for zero), as the EVM keeps it. */
  getSlot(address: Uint8Array, slot: Uint8Array): Uint8Array {
    const row = this.stmts.getSlot.get(address, slot) as { value: Uint8Array } | undefined;
    return row ? u8(row.value) : new Uint8Array(0);
  }

  /** Writes a slot; a zero value deletes the row, so cleared storage takes no space. */
  putSlot(address: Uint8Array, slot: Uint8Array, value: Uint8Array): void {
    if (value.every((b) => b === 0)) this.stmts.deleteSlot.run(address, slot);
    else this.stmts.putSlot.run(address, slot, value);
  }

  clearSlots(address: Uint8Array): void {
    this.stmts.clearSlots.run(address);
  }

  getResult(txId: Uint8Array): ContractCallResult | undefined {
    const row = this.stmts.getResult.get(txId) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as ContractCallResult) : undefined;
  }

  putResult(txId: Uint8Array, result: ContractCallResult): void {
    this.stmts.putResult.run(txId, JSON.stringify(result));
  }
}

const stores = new WeakMap<DevnetStore, EvmStore>();

/** The EVM tables of a devnet store, created on first use (CREATE TABLE IF NOT EXISTS). */
export function evmStoreOf(store: DevnetStore): EvmStore {
  let found = stores.get(store);
  if (!found) {
    found = new EvmStore(store.db);
    stores.set(store, found);
  }
  return found;
}
