/**
 * The account at a glance in a chain snapshot (docs/decisions.md §25): the optional `glances` section of
 * shared/files/snapshot.ts, one entry per account, carrying what an offline station shows of it beyond
 * its permissions: balance, TRC-10 holdings, TRC-20 balances of the exporting station's listed
 * contracts, bandwidth and energy used and limits, Stake 2.0 per resource, unstaking with the time
 * each becomes withdrawable, what was withdrawable at the block, resources lent out and borrowed with
 * their locks, votes and voting power, rewards; with the node, block and time it was read at.
 *
 * The names are the station view's (station/accounts/glance.ts AccountGlance), so the facts an online
 * station reads, the ones a file carries and the ones the station stores are one shape
 * (`GlanceFacts`), read by one reader (`readGlanceFacts`). What is derived (what is left of
 * bandwidth, energy and voting power) is not carried: it is worked out again from the facts.
 *
 * Invariants: every member is a claim read strictly: unknown members (`__proto__` too) refused,
 * amounts whole numbers of at least 0 (int64; a TRC-20 balance up to 78 digits), times safe whole
 * ms, addresses valid, lists bounded by shared/base/limits.ts (MAX_VOTES, UNFREEZE_MAX_TIMES,
 * MAX_GLANCE_DELEGATIONS twice over, MAX_GLANCE_TOKENS, MAX_GLANCE_TRC20, MAX_SNAPSHOT_GLANCES), no
 * account or contract twice; an error names the field. Dates and blocks against the clock and the
 * snapshot's block are the importer's (station/accounts/glance-store.ts).
 */
import { fail } from '../base/errors.ts';
import {
  MAX_GLANCE_DELEGATIONS,
  MAX_GLANCE_TOKENS,
  MAX_GLANCE_TRC20,
  MAX_SNAPSHOT_GLANCES,
  MAX_TRC20_BALANCE_DIGITS,
  MAX_VOTES,
  UNFREEZE_MAX_TIMES,
} from '../base/limits.ts';
import { isTokenIdText } from '../chain/ids.ts';
import { boundedList, int64Field, safeInteger, strictObject } from './envelope.ts';
import { readAddressText, readSource, type SnapshotSource } from './snapshot.ts';

/** java-tron's ResourceCode: TRON_POWER is a stake for voting power alone (Stake 2.0 lets one stake and unstake it). */
export type GlanceResource = 'BANDWIDTH' | 'ENERGY' | 'TRON_POWER';

export interface GlanceDelegation {
  /** The other account (the receiver for lent resources, the lender for borrowed ones), Base58. */
  account: string;
  /** sun. */
  bandwidth: string;
  energy: string;
  /** ms until which the lent bandwidth / energy is locked (0: not locked). */
  bandwidthLockedUntil: number;
  energyLockedUntil: number;
}

/** What the node said of one account at one block; amounts are decimal text (sun, bytes, units). */
export interface GlanceFacts {
  balance: string;
  /** TRC-10 holdings (assetV2) by id, at most MAX_GLANCE_TOKENS, sorted by id. */
  tokens: { id: string; balance: string }[];
  tokensCut: boolean;
  /** balanceOf of the station's listed contracts, in the token's smallest units; null when the contract did not answer it. */
  trc20: { contract: string; balance: string | null }[];
  trc20Cut: boolean;
  bandwidth: { freeUsed: string; freeLimit: string; stakedUsed: string; stakedLimit: string };
  energy: { used: string; limit: string };
  staked: { bandwidth: string; energy: string; tronPower: string };
  lentOut: { bandwidth: string; energy: string };
  borrowed: { bandwidth: string; energy: string };
  unstaking: { resource: GlanceResource; amount: string; withdrawableAt: number }[];
  withdrawableNow: string;
  votes: { executive: string; count: string }[];
  votingPower: { total: string; used: string };
  rewards: { unclaimed: string; allowance: string };
  delegationsOut: GlanceDelegation[];
  delegationsIn: GlanceDelegation[];
  delegationsCut: boolean;
}

/** One account's glance as a snapshot carries it: the facts, the block they were read at, where and when. */
export interface SnapshotGlance extends GlanceFacts {
  /** Base58. */
  address: string;
  /** The block the node was at when it answered, and that block's time (ms). */
  block: number;
  blockTime: number;
  source: SnapshotSource;
  /** When it was read, ms since the epoch. */
  at: number;
}

const FACT_KEYS = [
  'balance',
  'tokens',
  'tokensCut',
  'trc20',
  'trc20Cut',
  'bandwidth',
  'energy',
  'staked',
  'lentOut',
  'borrowed',
  'unstaking',
  'withdrawableNow',
  'votes',
  'votingPower',
  'rewards',
  'delegationsOut',
  'delegationsIn',
  'delegationsCut',
] as const;

function flag(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') fail('BAD_JSON', `${path}: expected true or false`, { field: path });
  return v;
}

/** A TRC-20 balance: decimal digits, at most MAX_TRC20_BALANCE_DIGITS, no leading zero. */
function bigAmount(v: unknown, path: string): string {
  if (typeof v !== 'string' || !new RegExp(`^(0|[1-9][0-9]{0,${MAX_TRC20_BALANCE_DIGITS - 1}})$`).test(v))
    fail('BAD_JSON', `${path}: expected a whole number of at least 0 as decimal text, at most ${MAX_TRC20_BALANCE_DIGITS} digits`, { field: path });
  return v;
}

function pair<K extends string>(v: unknown, path: string, keys: readonly K[]): Record<K, string> {
  const o = strictObject(v, path, keys);
  const out = {} as Record<K, string>;
  for (const k of keys) out[k] = int64Field(o[k], `${path}.${k}`);
  return out;
}

function resource(v: unknown, path: string): GlanceResource {
  if (v !== 'BANDWIDTH' && v !== 'ENERGY' && v !== 'TRON_POWER') fail('BAD_JSON', `${path}: expected BANDWIDTH, ENERGY or TRON_POWER`, { field: path });
  return v;
}

function delegations(v: unknown, path: string): GlanceDelegation[] {
  // One counterpart can answer two entries (locked and not locked).
  return boundedList(v, path, 2 * MAX_GLANCE_DELEGATIONS).map((x, i) => {
    const at = `${path}[${i}]`;
    const d = strictObject(x, at, ['account', 'bandwidth', 'energy', 'bandwidthLockedUntil', 'energyLockedUntil']);
    return {
      account: readAddressText(d.account, `${at}.account`),
      bandwidth: int64Field(d.bandwidth, `${at}.bandwidth`),
      energy: int64Field(d.energy, `${at}.energy`),
      bandwidthLockedUntil: safeInteger(d.bandwidthLockedUntil, `${at}.bandwidthLockedUntil`, 0),
      energyLockedUntil: safeInteger(d.energyLockedUntil, `${at}.energyLockedUntil`, 0),
    };
  });
}

function noTwice<T>(items: T[], key: (t: T) => string, path: string, what: string): T[] {
  const seen = new Set<string>();
  items.forEach((t, i) => {
    const k = key(t);
    if (seen.has(k)) fail('BAD_JSON', `${path}[${i}]: ${what} ${k} appears twice`, { field: `${path}[${i}]` });
    seen.add(k);
  });
  return items;
}

/** The facts of `o` (an object already read strictly with FACT_KEYS among its members). */
function factsOf(o: Record<string, unknown>, path: string): GlanceFacts {
  const tokens = boundedList(o.tokens, `${path}.tokens`, MAX_GLANCE_TOKENS).map((x, i) => {
    const at = `${path}.tokens[${i}]`;
    const t = strictObject(x, at, ['id', 'balance']);
    if (typeof t.id !== 'string' || !isTokenIdText(t.id)) fail('BAD_JSON', `${at}.id: expected a token id (digits)`, { field: `${at}.id` });
    return { id: t.id, balance: int64Field(t.balance, `${at}.balance`) };
  });
  const trc20 = boundedList(o.trc20, `${path}.trc20`, MAX_GLANCE_TRC20).map((x, i) => {
    const at = `${path}.trc20[${i}]`;
    const t = strictObject(x, at, ['contract', 'balance']);
    return { contract: readAddressText(t.contract, `${at}.contract`), balance: t.balance === null ? null : bigAmount(t.balance, `${at}.balance`) };
  });
  const unstaking = boundedList(o.unstaking, `${path}.unstaking`, UNFREEZE_MAX_TIMES).map((x, i) => {
    const at = `${path}.unstaking[${i}]`;
    const u = strictObject(x, at, ['resource', 'amount', 'withdrawableAt']);
    return {
      resource: resource(u.resource, `${at}.resource`),
      amount: int64Field(u.amount, `${at}.amount`),
      withdrawableAt: safeInteger(u.withdrawableAt, `${at}.withdrawableAt`, 0),
    };
  });
  const votes = boundedList(o.votes, `${path}.votes`, MAX_VOTES).map((x, i) => {
    const at = `${path}.votes[${i}]`;
    const v = strictObject(x, at, ['executive', 'count']);
    return { executive: readAddressText(v.executive, `${at}.executive`), count: int64Field(v.count, `${at}.count`) };
  });
  return {
    balance: int64Field(o.balance, `${path}.balance`),
    tokens: noTwice(tokens, (t) => t.id, `${path}.tokens`, 'token'),
    tokensCut: flag(o.tokensCut, `${path}.tokensCut`),
    trc20: noTwice(trc20, (t) => t.contract, `${path}.trc20`, 'contract'),
    trc20Cut: flag(o.trc20Cut, `${path}.trc20Cut`),
    bandwidth: pair(o.bandwidth, `${path}.bandwidth`, ['freeUsed', 'freeLimit', 'stakedUsed', 'stakedLimit']),
    energy: pair(o.energy, `${path}.energy`, ['used', 'limit']),
    staked: pair(o.staked, `${path}.staked`, ['bandwidth', 'energy', 'tronPower']),
    lentOut: pair(o.lentOut, `${path}.lentOut`, ['bandwidth', 'energy']),
    borrowed: pair(o.borrowed, `${path}.borrowed`, ['bandwidth', 'energy']),
    unstaking,
    withdrawableNow: int64Field(o.withdrawableNow, `${path}.withdrawableNow`),
    votes: noTwice(votes, (v) => v.executive, `${path}.votes`, 'executive'),
    votingPower: pair(o.votingPower, `${path}.votingPower`, ['total', 'used']),
    rewards: pair(o.rewards, `${path}.rewards`, ['unclaimed', 'allowance']),
    delegationsOut: delegations(o.delegationsOut, `${path}.delegationsOut`),
    delegationsIn: delegations(o.delegationsIn, `${path}.delegationsIn`),
    delegationsCut: flag(o.delegationsCut, `${path}.delegationsCut`),
  };
}

/** Glance facts read strictly at `path`, `extra` naming the other members the object may (must) have. */
export function readGlanceFacts(v: unknown, path: string, extra: readonly string[] = []): { facts: GlanceFacts; rest: Record<string, unknown> } {
  const o = strictObject(v, path, [...FACT_KEYS, ...extra]);
  return { facts: factsOf(o, path), rest: o };
}

/** Only the facts of a glance (what the store keeps beside its source). */
export function glanceFactsOf(g: GlanceFacts): GlanceFacts {
  const out = {} as Record<string, unknown>;
  for (const k of FACT_KEYS) out[k] = g[k];
  return out as unknown as GlanceFacts;
}

/** The optional `glances` section: each entry strict, no account twice. */
export function readGlances(v: unknown, path: string): SnapshotGlance[] {
  const list = boundedList(v, path, MAX_SNAPSHOT_GLANCES).map((x, i): SnapshotGlance => {
    const at = `${path}[${i}]`;
    const { facts, rest } = readGlanceFacts(x, at, ['address', 'block', 'blockTime', 'source', 'at']);
    return {
      address: readAddressText(rest.address, `${at}.address`),
      block: safeInteger(rest.block, `${at}.block`, 0),
      blockTime: safeInteger(rest.blockTime, `${at}.blockTime`, 0),
      source: readSource(rest.source, `${at}.source`),
      at: safeInteger(rest.at, `${at}.at`, 0),
      ...facts,
    };
  });
  return noTwice(list, (g) => g.address, path, 'account');
}
