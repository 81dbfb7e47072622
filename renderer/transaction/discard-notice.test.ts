// @vitest-environment jsdom
/**
 * Two rules of the transaction screen (docs/decisions.md §18), over a real station (offline: the discard asks a
 * node that does not answer, and goes on from what the station holds): a draft can be discarded
 * after a confirmation that names what goes, "Keep it" changes nothing, and the station's answer
 * replaces the transaction; a broadcast transaction offers no discard and says why. And a notice
 * belongs to its transaction: "Exported with 1 signature(s)." made on one is not shown on another.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { realStationState, renderWithStation, type Harness } from '../../test/helpers/renderer/station-harness.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openScreen(index: number, count = 6): Promise<{ h: Harness; txId: string }> {
  const h = await realStationState({ count });
  const txId = h.real.txIds[index]!;
  h.station.router.openTransaction(txId);
  renderWithStation(TransactionScreen, h.station);
  await waitFor(() => expect(h.station.transaction.tx?.view.txID).toBe(txId));
  return { h, txId };
}

const status = () => screen.getByRole('status').textContent;

describe('discard', () => {
  it('asks first, naming what goes; "Keep it" changes nothing; "Discard" removes it and shows the answer', async () => {
    const { h, txId } = await openScreen(1); // signed by B: collecting
    const before = (await h.real.handlers.list({})).total;
    await fireEvent.click(screen.getByRole('button', { name: 'Discard this transaction…' }));
    const ask = screen.getByRole('alertdialog', { name: 'Discard this transfer?' });
    expect(ask.textContent).toMatch(/leaves the queue with its 1 signature\(s\), and the audit log keeps what it was/);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(h.real.calls).not.toContain('discard');
    await fireEvent.click(screen.getByRole('button', { name: 'Discard this transaction…' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(status()).toMatch(/^Discarded the transfer: it left the queue, with its 1 signature\(s\)/));
    expect(h.station.transaction.tx).toBeNull();
    expect((await h.real.handlers.list({})).total).toBe(before - 1);
    await expect(h.real.handlers.status({ txId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a broadcast transaction offers no discard and says why', async () => {
    const { h, txId } = await openScreen(2); // signed by B and C: ready
    // Put it in the state a broadcast leaves (the node is not here to take it).
    h.real.store.setStatus(Buffer.from(txId, 'hex'), 'broadcast', { nodeAnswer: 'SUCCESS' });
    await h.station.transaction.load(txId);
    await screen.findByText('This transaction was broadcast, so the chain may hold it: it cannot be discarded.');
    expect(screen.queryByRole('button', { name: 'Discard this transaction…' })).toBeNull();
  });
});

describe('notices belong to their transaction', () => {
  it('"Exported with 1 signature(s)." shows on the transaction exported, not on the next one opened, and again on going back', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/0');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { h, txId } = await openScreen(1);
    await fireEvent.click(screen.getByRole('button', { name: 'Export the handoff file' }));
    await waitFor(() => expect(status()).toBe('Exported with 1 signature(s).'));
    const other = h.real.txIds[4]!;
    h.station.router.openTransaction(other);
    await waitFor(() => expect(h.station.transaction.tx?.view.txID).toBe(other));
    expect(status()).toBe('');
    h.station.router.openTransaction(txId);
    await waitFor(() => expect(h.station.transaction.tx?.view.txID).toBe(txId));
    expect(status()).toBe('Exported with 1 signature(s).');
  });
});
