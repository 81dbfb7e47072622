// @vitest-environment jsdom
/**
 * Broadcast comes after the dry run (docs/decisions.md §9): no Broadcast button until `preflight` has answered
 * that the signatures are enough; then broadcasting shows the node's answer in words. The dry run
 * and the broadcast need a node that answers: a test devnet (devnet/, in-process) whose genesis
 * holds account M with the 2-of-3 owner permission the station's snapshot has (A, B, C).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { startNodeWithM, TEST_NOW } from '../../test/helpers/real-station.ts';
import type { TestNode } from '../../test/helpers/devnet-helpers.ts';

afterEach(cleanup);

let node: TestNode;
beforeAll(async () => {
  // The station builds its queue at TEST_NOW - 3h; the node's head is then and moves to TEST_NOW before the tests.
  node = await startNodeWithM();
});
afterAll(() => node?.stop());

async function open(index: number) {
  const h = await realStationState({ count: 12, node: node.url });
  node.clock.now = Math.max(node.clock.now, TEST_NOW - 3_000);
  await node.block();
  h.station.router.openTransaction(h.real.txIds[index]!);
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
    await screen.findByText(/^The node's dry run: the signatures are enough/);
    await fireEvent.click(screen.getByRole('button', { name: 'Broadcast now' }));
    await waitFor(() => expect(h.station.transaction.tx!.status).toBe('broadcast'));
    const txId = h.real.txIds[5]!;
    expect(screen.getByText(`The node accepted transaction ${txId}; it goes into the next block.`, { selector: '[role="status"]' })).toBeTruthy();
  });

  it('offers no Broadcast when the dry run finds the weight short', async () => {
    await open(4); // signed by B only: 1 of 2
    await fireEvent.click(screen.getByRole('button', { name: 'Check with the node first (dry run)' }));
    await screen.findByText(/^The node's dry run: the signatures are not enough yet/);
    expect(screen.queryByRole('button', { name: 'Broadcast now' })).toBeNull();
    expect(screen.getByText('The signatures are not enough yet, so there is nothing to broadcast.')).toBeTruthy();
  });
});
