// @vitest-environment jsdom
/**
 * The pickers and the last-built links follow the one live state (docs/decisions.md §26: "The Tokens screen's
 * permission picker shows the old permissions until the page is reloaded"; "After Discard, Send still
 * offers 'Open the transaction' for the discarded draft"). Over a real test station: account M's
 * permissions change in the station meanwhile (a newer snapshot naming an active permission 2
 * "treasury", imported as another window or the command line would), and on the next beat of the
 * app's poll the Send and Tokens pickers offer it, without a reload; a transaction Send built and
 * then discarded outside the screen loses its link on the next beat, and the link says the
 * status the transaction has now.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import SendScreen from '../send/SendScreen.svelte';
import TokensScreen from '../tokens/TokensScreen.svelte';
import { encodeOperations } from '../../shared/chain/operations.ts';
import { exportSnapshot, permissionsToJson, stringifySnapshot } from '../../shared/files/snapshot.ts';
import { QUEUE_POLL_MS } from '../../shared/base/limits.ts';
import { TEST_ADDRESSES, TEST_NOW } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation, type Harness } from '../../test/helpers/renderer/station-harness.ts';
import { ownerAndActive } from '../../test/helpers/renderer/account-permissions.ts';

afterEach(cleanup);

const MINUTE = 60_000;

/** Account M read at block 101, half an hour after the station's copy (block 100): its owner, and an active 2 "treasury" for payments. */
function newerSnapshot(): string {
  const { owner, active: treasury } = ownerAndActive('treasury', encodeOperations(['TransferContract', 'TransferAssetContract']));
  const at = TEST_NOW - 30 * MINUTE;
  const block = { number: 101, id: (101).toString(16).padStart(16, '0') + 'cd'.repeat(24), timestamp: at };
  const account = {
    address: TEST_ADDRESSES.M,
    exists: true,
    permissions: permissionsToJson({ owner, actives: [treasury] }),
    balance: '1234500000',
    tokens: [],
    source: { node: 'http://127.0.0.1:8090', block: 101 },
    at,
  };
  return stringifySnapshot(exportSnapshot({ node: 'http://127.0.0.1:8090', block, accounts: [account], tokens: [], exportedAt: at + 1_000 }));
}

const optionsOf = (select: HTMLElement) => [...select.querySelectorAll('option')].map((o) => o.textContent);

/** Changes M's permissions in the station (not through the screen) and checks the picker keeps the old ones until the beat. */
async function changeMeanwhile(h: Harness, picker: () => HTMLElement, before: string[]): Promise<void> {
  expect((await h.real.handlers.snapshotImport({ fileName: 'newer.json', text: newerSnapshot() })).accounts).toEqual([
    { address: TEST_ADDRESSES.M, stored: true },
  ]);
  h.station.clock.set(TEST_NOW + QUEUE_POLL_MS - 1);
  await new Promise((r) => setTimeout(r, 50));
  expect(optionsOf(picker())).toEqual(before);
  h.station.clock.set(TEST_NOW + QUEUE_POLL_MS);
}

describe('the pickers follow the live state', () => {
  it("Send's Permission picker offers a permission the account gained meanwhile, without a reload", async () => {
    const h = await realStationState({ count: 0 });
    renderWithStation(SendScreen, h.station);
    await fireEvent.input(screen.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M } });
    const picker = () => screen.getByLabelText('Permission');
    await waitFor(() => expect(picker().tagName).toBe('SELECT'));
    expect(optionsOf(picker())).toEqual(['0 — owner (Owner)']);
    await changeMeanwhile(h, picker, ['0 — owner (Owner)']);
    await waitFor(() => expect(optionsOf(picker())).toEqual(['0 — owner (Owner)', '2 — treasury (Active)']));
  });

  it("the Tokens screen's Permission picker does the same", async () => {
    const h = await realStationState({ count: 0 });
    h.station.router.go('tokens');
    renderWithStation(TokensScreen, h.station);
    const form = within(screen.getByRole('region', { name: 'Transfer a token' }));
    await fireEvent.input(form.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M } });
    const picker = () => form.getByLabelText('Permission');
    await waitFor(() => expect(picker().tagName).toBe('SELECT'));
    expect(optionsOf(picker())).toEqual(['0 owner']);
    await changeMeanwhile(h, picker, ['0 owner']);
    await waitFor(() => expect(optionsOf(picker())).toEqual(['0 owner', '2 treasury (2 operations)']));
  });
});

describe('the last-built link follows its transaction', () => {
  it('says the status it has now, and goes once the transaction is discarded outside the screen', async () => {
    const h = await realStationState({ count: 1 });
    const real = h.real.handlers.buildTransfer;
    h.real.handlers.buildTransfer = async (args) => ({ ...(await real(args)), warnings: ['a warning, so the screen stays'] });
    renderWithStation(SendScreen, h.station);
    await fireEvent.input(screen.getByLabelText('From'), { target: { value: TEST_ADDRESSES.M } });
    await fireEvent.input(screen.getByLabelText('To'), { target: { value: TEST_ADDRESSES.R } });
    await fireEvent.input(screen.getByLabelText('Amount (TRX)'), { target: { value: '3' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Build transfer' }));
    await screen.findByRole('button', { name: 'Open the transaction' });
    const txId = h.station.send.last!.txId;
    const now = () => document.querySelector('.last .now [data-status]')?.getAttribute('data-status');
    await waitFor(() => expect(now()).toBe('draft'));

    // Signed elsewhere (1 of 2): the link's status follows on the next beat.
    await h.real.handlers.sign({ txId, key: TEST_ADDRESSES.A });
    h.station.clock.set(TEST_NOW + QUEUE_POLL_MS);
    await waitFor(() => expect(now()).toBe('collecting'));

    // Discarded by another window (not through this page's client): the link goes on the next beat.
    await h.real.handlers.discard({ txId });
    expect(screen.getByRole('button', { name: 'Open the transaction' })).toBeTruthy();
    h.station.clock.set(TEST_NOW + 2 * QUEUE_POLL_MS);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open the transaction' })).toBeNull());
    expect(h.station.send.last).toBeNull();
  });
});
