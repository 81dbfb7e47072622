/**
 * The devnet's staking state in SQLite, beside the Account messages of devnet/store.ts: Stake 2.0
 * balances (frozenV2, unfrozenV2, delegated and acquired), delegation records (the reference
 * node's DelegatedResourceStore, one row per owner, receiver and lock), votes, reward accruals and
 * the account-name index. The tables live in the node's own database file, so a restart keeps them.
 *
 * Why beside and not inside Account: the Account message the station shares (PROTOCOL.md §1.4)
 * carries only permission, balance and token fields; the node's extra account fields are written
 * into the getaccount JSON from here (routes.ts), with the reference node's names.
 *
 * Invariant: every write goes through the caller's `store.transaction`, so a refused transaction
 * leaves these tables as they were, like the accounts.
 */
import type Database from 'better-sqlite3';
import { fromBinary } from '@bufbuild/protobuf';
import { AccountSchema } from '../../shared/gen/protocol/core_pb.ts';
import { ResourceCode } from '../../shared/gen/protocol/balance_contract_pb.ts';
import type { DevnetStore } from '../store.ts';

/** TRX_PRECISION: sun in one coin; one vote (tron power) per staked coin. */
export const SUN_PER_VOTE = 1_000_000n;

/** The two resources Stake 2.0 runs here (TRON_POWER needs ALLOW_NEW_RESOURCE_MODEL, off as on mainnet). */
export type StakeResource = ResourceCode.BANDWIDTH | ResourceCode.ENERGY;

export interface Unfreezing {
  resource: StakeResource;
  amount: bigint;
  /** ms (head-block time) from which WithdrawExpireUnfreeze pays it out. */
  expireTime: bigint;
}

/** One account's staking fields (the reference node's Account fields of the same meaning). */
export interface StakeAccount {
  /** frozenV2: staked and kept, per resource. */
  frozen: [bigint, bigint];
  /** delegated_frozenV2_balance_for_*: staked and lent to others. */
  delegated: [bigint, bigint];
  /** acquired_delegated_frozenV2_balance_for_*: lent to this account by others. */
  acquired: [bigint, bigint];
  unfrozen: Unfreezing[];
  votes: { address: Uint8Array; count: bigint }[];
  /** Rewards moved to the account, paid out by WithdrawBalance. */
  allowance: bigint;
  latestWithdrawTime: bigint;
  /** Voter rewards accrued and not yet moved to `allowance` (what /wallet/getReward answers). */
  reward: bigint;
  /** Staked bandwidth used (bytes) and energy used, each as last written with its head-block time (ms); they recover over a day (resources.ts). */
  netUsage: bigint;
  netTime: bigint;
  energyUsage: bigint;
  energyTime: bigint;
}

/** A DelegatedResourceCapsule: what `from` lends `to`, locked or not. */
export interface Delegation {
  from: Uint8Array;
  to: Uint8Array;
  locked: boolean;
  amount: [bigint, bigint];
  expireTime: [bigint, bigint];
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS stake_accounts (address BLOB PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stake_delegations (
  owner BLOB NOT NULL, receiver BLOB NOT NULL, locked INTEGER NOT NULL,
  bandwidth INTEGER NOT NULL, energy INTEGER NOT NULL,
  expire_bandwidth INTEGER NOT NULL, expire_energy INTEGER NOT NULL,
  PRIMARY KEY (owner, receiver, locked)
);
CREATE TABLE IF NOT EXISTS stake_votes (voter BLOB NOT NULL, position INTEGER NOT NULL, executive BLOB NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (voter, position));
CREATE INDEX IF NOT EXISTS stake_votes_executive ON stake_votes (executive);
`;

/** The account-name index (AccountIndexStore); made once, from every account's name at that time. */
const NAME_INDEX = 'CREATE TABLE stake_account_names (name BLOB PRIMARY KEY, address BLOB NOT NULL)';

function u8(b: Uint8Array): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

function emptyStake(): StakeAccount {
  return {
    frozen: [0n, 0n],
    delegated: [0n, 0n],
    acquired: [0n, 0n],
    unfrozen: [],
    votes: [],
    allowance: 0n,
    latestWithdrawTime: 0n,
    reward: 0n,
    netUsage: 0n,
    netTime: 0n,
    energyUsage: 0n,
    energyTime: 0n,
  };
}

/** Stored as JSON with int64s as decimal text (JSON numbers lose precision past 2^53). */
function encode(s: StakeAccount): string {
  return JSON.stringify({
    frozen: s.frozen.map(String),
    delegated: s.delegated.map(String),
    acquired: s.acquired.map(String),
    unfrozen: s.unfrozen.map((u) => [u.resource, u.amount.toString(), u.expireTime.toString()]),
    allowance: s.allowance.toString(),
    latestWithdrawTime: s.latestWithdrawTime.toString(),
    reward: s.reward.toString(),
    usage: [s.netUsage, s.netTime, s.energyUsage, s.energyTime].map(String),
  });
}

function pair(v: unknown): [bigint, bigint] {
  const [a, b] = v as [string, string];
  return [BigInt(a), BigInt(b)];
}

function decode(text: string): StakeAccount {
  const j = JSON.parse(text) as Record<string, unknown>;
  return {
    frozen: pair(j.frozen),
    delegated: pair(j.delegated),
    acquired: pair(j.acquired),
    unfrozen: (j.unfrozen as [number, string, string][]).map(([r, a, e]) => ({ resource: r as StakeResource, amount: BigInt(a), expireTime: BigInt(e) })),
    votes: [],
    allowance: BigInt(j.allowance as string),
    latestWithdrawTime: BigInt(j.latestWithdrawTime as string),
    reward: BigInt(j.reward as string),
    // Rows written before staked resources were consumed have no usage: nothing used.
    ...usageOf(j.usage),
  };
}

function usageOf(v: unknown): Pick<StakeAccount, 'netUsage' | 'netTime' | 'energyUsage' | 'energyTime'> {
  const [netUsage, netTime, energyUsage, energyTime] = Array.isArray(v) ? (v as string[]).map((x) => BigInt(x)) : [0n, 0n, 0n, 0n];
  return { netUsage: netUsage ?? 0n, netTime: netTime ?? 0n, energyUsage: energyUsage ?? 0n, energyTime: energyTime ?? 0n };
}

interface DelegationRow {
  owner: Uint8Array;
  receiver: Uint8Array;
  locked: bigint;
  bandwidth: bigint;
  energy: bigint;
  expire_bandwidth: bigint;
  expire_energy: bigint;
}

function delegationOf(r: DelegationRow): Delegation {
  return {
    from: u8(r.owner),
    to: u8(r.receiver),
    locked: r.locked !== 0n,
    amount: [BigInt(r.bandwidth), BigInt(r.energy)],
    expireTime: [BigInt(r.expire_bandwidth), BigInt(r.expire_energy)],
  };
}

/** The staking tables of one devnet store. */
export class StakeStore {
  private readonly db: Database.Database;
  private readonly store: DevnetStore;
  private readonly stmts;

  constructor(store: DevnetStore) {
    this.store = store;
    this.db = store.db;
    this.db.exec(SCHEMA);
    const db = this.db;
    this.stmts = {
      get: db.prepare('SELECT data FROM stake_accounts WHERE address = ?'),
      put: db.prepare('INSERT INTO stake_accounts (address, data) VALUES (?, ?) ON CONFLICT(address) DO UPDATE SET data = excluded.data'),
      votesOf: db.prepare('SELECT executive, count FROM stake_votes WHERE voter = ? ORDER BY position'),
      clearVotes: db.prepare('DELETE FROM stake_votes WHERE voter = ?'),
      addVote: db.prepare('INSERT INTO stake_votes (voter, position, executive, count) VALUES (?, ?, ?, ?)'),
      votesFor: db.prepare('SELECT coalesce(sum(count), 0) AS n FROM stake_votes WHERE executive = ?'),
      votersOf: db.prepare('SELECT voter, sum(count) AS n FROM stake_votes WHERE executive = ? GROUP BY voter ORDER BY voter'),
      executiveTotals: db.prepare('SELECT executive, sum(count) AS n FROM stake_votes GROUP BY executive ORDER BY executive'),
      getDelegation: db.prepare('SELECT * FROM stake_delegations WHERE owner = ? AND receiver = ? AND locked = ?'),
      putDelegation: db.prepare(
        `INSERT INTO stake_delegations (owner, receiver, locked, bandwidth, energy, expire_bandwidth, expire_energy) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(owner, receiver, locked) DO UPDATE SET bandwidth = excluded.bandwidth, energy = excluded.energy,
           expire_bandwidth = excluded.expire_bandwidth, expire_energy = excluded.expire_energy`,
      ),
      deleteDelegation: db.prepare('DELETE FROM stake_delegations WHERE owner = ? AND receiver = ? AND locked = ?'),
      delegationsFrom: db.prepare('SELECT DISTINCT receiver AS a FROM stake_delegations WHERE owner = ? ORDER BY receiver'),
      delegationsTo: db.prepare('SELECT DISTINCT owner AS a FROM stake_delegations WHERE receiver = ? ORDER BY owner'),
      hasNameIndex: db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stake_account_names'"),
    };
  }

  getStake(address: Uint8Array): StakeAccount {
    const row = this.stmts.get.get(address) as { data: string } | undefined;
    const s = row ? decode(row.data) : emptyStake();
    s.votes = (this.stmts.votesOf.all(address) as { executive: Uint8Array; count: bigint }[]).map((v) => ({
      address: u8(v.executive),
      count: BigInt(v.count),
    }));
    return s;
  }

  /** Stores the account's staking fields, its vote list included (replacing the old list). */
  putStake(address: Uint8Array, s: StakeAccount): void {
    this.stmts.put.run(address, encode(s));
    this.stmts.clearVotes.run(address);
    s.votes.forEach((v, i) => this.stmts.addVote.run(address, i, v.address, v.count));
  }

  /** The account's staking row without its votes (undefined when it never staked): the per-transaction resource path reads only this. */
  getStakeRow(address: Uint8Array): StakeAccount | undefined {
    const row = this.stmts.get.get(address) as { data: string } | undefined;
    return row ? decode(row.data) : undefined;
  }

  /** Stores the staking row only, leaving the vote list as it is (for resource usage). */
  putStakeRow(address: Uint8Array, s: StakeAccount): void {
    this.stmts.put.run(address, encode(s));
  }

  /** Votes cast for `executive`, all voters together. */
  votesFor(executive: Uint8Array): bigint {
    return BigInt((this.stmts.votesFor.get(executive) as { n: bigint }).n);
  }

  /** Each voter of `executive` with the votes it gives it, in address order (so rewards are paid in a fixed order). */
  votersOf(executive: Uint8Array): { voter: Uint8Array; votes: bigint }[] {
    return (this.stmts.votersOf.all(executive) as { voter: Uint8Array; n: bigint }[]).map((r) => ({ voter: u8(r.voter), votes: BigInt(r.n) }));
  }

  /** Every executive that has votes, with its total. */
  executiveVoteTotals(): { executive: Uint8Array; votes: bigint }[] {
    return (this.stmts.executiveTotals.all() as { executive: Uint8Array; n: bigint }[]).map((r) => ({ executive: u8(r.executive), votes: BigInt(r.n) }));
  }

  getDelegation(from: Uint8Array, to: Uint8Array, locked: boolean): Delegation | undefined {
    const row = this.stmts.getDelegation.get(from, to, locked ? 1 : 0) as DelegationRow | undefined;
    return row ? delegationOf(row) : undefined;
  }

  /** Stores a delegation record, or deletes it when it lends nothing any more (as the reference node does). */
  putDelegation(d: Delegation): void {
    if (d.amount[0] === 0n && d.amount[1] === 0n) {
      this.stmts.deleteDelegation.run(d.from, d.to, d.locked ? 1 : 0);
      return;
    }
    this.stmts.putDelegation.run(d.from, d.to, d.locked ? 1 : 0, d.amount[0], d.amount[1], d.expireTime[0], d.expireTime[1]);
  }

  /** DelegatedResourceAccountIndex: whom `address` lends to and who lends to it. */
  delegationIndex(address: Uint8Array): { toAccounts: Uint8Array[]; fromAccounts: Uint8Array[] } {
    const list = (rows: unknown[]): Uint8Array[] => (rows as { a: Uint8Array }[]).map((r) => u8(r.a));
    return { toAccounts: list(this.stmts.delegationsFrom.all(address)), fromAccounts: list(this.stmts.delegationsTo.all(address)) };
  }

  /**
   * The account-name index: true when some account already has `name`. The index is made on first
   * use from every stored account's name (the genesis accounts are named), then kept by `indexName`.
   */
  nameTaken(name: Uint8Array): boolean {
    this.ensureNameIndex();
    return this.db.prepare('SELECT 1 FROM stake_account_names WHERE name = ?').get(name) !== undefined;
  }

  indexName(name: Uint8Array, address: Uint8Array): void {
    this.ensureNameIndex();
    this.db.prepare('INSERT OR REPLACE INTO stake_account_names (name, address) VALUES (?, ?)').run(name, address);
  }

  private ensureNameIndex(): void {
    if (this.stmts.hasNameIndex.get() !== undefined) return;
    this.db.exec(NAME_INDEX);
    const insert = this.db.prepare('INSERT OR IGNORE INTO stake_account_names (name, address) VALUES (?, ?)');
    // .all(), not .iterate(): better-sqlite3 allows no other statement while a query is open.
    for (const row of this.db.prepare('SELECT data FROM accounts').all() as { data: Uint8Array }[]) {
      const account = fromBinary(AccountSchema, u8(row.data));
      if (account.accountName.length > 0) insert.run(account.accountName, account.address);
    }
  }

  /** A dynamic property kept as decimal text (TOTAL_NET_WEIGHT, TOTAL_ENERGY_WEIGHT). */
  getTotal(name: string): bigint {
    return BigInt(this.store.getProperty(name) ?? '0');
  }

  addTotal(name: string, delta: bigint): void {
    if (delta !== 0n) this.store.setProperty(name, (this.getTotal(name) + delta).toString());
  }
}

const stores = new WeakMap<DevnetStore, StakeStore>();

/** The staking tables of `store`, made on first use (so an older database file gains them on open). */
export function stakeStore(store: DevnetStore): StakeStore {
  let s = stores.get(store);
  if (!s) {
    s = new StakeStore(store);
    stores.set(store, s);
  }
  return s;
}

/** The total weight property of a resource, in whole coins staked (TotalNetWeight, TotalEnergyWeight). */
export function weightProperty(resource: StakeResource): string {
  return resource === ResourceCode.BANDWIDTH ? 'TOTAL_NET_WEIGHT' : 'TOTAL_ENERGY_WEIGHT';
}

/** getFrozenV2BalanceWithDelegated: staked for `resource`, kept and lent together. */
export function stakedWithDelegated(s: StakeAccount, resource: StakeResource): bigint {
  return s.frozen[resource] + s.delegated[resource];
}

/** getTronPower (ALLOW_NEW_RESOURCE_MODEL off): every Stake 2.0 coin staked, lent ones included, in sun. */
export function tronPower(s: StakeAccount): bigint {
  return s.frozen[0] + s.frozen[1] + s.delegated[0] + s.delegated[1];
}

/** The votes an account has cast, in coins. */
export function votesUsed(s: StakeAccount): bigint {
  return s.votes.reduce((sum, v) => sum + v.count, 0n);
}

/** Changes an account's staked amount for `resource` and the chain's total weight with it (FreezeBalanceV2Actuator). */
export function changeStake(stakes: StakeStore, s: StakeAccount, resource: StakeResource, kept: bigint, lent: bigint): void {
  const before = stakedWithDelegated(s, resource) / SUN_PER_VOTE;
  s.frozen[resource] += kept;
  s.delegated[resource] += lent;
  stakes.addTotal(weightProperty(resource), stakedWithDelegated(s, resource) / SUN_PER_VOTE - before);
}
