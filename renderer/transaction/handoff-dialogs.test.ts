// @vitest-environment jsdom
/**
 * The desktop app's save and open dialogs from the transaction screen (docs/decisions.md §9 "Desktop dialogs in
 * the renderer"), over two real stations: one with dialogs (as in Electron) and one without (NO_DIALOG, as
 * behind the bridge). Export tries `saveHandoffFile` first and falls back to `exportHandoff` and a
 * download; "Open files…" calls `openHandoffFiles` and falls back to the file input; a cancel in
 * either dialog is quiet.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import type { RealStationOptions } from '../../test/helpers/real-station.ts';
import { captureDownloads } from '../../test/helpers/renderer/downloads.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

const downloads = captureDownloads();

afterEach(cleanup);

async function open(options: RealStationOptions = {}) {
  const h = await realStationState({ count: 6, ...options });
  const txId = h.real.txIds[1]!; // signed by B
  h.station.router.openTransaction(txId);
  renderWithStation(TransactionScreen, h.station);
  await waitFor(() => expect(h.station.transaction.tx).not.toBeNull());
  return { h, txId };
}

describe('export', () => {
  it('with a save dialog: saves there and says where; no download', async () => {
    const saved: { name: string; text: string }[] = [];
    const { h, txId } = await open({ dialogs: { save: (name, text) => (saved.push({ name, text }), 'chosen.airlock.json'), open: () => [] } });
    await fireEvent.click(screen.getByRole('button', { name: 'Export the handoff file' }));
    await screen.findByText('Saved the handoff file as chosen.airlock.json.');
    expect(saved.map((s) => s.name)).toEqual([`${txId.slice(0, 12)}.airlock.json`]);
    expect(JSON.parse(saved[0]!.text).transaction.txID).toBe(txId);
    expect(downloads).toEqual([]);
    expect(h.real.calls).toContain('saveHandoffFile');
  });

  it('a cancelled save dialog is quiet: no notice, no error, no download', async () => {
    const { h } = await open({ dialogs: { save: () => null, open: () => [] } });
    await fireEvent.click(screen.getByRole('button', { name: 'Export the handoff file' }));
    await waitFor(() => expect(h.real.calls).toContain('saveHandoffFile'));
    await new Promise((r) => setTimeout(r, 20));
    expect(h.station.transaction.notice).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(downloads).toEqual([]);
  });

  it('without dialogs (NO_DIALOG): the handoff text as a download, and no error shown', async () => {
    const { h, txId } = await open();
    await fireEvent.click(screen.getByRole('button', { name: 'Export the handoff file' }));
    await waitFor(() => expect(downloads.length).toBe(1));
    expect(downloads[0]!.name).toBe(`${txId.slice(0, 12)}.airlock.json`);
    expect(JSON.parse(await downloads[0]!.text).transaction.txID).toBe(txId);
    expect(h.real.calls).toContain('saveHandoffFile');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(h.station.transaction.notice).toBe('Exported with 1 signature(s).');
  });
});

describe('Open files…', () => {
  it('with an open dialog: imports what was chosen', async () => {
    const { h, txId } = await open({ dialogs: { save: () => null, open: () => chosen } });
    const exported = await h.real.handlers.exportHandoff({ txId });
    const chosen = [{ name: 'from-bo.json', text: exported.text }];
    const picker = vi.spyOn(HTMLInputElement.prototype, 'click');
    await fireEvent.click(screen.getByRole('button', { name: 'Open files…' }));
    await screen.findByText('Imported from-bo.json: 0 new signature(s), 1 already known.');
    expect(picker).not.toHaveBeenCalled();
    expect(h.real.calls.filter((c) => c === 'openHandoffFiles' || c === 'importFiles')).toEqual(['openHandoffFiles', 'importFiles']);
  });

  it('a cancelled open dialog is quiet: nothing imported, nothing shown', async () => {
    const { h } = await open({ dialogs: { save: () => null, open: () => [] } });
    const picker = vi.spyOn(HTMLInputElement.prototype, 'click');
    await fireEvent.click(screen.getByRole('button', { name: 'Open files…' }));
    await waitFor(() => expect(h.real.calls).toContain('openHandoffFiles'));
    await new Promise((r) => setTimeout(r, 20));
    expect(h.real.calls).not.toContain('importFiles');
    expect(picker).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/^Imported/)).toBeNull();
  });

  it("without dialogs (NO_DIALOG): opens the browser's file picker instead, quietly", async () => {
    const { h } = await open();
    const picker = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    await fireEvent.click(screen.getByRole('button', { name: 'Open files…' }));
    await waitFor(() => expect(picker).toHaveBeenCalledTimes(1));
    expect(picker.mock.contexts[0]).toBe(screen.getByLabelText('Handoff or transaction files'));
    expect(h.real.calls).toContain('openHandoffFiles');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
