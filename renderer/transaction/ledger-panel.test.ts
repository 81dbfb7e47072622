// @vitest-environment jsdom
/**
 * What the Ledger will show, on the Transaction screen (docs/decisions.md §23), over a real station holding a
 * Ledger key (the virtual Ledger, test/helpers/virtual-ledger.ts): the device's screens in order
 * for a transfer, with the sender as the device writes it; a refusal up front for a contract the
 * TRON app cannot sign; and no panel at all on a station without a Ledger key.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import TransactionScreen from './TransactionScreen.svelte';
import { realStationState, renderWithStation, type Harness } from '../../test/helpers/renderer/station-harness.ts';
import { startVirtualLedger } from '../../test/helpers/virtual-ledger.ts';
import { silverIssueJson, TEST_NOW } from '../../test/helpers/real-station.ts';

afterEach(cleanup);

async function withLedger(): Promise<Harness> {
  const v = await startVirtualLedger();
  onTestFinished(() => v.device.stop());
  const h = await realStationState({ count: 12 });
  await h.real.handlers.setSetting({ key: 'ledger', value: v.setting });
  await h.real.handlers.keysLedgerAdd({ account: 0, label: 'desk ledger' });
  return h;
}

async function openTx(h: Harness, txId: string) {
  h.station.router.openTransaction(txId);
  renderWithStation(TransactionScreen, h.station);
  await waitFor(() => expect(h.station.transaction.tx).not.toBeNull());
}

describe('the Ledger panel', () => {
  it("lists the device's screens in order for a transfer, the sender as P<n> - T…", async () => {
    const h = await withLedger();
    const plans = await Promise.all(h.real.txIds.map(async (txId) => ({ txId, plan: await h.real.handlers.ledgerPlan({ txId }) })));
    const transfer = plans.find((p) => p.plan.mode === 'full')!;
    await openTx(h, transfer.txId);
    const panel = (await screen.findByRole('heading', { name: 'What the Ledger will show' })).closest('section')!;
    const items = within(panel).getByRole('list', { name: "The device's screens" }).querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual(transfer.plan.screens.map((s) => `${s.title}: ${s.value}`));
    expect([...items].find((li) => li.textContent!.startsWith('From Address'))?.textContent).toMatch(/^From Address: (P\d+ - )?T\w{33}$/);
  });

  it('says up front when the device cannot sign the transaction at all', async () => {
    const h = await withLedger();
    // A token issue: the TRON app refuses the contract type.
    const issue = await h.real.handlers.buildAssetIssue({ json: JSON.stringify(silverIssueJson(TEST_NOW)) });
    expect((await h.real.handlers.ledgerPlan({ txId: issue.txId })).mode).toBe('refused');
    await openTx(h, issue.txId);
    const alert = await screen.findByText('The Ledger cannot sign this.');
    expect(alert.closest('p')!.textContent).toContain('6a80');
  });

  it('while a signature is asked for, says to check the screens and approve on the device', async () => {
    const h = await withLedger();
    let release: () => void = () => {};
    const sign = h.real.handlers.sign;
    h.real.handlers.sign = async (args) => {
      await new Promise<void>((resolve) => (release = resolve));
      return sign(args);
    };
    // Seeded transaction 4 is signed by B only; the station's key A can still sign it.
    const txId = h.real.txIds.find((_, i) => i % 3 === 1 && i > 3)!;
    await openTx(h, txId);
    await screen.findByRole('heading', { name: 'What the Ledger will show' });
    expect(screen.queryByText(/approve on the device/)).toBeNull();
    await fireEvent.click(screen.getAllByRole('button', { name: /^Sign with/ })[0]!);
    await screen.findByText(/check its screens against the list above, then approve on the device/);
    release();
    await waitFor(() => expect(screen.queryByText(/approve on the device/)).toBeNull());
  });

  it('is not shown on a station without a Ledger key', async () => {
    const h = await realStationState({ count: 2 });
    await openTx(h, h.real.txIds[0]!);
    await screen.findByRole('heading', { name: 'Sign' });
    expect(screen.queryByRole('heading', { name: 'What the Ledger will show' })).toBeNull();
  });
});
