/**
 * The permission editor in a real browser (docs/decisions.md §26 "Operations in words": it was 41 checkboxes
 * named by java-tron, and limiting a treasury to its payments took 33 clicks). The built renderer
 * served by the loopback bridge over the real station, in Debian's headless Chromium, under the
 * bridge's Content-Security-Policy with no console or page error: the editor limits a new active
 * permission to payments in a few clicks (add it, give it a key, "Payments only"), the operations
 * show by group in words with java-tron's names in small type, and the station's diff names the
 * operations added in words.
 */
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../electron/shell/bridge.ts';
import { serveRealStation } from '../helpers/real-bridge.ts';
import { TEST_ADDRESSES, type RealStation } from '../helpers/real-station.ts';
import { stationBrowser, watchProblems } from '../helpers/ui-e2e-helpers.ts';

let dir: string;
let bridge: Bridge;
let real: RealStation;
let browser: BrowserContext;
let problems: string[];

beforeAll(async () => {
  ({ dir, bridge, real } = await serveRealStation('permission-editor-chromium', { count: 3, now: () => Date.now() }));
  browser = await stationBrowser(join(dir, 'profile'), { width: 1280, height: 900 });
  problems = await watchProblems(browser);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  real?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the permission editor in headless Chromium through the bridge', () => {
  it('the editor limits a permission to payments in a few clicks', async () => {
    const page = await browser.newPage();
    await page.goto(bridge.address);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Accounts' }).click();
    await page.getByRole('button', { name: TEST_ADDRESSES.M }).click();
    await page.getByRole('button', { name: 'Edit permissions' }).first().click();

    // Three clicks and one key typed: add the active, give it a key, choose "Payments only".
    await page.getByRole('button', { name: 'Add an active permission' }).click();
    const active = page.getByRole('group', { name: 'Active permission 2' });
    await active.getByLabel('Key 1 address').fill(TEST_ADDRESSES.A);
    const ops = page.getByRole('group', { name: 'Operations of the active permission 2' });
    await ops.getByRole('button', { name: 'Payments only' }).click();

    const checked = await ops
      .locator('input[type=checkbox]:checked')
      .evaluateAll((boxes) => boxes.map((b) => b.closest('label')!.textContent!.replace(/\s+/g, ' ').trim()));
    expect(checked).toEqual(['Transfer TransferContract', 'Token transfer TransferAssetContract']);
    expect(
      await ops
        .getByRole('group', { name: /^Payments/ })
        .locator('legend')
        .innerText(),
    ).toBe('Payments (2 of 2)');
    // Bits 1 and 2 of the mask.
    await expect.poll(() => ops.getByText(`06${'0'.repeat(62)}`).count()).toBe(1);
    // The station's diff says what the update adds, in words.
    await page.getByRole('heading', { name: 'What changes' }).waitFor();
    await page.getByText('Operations added: Transfer (TransferContract), Token transfer (TransferAssetContract)').waitFor();
    // The java-tron name is small type beside the plain name.
    const size = (selector: string) =>
      ops
        .locator(selector)
        .first()
        .evaluate((el) => parseFloat(el.ownerDocument.defaultView!.getComputedStyle(el).fontSize));
    expect(await size('.java-name')).toBeLessThan(await size('label.choice'));
    expect(problems).toEqual([]);
    await page.close();
  });
});
