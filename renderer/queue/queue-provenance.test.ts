// @vitest-environment jsdom
/**
 * The queue marks an amount whose token is described only by a file's claim (docs/decisions.md §16: the
 * transaction screen marked it, the queue did not). Over a real station (test/helpers/
 * real-station.ts: offline, token 1000001 "Gold" (GLD) known only from the file snapshot.json): the
 * rows paying GLD say "⚠ unverified" beside the amount, in words for screen readers too; the rows
 * paying the coin do not.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import QueueScreen from './QueueScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

/** The amount cells of the rows drawn, as [amount text, marked]. */
function amounts(): [string, boolean][] {
  const table = screen.getByRole('table', { name: 'Transactions' });
  return [...table.querySelectorAll('tr.entry td.amount')].map((td) => [
    (td.textContent ?? '').replace(/\s+/g, ' ').trim(),
    (td as HTMLElement).dataset.provenance === 'claimed',
  ]);
}

describe("the queue's amount column", () => {
  it("marks the amounts in a token only a file describes, and not the coin's", async () => {
    const h = await realStationState({ count: 8 });
    renderWithStation(QueueScreen, h.station);
    await screen.findByText('8 transaction(s)');
    await waitFor(() => expect(amounts().length).toBe(8));
    const rows = amounts();
    const gold = rows.filter(([t]) => /GLD/.test(t));
    const coin = rows.filter(([t]) => / TRX$/.test(t));
    expect(gold.length).toBeGreaterThan(0);
    expect(coin.length).toBeGreaterThan(0);
    for (const [t, marked] of gold) expect([t.endsWith('⚠ unverified'), marked]).toEqual([true, true]);
    for (const [t, marked] of coin) expect([t.includes('unverified'), marked]).toEqual([false, false]);
    const table = screen.getByRole('table', { name: 'Transactions' });
    const goldButtons = within(table).getAllByRole('button', { name: /GLD \(the token as a file describes it, unverified\)/ });
    expect(goldButtons.length).toBe(gold.length);
  });
});
