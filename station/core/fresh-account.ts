/**
 * Online, the station reads before it shows (docs/decisions.md §24): before a screen a signature depends on (a
 * permission update's diff and lockout verdict, a transaction's weights and signing screen) uses
 * this station's copy of an account, the copy is read again from the node unless it is an
 * observation from the last FRESH_ACCOUNT_MS and no permission update this station saw confirmed
 * on chain is newer than it. When the node cannot be asked, the screen says so in words and shows
 * what the copy is (its source and age): never a stale copy as if current.
 *
 * Invariants: a read that fails changes nothing stored; the words never claim a read that did not
 * happen; only a confirmation this station observed (not a file's claim) makes a copy stale.
 */
import { addressToBase58, type Address } from '../../shared/chain/address.ts';
import { AirlockError } from '../../shared/base/errors.ts';
import { CONFIRMED_LOOKED_AT, FRESH_ACCOUNT_MS } from '../../shared/base/limits.ts';
import { formatDuration } from '../../shared/base/duration.ts';
import type { AccountRecord } from '../store/accounts.ts';
import type { Store } from '../store/store.ts';
import type { StationContext } from './context.ts';
import { blockOf, isObserved } from './provenance.ts';
import { provenanceOf, putSnapshotAccount, sourceFromFile } from './records.ts';

/** What the screen's copy of the account is, in words, and whether it was read from the node just now. */
export interface AccountRead {
  read: boolean;
  text: string;
}

/**
 * The block of the newest permission update of `account` this station observed confirmed on chain
 * after its copy `held` was read (a copy read at or after that block already shows it); null when none.
 */
export function confirmedUpdateAfter(store: Store, account: Address, held: AccountRecord): number | null {
  const copyBlock = blockOf(held.source);
  let newest: number | null = null;
  for (const t of store.listTransactions({ account, status: ['confirmed'], limit: CONFIRMED_LOOKED_AT })) {
    if (t.kind !== 'AccountPermissionUpdateContract' || t.chain === null || t.chain.result !== 'SUCCESS' || !isObserved(t.chain.source)) continue;
    const after = copyBlock === null ? t.chain.block >= 0 : t.chain.block > copyBlock;
    if (after && (newest === null || t.chain.block > newest)) newest = t.chain.block;
  }
  return newest;
}

/** Why the held copy of `account` must be read again before it is shown, or null when it is a fresh observation. */
function staleBecause(ctx: StationContext, account: Address, held: AccountRecord | undefined): string | null {
  if (!held) return 'this station holds no copy of it';
  if (!isObserved(held.source)) return "this station's copy is only a file's claim";
  const age = ctx.now() - held.fetchedAt;
  if (age > FRESH_ACCOUNT_MS) return `this station's copy was read ${formatDuration(age)} ago`;
  const update = confirmedUpdateAfter(ctx.store, account, held);
  if (update !== null) return `a permission update was confirmed in block ${update}, after this station's copy was read`;
  return null;
}

/**
 * Reads `account` from the node first when the held copy is not a fresh observation (see the file's
 * note), and says in words what the screen will compare against.
 */
export async function readBeforeShowing(ctx: StationContext, account: Address): Promise<AccountRead> {
  const held = ctx.store.getAccount(account);
  const why = staleBecause(ctx, account, held);
  const now = ctx.now();
  if (why === null)
    return {
      read: false,
      text: `this station's copy, ${provenanceOf(held!.source, held!.fetchedAt, now).text}, read ${formatDuration(now - held!.fetchedAt)} ago`,
    };
  try {
    const node = await ctx.nodeReady();
    const fetched = await node.account(addressToBase58(account));
    // An account the chain does not have is not stored: it would read as one with no permissions.
    if (!fetched.exists) return { read: true, text: `the node ${ctx.nodeUrl()} has no account ${fetched.address} (never created on this chain)` };
    putSnapshotAccount(ctx.store, fetched, sourceFromFile(fetched.source));
    const block = 'node' in fetched.source ? ` at block ${fetched.source.block}` : '';
    return { read: true, text: `read from the node ${ctx.nodeUrl()} just now${block} (${why})` };
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
    const copy = held
      ? `this station's copy, ${provenanceOf(held.source, held.fetchedAt, now).text}, ${formatDuration(now - held.fetchedAt)} old`
      : 'no copy at all';
    return { read: false, text: `could not read the account from the node ${ctx.nodeUrl()} (${e.message}); ${why}, so this is shown against ${copy}` };
  }
}
