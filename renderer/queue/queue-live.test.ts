// @vitest-environment jsdom
/**
 * The queue refreshes by itself (docs/decisions.md §18, live status): while the page is visible, every
 * QUEUE_POLL_MS of the app's clock it re-reads the rows it shows, so a row turns to what the station
 * learned meanwhile without a click; a hidden page asks nothing. The station here is offline, so
 * what it learns comes from a snapshot file: shown as that file's claim, the status left as it was.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import QueueScreen from './QueueScreen.svelte';
import { QUEUE_POLL_MS } from '../../shared/base/limits.ts';
import { testSnapshot } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(document, 'visibilityState');
});

const HOUR = 3_600_000;

async function shownWithClaim() {
  const h = await realStationState({ count: 4 });
  renderWithStation(QueueScreen, h.station);
  await screen.findByText('4 transaction(s)');
  const txId = h.real.txIds[0]!;
  const snapshot = {
    ...JSON.parse(testSnapshot(h.real.now() - HOUR, h.real.now())),
    transactions: [{ txid: txId, block: 90, result: 'SUCCESS', fee: '100000' }],
  };
  // Learned by the station while the queue is on screen, as another window or a pass would.
  expect((await h.real.handlers.snapshotImport({ fileName: 'from-a.json', text: JSON.stringify(snapshot) })).transactions).toEqual([txId]);
  const lists = () => h.real.calls.filter((c) => c.startsWith('list ')).length;
  return { h, lists };
}

const claimText = 'claimed confirmed in block 90 by file from-a.json; not yet seen by this station';

describe('the queue refreshes by itself', () => {
  it('shows what the station learned once the clock has moved QUEUE_POLL_MS, without a click', async () => {
    const { h, lists } = await shownWithClaim();
    const before = lists();
    expect(screen.queryByText(claimText)).toBeNull();
    h.station.clock.set(h.real.now() + QUEUE_POLL_MS - 1);
    expect(lists()).toBe(before);
    h.station.clock.set(h.real.now() + QUEUE_POLL_MS);
    const fate = await screen.findByText(claimText);
    expect(fate.dataset.fate).toBe('claimed');
    const row = fate.closest('tr')!;
    // A file's claim does not move the status.
    expect(row.dataset.status).not.toBe('confirmed');
    expect(within(row).getByRole('button').getAttribute('aria-label')).toContain(claimText);
  });

  it('asks nothing while the page is hidden', async () => {
    const { h, lists } = await shownWithClaim();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const before = lists();
    h.station.clock.set(h.real.now() + QUEUE_POLL_MS);
    await new Promise((r) => setTimeout(r, 50));
    expect(lists()).toBe(before);
    expect(screen.queryByText(claimText)).toBeNull();
    Reflect.deleteProperty(document, 'visibilityState');
    h.station.clock.set(h.real.now() + 2 * QUEUE_POLL_MS);
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
    await screen.findByText(claimText);
  });
});
