// @vitest-environment jsdom
/**
 * Opening another transaction (transaction.svelte.ts `load`), over a real station: while the one
 * opened is being read, the screen shows nothing of the one before (no summary, no sign button), and
 * its panels ask the station nothing about the old one; the new one shows when the station answers.
 * An answer for a transaction the person has already left is dropped.
 */
import { cleanup, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

/** Holds each of the station's `status` answers until the test releases it (by the order it was asked), so a test can look at the screen meanwhile. */
function holdStatus(h: Awaited<ReturnType<typeof realStationState>>): { asked: () => number; release: (n: number) => void } {
  const real = h.real.handlers.status;
  const gates: (() => void)[] = [];
  h.real.handlers.status = async (args) => {
    await new Promise<void>((resolve) => gates.push(resolve));
    return real(args);
  };
  return { asked: () => gates.length, release: (n) => gates[n]!() };
}

describe('opening another transaction', () => {
  it('shows nothing of the one before while the new one is read, and asks nothing about it', async () => {
    const h = await realStationState({ count: 6 });
    const [first, second] = [h.real.txIds[1]!, h.real.txIds[4]!];
    h.station.router.openTransaction(first);
    renderWithStation(TransactionScreen, h.station);
    await waitFor(() => expect(h.station.transaction.tx?.view.txID).toBe(first));
    await screen.findByText(/^Next:/);
    const held = holdStatus(h);
    const asked = h.real.calls.length;
    h.station.router.openTransaction(second);
    await waitFor(() => expect(held.asked()).toBe(1));
    // Read but not answered: the old transaction is gone from the screen, and nothing asks about it.
    expect(screen.queryByText(/^Next:/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sign with/ })).toBeNull();
    expect(h.real.calls.slice(asked)).toEqual([]);
    held.release(0);
    await waitFor(() => expect(h.station.transaction.tx?.view.txID).toBe(second));
    await screen.findByText(/^Next:/);
  });

  it('drops the answer for a transaction left before it came', async () => {
    const h = await realStationState({ count: 6 });
    const [first, second] = [h.real.txIds[1]!, h.real.txIds[4]!];
    const held = holdStatus(h);
    const late = h.station.transaction.load(first);
    const now = h.station.transaction.load(second);
    // The second answer comes first, then the first one's.
    held.release(1);
    await now;
    expect(h.station.transaction.tx?.view.txID).toBe(second);
    held.release(0);
    await late;
    expect(h.station.transaction.tx?.view.txID).toBe(second);
    expect(h.station.transaction.openTxId).toBe(second);
  });
});
