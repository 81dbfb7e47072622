/**
 * The `costs` member of a chain snapshot (docs/decisions.md §25, "the cost offline"): what an offline station
 * needs to say what a transaction will cost, read by the exporting station from its node at one
 * block: the chain parameters the estimate uses (getchainparameters names, shared/approval/costs.ts
 * COST_PARAMETER_KEYS), and per account its balance and resources (getaccountresource's free and
 * staked bandwidth and energy, used and limit), whether it exists (a transfer to an account that
 * does not pays the activation fee), and the energy the node's constant call measured for the
 * contract calls the exporter held for it (`energy_estimates`; an offline station cannot ask).
 *
 * It is its own member with its own reader, apart from the accounts' other facts, so each part of
 * the snapshot grows without touching the others.
 *
 * Invariants: read as strictly as the rest of the file: known members only (`__proto__` is an
 * unknown key like any other), parameter names only those the estimate knows, every amount a whole
 * number from 0 to MAX_SNAPSHOT_COST_VALUE, at most MAX_SNAPSHOT_ACCOUNTS accounts (no address twice)
 * and MAX_SNAPSHOT_ENERGY_ESTIMATES estimates an account, call data hex of at most
 * MAX_SNAPSHOT_CALL_DATA_BYTES. The block it was read at is not past the snapshot's own block (the
 * caller checks that, snapshot.ts); its read time is checked against the clock by the importer.
 * The importer holds all of it as a claim of the file (station/core/cost-facts.ts).
 */
import { excerpt, fail } from '../base/errors.ts';
import { MAX_SNAPSHOT_ACCOUNTS, MAX_SNAPSHOT_CALL_DATA_BYTES, MAX_SNAPSHOT_COST_VALUE, MAX_SNAPSHOT_ENERGY_ESTIMATES } from '../base/limits.ts';
import { COST_PARAMETER_KEYS } from '../approval/costs.ts';
import { addressToBase58, parseAddress } from '../chain/address.ts';
import { isRecord } from '../chain/input.ts';
import { boundedList, int64Field, safeInteger, strictObject } from './envelope.ts';

/** One contract call's energy, as the exporter's node measured it with a constant call. */
export interface SnapshotEnergyEstimate {
  /** The contract, Base58. */
  contract: string;
  /** The call's data, lowercase hex. */
  data: string;
  /** sun, decimal. */
  call_value: string;
  /** Energy used, decimal. */
  energy: string;
}

/** An account's balance and resources at the costs' block (getaccountresource's names, decimal text). */
export interface SnapshotCostAccount {
  /** Base58. */
  address: string;
  exists: boolean;
  /** sun. */
  balance: string;
  free_net_used: string;
  free_net_limit: string;
  net_used: string;
  net_limit: string;
  energy_used: string;
  energy_limit: string;
  energy_estimates: SnapshotEnergyEstimate[];
}

export interface SnapshotCosts {
  /** The block the figures were read at. */
  block: number;
  /** When they were read, ms since the epoch. */
  at: number;
  /** getchainparameters key → value (sun, or bytes for getFreeNetLimit), decimal; a key the node did not report is absent. */
  parameters: Record<string, string>;
  accounts: SnapshotCostAccount[];
}

/** The resource members of a cost account, in getaccountresource's order. */
export const COST_RESOURCE_MEMBERS = ['free_net_used', 'free_net_limit', 'net_used', 'net_limit', 'energy_used', 'energy_limit'] as const;

function amount(v: unknown, path: string): string {
  const text = int64Field(v, path);
  if (BigInt(text) > MAX_SNAPSHOT_COST_VALUE) fail('BAD_JSON', `${path}: larger than ${MAX_SNAPSHOT_COST_VALUE}, more than any chain holds`, { field: path });
  return text;
}

function address(v: unknown, path: string): string {
  if (typeof v !== 'string') fail('BAD_JSON', `${path}: expected an address`, { field: path });
  return addressToBase58(parseAddress(v, path));
}

function estimate(v: unknown, path: string): SnapshotEnergyEstimate {
  const e = strictObject(v, path, ['contract', 'data', 'call_value', 'energy']);
  const data = e.data;
  if (typeof data !== 'string' || data.length % 2 !== 0 || data.length > MAX_SNAPSHOT_CALL_DATA_BYTES * 2 || !/^[0-9a-fA-F]*$/.test(data))
    fail('BAD_JSON', `${path}.data: expected the call's data as hex, at most ${MAX_SNAPSHOT_CALL_DATA_BYTES} bytes`, { field: `${path}.data` });
  return {
    contract: address(e.contract, `${path}.contract`),
    data: data.toLowerCase(),
    call_value: amount(e.call_value, `${path}.call_value`),
    energy: amount(e.energy, `${path}.energy`),
  };
}

function costAccount(v: unknown, path: string): SnapshotCostAccount {
  const a = strictObject(v, path, ['address', 'exists', 'balance', ...COST_RESOURCE_MEMBERS, 'energy_estimates']);
  if (typeof a.exists !== 'boolean') fail('BAD_JSON', `${path}.exists: expected true or false`, { field: `${path}.exists` });
  const out = { address: address(a.address, `${path}.address`), exists: a.exists, balance: amount(a.balance, `${path}.balance`) } as SnapshotCostAccount;
  for (const m of COST_RESOURCE_MEMBERS) out[m] = amount(a[m], `${path}.${m}`);
  out.energy_estimates = boundedList(a.energy_estimates, `${path}.energy_estimates`, MAX_SNAPSHOT_ENERGY_ESTIMATES).map((e, i) =>
    estimate(e, `${path}.energy_estimates[${i}]`),
  );
  return out;
}

/** Reads a snapshot's `costs` member strictly (see the file's note) and returns a clean copy. */
export function readSnapshotCosts(v: unknown, path: string): SnapshotCosts {
  const c = strictObject(v, path, ['block', 'at', 'parameters', 'accounts']);
  if (!isRecord(c.parameters)) fail('BAD_JSON', `${path}.parameters: expected an object`, { field: `${path}.parameters` });
  const parameters = Object.create(null) as Record<string, string>;
  for (const key of Object.keys(c.parameters)) {
    if (!COST_PARAMETER_KEYS.includes(key))
      fail('BAD_JSON', `${path}.parameters: ${excerpt(key)} is not a chain parameter the cost estimate uses`, { field: `${path}.parameters` });
    parameters[key] = amount(c.parameters[key], `${path}.parameters.${key}`);
  }
  const seen = new Set<string>();
  const accounts = boundedList(c.accounts, `${path}.accounts`, MAX_SNAPSHOT_ACCOUNTS).map((a, i) => {
    const read = costAccount(a, `${path}.accounts[${i}]`);
    if (seen.has(read.address)) fail('BAD_JSON', `${path}.accounts[${i}].address: ${read.address} appears twice`, { field: `${path}.accounts[${i}].address` });
    seen.add(read.address);
    return read;
  });
  return { block: safeInteger(c.block, `${path}.block`, 0), at: safeInteger(c.at, `${path}.at`, 0), parameters: { ...parameters }, accounts };
}
