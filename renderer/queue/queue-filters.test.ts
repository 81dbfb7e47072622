// @vitest-environment jsdom
/**
 * The queue's filters (docs/decisions.md §9 "Filter by status and account"): choosing a status or an account
 * asks the station for exactly that (`list` with the filter, over all entries, not only the
 * fetched page) and shows only matching rows; the queue draws only the rows in view.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import QueueScreen from './QueueScreen.svelte';
import { QUEUE_PAGE_SIZE } from '../../shared/base/limits.ts';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

function rowStatuses(): string[] {
  const table = screen.getByRole('table', { name: 'Transactions' });
  // The header row and the spacer rows carry no status; the rows drawn each carry theirs once fetched.
  return within(table)
    .getAllByRole('row')
    .filter((tr) => tr.classList.contains('entry'))
    .map((tr) => tr.dataset.status ?? '');
}

describe('the queue', () => {
  it('filters by status on the station side and shows only matching rows', async () => {
    const h = await realStationState({ count: 60 });
    renderWithStation(QueueScreen, h.station);
    await screen.findByText('60 transaction(s)');
    expect(new Set(rowStatuses()).size).toBeGreaterThan(1);

    await fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'ready' } });
    const all = await h.real.handlers.list({ status: 'ready', limit: 1000 });
    await screen.findByText(`${all.total} transaction(s)`);
    expect(all.total).toBeGreaterThan(0);
    expect(all.total).toBeLessThan(60);
    expect(h.real.calls).toContain(`list ready - 0 ${QUEUE_PAGE_SIZE}`);
    await waitFor(() => expect(rowStatuses()).toEqual(Array(all.total).fill('ready')));
  });

  it('filters by account, offering the accounts the station lists', async () => {
    const h = await realStationState({ count: 20 });
    renderWithStation(QueueScreen, h.station);
    await screen.findByText('20 transaction(s)');
    const select = screen.getByLabelText('Account') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', TEST_ADDRESSES.M]);
    await fireEvent.change(select, { target: { value: TEST_ADDRESSES.M } });
    await waitFor(() => expect(h.real.calls).toContain(`list - ${TEST_ADDRESSES.M} 0 ${QUEUE_PAGE_SIZE}`));
  });

  // Seeding 1000 transactions through the station's API takes a while; the test asserts no speed.
  it('draws only some rows of 1,000, fetching only the first page of QUEUE_PAGE_SIZE', { timeout: 180_000 }, async () => {
    const h = await realStationState({ count: 1000 });
    renderWithStation(QueueScreen, h.station);
    await screen.findByText('1000 transaction(s)');
    await waitFor(() => expect(rowStatuses().every((s) => s !== '')).toBe(true));
    expect(rowStatuses().length).toBeLessThanOrEqual(40);
    expect(h.real.calls.filter((c) => c.startsWith('list'))).toEqual([`list - - 0 ${QUEUE_PAGE_SIZE}`]);
  });
});
