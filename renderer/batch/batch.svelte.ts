/**
 * The Batch screen's state (docs/decisions.md §9 "Batch: build and sign from a CSV with a progress bar and a
 * per-row result"). The CSV (a chosen or dropped file, or pasted text) is read and every row
 * checked here with the station's own reader (shared/files/batch-csv.ts) before anything is sent, then
 * sent to `buildBatch` in chunks of BATCH_CHUNK_ROWS rows, each with the header and the number of
 * its first row, so the progress bar moves as the station answers and Cancel can stop between
 * chunks.
 *
 * Invariants: nothing is sent while a row has a problem, nor a CSV whose rows were already stored; each chunk is stored by the station in
 * one transaction, so a refused chunk stores none of its rows while the chunks before it stay
 * stored, and the outcome says so in words; a message never quotes a cell.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { LiveState } from '../app/live.svelte.ts';
import { batchChunks, checkBatchSheet, readBatchSheet, type BatchCheck, type BatchSheet } from '../../shared/files/batch-csv.ts';
import { AirlockError, type ErrorData } from '../../shared/base/errors.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import { SourceAccount } from '../forms/source-account.svelte.ts';
import { expiresInProblem } from '../forms/field-rules.ts';
import { BATCH_CHUNK_ROWS, MAX_CSV_BYTES, type TxStatus } from '../../shared/base/limits.ts';
import { sayError } from '../app/words.ts';

/** One row's result: built (txID and status), refused (the error), or not built. */
export interface RowResult {
  row: number;
  /** The row's note as written (escaped by the screen). */
  note: string;
  txId: string | null;
  status: TxStatus | null;
  error: string | null;
}

export type Preview = { ok: true; sheet: BatchSheet; check: BatchCheck } | { ok: false; message: string };

export class BatchState {
  readonly source: SourceAccount;
  csv = $state('');
  /** The chosen file's name (escaped by the screen), or null for pasted text. */
  fileName = $state<string | null>(null);
  fileError = $state<string | null>(null);
  sign = $state(false);
  expiresIn = $state('');
  running = $state(false);
  cancelling = $state(false);
  done = $state(0);
  total = $state(0);
  results = $state.raw<RowResult[]>([]);
  /** What happened, in words, after a run. */
  outcome = $state<string | null>(null);
  error = $state.raw<ErrorData | null>(null);
  /**
   * The CSV text of the last run that stored rows. Building it again would store those transfers a
   * second time (a new time makes new transactions), so the same text is not built twice.
   */
  builtText = $state<string | null>(null);
  readonly #client: ApiClient<StationApi>;

  constructor(client: ApiClient<StationApi>, live: LiveState) {
    this.#client = client;
    this.source = new SourceAccount(client, live);
  }

  /** The CSV read and every row checked, as the station will; null while there is none. */
  readonly preview: Preview | null = $derived.by(() => {
    if (this.csv.trim() === '') return null;
    try {
      const sheet = readBatchSheet(this.csv);
      return { ok: true, sheet, check: checkBatchSheet(sheet, this.source.owner) };
    } catch (e) {
      if (!(e instanceof AirlockError)) throw e;
      return { ok: false, message: e.message };
    }
  });

  readonly expiresProblem: string | null = $derived(expiresInProblem(this.expiresIn));

  readonly ready: boolean = $derived.by(
    () =>
      this.preview?.ok === true &&
      this.preview.check.problemRows === 0 &&
      this.csv !== this.builtText &&
      this.source.fromProblem === null &&
      this.source.permissionProblem === null &&
      this.expiresProblem === null,
  );

  async load(): Promise<void> {
    await this.source.loadSuggestions();
  }

  /** Takes a chosen or dropped file; one larger than the station reads is refused unread. */
  async chooseFile(file: File): Promise<void> {
    if (file.size > MAX_CSV_BYTES) {
      this.fileError = `That file is ${file.size.toLocaleString('en')} bytes; a batch CSV has at most ${MAX_CSV_BYTES.toLocaleString('en')} (8 MiB). Split it.`;
      return;
    }
    this.fileError = null;
    this.fileName = file.name;
    this.csv = await file.text();
  }

  paste(text: string): void {
    this.fileName = null;
    this.fileError = null;
    this.csv = text;
  }

  /** Stops after the chunk the station is building now; rows after it are not sent. */
  cancel(): void {
    if (this.running) this.cancelling = true;
  }

  async run(): Promise<void> {
    const preview = this.preview;
    const permissionId = this.source.permissionId;
    if (this.running || !this.ready || preview === null || !preview.ok || permissionId === null) return;
    const { sheet } = preview;
    const notes = new Map(sheet.rows.map((r) => [r.row, r.cells[3] ?? '']));
    const chunks = batchChunks(sheet, BATCH_CHUNK_ROWS);
    const results: RowResult[] = [];
    const notBuilt = (from: number, error: string | null): void => {
      for (const r of sheet.rows) if (r.row >= from) results.push({ row: r.row, note: notes.get(r.row)!, txId: null, status: null, error });
    };
    this.running = true;
    this.cancelling = false;
    this.done = 0;
    this.total = sheet.rows.length;
    this.results = [];
    this.outcome = null;
    this.error = null;
    const firstRow = sheet.rows[0]!.row;
    const lastRow = sheet.rows[sheet.rows.length - 1]!.row;
    try {
      for (const chunk of chunks) {
        if (this.cancelling) {
          notBuilt(chunk.firstRow, 'not built: cancelled');
          this.outcome = `Cancelled. ${this.#builtSoFar(firstRow, chunk.firstRow)}rows ${chunk.firstRow}–${lastRow} were not built.`;
          return;
        }
        const answer = await this.#client.buildBatch({
          csv: chunk.csv,
          from: this.source.from.trim(),
          firstRow: chunk.firstRow,
          permissionId,
          ...(this.sign && { sign: true }),
          ...(this.expiresIn.trim() !== '' && { expiresIn: this.expiresIn.trim() }),
        });
        if (!answer.ok) {
          const row = typeof answer.error.details?.row === 'number' ? answer.error.details.row : null;
          for (const r of sheet.rows) {
            if (r.row < chunk.firstRow) continue;
            const error =
              r.row > chunk.lastRow
                ? 'not built: an earlier chunk was refused'
                : row === null || row === r.row
                  ? `refused: ${sayError(answer.error)}`
                  : `not built: row ${row} of the same chunk was refused`;
            results.push({ row: r.row, note: notes.get(r.row)!, txId: null, status: null, error });
          }
          this.error = answer.error;
          this.outcome = `The station refused rows ${chunk.firstRow}–${chunk.lastRow} and stored none of them. ${this.#builtSoFar(firstRow, chunk.firstRow)}rows ${chunk.firstRow}–${lastRow} were not built.`;
          return;
        }
        this.builtText = this.csv;
        for (const r of answer.value.rows) results.push({ row: r.row, note: notes.get(r.row) ?? '', txId: r.txId, status: r.status, error: null });
        this.done += answer.value.count;
        // A new array each chunk, so the table shows the rows as they arrive.
        this.results = [...results];
      }
      this.outcome = `All ${this.total} rows were built and stored${this.sign ? ", signed with this station's keys of the permission" : ''}. They are in the queue.`;
    } finally {
      this.results = results;
      this.running = false;
      this.cancelling = false;
      // Rows were stored under this Expires in: the next batch takes the station's default unless it is typed again.
      if (this.builtText === this.csv) this.expiresIn = '';
    }
  }

  /** "Rows 2–401 were built and stay stored in the queue; " or "No row was built; ". */
  #builtSoFar(firstRow: number, stoppedAt: number): string {
    return stoppedAt > firstRow ? `Rows ${firstRow}–${stoppedAt - 1} were built before and stay stored in the queue; ` : 'No row was built; ';
  }
}
