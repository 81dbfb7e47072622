// @vitest-environment jsdom
/**
 * The open transaction follows the station (docs/decisions.md §26, "an open transaction screen stays
 * 'broadcast' while the queue says 'confirmed'; an expired one keeps 'collecting ... sign here' with a
 * Sign button"): over a real test station, the screen reads the transaction again on each beat of
 * the app's one poll (app/live.svelte.ts) and at once when its expiry passes (between two beats),
 * without a click or a reload:
 * a signature made meanwhile (as another window or the command line would) shows with its weight,
 * and a transaction whose time runs out while open offers Re-issue and no Sign.
 */
import { cleanup, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { QUEUE_POLL_MS } from '../../shared/base/limits.ts';
import { TEST_ADDRESSES, TEST_NOW } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

const HOUR = 3_600_000;
const signButtons = () => screen.queryAllByRole('button', { name: /^Sign with/ });
const weightShown = () => document.querySelector('.weight .words')?.textContent;
const nextStep = () => document.querySelector('.next-step')?.textContent ?? '';
const statusShown = () => document.querySelector('.facts [data-status]')?.getAttribute('data-status');

/** A station whose clock the test moves, and a transaction signed by B only (1 of 2) expiring more than an hour after now. */
async function openCollecting() {
  let now = TEST_NOW;
  const h = await realStationState({ count: 12, now: () => now });
  const expiring = await Promise.all(h.real.txIds.map(async (txId) => ({ txId, s: await h.real.handlers.status({ txId }) })));
  const pick = expiring.find(({ s }) => s.status === 'collecting' && Number(s.view.expiration.ms) > now + HOUR && !s.signers.some((k) => k.local && k.signed))!;
  h.station.router.openTransaction(pick.txId);
  renderWithStation(TransactionScreen, h.station);
  await waitFor(() => expect(statusShown()).toBe('collecting'));
  return { h, txId: pick.txId, expiration: Number(pick.s.view.expiration.ms), setNow: (t: number) => (now = t) };
}

describe('the open transaction follows the station', () => {
  it('shows a signature made meanwhile on the next beat, with its weight, and offers no more Sign', async () => {
    const { h, txId } = await openCollecting();
    expect(signButtons().map((b) => b.textContent)).toEqual([`Sign with Ana laptop (${TEST_ADDRESSES.A}), weight 1`]);
    expect(weightShown()).toBe('1 of 2');

    // Signed outside this screen: another window, or `airlock sign`.
    await h.real.handlers.sign({ txId, key: TEST_ADDRESSES.A });
    h.station.clock.set(TEST_NOW + QUEUE_POLL_MS - 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(statusShown()).toBe('collecting');

    h.station.clock.set(TEST_NOW + QUEUE_POLL_MS);
    await waitFor(() => expect(statusShown()).toBe('ready'));
    expect(weightShown()).toBe('2 of 2');
    expect(signButtons()).toEqual([]);
    expect(nextStep()).toMatch(/^Next: ready: run the dry run/);
  });

  it('turns expired when its time runs out while open: Re-issue, no Sign, no "sign here"', async () => {
    const { h, expiration, setNow } = await openCollecting();
    expect(signButtons()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Re-issue' })).toBeNull();
    expect(nextStep()).toMatch(/sign here/);

    // A beat a second before the expiry: still collecting.
    setNow(expiration - 1_000);
    h.station.clock.set(expiration - 1_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(statusShown()).toBe('collecting');
    // The expiry passes less than a poll interval after that beat: the screen asks at once.
    setNow(expiration + 1);
    h.station.clock.set(expiration + 1);
    await waitFor(() => expect(statusShown()).toBe('expired'));
    expect(signButtons()).toEqual([]);
    expect(nextStep()).toBe('Next: expired: re-issue it and collect the signatures again');
    expect(screen.getByRole('button', { name: 'Re-issue' })).toBeTruthy();
  });

  it('says so when the open transaction was discarded elsewhere', async () => {
    const { h, txId } = await openCollecting();
    expect((await h.real.handlers.discard({ txId })).text).toBeTruthy();
    h.station.clock.set(TEST_NOW + QUEUE_POLL_MS);
    await waitFor(() => expect(h.station.transaction.error?.code).toBe('NOT_FOUND'));
    expect(signButtons()).toEqual([]);
  });
});
