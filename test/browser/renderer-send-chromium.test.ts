/**
 * The Send and Batch screens in a real browser (docs/decisions.md §9 "build forms"): the built renderer served
 * by the loopback bridge over the real station (which builds offline from its chain snapshot and reads the batch's
 * CSV reader), in Debian's headless Chromium under the bridge's Content-Security-Policy. A transfer
 * typed on the Send screen lands on its transaction screen with the amount built; a 1,000-row CSV
 * runs through Batch in chunks until the progress reads 1000 of 1000, with no page error or CSP
 * violation on the way (console, page errors and `securitypolicyviolation`, as the e2e test watches).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../electron/shell/bridge.ts';
import { serveRealStation } from '../helpers/real-bridge.ts';
import { TEST_ADDRESSES, type RealStation } from '../helpers/real-station.ts';
import { stationBrowser, watchProblems } from '../helpers/ui-e2e-helpers.ts';

let dir: string;
let bridge: Bridge;
let context: BrowserContext;
let problems: string[];
let real: RealStation;

beforeAll(async () => {
  ({ dir, bridge, real } = await serveRealStation('send-chromium', { count: 3, now: () => Date.now() }));
  context = await stationBrowser(join(dir, 'profile'), { width: 1280, height: 900 });
  problems = await watchProblems(context);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await bridge?.close();
  real?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(bridge.address);
  return page;
}

describe('Send and Batch in headless Chromium through the bridge', () => {
  it('builds a transfer from the Send screen and lands on its transaction', async () => {
    const page = await open();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Send' }).click();
    await page.getByLabel('From').fill(TEST_ADDRESSES.M);
    await page.getByLabel('To', { exact: true }).fill(TEST_ADDRESSES.R);
    await page.getByLabel('Amount (TRX)').fill('12.5');
    await page.getByText('12.5 TRX = 12,500,000 sun').waitFor();
    await page.getByLabel('Expires in').fill('2h');
    await page.getByRole('button', { name: 'Build transfer' }).click();
    await page.getByRole('heading', { name: 'Transaction' }).waitFor();
    const txId = (await page.locator('code.txid').textContent())!;
    expect(real.txIds).toContain(txId);
    expect(await page.locator('p.summary').textContent()).toMatch(/12\.5/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs a 1,000-row batch chunk by chunk until the progress reads 1000 of 1000', async () => {
    const page = await open();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batch' }).click();
    const csv = `to,amount,token,note\n${Array.from({ length: 1000 }, (_, i) => `${TEST_ADDRESSES.R},${1_000_000 + i},,row ${i}`).join('\n')}\n`;
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'payroll.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('1000 rows, all readable.').waitFor();
    await page.getByLabel('From').fill(TEST_ADDRESSES.M);
    const before = real.txIds.length;
    await page.getByRole('button', { name: 'Build the batch' }).click();
    await page.getByText('1000 of 1000 rows', { exact: true }).waitFor();
    expect(
      await page.locator('#batch-progress').evaluate((el) => [(el as unknown as { value: number; max: number }).value, (el as unknown as { max: number }).max]),
    ).toEqual([1000, 1000]);
    await page.getByText('All 1000 rows were built and stored. They are in the queue.').waitFor();
    expect(real.txIds.length - before).toBe(1000);
    expect(real.calls.filter((c) => c.startsWith('buildBatch'))).toEqual([
      'buildBatch 2',
      'buildBatch 202',
      'buildBatch 402',
      'buildBatch 602',
      'buildBatch 802',
    ]);
    expect(await page.locator('table.results tbody tr').count()).toBe(1000);
    expect(problems).toEqual([]);
    await page.close();
  });
});
