/**
 * Batch work on the queue's chosen rows (docs/decisions.md §18, "sign, export ... and broadcast all selected rows
 * at once, with progress and a total per asset"): the total per asset of the chosen rows
 * (`queueTotals`), and one action run over them (`queueBatch`) row by row, so the screen can say
 * "3 of 4" while it works and each row's result as it comes.
 *
 * Invariants: the station judges every row (the renderer names no risk and decides nothing: a row
 * needing an override comes back refused with its reason); a refusal of one row never stops the
 * rest; one action runs at a time; a merged export is one call, since the file holds every row; a
 * broadcast is one call too, so the station orders the rows by what depends on what and sends each
 * once what it uses is in a block (docs/decisions.md §26, station/transactions/batch-order.ts): the results come
 * in the order sent, each saying which row it waited for.
 */
import type { ApiClient, ResultOf } from '../../shared/api/api-contract.ts';
import type { ErrorData } from '../../shared/base/errors.ts';
import type { StationApi } from '../../shared/api/station-api.ts';

export type QueueBatchActionName = 'sign' | 'export' | 'broadcast';

export type QueueBatchRowResult = ResultOf<StationApi, 'queueBatch'>['rows'][number];
export type QueueTotalsValue = ResultOf<StationApi, 'queueTotals'>;

export class QueueBatchState {
  running = $state<QueueBatchActionName | null>(null);
  /** Rows finished of the running (or last) action. */
  progress = $state({ done: 0, total: 0 });
  results = $state.raw<QueueBatchRowResult[]>([]);
  summary = $state('');
  totals = $state.raw<QueueTotalsValue | null>(null);
  error = $state.raw<ErrorData | null>(null);
  #totalsFor = '';
  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>) {
    this.#client = client;
  }

  /** Asks the station for the total per asset of `txIds` (nothing when none is chosen); a stale answer is dropped. */
  async loadTotals(txIds: readonly string[]): Promise<void> {
    const key = txIds.join(',');
    this.#totalsFor = key;
    if (txIds.length === 0) {
      this.totals = null;
      return;
    }
    const answer = await this.#client.queueTotals({ txIds: [...txIds] });
    if (this.#totalsFor !== key) return;
    if (answer.ok) this.totals = answer.value;
    else this.error = answer.error;
  }

  /**
   * Runs `action` over `txIds`, one row a call so the progress moves (a merged export and a
   * broadcast: one call);
   * `save` gets each exported file.
   */
  async run(
    action: QueueBatchActionName,
    txIds: readonly string[],
    options: { merged?: boolean; save: (fileName: string, text: string) => void },
  ): Promise<void> {
    if (this.running !== null || txIds.length === 0) return;
    this.running = action;
    this.error = null;
    this.results = [];
    this.summary = '';
    this.progress = { done: 0, total: txIds.length };
    try {
      const chunks = options.merged === true || action === 'broadcast' ? [[...txIds]] : txIds.map((t) => [t]);
      for (const chunk of chunks) {
        const answer = await this.#client.queueBatch({ action, txIds: chunk, ...(options.merged === true && { merged: true }) });
        if (!answer.ok) {
          // A refusal of the whole call (the list itself was wrong): nothing of it ran.
          this.error = answer.error;
          return;
        }
        for (const f of answer.value.files) options.save(f.fileName, f.text);
        this.results = [...this.results, ...answer.value.rows];
        this.progress = { done: this.results.length, total: txIds.length };
      }
      const done = this.results.filter((r) => r.ok).length;
      const verb = action === 'sign' ? 'signed' : action === 'export' ? 'exported' : 'broadcast';
      this.summary = `${done} of ${txIds.length} ${verb}${done < txIds.length ? `; ${txIds.length - done} refused` : ''}.`;
    } finally {
      this.running = null;
    }
  }
}
