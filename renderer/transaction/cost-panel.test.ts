// @vitest-environment jsdom
/**
 * The cost before signing on the transaction screen (docs/decisions.md §25, CostPanel.svelte), over a real
 * station: with a test devnet holding account M (10,000 TRX, 2-of-3 owner) the panel shows what the
 * station's `transactionCost` answers for the open transaction (bandwidth and what covers it, each
 * fee, the total and the balance after, the node and block); a transfer larger than the balance
 * (built while it was not, the account having spent since) shows the refusal in words; with no node answering it says it is offline (a plain notice, not an
 * alert: offline is a signing station's usual state) and shows no figure.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/svelte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { realStationState, renderWithStation, type Harness } from '../../test/helpers/renderer/station-harness.ts';
import { startNodeWithM, TEST_ADDRESSES, TEST_KEY_HEX, TEST_NOW } from '../../test/helpers/real-station.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { privateKeyFromHex, signDigest } from '../../shared/chain/keys.ts';
import type { TestNode } from '../../test/helpers/devnet-helpers.ts';

afterEach(cleanup);

let node: TestNode;
beforeAll(async () => {
  node = await startNodeWithM();
});
afterAll(() => node?.stop());

async function openAt(h: Harness, txId: string): Promise<HTMLElement> {
  h.station.router.openTransaction(txId);
  renderWithStation(TransactionScreen, h.station);
  await waitFor(() => expect(h.station.transaction.tx?.view.txID).toBe(txId));
  return screen.getByRole('region', { name: 'What it will cost' });
}

const text = (el: HTMLElement): string => (el.textContent ?? '').replace(/\s+/g, ' ');

describe('the cost panel', () => {
  it("shows the station's answer for the open transaction: bandwidth, each fee, total, balance after, node and block", async () => {
    const h = await realStationState({ count: 12, node: node.url });
    node.clock.now = Math.max(node.clock.now, TEST_NOW - 3_000);
    await node.block();
    const txId = h.real.txIds[4]!;
    const panel = await openAt(h, txId);
    await within(panel).findByText(/^Read from /);
    const cost = await h.real.handlers.transactionCost({ txId });
    const shownText = text(panel);
    // Seeded transfer 4 goes to an address the devnet has never seen, signed by 2 of M's keys.
    expect(cost).toMatchObject({ bandwidth: 'activation-fee', signatures: 2, total: '1100000' });
    expect(shownText).toContain(`${cost.bytes} bytes with 2 signature(s), paid by the activation fee`);
    expect(shownText).toMatch(/Bandwidth ?0\.1 TRX ?Multi-signature fee ?1 TRX ?Total ?1\.1 TRX/);
    expect(shownText).toContain(`Read from ${node.url} at block ${cost.provenance.block}.`);
    expect(shownText).toMatch(/Balance after ?9\d{3}(\.\d+)? TRX \(now 10000 TRX; the transaction itself moves /);
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('says in words, up front, when the account cannot pay', async () => {
    const h = await realStationState({ count: 12, node: node.url });
    // A build the account cannot pay is refused (station/core/cost-refusal.ts): this one is built while it can,
    // then M spends 9,000 TRX elsewhere (signed by A and B on the node directly), and now it cannot.
    const built = await h.real.handlers.buildTransfer({ from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.R, amount: '5000000000' });
    const spent = await node.post('/wallet/createtransaction', {
      owner_address: TEST_ADDRESSES.M,
      to_address: TEST_ADDRESSES.R,
      amount: 9_000_000_000,
      visible: true,
    });
    const signature = (['A', 'B'] as const).map((k) => bytesToHex(signDigest(hexToBytes(spent.txID), privateKeyFromHex(TEST_KEY_HEX[k]))));
    expect((await node.broadcast({ ...spent, signature })).code).toBeUndefined();
    await node.block();
    const panel = await openAt(h, built.txId);
    const alert = await within(panel).findByRole('alert');
    expect(text(alert)).toMatch(/^The account cannot pay\. The account cannot pay this transaction: it holds 99\d(\.\d+)? TRX and needs 500\d(\.\d+)? TRX/);
  });

  it('offline: says the station cannot read the node, and shows no figure', async () => {
    const h = await realStationState({ count: 12 });
    const panel = await openAt(h, h.real.txIds[4]!);
    const notice = await within(panel).findByText(/the station cannot read the node/, {}, { timeout: 5_000 });
    expect(text(notice)).toMatch(/^Offline: the station cannot read the node, so it cannot say what this transaction will cost\. nothing answers at /);
    // Offline is a signing station's usual state: said plainly, not raised as an alert.
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(text(panel)).not.toContain('TRX');
  });
});
