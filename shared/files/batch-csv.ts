/**
 * The batch CSV (docs/decisions.md §7 `build batch`, docs/decisions.md §9 "Batch"): many transfers from one account, one per
 * row under the header `to,amount,token,note`. An empty token is the native coin (amount in sun),
 * else a token id and the amount in the token's smallest unit; the note is kept with the
 * transaction. The station's services and the renderer's preview read a file with these same
 * functions, so what the preview calls a problem is exactly what the station refuses.
 *
 * Rows are numbered as the station numbers them: the header is row 1 and the first data row 2,
 * counting records (blank lines are skipped, a quoted cell may span lines). A file is cut into
 * chunks (`batchChunks`) that keep the header and the original text of each row, with the number
 * of their first row, so a chunk's errors and results name rows of the whole file.
 *
 * Invariants: RFC 4180 quoting; at most MAX_BATCH_ROWS data rows, refused while reading rather
 * than after (50,000 rows cost no more than 10,001); every message names the row and column and
 * never quotes a cell (a private key pasted into the amount column is not echoed).
 */
import type { Message } from '@bufbuild/protobuf';
import type { Address } from '../chain/address.ts';
import { bytesToHex } from '../base/bytes.ts';
import { AirlockError, fail } from '../base/errors.ts';
import { badArgument, addressTextInput, int64Input, kindOf, noteInput, rejectField, tokenIdInput } from '../chain/input.ts';
import { buildTransferAsset } from '../contracts/token.ts';
import { buildTransfer } from '../contracts/transfer.ts';
import { MAX_BATCH_ROWS, MAX_NOTE_LENGTH } from '../base/limits.ts';
/** Re-exported for station/ and electron/, which import it from here until the lead re-points them. */

export const BATCH_CSV_COLUMNS = ['to', 'amount', 'token', 'note'] as const;

/** One CSV record: its cells and where it sits in the text (`end` is before its line break). */
export interface CsvRecord {
  cells: string[];
  start: number;
  end: number;
}

/**
 * Splits CSV text into records; quoted cells may hold commas, quotes ("") and line breaks. Blank
 * lines are skipped. More than `maxRecords` records is refused as soon as the next one starts.
 */
export function csvRecords(text: string, maxRecords: number): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let start = 0;
  const endRecord = (end: number, next: number): void => {
    cells.push(cell);
    cell = '';
    if (!(cells.length === 1 && cells[0] === '')) {
      if (records.length >= maxRecords) fail('INVALID_INPUT', `csv: more than ${maxRecords - 1} rows; split the file`, { field: 'csv', limit: maxRecords - 1 });
      records.push({ cells, start, end });
    }
    cells = [];
    start = next;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += c;
      i++;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n') endRecord(i, i + 1);
    else if (c === '\r') {
      if (text[i + 1] === '\n') {
        endRecord(i, i + 2);
        i++;
      } else endRecord(i, i + 1);
    } else cell += c;
    i++;
  }
  if (quoted) fail('INVALID_INPUT', `csv row ${records.length + 1}: a quoted cell is never closed`, { field: 'csv', row: records.length + 1 });
  if (cell !== '' || cells.length > 0) endRecord(text.length, text.length);
  return records;
}

/** A data row: its number in the file (header = 1) and its cells. */
export interface BatchSheetRow extends CsvRecord {
  row: number;
}

export interface BatchSheet {
  /** The text the offsets refer to (a leading byte-order mark removed). */
  text: string;
  header: CsvRecord;
  rows: BatchSheetRow[];
}

/**
 * Reads a batch CSV: the header `to,amount,token,note` then at least one row. `firstRow` is the
 * number the first data row has in the whole file (2 unless this text is a chunk of a larger one).
 * `name` appears in messages (the file's name, already cut for display).
 */
export function readBatchSheet(text: string, options: { name?: string; firstRow?: number } = {}): BatchSheet {
  if (typeof text !== 'string') rejectField('csv', `must be text, got ${kindOf(text)}`);
  const firstRow = options.firstRow ?? 2;
  if (!Number.isSafeInteger(firstRow) || firstRow < 2) rejectField('firstRow', 'must be a whole number of 2 or more (row 1 is the header)');
  const what = options.name === undefined ? 'csv' : `csv ${options.name}`;
  const body = text.replace(/^\uFEFF/, '');
  const records = csvRecords(body, MAX_BATCH_ROWS + 1);
  const header = records.shift();
  if (!header || header.cells.length !== BATCH_CSV_COLUMNS.length || BATCH_CSV_COLUMNS.some((c, i) => header.cells[i]!.trim() !== c)) {
    fail('INVALID_INPUT', `${what}: the first line must be the header to,amount,token,note`, { field: 'csv', row: 1 });
  }
  if (records.length === 0) fail('INVALID_INPUT', `${what}: no rows after the header`, { field: 'csv' });
  return { text: body, header, rows: records.map((r, i) => ({ ...r, row: firstRow + i })) };
}

/** What one row asks for. `token` is null for the native coin. */
export interface BatchRow {
  row: number;
  to: Address;
  amount: bigint;
  token: string | null;
  note: string;
}

/** `csv row N, column C` (or `csv row N`), the field every row message starts with. */
export function batchField(row: number, column?: string): string {
  return column === undefined ? `csv row ${row}` : `csv row ${row}, column ${column}`;
}

/** Reads one row's cells; a bad cell is a coded error naming its row and column (details.row too). */
export function readBatchRow(cells: readonly string[], row: number): BatchRow {
  if (cells.length !== BATCH_CSV_COLUMNS.length) {
    fail('INVALID_INPUT', `${batchField(row)}: expected 4 cells (to,amount,token,note), got ${cells.length}`, { field: 'csv', row });
  }
  const [to, amount, token, note] = cells as [string, string, string, string];
  return withRow(row, () => {
    const toAddress = addressTextInput(to, batchField(row, 'to'));
    if (!/^[0-9]+$/.test(amount.trim())) {
      rejectField(
        batchField(row, 'amount'),
        "a whole number of smallest units: sun for the coin (1 TRX = 1,000,000 sun, so 12.5 TRX is 12500000), or the token's smallest unit",
      );
    }
    const n = int64Input(amount.trim(), batchField(row, 'amount'), { min: 1n });
    const id = token.trim() === '' ? null : tokenIdInput(token.trim(), batchField(row, 'token'));
    noteInput(note, batchField(row, 'note'), MAX_NOTE_LENGTH);
    return { row, to: toAddress, amount: n, token: id, note };
  });
}

/** The row's contract from `owner`, made by the shared builders (their rules apply: not to yourself). */
export function batchContract(owner: Address, r: BatchRow): { type: 'TransferContract' | 'TransferAssetContract'; value: Message } {
  return withRow(r.row, () =>
    r.token === null
      ? { type: 'TransferContract' as const, value: buildTransfer({ owner, to: r.to, amount: r.amount }) as Message }
      : { type: 'TransferAssetContract' as const, value: buildTransferAsset({ owner, to: r.to, tokenId: r.token, amount: r.amount }) as Message },
  );
}

/**
 * Refuses a row that asks for the same transfer (recipient, amount, token) as an earlier one:
 * built in one batch with the same reference block and time, the two would be one transaction
 * (one txID), which the store and the node each accept once. `seen` carries the rows read so far.
 */
export function refuseRepeat(seen: Map<string, number>, r: BatchRow): void {
  const key = `${r.token ?? ''}/${r.amount}/${bytesToHex(r.to)}`;
  const earlier = seen.get(key);
  if (earlier !== undefined) {
    fail(
      'INVALID_INPUT',
      `${batchField(r.row)}: the same recipient, amount and token as row ${earlier}, which would make the same transaction; change the amount or send it in another batch`,
      { field: 'csv', row: r.row },
    );
  }
  seen.set(key, r.row);
}

/** Runs `read`, putting `csv row N: ` in front of a coded error that does not already name the row. */
function withRow<T>(row: number, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof AirlockError && !e.message.startsWith('csv row')) fail(e.code, `${batchField(row)}: ${e.message}`, { ...e.details, row });
    if (e instanceof AirlockError && e.details?.row === undefined) fail(e.code, e.message, { ...e.details, row });
    throw e;
  }
}

/** One row's problem, for a preview: the row, the column when one is to blame, the message. */
export interface BatchProblem {
  row: number;
  column: string | null;
  code: string;
  message: string;
}

export interface BatchCheck {
  /** Data rows read. */
  count: number;
  /** Rows with a problem, in all. */
  problemRows: number;
  /** The first `maxProblems` problems, in row order. */
  problems: BatchProblem[];
}

/**
 * Checks every row of `sheet` as the station would (cells, then the contract from `owner` when it
 * is known) and collects problems rather than stopping at the first.
 */
export function checkBatchSheet(sheet: BatchSheet, owner: Address | null, maxProblems = 20): BatchCheck {
  const problems: BatchProblem[] = [];
  const seen = new Map<string, number>();
  let problemRows = 0;
  for (const r of sheet.rows) {
    try {
      const read = readBatchRow(r.cells, r.row);
      if (owner !== null) batchContract(owner, read);
      refuseRepeat(seen, read);
    } catch (e) {
      if (!(e instanceof AirlockError)) throw e;
      problemRows++;
      if (problems.length < maxProblems) {
        const field = typeof e.details?.field === 'string' ? e.details.field : '';
        const column = /^csv row [0-9]+, column ([a-z]+)$/.exec(field)?.[1] ?? null;
        problems.push({ row: r.row, column, code: e.code, message: e.message });
      }
    }
  }
  return { count: sheet.rows.length, problemRows, problems };
}

/** A piece of a batch to send in one call: the header and up to `size` rows, with their numbers. */
export interface BatchChunk {
  csv: string;
  firstRow: number;
  lastRow: number;
  count: number;
}

/** Cuts `sheet` into chunks of at most `size` rows, each starting with the header, each row's text as written. */
export function batchChunks(sheet: BatchSheet, size: number): BatchChunk[] {
  if (!Number.isSafeInteger(size) || size < 1) badArgument(`batchChunks: size must be a whole number of 1 or more, got ${size}`, 'size');
  const header = sheet.text.slice(sheet.header.start, sheet.header.end);
  const chunks: BatchChunk[] = [];
  for (let i = 0; i < sheet.rows.length; i += size) {
    const part = sheet.rows.slice(i, i + size);
    const first = part[0]!;
    const last = part[part.length - 1]!;
    chunks.push({ csv: `${header}\n${sheet.text.slice(first.start, last.end)}\n`, firstRow: first.row, lastRow: last.row, count: part.length });
  }
  return chunks;
}
