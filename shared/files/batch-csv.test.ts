/**
 * shared/files/batch-csv.ts: the batch CSV reader the station and the renderer's preview share (docs/decisions.md §7
 * `build batch`, docs/decisions.md §9 "Batch"): RFC 4180 records, the header, rows numbered as in the file,
 * every row's problem collected with its row and column, and chunks that keep the header and name
 * rows of the whole file.
 */
import { describe, expect, it } from 'vitest';
import { addressToBase58, addressFromHex } from '../chain/address.ts';
import { batchChunks, checkBatchSheet, csvRecords, readBatchRow, readBatchSheet } from './batch-csv.ts';
import { MAX_BATCH_ROWS } from '../base/limits.ts';

const FROM = addressFromHex('41' + '11'.repeat(20));
const TO = addressToBase58(addressFromHex('41' + '22'.repeat(20)));
const HEADER = 'to,amount,token,note';
/** The coded error `fn` throws, matched on `fields` (message, details). */
const throwsCoded = (fn: () => unknown, fields: Record<string, unknown>) => expect(fn).toThrow(expect.objectContaining({ name: 'AirlockError', ...fields }));

describe('csvRecords (RFC 4180)', () => {
  it('reads quoted commas, doubled quotes and line breaks inside quotes; skips blank lines', () => {
    const text = 'a,b\r\n"x,1","say ""hi""\nthere"\n\n\nlast,row';
    expect(csvRecords(text, 10).map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['x,1', 'say "hi"\nthere'],
      ['last', 'row'],
    ]);
  });

  it('records where each record sits, so a chunk keeps the text as written', () => {
    const text = 'a,b\n"x\ny",2\r\nz,3';
    const r = csvRecords(text, 10);
    expect(r.map((x) => text.slice(x.start, x.end))).toEqual(['a,b', '"x\ny",2', 'z,3']);
  });

  it('refuses an unclosed quote and more records than allowed, as soon as the next one starts', () => {
    throwsCoded(() => csvRecords('a\n"open', 10), { message: 'csv row 2: a quoted cell is never closed' });
    throwsCoded(() => csvRecords('a\nb\nc', 2), { message: 'csv: more than 1 rows; split the file' });
  });
});

describe('readBatchSheet', () => {
  it('wants the header first and at least one row; numbers rows from 2, or from firstRow', () => {
    throwsCoded(() => readBatchSheet('to,amount\nx,1'), { details: { field: 'csv', row: 1 } });
    throwsCoded(() => readBatchSheet(`${HEADER}\n`), { message: 'csv: no rows after the header' });
    expect(readBatchSheet(`\uFEFF${HEADER}\n${TO},1,,\n${TO},2,,`).rows.map((r) => r.row)).toEqual([2, 3]);
    expect(readBatchSheet(`${HEADER}\n${TO},1,,`, { firstRow: 202 }).rows[0]!.row).toBe(202);
  });

  it('refuses 50,000 rows of __proto__ by their count, without reading them all', () => {
    const text = `${HEADER}\n${'__proto__,__proto__,__proto__,__proto__\n'.repeat(50_000)}`;
    throwsCoded(() => readBatchSheet(text), { message: `csv: more than ${MAX_BATCH_ROWS} rows; split the file` });
  });
});

describe('readBatchRow and checkBatchSheet', () => {
  it('reads a native-coin row and a token row', () => {
    expect(readBatchRow([TO, '1500000', '', 'rent'], 2)).toMatchObject({ row: 2, amount: 1_500_000n, token: null, note: 'rent' });
    expect(readBatchRow([` ${TO} `, ' 5 ', ' 1000001 ', ''], 3)).toMatchObject({ amount: 5n, token: '1000001' });
  });

  it('names the row and column of a bad cell, and never quotes a private key pasted there', () => {
    const key = 'c0ffee00'.repeat(8);
    const unit = "a whole number of smallest units: sun for the coin (1 TRX = 1,000,000 sun, so 12.5 TRX is 12500000), or the token's smallest unit";
    throwsCoded(() => readBatchRow([TO, key, '', ''], 7), {
      message: `csv row 7, column amount: ${unit}`,
      details: { row: 7, field: 'csv row 7, column amount' },
    });
    // An amount typed in TRX is told its unit, not "expected an integer".
    throwsCoded(() => readBatchRow([TO, '12.5', '', ''], 12), { message: `csv row 12, column amount: ${unit}` });
    // A private key pasted into the note would travel in handoff files: refused, never quoted.
    throwsCoded(() => readBatchRow([TO, '1', '', `pay ${key}`], 13), {
      message: expect.stringMatching(/^csv row 13, column note: holds 64 hex digits in a row, which may be a private key/),
    });
    throwsCoded(() => readBatchRow([key, '1', '', ''], 8), {
      message: 'csv row 8, column to: this looks like a private key, not an address; an address is Base58 (T…) or 42 hex digits starting 41',
    });
    throwsCoded(() => readBatchRow([TO, '0', '', ''], 9), { message: 'csv row 9, column amount: 0 is outside 1..9223372036854775807' });
    throwsCoded(() => readBatchRow([TO, '1', ''], 10), { message: 'csv row 10: expected 4 cells (to,amount,token,note), got 3' });
    throwsCoded(() => readBatchRow([TO, '1', '', 'x'.repeat(2001)], 11), { message: 'csv row 11, column note: longer than 2000 characters' });
  });

  it('collects every problem row (the first 20 shown), including the builder rules once From is known', () => {
    const self = addressToBase58(FROM);
    const rows = [`${TO},1,,ok`, `${self},1,,to myself`, ...Array.from({ length: 30 }, () => '__proto__,__proto__,__proto__,__proto__')];
    const sheet = readBatchSheet(`${HEADER}\n${rows.join('\n')}`);
    const withoutFrom = checkBatchSheet(sheet, null);
    expect(withoutFrom).toMatchObject({ count: 32, problemRows: 30 });
    const check = checkBatchSheet(sheet, FROM);
    expect(check.problemRows).toBe(31);
    expect(check.problems).toHaveLength(20);
    expect(check.problems[0]).toMatchObject({ row: 3, column: null, message: 'csv row 3: Cannot transfer TRX to yourself.' });
    expect(check.problems[1]).toMatchObject({ row: 4, column: 'to', code: 'BAD_ADDRESS' });
  });
});

describe('refuseRepeat', () => {
  it('refuses a second row with the same recipient, amount and token (it would be the same transaction)', () => {
    const sheet = readBatchSheet(`${HEADER}\n${TO},1,,a\n${TO},2,,b\n${TO},1,,c\n${TO},1,1000001,d`);
    const check = checkBatchSheet(sheet, FROM);
    expect(check.problemRows).toBe(1);
    expect(check.problems[0]!.message).toBe(
      'csv row 4: the same recipient, amount and token as row 2, which would make the same transaction; change the amount or send it in another batch',
    );
  });
});

describe('batchChunks', () => {
  it('cuts into chunks that each start with the header, keep each row as written and number rows of the whole file', () => {
    const rows = Array.from({ length: 5 }, (_, i) => `${TO},${i + 1},,"note ${i}\nline two"`);
    const sheet = readBatchSheet(`${HEADER}\r\n${rows.join('\r\n')}\r\n`);
    const chunks = batchChunks(sheet, 2);
    expect(chunks.map((c) => [c.firstRow, c.lastRow, c.count])).toEqual([
      [2, 3, 2],
      [4, 5, 2],
      [6, 6, 1],
    ]);
    const again = chunks.flatMap((c) => readBatchSheet(c.csv, { firstRow: c.firstRow }).rows.map((r) => [r.row, ...r.cells]));
    expect(again).toEqual(sheet.rows.map((r) => [r.row, ...r.cells]));
  });
});
