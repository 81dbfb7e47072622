/**
 * The renderer's one live state (docs/decisions.md §26, "every screen follows the chain and the queue"): a
 * single poll, every QUEUE_POLL_MS of the app's clock while the page is visible, that every screen
 * follows instead of re-reading on its own. It holds:
 * - `beat`, the poll's count: the queue re-reads its rows and the open transaction its status when
 *   it moves (QueueScreen, TransactionScreen);
 * - the stored accounts the pickers show (`watch`, `accountOf`), read again on every poll, and
 *   fetched from the node once when a permission update of theirs has been confirmed in a block
 *   newer than the copy the station holds, so a picker shows a permission change made meanwhile;
 * - the status of the transactions the screens' last-built links point to (`follow`, `statusOf`):
 *   'gone' once the station no longer has it (discarded here, in another window or by the CLI).
 *
 * Invariants: a hidden page asks nothing; one poll runs at a time; an answer never replaces a
 * newer one (each read lands only if nothing newer landed since); at most MAX_LIVE_ACCOUNTS
 * accounts and MAX_LIVE_TRANSACTIONS transactions are followed, the oldest let go first; the
 * station's answers are shown as they are, nothing here guesses a status.
 */
import { untrack } from 'svelte';
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { AccountView, StationApi } from '../../shared/api/station-api.ts';
import { LIVE_UPDATES_SCANNED, MAX_LIVE_ACCOUNTS, MAX_LIVE_TRANSACTIONS, QUEUE_POLL_MS, type TxStatus } from '../../shared/base/limits.ts';
import type { Clock } from './clock.svelte.ts';

/** A followed transaction: its status as the station answered, or 'gone' when the station no longer has it. */
export type LiveStatus = TxStatus | 'gone';

/** Bounded insertion: `key` moves to the newest end; the oldest entries past `max` are dropped. */
function remember<K, V>(map: ReadonlyMap<K, V>, key: K, value: V, max: number): Map<K, V> {
  const next = new Map(map);
  next.delete(key);
  next.set(key, value);
  for (const old of next.keys()) {
    if (next.size <= max) break;
    next.delete(old);
  }
  return next;
}

export class LiveState {
  /** How many polls have run; a screen that follows the chain re-reads what it shows when it moves. */
  beat = $state(0);
  /** Each watched account as accountShow last answered: the view, or null when the station holds no copy. */
  accounts = $state.raw<ReadonlyMap<string, AccountView | null>>(new Map());
  /** Each followed transaction's status as `status` last answered. */
  transactions = $state.raw<ReadonlyMap<string, LiveStatus>>(new Map());
  readonly #client: ApiClient<StationApi>;
  #lastPoll: number;
  #polling = false;
  /** Confirmed permission updates the account was fetched for already (once each, whatever the node answered). */
  #fetchedFor = new Set<string>();
  readonly #stop: () => void;

  constructor(client: ApiClient<StationApi>, clock: Clock) {
    this.#client = client;
    this.#lastPoll = untrack(() => clock.now);
    // One effect for the whole page, made with the state (screens mounted alone in tests follow it too).
    this.#stop = $effect.root(() => {
      $effect(() => {
        const now = clock.now;
        untrack(() => this.#tick(now));
      });
    });
  }

  /** Stops the poll (a page that closes; tests). */
  stop(): void {
    this.#stop();
  }

  #tick(now: number): void {
    if (now - this.#lastPoll < QUEUE_POLL_MS) return;
    this.#lastPoll = now;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    this.beat += 1;
    void this.refresh();
  }

  /** The stored account `address` names (base58) as last read; undefined until read, null when the station holds none. */
  accountOf(address: string): AccountView | null | undefined {
    return this.accounts.get(address);
  }

  /** Starts following account `address` (base58) for the pickers and reads it now; later polls read it again. */
  async watch(address: string): Promise<void> {
    if (address === '') return;
    // Untracked: an effect that asks to watch must not come to depend on the accounts it writes.
    untrack(() => {
      if (!this.accounts.has(address)) this.accounts = remember(this.accounts, address, null, MAX_LIVE_ACCOUNTS);
    });
    await untrack(() => this.#readAccount(address));
  }

  /** The status of a followed transaction; undefined until read. */
  statusOf(txId: string): LiveStatus | undefined {
    return this.transactions.get(txId.toLowerCase());
  }

  /** Starts following transaction `txId` (a screen's last-built link) and reads its status now. */
  async follow(txId: string): Promise<void> {
    const id = txId.toLowerCase();
    await untrack(() => this.#readStatus(id));
  }

  /** Marks a transaction the station has just discarded as gone, without waiting for the poll. */
  gone(txId: string): void {
    this.transactions = remember(this.transactions, txId.toLowerCase(), 'gone', MAX_LIVE_TRANSACTIONS);
  }

  /** One poll: every watched account and followed transaction read again. One runs at a time. */
  async refresh(): Promise<void> {
    if (this.#polling) return;
    this.#polling = true;
    try {
      await Promise.all([
        ...[...this.accounts.keys()].map((a) => this.#readAccount(a, true)),
        ...[...this.transactions.keys()].map((t) => this.#readStatus(t)),
      ]);
    } finally {
      this.#polling = false;
    }
  }

  async #readAccount(address: string, scan = false): Promise<void> {
    const answer = await this.#client.accountShow({ address });
    if (!this.accounts.has(address)) return;
    let view = answer.ok ? answer.value : null;
    if (scan && view !== null) view = (await this.#newerOnChain(view)) ?? view;
    if (!this.accounts.has(address)) return;
    const next = new Map(this.accounts);
    next.set(address, view);
    this.accounts = next;
  }

  /**
   * The account read from the node when a permission update of it was confirmed in a block newer
   * than the stored copy (once per update); null when there is none, or the node could not be read.
   */
  async #newerOnChain(view: AccountView): Promise<AccountView | null> {
    const list = await this.#client.list({ account: view.address, status: 'confirmed', limit: LIVE_UPDATES_SCANNED });
    if (!list.ok) return null;
    const readAt = view.source.block ?? -1;
    const update = list.value.entries.find(
      (e) => e.kind === 'AccountPermissionUpdateContract' && e.chain !== null && e.chain.observed && e.chain.block >= readAt && !this.#fetchedFor.has(e.txId),
    );
    if (update === undefined) return null;
    this.#fetchedFor.add(update.txId);
    const fetched = await this.#client.accountFetch({ address: view.address });
    return fetched.ok ? fetched.value : null;
  }

  async #readStatus(id: string): Promise<void> {
    const answer = await this.#client.status({ txId: id });
    // NOT_FOUND: discarded; any other refusal (a node that cannot be read) leaves what was known.
    const status: LiveStatus | null = answer.ok ? answer.value.status : answer.error.code === 'NOT_FOUND' ? 'gone' : null;
    if (status === null) return;
    if (this.transactions.get(id) === 'gone') return;
    this.transactions = remember(this.transactions, id, status, MAX_LIVE_TRANSACTIONS);
  }
}
