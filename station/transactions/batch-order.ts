/**
 * The order a batch broadcast runs its rows in (docs/decisions.md §26 "Batch broadcast in dependency order": a
 * stake, delegation, vote and claim built in that order were sent delegate, vote, claim, stake, and
 * three were refused). Each contract kind provides some facts to its account and uses others; a
 * row that uses a fact another chosen row of the same account provides waits for that row to be in
 * a block:
 * - a permission update provides the permissions: a row of the account signed under an active
 *   permission (id 2 and up) that the permission as stored does not allow (or that the station holds
 *   no copy of) needs the update first, as the update is what enables it (PROTOCOL.md §3 item 4); a
 *   row the current permission already allows does not wait (the update might change its keys);
 * - a stake (1.0 or 2.0) provides staked TRX: a delegation, a vote and an unstake use it;
 * - a vote provides votes: a reward claim uses them;
 * - a delegation provides what an undelegation takes back;
 * - an unstake provides the unstaking a withdrawal of unstaked TRX or a cancellation acts on.
 *
 * Invariants: the order is the chosen order except where a row must come after one it depends on
 * (a stable topological sort); rows of different accounts never wait for each other; a row never
 * waits for itself. The rules form no cycle (a fact is provided only by kinds that use nothing
 * provided by its users), and the sort refuses one anyway rather than loop.
 */
import { fail } from '../../shared/base/errors.ts';

/** What the order needs of a row: its contract kind, its account and the permission it is signed under. */
export interface BatchItem {
  txId: string;
  /** java-tron's contract type name; null for a row the station cannot read (it depends on nothing). */
  kind: string | null;
  /** The account, as hex. */
  owner: string;
  permissionId: number;
  /** Whether the permission stored with the row allows its contract now (false when none is stored). */
  allowedNow: boolean;
}

type Fact = 'permissions' | 'stake' | 'votes' | 'delegation' | 'unstaking';

const PROVIDES: Readonly<Record<string, readonly Fact[]>> = {
  AccountPermissionUpdateContract: ['permissions'],
  FreezeBalanceContract: ['stake'],
  FreezeBalanceV2Contract: ['stake'],
  VoteWitnessContract: ['votes'],
  DelegateResourceContract: ['delegation'],
  UnfreezeBalanceV2Contract: ['unstaking'],
};

const USES: Readonly<Record<string, readonly Fact[]>> = {
  DelegateResourceContract: ['stake'],
  VoteWitnessContract: ['stake'],
  UnfreezeBalanceV2Contract: ['stake'],
  UnfreezeBalanceContract: ['stake'],
  WithdrawBalanceContract: ['votes'],
  UnDelegateResourceContract: ['delegation'],
  WithdrawExpireUnfreezeContract: ['unstaking'],
  CancelAllUnfreezeV2Contract: ['unstaking'],
};

const listed = (table: Readonly<Record<string, readonly Fact[]>>, kind: string | null): readonly Fact[] =>
  kind !== null && Object.hasOwn(table, kind) ? table[kind]! : [];

function uses(item: BatchItem): Fact[] {
  return [
    ...listed(USES, item.kind),
    ...(item.permissionId >= 2 && !item.allowedNow && item.kind !== 'AccountPermissionUpdateContract' ? (['permissions'] as const) : []),
  ];
}

export interface BatchPlan {
  /** Indexes into the items, in the order to broadcast them. */
  order: number[];
  /** For each item (by index), the indexes of the items it waits for. */
  waitsFor: number[][];
}

/** Which row waits for which, and the order that puts every row after what it depends on. */
export function planBroadcast(items: readonly BatchItem[]): BatchPlan {
  const waitsFor = items.map((item, i) => {
    const needed = uses(item);
    if (needed.length === 0) return [];
    return items.flatMap((other, j) => (j !== i && other.owner === item.owner && listed(PROVIDES, other.kind).some((f) => needed.includes(f)) ? [j] : []));
  });
  const order: number[] = [];
  const placed = new Set<number>();
  while (order.length < items.length) {
    // The first row in the chosen order whose dependencies are all placed.
    const next = items.findIndex((_, i) => !placed.has(i) && waitsFor[i]!.every((j) => placed.has(j)));
    if (next === -1) fail('CONFLICT', 'txIds: these transactions depend on each other in a circle; broadcast them one by one', { field: 'txIds' });
    order.push(next);
    placed.add(next);
  }
  return { order, waitsFor };
}
