// @vitest-environment jsdom
/**
 * Signing offers only keys of the transaction's permission (docs/decisions.md §9): the station holds A (in
 * the 2-of-3 permission) and D (local, outside it); only A is offered, and only while it has not
 * signed. Clicking signs through the API with that key.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

/** Seeded transaction 4 is signed by B only, and not expired at the station's time. */
async function openCollecting() {
  const h = await realStationState({ count: 12 });
  const txId = h.real.txIds.find((_, i) => i % 3 === 1 && i > 3)!;
  h.station.router.openTransaction(txId);
  renderWithStation(TransactionScreen, h.station);
  await screen.findByRole('heading', { name: 'Sign' });
  await waitFor(() => expect(h.station.transaction.tx).not.toBeNull());
  return h;
}

describe('the sign panel', () => {
  it('offers the local key of the permission and never the local key outside it', async () => {
    const h = await openCollecting();
    expect(h.station.transaction.tx!.status).toBe('collecting');
    const buttons = screen.getAllByRole('button', { name: /^Sign with/ });
    expect(buttons.map((b) => b.textContent)).toEqual([`Sign with Ana laptop (${TEST_ADDRESSES.A}), weight 1`]);
    expect(screen.queryByRole('button', { name: new RegExp(TEST_ADDRESSES.D) })).toBeNull();
  });

  it('signs with the chosen key through the API, and then offers nothing more', async () => {
    const h = await openCollecting();
    await fireEvent.click(screen.getByRole('button', { name: /^Sign with Ana laptop/ }));
    await waitFor(() => expect(h.station.transaction.tx!.status).toBe('ready'));
    expect(h.real.calls).toContain(`sign ${TEST_ADDRESSES.A}`);
    expect(screen.queryAllByRole('button', { name: /^Sign with/ })).toEqual([]);
    expect(screen.getByText('No key of this station can add a signature to this transaction.')).toBeTruthy();
  });
});
