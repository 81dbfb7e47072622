// @vitest-environment jsdom
/**
 * Opening from the queue asks once, and early (docs/decisions.md §27; bench/README.md "Every click fast"): the queue's
 * open button asks the station for the transaction's `status` at the click, before the queue is
 * taken off the page, and the transaction screen mounting after it waits for that same answer
 * instead of asking again (transaction.svelte.ts `open`). An open made after the answer came, or
 * after another action began, reads the station again.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import QueueScreen from '../queue/QueueScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

const statusCalls = (calls: string[]): number => calls.filter((c) => c === 'status').length;

describe('opening a transaction from the queue', () => {
  it('asks for its status at the click, once, and the screen shows that answer', async () => {
    const h = await realStationState({ count: 6 });
    const { container } = renderWithStation(QueueScreen, h.station);
    await screen.findByText('6 transaction(s)');
    const open = await waitFor(() => container.querySelector<HTMLButtonElement>('tr[data-status] button.open')!);
    expect(statusCalls(h.real.calls)).toBe(0);
    await fireEvent.click(open);
    // Asked before any transaction screen exists: the queue's click itself asked.
    await waitFor(() => expect(statusCalls(h.real.calls)).toBe(1));
    expect(h.station.router.screen).toBe('transaction');
    cleanup();
    // The screen mounts, as App mounts it for the router's screen, while the answer is on its way or in.
    renderWithStation(TransactionScreen, h.station);
    await screen.findByText(/^Next:/);
    expect(h.station.transaction.tx?.view.txID).toBe(h.station.router.txId);
    expect(statusCalls(h.real.calls)).toBe(1);
  });

  it('shares an open on its way, and reads again once it has answered or another action began', async () => {
    const h = await realStationState({ count: 6 });
    const state = h.station.transaction;
    const [a, b] = [h.real.txIds[1]!, h.real.txIds[4]!];
    const first = state.open(a);
    expect(state.open(a)).toBe(first);
    await first;
    expect(statusCalls(h.real.calls)).toBe(1);
    // Answered: opening it again (coming back to the screen) reads the station again.
    await state.open(a);
    expect(statusCalls(h.real.calls)).toBe(2);
    // Another action began after the open: its answer may predate it, so the next open reads again.
    const pending = state.open(a);
    const other = state.load(b);
    const again = state.open(a);
    expect(again).not.toBe(pending);
    await Promise.all([pending, other, again]);
    expect(statusCalls(h.real.calls)).toBe(5);
    expect(state.tx?.view.txID).toBe(a);
  });
});
