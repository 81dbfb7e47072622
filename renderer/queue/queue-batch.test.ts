// @vitest-environment jsdom
/**
 * The queue as a table and batch work from it (docs/decisions.md §18), on a real station: real column headers
 * with scope and a recipient column (a label, or what a permission change is); boxes to choose rows
 * and "select all"; the chosen rows' total per asset; Sign chosen running row by row with "n of m"
 * while it works, each row's result in words, a row needing a signing-risk override refused with its
 * reason (not signed) and the rest signed; Export chosen as one merged file.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import QueueScreen from './QueueScreen.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { importPermissionChange, importUnknownCall } from '../../test/helpers/queue-fixtures.ts';
import { captureDownloads } from '../../test/helpers/renderer/downloads.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

const downloads = captureDownloads();
afterEach(cleanup);

const rowOf = (txId: string, h: { station: { queue: { entryAt(i: number): { txId: string } | undefined; total: number } } }) => {
  const rows = screen.getAllByRole('row').filter((r) => r.classList.contains('entry'));
  for (let i = 0; i < h.station.queue.total; i++) if (h.station.queue.entryAt(i)?.txId === txId) return rows[i]!;
  throw new Error(`no row for ${txId}`);
};

describe('the queue table', () => {
  it("the chosen rows' cost (docs/decisions.md §25): the station's batchCost answer for exactly those rows, shown as it came", async () => {
    const h = await realStationState({ count: 4 });
    renderWithStation(QueueScreen, h.station);
    await screen.findByText('4 transaction(s)');
    await waitFor(() => expect(h.station.queue.entryAt(3)).toBeDefined());
    const chosen = [h.real.txIds[1]!, h.real.txIds[3]!];
    for (const txId of chosen) await fireEvent.click(within(rowOf(txId, h)).getByRole('checkbox'));
    await screen.findByText('2 chosen.');
    let asked: string[] = [];
    const real = h.real.handlers.batchCost;
    h.real.handlers.batchCost = async (args) => {
      asked = [...args.txIds];
      return real(args);
    };
    await fireEvent.click(screen.getByRole('button', { name: 'What the chosen rows will cost' }));
    const expected = await real({ txIds: chosen });
    const first = expected.text.split('\n')[0]!;
    await screen.findByText(first);
    expect([...asked].sort()).toEqual([...chosen].sort());
  });

  it('has column headers with scope, and a recipient column: a label, or what a permission change is', async () => {
    const h = await realStationState({ count: 2 });
    await h.real.handlers.bookSet({ address: TEST_ADDRESSES.R, label: 'Landlord' });
    const change = await importPermissionChange(h.real);
    renderWithStation(QueueScreen, h.station);
    await screen.findByText('3 transaction(s)');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent!.trim())).toEqual([
      '',
      'Kind',
      'Account',
      'Recipient',
      'Amount',
      'Status',
      'Weight',
      'Could still sign',
      'Time left',
    ]);
    expect(headers.every((th) => th.tagName === 'TH' && th.getAttribute('scope') === 'col')).toBe(true);
    await waitFor(() => expect(screen.getAllByRole('row').filter((r) => r.classList.contains('entry') && r.dataset.status)).toHaveLength(3));
    const recipientCell = (txId: string) => rowOf(txId, h).querySelector('td.recipient')!;
    expect(recipientCell(h.real.txIds[1]!).textContent).toContain('Landlord');
    expect(recipientCell(change).textContent!.trim()).toBe('permission change of this account');
  });
});

describe('batch work from the queue', () => {
  it('chosen rows: their total per asset, then Sign chosen with progress, each row in words, the override row refused and the rest signed', async () => {
    const h = await realStationState({ count: 4 });
    const risky = await importUnknownCall(h.real);
    renderWithStation(QueueScreen, h.station);
    await screen.findByText('5 transaction(s)');
    await waitFor(() => expect(h.station.queue.entryAt(4)).toBeDefined());
    const [one, token] = [h.real.txIds[1]!, h.real.txIds[3]!];
    for (const txId of [one, risky, token]) await fireEvent.click(within(rowOf(txId, h)).getByRole('checkbox'));
    await screen.findByText('3 chosen.');
    // The totals come from their own call: wait for them in the batch bar (a row's amount reads "1.000001 TRX" too).
    const totals = await screen.findByText(/^Total:/);
    await within(totals).findByText('1.000001 TRX');
    expect(within(totals).getByText('10,000.03 GLD (token 1000001), as a file describes the token (not read from a node)').dataset.provenance).toBe('claimed');

    // The second row's call is held, so the progress can be read between rows.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const real = h.real.handlers.queueBatch;
    let calls = 0;
    h.real.handlers.queueBatch = async (args) => {
      calls += 1;
      if (calls === 2) await held;
      return real(args);
    };
    await fireEvent.click(screen.getByRole('button', { name: 'Sign chosen' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Batch progress' }).textContent!.trim()).toBe('1 of 3'));
    expect((screen.getByRole('button', { name: 'Broadcast chosen' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Batch progress' }).textContent!.trim()).toBe('2 of 3 signed; 1 refused.'));
    const results = within(screen.getByRole('list', { name: 'Batch results' })).getAllByRole('listitem');
    expect(results).toHaveLength(3);
    const refused = results.find((li) => li.dataset.ok === 'false')!;
    expect(refused.textContent).toContain('refused.');
    expect(refused.textContent).toContain('unknown-function');
    expect((await h.real.handlers.status({ txId: risky })).signers.filter((s) => s.signed)).toHaveLength(0);
    expect((await h.real.handlers.status({ txId: one })).status).toBe('ready');
    // The queue re-read its rows: the row signed to enough shows ready.
    await waitFor(() => expect(rowOf(one, h).dataset.status).toBe('ready'));
  });

  it('select all chooses every row; Export chosen as one merged file saves one file holding each', async () => {
    const h = await realStationState({ count: 3 });
    renderWithStation(QueueScreen, h.station);
    await screen.findByText('3 transaction(s)');
    await waitFor(() => expect(h.station.queue.entryAt(2)).toBeDefined());
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await screen.findByText('3 chosen.');
    expect(screen.getAllByRole('checkbox', { name: /for batch work$/ }).every((c) => (c as HTMLInputElement).checked)).toBe(true);
    // Row 0 is expired: its export is refused in words, the other two are in the file.
    await fireEvent.click(screen.getByRole('checkbox', { name: 'as one merged file' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Export chosen' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Batch progress' }).textContent!.trim()).toMatch(/^\d of 3 exported/));
    expect(downloads).toHaveLength(1);
    const bundle = JSON.parse(await downloads[0]!.text);
    expect(bundle.format).toBe('airlock.handoff-bundle');
    const done = (await h.real.handlers.queueBatch({ action: 'export', txIds: [...h.real.txIds] })).files.length;
    expect(bundle.files).toHaveLength(done);
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await screen.findByText('Choose rows with their boxes to sign, export or broadcast them together.');
  });
});
