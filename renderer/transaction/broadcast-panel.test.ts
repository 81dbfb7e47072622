// @vitest-environment jsdom
/**
 * Broadcast comes after the dry run (issue 9): no Broadcast button until `preflight` has answered
 * that the signatures are enough; then broadcasting shows the node's answer in words.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { fakeStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

async function open(index: number) {
  const h = fakeStationState({ count: 12 });
  h.station.router.openTransaction(h.fake.txIds[index]!);
  renderWithStation(TransactionScreen, h.station);
  await waitFor(() => expect(h.station.transaction.tx).not.toBeNull());
  return h;
}

describe('the broadcast panel', () => {
  it('offers Broadcast only after a dry run that found the signatures enough, then shows the answer', async () => {
    const h = await open(5); // signed by B and C: ready
    expect(h.station.transaction.tx!.status).toBe('ready');
    expect(screen.queryByRole('button', { name: 'Broadcast now' })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Check with the node first (dry run)' }));
    await screen.findByText(/^The node's dry run: ENOUGH_PERMISSION/);
    await fireEvent.click(screen.getByRole('button', { name: 'Broadcast now' }));
    await waitFor(() => expect(h.station.transaction.tx!.status).toBe('broadcast'));
    expect(screen.getByText('The fake node accepted the transaction.', { selector: '[role="status"]' })).toBeTruthy();
  });

  it('offers no Broadcast when the dry run finds the weight short', async () => {
    await open(4); // signed by B only: 1 of 2
    await fireEvent.click(screen.getByRole('button', { name: 'Check with the node first (dry run)' }));
    await screen.findByText(/^The node's dry run: NOT_ENOUGH_PERMISSION/);
    expect(screen.queryByRole('button', { name: 'Broadcast now' })).toBeNull();
    expect(screen.getByText('The signatures are not enough yet, so there is nothing to broadcast.')).toBeTruthy();
  });
});
