// @vitest-environment jsdom
/**
 * The fee limit the TRC-20 form proposes from the estimate (docs/decisions.md §25, FeeLimitHint.svelte), over a
 * real station: with a test devnet holding account M and its TRC-20 token listed (read from the
 * node), asking on the form shows the station's `trc20FeeLimit` answer for the call typed (energy ×
 * the energy price + the margin, node and block) and "Use" puts it in the Fee limit field; a
 * different amount typed clears the proposal; offline it says in words why nothing is proposed.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ContractsScreen from './ContractsScreen.svelte';
import { GENESIS_TOKEN_ADDRESS_BASE58 } from '../../devnet/evm/genesis-token.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { startNodeWithM, TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import type { TestNode } from '../../test/helpers/devnet-helpers.ts';

afterEach(cleanup);

let node: TestNode;
beforeAll(async () => {
  node = await startNodeWithM();
});
afterAll(() => node?.stop());

async function typeCall(amount: string): Promise<void> {
  await fireEvent.input(screen.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M } });
  await fireEvent.input(screen.getByLabelText('To'), { target: { value: TEST_ADDRESSES.A } });
  await fireEvent.input(screen.getByLabelText('Token contract'), { target: { value: GENESIS_TOKEN_ADDRESS_BASE58 } });
  await fireEvent.input(screen.getByLabelText('Amount'), { target: { value: amount } });
}

describe('the TRC-20 form proposes a fee limit from the estimate', () => {
  it("shows the station's proposal for the call typed, and puts it in the Fee limit field", async () => {
    const h = await realStationState({ count: 0, node: node.url, tokens: false });
    await h.real.handlers.contractAdd({ address: GENESIS_TOKEN_ADDRESS_BASE58 });
    renderWithStation(ContractsScreen, h.station);
    await waitFor(() => expect(screen.getAllByText(GENESIS_TOKEN_ADDRESS_BASE58, { exact: false }).length).toBeGreaterThan(0));
    await typeCall('1');
    await fireEvent.click(screen.getByRole('button', { name: 'Propose a fee limit from the estimate' }));
    const shown = await screen.findByText(/^Proposed: /);
    const answer = await h.real.handlers.trc20FeeLimit({
      kind: 'transfer',
      from: TEST_ADDRESSES.M,
      to: TEST_ADDRESSES.A,
      token: GENESIS_TOKEN_ADDRESS_BASE58,
      amount: '1',
    });
    expect(shown.textContent).toBe(`Proposed: ${answer.text}.`);
    expect(answer.text).toMatch(new RegExp(`^[\\d.]+ TRX: ${answer.energy} energy × ${answer.energyPrice} sun \\([\\d.]+ TRX\\) \\+ 20% margin, read from `));
    // The proposal is the energy's full price plus 20 %, rounded up to whole sun.
    expect(BigInt(answer.feeLimit)).toBe((BigInt(answer.energy) * BigInt(answer.energyPrice) * 120n + 99n) / 100n);
    await fireEvent.click(screen.getByRole('button', { name: `Use ${answer.feeLimitTrx} TRX` }));
    expect((screen.getByLabelText('Fee limit (TRX)') as HTMLInputElement).value).toBe(answer.feeLimitTrx);
    // Another call typed: the proposal was for the one before, so it goes.
    await fireEvent.input(screen.getByLabelText('Amount'), { target: { value: '2' } });
    await waitFor(() => expect(screen.queryByText(/^Proposed: /)).toBeNull());
  });

  it('offline: says why nothing is proposed', async () => {
    const h = await realStationState({ count: 0 });
    await h.real.handlers.contractAdd({ address: GENESIS_TOKEN_ADDRESS_BASE58, symbol: 'TKN', decimals: 6 });
    renderWithStation(ContractsScreen, h.station);
    await screen.findByText(/TKN, 6 decimals/);
    await typeCall('1');
    await fireEvent.click(screen.getByRole('button', { name: 'Propose a fee limit from the estimate' }));
    expect((await screen.findByText(/^Offline: /)).textContent).toBe(
      "Offline: a fee limit is proposed from the node's energy estimate, which cannot be asked now.",
    );
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();
  });
});
