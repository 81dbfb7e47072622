/**
 * Signing with a Ledger key on the transaction screen in a real browser (docs/decisions.md §23): the built
 * renderer served by the loopback bridge over a real station whose `ledger` setting points at the
 * virtual Ledger (test/helpers/virtual-ledger.ts, the published test seed behind the Speculos HTTP
 * API on loopback), in Debian's headless Chromium. The station holds the device's account 0 as a
 * key, confirmed on the device, and a transfer from an account whose owner is 2-of-3 over [that
 * key, B, C] (test/helpers/ledger-account-snapshot.ts). Clicking Sign with the Ledger key sends it
 * to the device, which approves; the screen then shows the key as signed, the station stored the
 * signature, and nothing went wrong on the page (console, page errors, CSP).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../electron/shell/bridge.ts';
import { serveRealStation } from '../helpers/real-bridge.ts';
import { TEST_ADDRESSES, type RealStation } from '../helpers/real-station.ts';
import { ACCOUNT_N, ledgerAccountSnapshot } from '../helpers/ledger-account-snapshot.ts';
import { startVirtualLedger, type VirtualLedger } from '../helpers/virtual-ledger.ts';
import { openFromQueue, stationBrowser, watchProblems } from '../helpers/ui-e2e-helpers.ts';

let dir: string;
let bridge: Bridge;
let context: BrowserContext;
let problems: string[];
let real: RealStation;
let device: VirtualLedger;
let ledger: { address: string; path: string };
let txId: string;

beforeAll(async () => {
  const v = await startVirtualLedger();
  device = v.device;
  ({ dir, bridge, real } = await serveRealStation('ledger-chromium', { count: 0, now: () => Date.now() }));
  await real.handlers.setSetting({ key: 'ledger', value: v.setting });
  await real.handlers.keysLedgerAdd({ account: 0, label: 'desk ledger' });
  const key = (await real.handlers.keysList(undefined)).keys.find((k) => k.vault === 'ledger')!;
  ledger = { address: key.address, path: key.device!.path };
  await real.handlers.snapshotImport({ fileName: 'n.json', text: ledgerAccountSnapshot(ledger.address, real.now()) });
  ({ txId } = await real.handlers.buildTransfer({ from: ACCOUNT_N, to: TEST_ADDRESSES.R, amount: '1000000', expiresIn: '2h', note: 'paid by ledger' }));
  context = await stationBrowser(join(dir, 'profile'), { width: 1280, height: 900 });
  problems = await watchProblems(context);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await bridge?.close();
  real?.close();
  await device?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a Ledger key signs on the transaction screen in headless Chromium', () => {
  it('Sign with the Ledger key: the device approves, the screen shows it signed, the station stored it', async () => {
    const before = await real.handlers.status({ txId });
    expect(before.signers.find((s) => s.address.base58 === ledger.address)?.signed).toBe(false);
    const asked = device.shown.length;
    const page = await context.newPage();
    await page.goto(bridge.address);
    await openFromQueue(page, 'paid by ledger');
    expect(await page.locator('code.txid').textContent()).toBe(txId);
    const row = page.getByRole('table', { name: 'Keys of the permission' }).locator('tr', { hasText: ledger.address });
    await expect.poll(() => row.locator('td').first().textContent()).toContain(`Ledger ${ledger.path}`);
    expect(await row.locator('td').nth(3).textContent()).toBe('no');
    await page.getByRole('button', { name: new RegExp(`^Sign with desk ledger \\(${ledger.address}\\)`) }).click();
    await expect.poll(() => row.locator('td').nth(3).textContent(), { timeout: 20_000 }).toBe('yes');
    const after = await real.handlers.status({ txId });
    expect(after.signers.find((s) => s.address.base58 === ledger.address)?.signed).toBe(true);
    expect(real.calls).toContain(`sign ${ledger.address}`);
    // The device was asked to sign this transfer (and approved), once, from the key's path.
    expect(device.shown.slice(asked)).toEqual([expect.objectContaining({ ins: 'transaction', contractType: 'TransferContract', owner: ACCOUNT_N })]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
