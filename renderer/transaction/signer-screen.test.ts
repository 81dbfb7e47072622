// @vitest-environment jsdom
/**
 * The signer's screen (docs/decisions.md §18): station B, given only the handoff file of a permission update and
 * of a token issue built on station A, shows on its transaction screen the diff (with B's labels and
 * the provenance of B's copy), the fee and B's lockout verdict, and the token's price, sale window,
 * frozen schedule and limits; and for every transaction the field table (with B's labels) and the
 * next step, which follows a signature made on the screen. Both stations are real
 * (test/helpers/real-station.ts), B behind the real API (station-harness.ts). B deletes its key A,
 * so B's verdict ("needs an override") differs from A's ("ok"): the screen shows B's own.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { openRealStation, silverIssueJson, TEST_ADDRESSES, TEST_NOW } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation, type Harness } from '../../test/helpers/renderer/station-harness.ts';

afterEach(cleanup);

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Builds on a fresh station A with `build`, carries the handoff file to B, and opens it on B's screen. */
async function fromStationA(
  h: Harness,
  build: (a: Awaited<ReturnType<typeof openRealStation>>) => { txId: string } | Promise<{ txId: string }>,
): Promise<string> {
  const a = await openRealStation({ count: 0 });
  onTestFinished(() => a.close());
  const { txId } = await build(a);
  const file = await a.handlers.exportHandoff({ txId });
  await h.real.handlers.importFiles({ files: [{ name: file.fileName, text: file.text }] });
  h.station.router.openTransaction(txId);
  renderWithStation(TransactionScreen, h.station);
  await waitFor(() => expect(h.station.transaction.tx?.view.txID).toBe(txId));
  return txId;
}

/** Account M's owner becomes A, B, D (2 of 3) and an active permission "pay" is added. */
const UPDATE = JSON.stringify({
  owner_address: TEST_ADDRESSES.M,
  owner: {
    type: 'Owner',
    permission_name: 'owner',
    threshold: 2,
    keys: ['A', 'B', 'D'].map((k) => ({ address: TEST_ADDRESSES[k as 'A'], weight: 1 })),
  },
  actives: [
    {
      type: 'Active',
      permission_name: 'pay',
      threshold: 1,
      operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000',
      keys: [{ address: TEST_ADDRESSES.A, weight: 1 }],
    },
  ],
  visible: true,
});

describe("the signer's screen on the station given the file", () => {
  it('a permission update: the diff with labels and the copy it is against, the fee and the verdict', async () => {
    const h = await realStationState({ count: 0 });
    await h.real.handlers.keysDelete({ address: TEST_ADDRESSES.A });
    await h.real.handlers.bookSet({ address: TEST_ADDRESSES.B, label: 'bob (station B)' });
    await fromStationA(h, (a) => a.handlers.buildPermissionUpdate({ json: UPDATE }));
    const panel = screen.getByRole('region', { name: 'What changes' });
    expect(text(within(panel).getByText(/^Compared with the permissions/))).toBe(
      'Compared with the permissions this station holds ⚠ unverified claim from file snapshot.json',
    );
    const owner = within(panel).getByRole('table', { name: 'owner permission (id 0): changed' });
    // A key's row: its label and whole address (AddressText), its weight now, its weight after.
    const row = (address: string) => [...(within(owner).getByText(address).closest('tr')?.children ?? [])].map(text);
    expect(row(TEST_ADDRESSES.B)).toEqual([expect.stringMatching(new RegExp(`^bob \\(station B\\) .*${TEST_ADDRESSES.B}$`)), 'weight 1', 'weight 1']);
    expect(row(TEST_ADDRESSES.C)).toEqual([expect.stringMatching(new RegExp(`^Cy phone .*${TEST_ADDRESSES.C}$`)), 'weight 1', 'removed']);
    expect(row(TEST_ADDRESSES.D)).toEqual([expect.stringContaining(TEST_ADDRESSES.D), '—', 'weight 1']);
    expect(within(panel).getByRole('table', { name: 'active permission (id 2): added' })).toBeTruthy();
    expect(text(panel.querySelector('.fee'))).toMatch(/^101 TRX: /);
    // B's own verdict: B holds only D and has seen nobody sign (A's station said "ok").
    expect(panel.querySelector('.verdict')?.getAttribute('data-verdict')).toBe('needs-override');
    expect(text(panel.querySelector('.verdict'))).toMatch(/^Needs an override: /);
    expect(text(screen.getByText(/^Next:/).closest('p'))).toBe(
      `Next: needs 2 more of: ${TEST_ADDRESSES.A}, bob (station B), Cy phone; export the file for them`,
    );
  });

  it('shows the verdict of the station that shows it: one holding A and D passes what B could not', async () => {
    const h = await realStationState({ count: 0 });
    await fromStationA(h, (a) => a.handlers.buildPermissionUpdate({ json: UPDATE }));
    const panel = screen.getByRole('region', { name: 'What changes' });
    expect(panel.querySelector('.verdict')?.getAttribute('data-verdict')).toBe('ok');
    expect(text(panel.querySelector('.verdict'))).toMatch(/^Passes: /);
  });

  it('a token issue: the price, the sale window, the frozen schedule, the limits, and the field table', async () => {
    const h = await realStationState({ count: 0 });
    await fromStationA(h, (a) =>
      a.handlers.buildAssetIssue({
        json: JSON.stringify(silverIssueJson(TEST_NOW)),
      }),
    );
    const panel = screen.getByRole('region', { name: 'The token this issues' });
    expect(text(panel.querySelector('.price'))).toBe('1 SLV costs 0.2 TRX (1,000,000 sun buy 500 smallest units)');
    expect(text(panel.querySelector('.window'))).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d \(not open yet\)$/);
    expect(text(panel.querySelector('.frozen'))).toMatch(/^1,000 SLV frozen for 10 days, released \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(text(panel.querySelector('.limits'))).toMatch(/500 bandwidth points a day for each holder, 10,000 bandwidth points a day for all holders together/);
    const fields = screen.getByRole('table', { name: 'Every field of the contract' });
    expect(within(fields).getAllByRole('row').length).toBe(h.station.transaction.tx!.view.fields.length + 1);
    expect(text(within(fields).getByRole('rowheader', { name: h.station.transaction.tx!.view.fields[0]!.name }).closest('tr'))).toContain(
      h.station.transaction.tx!.view.fields[0]!.value,
    );
  });

  it('every transaction: the field table with labels, and the next step that follows a signature', async () => {
    const h = await realStationState({ count: 0 });
    const built = await h.real.handlers.buildTransfer({ from: TEST_ADDRESSES.M, to: TEST_ADDRESSES.C, amount: '2500000' });
    h.station.router.openTransaction(built.txId);
    renderWithStation(TransactionScreen, h.station);
    await waitFor(() => expect(h.station.transaction.tx?.view.txID).toBe(built.txId));
    const fields = screen.getByRole('table', { name: 'Every field of the contract' });
    const to = h.station.transaction.tx!.view.fields.find((f) => f.address?.base58 === TEST_ADDRESSES.C)!;
    const cells = [...(within(fields).getByRole('rowheader', { name: to.name }).closest('tr')?.children ?? [])].map(text);
    expect(cells).toEqual([to.name, `${to.value} (Cy phone)`]);
    const next = () => text(screen.getByText(/^Next:/).closest('p'));
    expect(next()).toBe('Next: needs 2 more of: Ana laptop (this station), Bo desktop, Cy phone; sign here, or export the file for the others');
    await fireEvent.click(screen.getByRole('button', { name: /^Sign with Ana laptop/ }));
    await waitFor(() => expect(next()).toBe('Next: needs 1 more of: Bo desktop, Cy phone; export the file for them'));
  });
});
