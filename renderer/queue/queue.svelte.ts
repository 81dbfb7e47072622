/**
 * The queue's state (docs/decisions.md §9 "Queue ... Filter by status and account. Stays fast with 10,000
 * entries"): the filter, the total, and the entries fetched page by page as rows scroll into
 * view. The list itself is virtualised (components/QueueList.svelte), so only visible rows exist
 * in the DOM and only their pages are fetched.
 *
 * Invariant: a page answered for an older filter is dropped (each load bumps `generation`), so a
 * slow answer can never show rows of a filter the person has already left.
 *
 * docs/decisions.md §18 (live status): `refresh` re-reads the pages on screen without clearing them, so a row
 * turns confirmed in place; one refresh runs at a time. Batch work: `selected` holds the rows
 * chosen (queue-batch.svelte.ts runs the action over them); a new filter clears it, so a batch
 * never acts on rows the person can no longer see.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import type { QueueEntry, StationApi } from '../../shared/api/station-api.ts';
import { MAX_QUEUE_BATCH, QUEUE_PAGE_SIZE as PAGE_SIZE, type TxStatus } from '../../shared/base/limits.ts';

export class QueueState {
  status = $state<TxStatus | ''>('');
  account = $state('');
  total = $state(0);
  accounts = $state.raw<string[]>([]);
  pages = $state.raw<ReadonlyMap<number, QueueEntry[]>>(new Map());
  error = $state.raw<ErrorData | null>(null);
  loaded = $state(false);
  /** docs/decisions.md §18: the rows chosen for batch work, by txID; kept across refreshes, cleared when the filter changes. */
  selected = $state.raw<ReadonlySet<string>>(new Set());
  #generation = 0;
  #pending = new Set<number>();
  #refreshing = false;
  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  /** Starts over with the current filter: fetches the first page (and with it the total). */
  async load(): Promise<void> {
    this.#generation += 1;
    this.#pending.clear();
    this.pages = new Map();
    this.selected = new Set();
    this.loaded = false;
    await this.#fetchPage(0);
    this.loaded = true;
  }

  /**
   * Re-reads the pages already shown (the first when none is), keeping the rows on screen meanwhile:
   * the queue refreshes by itself (QueueScreen calls it every QUEUE_POLL_MS while visible).
   */
  async refresh(): Promise<void> {
    if (!this.loaded || this.#refreshing) return;
    this.#refreshing = true;
    try {
      const pages = this.pages.size === 0 ? [0] : [...this.pages.keys()];
      await Promise.all(pages.filter((p) => !this.#pending.has(p)).map((p) => this.#fetchPage(p)));
    } finally {
      this.#refreshing = false;
    }
  }

  /** Chooses or leaves a row for batch work. */
  toggle(txId: string, on: boolean): void {
    const next = new Set(this.selected);
    if (on) next.add(txId);
    else next.delete(txId);
    this.selected = next;
  }

  /** The rows "select all" chooses: the filter's first MAX_QUEUE_BATCH rows (a batch takes no more), once fetched. */
  selectable(): string[] {
    const ids: string[] = [];
    for (let i = 0; i < Math.min(this.total, MAX_QUEUE_BATCH); i++) {
      const e = this.entryAt(i);
      if (e) ids.push(e.txId);
    }
    return ids;
  }

  entryAt(index: number): QueueEntry | undefined {
    return this.pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
  }

  /** Makes sure rows `from` to `to` (exclusive) are fetched or on their way. */
  ensure(from: number, to: number): void {
    const last = Math.min(to, this.total) - 1;
    for (let page = Math.floor(Math.max(0, from) / PAGE_SIZE); page * PAGE_SIZE <= last; page++) {
      if (!this.pages.has(page) && !this.#pending.has(page)) void this.#fetchPage(page);
    }
  }

  async #fetchPage(page: number): Promise<void> {
    const generation = this.#generation;
    this.#pending.add(page);
    const answer = await this.#client.list({
      ...(this.status !== '' && { status: this.status }),
      ...(this.account !== '' && { account: this.account }),
      offset: page * PAGE_SIZE,
      limit: PAGE_SIZE,
    });
    if (generation !== this.#generation) return;
    this.#pending.delete(page);
    if (!answer.ok) {
      this.error = answer.error;
      return;
    }
    this.error = null;
    this.total = answer.value.total;
    this.accounts = answer.value.accounts;
    const next = new Map(this.pages);
    next.set(page, answer.value.entries);
    this.pages = next;
  }
}
