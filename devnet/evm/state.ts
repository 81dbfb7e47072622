/**
 * The EVM's view of the devnet's state (the ethereumjs StateManagerInterface): reads come from the
 * SQLite store, writes go to an in-memory overlay with a journal, so the EVM's own checkpoints,
 * commits and reverts (one per call frame) cost nothing in SQLite. After a run the overlay is either
 * dropped (a constant call, a REVERT, OUT_OF_ENERGY) or applied to the store in one go inside the
 * broadcast's SQLite transaction (`applyOverlay`).
 *
 * Address mapping: the EVM's 20-byte address is the TRON address without its 0x41 prefix.
 * Balance bridge: an address's EVM balance is its TRON account's TRX balance in sun; an address
 * with no TRON account does not exist for the EVM. Applying the overlay adds each balance's
 * *change* to the account as it is then (after the bandwidth and energy fees of the same
 * transaction), and creates the TRON account of an address that received value.
 * Nonces are kept for contracts only (TRON accounts have none; CREATE inside a call needs one).
 *
 * Invariant: nothing the EVM does reaches SQLite until `applyOverlay`, and that refuses (throws)
 * rather than write a negative balance.
 */
import { Account, Address, KECCAK256_NULL, bytesToHex as ejsHex } from '@ethereumjs/util';
import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { Account as TronAccount } from '../../shared/gen/protocol/core_pb.ts';
import { bytesToHex, concatBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import type { DevnetStore } from '../store.ts';
import type { EvmStore } from './evm-store.ts';

const TRON_PREFIX = new Uint8Array([0x41]);

/** The TRON form (0x41 + 20 bytes) of an EVM address. */
export function tronAddressOf(evm: Uint8Array): Uint8Array {
  return concatBytes(TRON_PREFIX, evm);
}

/** The EVM address of a 21-byte TRON address. */
export function evmAddressOf(tron: Uint8Array): Address {
  return new Address(Uint8Array.from(tron.subarray(1)));
}

interface AccountState {
  balance: bigint;
  nonce: bigint;
}

const ABSENT = Symbol('absent');
type Undo = { map: Map<string, unknown>; key: string; previous: unknown };

/** Writes the overlay holds, for applyOverlay. */
export interface OverlayWrites {
  balances: { address: Uint8Array; delta: bigint }[];
  nonces: { address: Uint8Array; nonce: bigint }[];
  code: { address: Uint8Array; code: Uint8Array }[];
  cleared: Uint8Array[];
  storage: { address: Uint8Array; slot: Uint8Array; value: Uint8Array }[];
}

export class OverlayState implements StateManagerInterface {
  private readonly accounts = new Map<string, AccountState | null>();
  private readonly baseBalances = new Map<string, bigint>();
  private readonly code = new Map<string, Uint8Array>();
  private readonly storage = new Map<string, Uint8Array>();
  private readonly cleared = new Map<string, true>();
  private readonly codeHashes = new Map<string, Uint8Array>();
  private readonly original = new Map<string, Uint8Array>();
  private journal: Undo[] = [];
  private marks: number[] = [];

  /** Forgets everything a previous run held, so one EVM can run again on fresh reads (machine.ts). */
  reset(): void {
    for (const map of [this.accounts, this.baseBalances, this.code, this.storage, this.cleared, this.codeHashes, this.original]) map.clear();
    this.journal = [];
    this.marks = [];
  }

  readonly originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> => {
      const k = this.slotKey(address, key);
      return this.original.get(k) ?? this.readSlot(address, key);
    },
    clear: (): void => this.original.clear(),
  };

  constructor(
    private readonly store: DevnetStore,
    private readonly evm: EvmStore,
  ) {}

  private slotKey(address: Address, key: Uint8Array): string {
    return `${ejsHex(address.bytes)}:${ejsHex(key)}`;
  }

  private set<V>(map: Map<string, V>, key: string, value: V): void {
    this.journal.push({ map: map as Map<string, unknown>, key, previous: map.has(key) ? map.get(key) : ABSENT });
    map.set(key, value);
  }

  private tronAccount(address: Address): TronAccount | undefined {
    return this.store.getAccount(tronAddressOf(address.bytes));
  }

  private state(address: Address): AccountState | null {
    const key = address.toString();
    const found = this.accounts.get(key);
    if (found !== undefined) return found;
    const tron = this.tronAccount(address);
    const balance = tron?.balance ?? 0n;
    this.baseBalances.set(key, balance);
    if (!tron) return null;
    return { balance, nonce: this.evm.getContract(tronAddressOf(address.bytes))?.nonce ?? 0n };
  }

  private codeOf(address: Address): Uint8Array {
    const key = address.toString();
    return this.code.get(key) ?? this.evm.getContract(tronAddressOf(address.bytes))?.code ?? new Uint8Array(0);
  }

  async getAccount(address: Address): Promise<Account | undefined> {
    const s = this.state(address);
    if (!s) return undefined;
    const code = this.codeOf(address);
    let hash = KECCAK256_NULL;
    if (code.length > 0) {
      const key = address.toString();
      hash = this.codeHashes.get(key) ?? keccak_256(code);
      this.codeHashes.set(key, hash);
    }
    return new Account(s.nonce, s.balance, undefined, hash);
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    const key = address.toString();
    if (!this.baseBalances.has(key)) this.state(address);
    this.set(this.accounts, key, account === undefined ? null : { balance: account.balance, nonce: account.nonce });
  }

  async deleteAccount(address: Address): Promise<void> {
    const key = address.toString();
    if (!this.baseBalances.has(key)) this.state(address);
    this.set(this.accounts, key, { balance: 0n, nonce: 0n });
    this.set(this.code, key, new Uint8Array(0));
    this.set(this.cleared, key, true);
    this.codeHashes.delete(key);
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const account = (await this.getAccount(address)) ?? new Account();
    await this.putAccount(address, new Account(fields.nonce ?? account.nonce, fields.balance ?? account.balance));
  }

  async putCode(address: Address, value: Uint8Array): Promise<void> {
    const key = address.toString();
    this.set(this.code, key, value);
    this.codeHashes.delete(key);
    if (this.state(address) === null) await this.putAccount(address, new Account());
  }

  async getCode(address: Address): Promise<Uint8Array> {
    return this.codeOf(address);
  }

  async getCodeSize(address: Address): Promise<number> {
    return this.codeOf(address).length;
  }

  private readSlot(address: Address, key: Uint8Array): Uint8Array {
    const k = this.slotKey(address, key);
    const held = this.storage.get(k);
    if (held) return held;
    if (this.cleared.has(address.toString())) return new Uint8Array(0);
    return this.evm.getSlot(tronAddressOf(address.bytes), key);
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    return this.readSlot(address, key);
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    const k = this.slotKey(address, key);
    // The value at the start of the transaction, for SSTORE's gas rules (EIP-2200/3529).
    if (!this.original.has(k)) this.original.set(k, this.readSlot(address, key));
    this.set(this.storage, k, value);
  }

  async clearStorage(address: Address): Promise<void> {
    this.set(this.cleared, address.toString(), true);
    const prefix = `${ejsHex(address.bytes)}:`;
    for (const k of [...this.storage.keys()]) if (k.startsWith(prefix)) this.set(this.storage, k, new Uint8Array(0));
  }

  async checkpoint(): Promise<void> {
    this.marks.push(this.journal.length);
  }

  async commit(): Promise<void> {
    this.marks.pop();
    // At the outermost commit nothing can revert past here any more; the journal can go.
    if (this.marks.length === 0) this.journal = [];
  }

  async revert(): Promise<void> {
    const mark = this.marks.pop() ?? 0;
    while (this.journal.length > mark) {
      const undo = this.journal.pop()!;
      if (undo.previous === ABSENT) undo.map.delete(undo.key);
      else undo.map.set(undo.key, undo.previous);
    }
    this.codeHashes.clear();
  }

  async getStateRoot(): Promise<Uint8Array> {
    return fail('INTERNAL', 'the devnet keeps no state root');
  }

  async setStateRoot(): Promise<void> {
    fail('INTERNAL', 'the devnet keeps no state root');
  }

  async hasStateRoot(): Promise<boolean> {
    return false;
  }

  clearCaches(): void {}

  shallowCopy(): StateManagerInterface {
    return new OverlayState(this.store, this.evm);
  }

  /** What the run changed, in the TRON address form. */
  writes(): OverlayWrites {
    const out: OverlayWrites = { balances: [], nonces: [], code: [], cleared: [], storage: [] };
    for (const [key, s] of this.accounts) {
      const address = tronAddressOf(hexToBytes(key.slice(2)));
      const delta = (s?.balance ?? 0n) - (this.baseBalances.get(key) ?? 0n);
      if (delta !== 0n) out.balances.push({ address, delta });
      if (s && s.nonce > 0n) out.nonces.push({ address, nonce: s.nonce });
    }
    for (const [key, code] of this.code) out.code.push({ address: tronAddressOf(hexToBytes(key.slice(2))), code });
    for (const key of this.cleared.keys()) out.cleared.push(tronAddressOf(hexToBytes(key.slice(2))));
    for (const [k, value] of this.storage) {
      const [address, slot] = k.split(':') as [string, string];
      out.storage.push({ address: tronAddressOf(hexToBytes(address.slice(2))), slot: hexToBytes(slot.slice(2)), value });
    }
    return out;
  }
}

/**
 * Applies a run's writes to the store (inside the caller's SQLite transaction). `createAccount`
 * makes the TRON account of an address that received value and had none; `origin` is recorded
 * as the creator of any contract the run created.
 */
export function applyOverlay(
  writes: OverlayWrites,
  store: DevnetStore,
  evm: EvmStore,
  options: { createAccount: (address: Uint8Array) => TronAccount; origin: Uint8Array },
): void {
  for (const { address, delta } of writes.balances) {
    const account = store.getAccount(address) ?? options.createAccount(address);
    account.balance += delta;
    if (account.balance < 0n) fail('CONTRACT_EXECUTE', `${bytesToHex(address)} insufficient balance, balance: ${account.balance - delta}, amount: ${-delta}`);
    store.putAccount(account);
  }
  for (const { address, code } of writes.code) {
    const existing = evm.getContract(address);
    if (existing) evm.putContract({ ...existing, code });
    else if (code.length > 0) evm.putContract({ address, origin: options.origin, name: '', abi: '[]', code, nonce: 0n });
  }
  for (const { address, nonce } of writes.nonces) {
    const existing = evm.getContract(address);
    if (existing) evm.putContract({ ...existing, nonce });
  }
  for (const address of writes.cleared) evm.clearSlots(address);
  for (const { address, slot, value } of writes.storage) evm.putSlot(address, slot, value);
}
