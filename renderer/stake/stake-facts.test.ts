// @vitest-environment jsdom
/**
 * The stake form shows what the From account has (docs/decisions.md §25, StakeFacts.svelte), over a real station:
 * with a test devnet holding account M, after M stakes 100 TRX for energy (signed by two of its
 * keys on the node directly), typing M as From shows the station's `accountResources` answer:
 * voting power left and total, what is staked per resource, lent out, and what can still be lent,
 * with the node and block; nothing is asked while an address is half typed; offline it says so.
 */
import { cleanup, fireEvent, screen } from '@testing-library/svelte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import StakeScreen from './StakeScreen.svelte';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { privateKeyFromHex, signDigest } from '../../shared/chain/keys.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { startNodeWithM, TEST_ADDRESSES, TEST_KEY_HEX } from '../../test/helpers/real-station.ts';
import type { TestNode } from '../../test/helpers/devnet-helpers.ts';

afterEach(cleanup);

let node: TestNode;
beforeAll(async () => {
  node = await startNodeWithM();
  const stake = await node.post('/wallet/freezebalancev2', { owner_address: TEST_ADDRESSES.M, frozen_balance: 100_000_000, resource: 'ENERGY', visible: true });
  const signature = (['A', 'B'] as const).map((k) => bytesToHex(signDigest(hexToBytes(stake.txID), privateKeyFromHex(TEST_KEY_HEX[k]))));
  const sent = await node.broadcast({ ...stake, signature });
  if (sent.code !== undefined) throw new Error(`stake: ${sent.message}`);
  await node.block();
});
afterAll(() => node?.stop());

const text = (el: HTMLElement): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('the stake form shows voting power, stake and what can be lent', () => {
  it("shows the station's answer for the From account, read from the node", async () => {
    const h = await realStationState({ count: 0, node: node.url, tokens: false });
    renderWithStation(StakeScreen, h.station);
    await fireEvent.input(screen.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M.slice(0, 20) } });
    expect(h.real.calls).not.toContain('accountResources');
    await fireEvent.input(screen.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M } });
    const facts = await screen.findByLabelText('Voting power and stake', {}, { timeout: 5_000 });
    const answer = await h.real.handlers.accountResources({ address: TEST_ADDRESSES.M });
    expect(answer.staked.energy).toBe('100000000');
    expect(text(facts)).toBe(
      `Voting power ${answer.votingPower.left} left of ${answer.votingPower.total} (${answer.votingPower.used} used in votes) ` +
        'Staked 100 TRX for energy, 0 TRX for bandwidth Lent out 0 TRX of energy, 0 TRX of bandwidth ' +
        'Can be lent up to 100 TRX of energy, 0 TRX of bandwidth (the stake it keeps)',
    );
    expect(answer.votingPower.total).toBe('100');
    expect(screen.getByText(`Read from ${node.url} at block ${answer.provenance.block}.`)).toBeTruthy();
  });

  it('offline: says the figures are read from the node, which does not answer', async () => {
    const h = await realStationState({ count: 0 });
    renderWithStation(StakeScreen, h.station);
    await fireEvent.input(screen.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M } });
    expect(text(await screen.findByText(/^Offline: voting power/, {}, { timeout: 5_000 }))).toBe(
      'Offline: voting power and stake are read from the node, which does not answer now.',
    );
  });
});
