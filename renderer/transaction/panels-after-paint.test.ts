// @vitest-environment jsdom
/**
 * The transaction first, its panels after (docs/decisions.md §27; bench/README.md "Every click fast"): the cost panel's
 * `transactionCost` and the Ledger panel's `ledgerPlan` (with its `keysList`) are asked once the frame
 * showing the transaction has been painted, not between the station's `status` answer and that
 * paint; then each panel shows the station's answer as before.
 */
import { cleanup, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PANEL_ASKS = ['transactionCost', 'ledgerPlan'];

describe("the transaction screen's panels", () => {
  it('ask the station only after the transaction has been painted', async () => {
    const frames: (() => void)[] = [];
    // Frames are drawn only when the test says; the fallback (no frame at all) is far off in this test's time.
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    const h = await realStationState({ count: 6 });
    h.station.router.openTransaction(h.real.txIds[2]!);
    const before = h.real.calls.length;
    renderWithStation(TransactionScreen, h.station);
    await screen.findByText(/^Next:/);
    expect(h.real.calls.slice(before).filter((c) => PANEL_ASKS.includes(c))).toEqual([]);
    for (const f of frames.splice(0)) f();
    await waitFor(() =>
      expect(
        h.real.calls
          .slice(before)
          .filter((c) => PANEL_ASKS.includes(c))
          .sort(),
      ).toEqual([...PANEL_ASKS].sort()),
    );
    // The cost panel shows the station's answer (offline here: said in words).
    await screen.findByText(/Offline:/);
  });
});
