// @vitest-environment jsdom
/**
 * The Batch screen (docs/decisions.md §9 "Batch: build and sign from a CSV with a progress bar and a per-row
 * result"): the preview reads every row with the station's reader before anything is sent; the
 * CSV goes to buildBatch in chunks of 200 rows with the header and their first row's number, and
 * the progress moves chunk by chunk; Cancel stops after the current chunk; a refused chunk shows
 * the row's error and says the earlier chunks stay stored; hostile CSVs are refused or shown
 * escaped, and a private key pasted into a cell is never shown back.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { fail } from '../../shared/base/errors.ts';
import BatchScreen from './BatchScreen.svelte';
import { BATCH_CHUNK_ROWS } from '../../shared/base/limits.ts';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { recordArgs } from '../../test/helpers/renderer/record-args.ts';

afterEach(cleanup);

const ACCOUNT = TEST_ADDRESSES.M;
const TO = TEST_ADDRESSES.R;
const HEADER = 'to,amount,token,note';
/** `n` rows of distinct amounts (two equal rows would be one transaction). */
const rowsCsv = (n: number, note = (i: number) => `pay ${i}`) =>
  `${HEADER}\n${Array.from({ length: n }, (_, i) => `${TO},${1000 + i},,${note(i)}`).join('\n')}\n`;

type BuildBatch = Awaited<ReturnType<typeof realStationState>>['real']['handlers']['buildBatch'];

/** Holds each buildBatch call until the test releases it, so progress can be seen between chunks. */
function gated(real: BuildBatch) {
  const waiting: Array<() => void> = [];
  const calls: Array<{ firstRow: number | undefined; rows: number }> = [];
  const handler: BuildBatch = async (args) => {
    calls.push({ firstRow: args.firstRow, rows: args.csv.trim().split('\n').length - 1 });
    await new Promise<void>((resolve) => waiting.push(resolve));
    return real(args);
  };
  const release = async () => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()!();
  };
  return { handler, calls, release };
}

async function setup() {
  const h = await realStationState({ count: 2 });
  renderWithStation(BatchScreen, h.station);
  return h;
}

const paste = (text: string) => fireEvent.input(screen.getByLabelText('CSV text'), { target: { value: text } });
const from = (address: string) => fireEvent.input(screen.getByLabelText('From'), { target: { value: address } });
const progressText = () => screen.getByText(/ of \d+ rows/).textContent;
const buildButton = () => screen.getByRole('button', { name: 'Build the batch' }) as HTMLButtonElement;

describe('Batch: preview before building', () => {
  it("counts the rows and lists the first rows' problems by row and column; nothing can be built meanwhile", async () => {
    await setup();
    const key = 'c0ffee11'.repeat(8);
    await paste(`${HEADER}\n${TO},5,,ok\n${TO},${key},,key in the amount\n${key},5,,key in to\n${TO},1,abc,bad token\n`);
    await from(ACCOUNT);
    expect(screen.getByText('4 rows; 3 with a problem. Nothing is built until every row reads.')).toBeTruthy();
    const cells = [...document.querySelectorAll('table.problems tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells.map((c) => [c[0], c[1]])).toEqual([
      ['3', 'amount'],
      ['4', 'to'],
      ['5', 'token'],
    ]);
    expect(cells[0]![2]).toMatch(/^csv row 3, column amount: /);
    expect(cells[1]![2]).toMatch(/looks like a private key/);
    expect(document.body.textContent).not.toContain('c0ffee11');
    expect(buildButton().disabled).toBe(true);
    await paste(`${HEADER}\n${TO},5,,ok\n`);
    expect(screen.getByText('1 row, all readable.')).toBeTruthy();
    expect(buildButton().disabled).toBe(false);
  });

  it('50,000 rows of __proto__ are refused by their count at once', async () => {
    await setup();
    await paste(`${HEADER}\n${'__proto__,__proto__,__proto__,__proto__\n'.repeat(50_000)}`);
    expect(screen.getByText('This CSV cannot be read: csv: more than 10000 rows; split the file')).toBeTruthy();
    expect(buildButton().disabled).toBe(true);
  });

  it('5,000 rows of __proto__ each get their problem; the table shows the first 20', async () => {
    await setup();
    await paste(`${HEADER}\n${'__proto__,__proto__,__proto__,__proto__\n'.repeat(5_000)}`);
    expect(screen.getByText('5000 rows; 5000 with a problem. Nothing is built until every row reads.')).toBeTruthy();
    expect(screen.getByText('Rows with a problem (the first 20 of 5000)')).toBeTruthy();
    expect(document.querySelectorAll('table.problems tbody tr')).toHaveLength(20);
  });

  it('reads a chosen file; one larger than the station reads is refused unread', async () => {
    const h = await setup();
    const input = screen.getByLabelText('CSV file') as HTMLInputElement;
    const choose = (file: File) => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      return fireEvent.change(input);
    };
    await choose(new File([rowsCsv(3)], 'pay.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByText('3 rows, all readable.')).toBeTruthy());
    const big = new File(['x'], 'big.csv');
    Object.defineProperty(big, 'size', { value: 9 * 1024 * 1024 });
    await choose(big);
    expect(screen.getByRole('alert').textContent).toMatch(/^That file is 9,437,184 bytes; a batch CSV has at most 8,388,608 \(8 MiB\)\. Split it\.$/);
    expect(h.station.batch.fileName).toBe('pay.csv');
  });

  it('reads a file dropped on the drop region', async () => {
    const h = await setup();
    const dropped = new File([rowsCsv(2)], 'dropped.csv', { type: 'text/csv' });
    await fireEvent.drop(screen.getByRole('region', { name: 'Drop a CSV file here' }), { dataTransfer: { files: [dropped] } });
    await waitFor(() => expect(screen.getByText('2 rows, all readable.')).toBeTruthy());
    expect(h.station.batch.fileName).toBe('dropped.csv');
  });
});

describe('Batch: building chunk by chunk', () => {
  it('sends 200 rows at a time with the header and first row; the progress moves as each chunk is answered', async () => {
    const h = await setup();
    const gate = gated(h.real.handlers.buildBatch);
    h.real.handlers.buildBatch = gate.handler;
    await paste(rowsCsv(450));
    await from(ACCOUNT);
    await fireEvent.click(buildButton());
    expect(progressText()).toBe('0 of 450 rows');
    const bar = screen.getByLabelText('Progress') as HTMLProgressElement;
    await gate.release();
    await waitFor(() => expect(progressText()).toBe('200 of 450 rows'));
    expect(bar.value).toBe(200);
    expect(bar.max).toBe(450);
    await gate.release();
    await waitFor(() => expect(progressText()).toBe('400 of 450 rows'));
    await gate.release();
    await waitFor(() => expect(progressText()).toBe('450 of 450 rows'));
    expect(gate.calls).toEqual([
      { firstRow: 2, rows: BATCH_CHUNK_ROWS },
      { firstRow: 202, rows: 200 },
      { firstRow: 402, rows: 50 },
    ]);
    expect(screen.getByText('All 450 rows were built and stored. They are in the queue.')).toBeTruthy();
    const rows = document.querySelectorAll('table.results tbody tr');
    expect(rows).toHaveLength(450);
    expect(rows[449]!.querySelector('td')!.textContent).toBe('451');
    expect(h.real.txIds).toHaveLength(2 + 450);
  });

  it('Cancel stops after the current chunk, and says which rows were built and which were not', async () => {
    const h = await setup();
    const gate = gated(h.real.handlers.buildBatch);
    h.real.handlers.buildBatch = gate.handler;
    await paste(rowsCsv(600));
    await from(ACCOUNT);
    await fireEvent.click(buildButton());
    await gate.release();
    await waitFor(() => expect(progressText()).toBe('200 of 600 rows'));
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(progressText()).toBe('200 of 600 rows — stopping after this chunk');
    await gate.release();
    await waitFor(() => expect(screen.getByText(/^Cancelled\./)).toBeTruthy());
    expect(screen.getByText('Cancelled. Rows 2–401 were built before and stay stored in the queue; rows 402–601 were not built.')).toBeTruthy();
    expect(gate.calls).toHaveLength(2);
    expect(h.real.txIds).toHaveLength(2 + 400);
    // The same CSV again would store rows 2–401 a second time: not offered until the text changes.
    expect(screen.getByText(/^Rows of this CSV are already stored/)).toBeTruthy();
    expect(buildButton().disabled).toBe(true);
    const status = (row: number) =>
      [...document.querySelectorAll('table.results tbody tr')].find((tr) => tr.querySelector('td')!.textContent === String(row))!.querySelectorAll('td')[2]!
        .textContent;
    expect(status(401)).toBe('draft');
    expect(status(402)).toBe('not built: cancelled');
  });

  it("a refused later chunk shows the row's error and says the earlier chunks stay stored", async () => {
    const h = await setup();
    const real = h.real.handlers.buildBatch;
    let n = 0;
    // The station refusing the second chunk at its row 250 (as a locked token id or keychain would).
    h.real.handlers.buildBatch = (args) =>
      ++n === 2
        ? fail('INVALID_INPUT', 'csv row 250, column token: no such token on this station', { field: 'csv row 250, column token', row: 250 })
        : real(args);
    await paste(rowsCsv(450));
    await from(ACCOUNT);
    await fireEvent.click(buildButton());
    await waitFor(() => expect(screen.getByText(/^The station refused rows 202–401/)).toBeTruthy());
    expect(
      screen.getByText(
        'The station refused rows 202–401 and stored none of them. Rows 2–201 were built before and stay stored in the queue; rows 202–451 were not built.',
      ),
    ).toBeTruthy();
    const byRow = new Map(
      [...document.querySelectorAll('table.results tbody tr')].map((tr) => {
        const td = tr.querySelectorAll('td');
        return [td[0]!.textContent, { tx: td[1]!.textContent, status: td[2]!.textContent }];
      }),
    );
    expect(byRow.get('201')!.status).toBe('draft');
    expect(byRow.get('201')!.tx).toMatch(/^[0-9a-f]{64}$/);
    expect(byRow.get('250')!.status).toBe('refused: csv row 250, column token: no such token on this station');
    expect(byRow.get('251')!.status).toBe('not built: row 250 of the same chunk was refused');
    expect(byRow.get('420')!.status).toBe('not built: an earlier chunk was refused');
    expect(screen.getByRole('alert').querySelector('details')!.textContent).toMatch(/Code\s*INVALID_INPUT/);
    expect(h.real.txIds).toHaveLength(2 + 200);
  });

  it('does not carry Expires in across runs: the next batch takes the station default unless it is typed again', async () => {
    const h = await setup();
    const seen = recordArgs(h, 'buildBatch') as { expiresIn?: string }[];
    const expires = () => screen.getByLabelText('Expires in') as HTMLInputElement;
    await paste(rowsCsv(2));
    await from(ACCOUNT);
    await fireEvent.input(expires(), { target: { value: '20s' } });
    await fireEvent.click(buildButton());
    await waitFor(() => expect(screen.getByText('All 2 rows were built and stored. They are in the queue.')).toBeTruthy());
    expect(expires().value).toBe('');
    await paste(`${HEADER}\n${TO},7,,rent\n`);
    await fireEvent.click(buildButton());
    await waitFor(() => expect(screen.getByText('All 1 rows were built and stored. They are in the queue.')).toBeTruthy());
    expect(seen.map((a) => a.expiresIn)).toEqual(['20s', undefined]);
  });

  it("signs with this station's keys when asked, shows the notes, and opens a row's transaction", async () => {
    const h = await setup();
    await paste(rowsCsv(3, (i) => `rent ${i} for May`));
    await from(ACCOUNT);
    await fireEvent.click(screen.getByLabelText("Sign with this station's keys"));
    await fireEvent.click(buildButton());
    await waitFor(() => expect(screen.getByText(/^All 3 rows were built and stored, signed/)).toBeTruthy());
    const first = document.querySelector('table.results tbody tr')!.querySelectorAll('td');
    expect(first[2]!.textContent).toBe('collecting');
    expect(first[3]!.textContent).toBe('rent 0 for May');
    await fireEvent.click(screen.getByRole('button', { name: 'Open the transaction of row 2' }));
    expect(h.station.router.screen).toBe('transaction');
    const tx = await h.real.handlers.status({ txId: h.station.router.txId! });
    expect(tx.signers.filter((s) => s.signed).map((s) => s.address.base58)).toEqual([TEST_ADDRESSES.A]);
  });

  it('a note with a bidi override is refused as it is pasted (issue 16: a handoff file could never carry it), named by code point, nothing built', async () => {
    const h = await setup();
    await paste(rowsCsv(3, (i) => `rent ${i} \u202Egnp.exe`));
    await from(ACCOUNT);
    await waitFor(() => expect(document.body.textContent).toContain('U+202E'));
    await fireEvent.click(buildButton());
    expect(document.body.textContent).not.toContain('\u202E');
    expect(h.real.txIds).toHaveLength(2);
  });

  it('an account the station does not know is refused on the first chunk: no row built', async () => {
    const h = await setup();
    await paste(rowsCsv(3));
    await from(TEST_ADDRESSES.B);
    await fireEvent.click(buildButton());
    await waitFor(() => expect(screen.getByText(/^The station refused rows 2–4/)).toBeTruthy());
    expect(screen.getByText('The station refused rows 2–4 and stored none of them. No row was built; rows 2–4 were not built.')).toBeTruthy();
    expect(h.real.txIds).toHaveLength(2);
  });
});
