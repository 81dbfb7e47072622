// @vitest-environment jsdom
/**
 * An executive-key change warns before it can be built (docs/decisions.md §18: changing a producer's block key
 * halted the local chain with no warning; spec §4.10). Over a real station that read the local
 * node's executive account from a real devnet: replacing the executive permission's key shows the
 * warning naming the new key and the node configuration to set (placeholders, never a private key),
 * and Build stays off until the person ticks that the producing node holds the new key; the tick
 * goes to the station, whose own rule (test/integration/executive-key-guard.test.ts) then builds it.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import PermissionsScreen from './PermissionsScreen.svelte';
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { DEFAULT_GENESIS_JSON } from '../../devnet/genesis.ts';
import { TEST_NOW } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { newKey, startNode, type TestNode } from '../../test/helpers/devnet-helpers.ts';

afterEach(cleanup);

let node: TestNode;
beforeAll(async () => {
  node = await startNode({ startAt: TEST_NOW - 60_000 });
});
afterAll(() => node?.stop());

const EXECUTIVE = addressToBase58(parseAddress(DEFAULT_GENESIS_JSON.producer.localExecutiveAccountAddress));

describe('an executive-key change', () => {
  it('warns with the node configuration to set, and is not built until the new key is said to be held', async () => {
    const h = await realStationState({ count: 0, node: node.url });
    await h.real.handlers.accountFetch({ address: EXECUTIVE });
    h.station.router.openAccount(EXECUTIVE, 'permissions');
    renderWithStation(PermissionsScreen, h.station);
    const group = await screen.findByRole('group', { name: 'Executive permission' });
    const next = newKey().b58;
    await fireEvent.input(within(group).getByLabelText('Key 1 address'), { target: { value: next } });
    const warning = await screen.findByRole('region', { name: "Block producer: set the node's new key first" });
    expect(within(warning).getByRole('alert').textContent).toContain(`makes ${next} the key that signs this account's blocks`);
    const config = JSON.parse(warning.querySelector('pre')!.textContent!);
    expect(config).toEqual({
      localExecutiveAccountAddress: EXECUTIVE,
      localexecutive: [`<private key of ${next}>`, '<private key of the block key in use now, until the update is in a block>'],
    });
    // The lockout guard's own override (the station has seen no key of this account sign) is given,
    // so only the executive-key rule can hold Build back.
    const override = screen.queryByRole('checkbox', { name: /^I accept the risk/ });
    if (override) await fireEvent.click(override);
    await tick();
    expect(h.station.permissions.analysis?.lockout?.verdict).not.toBe('refuse');
    const build = screen.getByRole('button', { name: 'Build permission update' }) as HTMLButtonElement;
    expect(build.disabled).toBe(true);
    await fireEvent.click(within(warning).getByRole('checkbox', { name: 'The producing node holds the new key' }));
    await waitFor(() => expect(build.disabled).toBe(false));
    // The station's own rule (it does not trust the screen) takes the tick as said: the update is built.
    await fireEvent.click(build);
    await waitFor(async () => expect((await h.real.handlers.list({})).total).toBe(1));
  });
});
