/**
 * The Accounts screen in a real browser (docs/decisions.md §10 "Accounts", "Who alone can do what"): the built
 * renderer served by the loopback bridge over the real station, in Debian's headless Chromium
 * (test/helpers/ui-e2e-helpers.ts stationBrowser, and watchProblems for console errors and CSP violations). Under the bridge's Content-Security-Policy, with
 * no console error or page error: the tab opens, the stored account shows its permissions and the
 * who-can-do-what table (its 2-of-3 owner: every row needs two keys, none is flagged); at a 40rem-wide window (what
 * 200 % zoom leaves of 80rem) the page does not scroll sideways, only the matrix does, inside its
 * own box. Screenshots light and dark go to out/screenshots/ (a test artifact, not committed).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../electron/shell/bridge.ts';
import { serveRealStation } from '../helpers/real-bridge.ts';
import { TEST_ADDRESSES, type RealStation } from '../helpers/real-station.ts';
import { stationBrowser, watchProblems } from '../helpers/ui-e2e-helpers.ts';

const SCREENSHOTS = fileURLToPath(new URL('../out/screenshots/', import.meta.url));

let dir: string;
let bridge: Bridge;
let real: RealStation;
let browser: BrowserContext;
let problems: string[];

beforeAll(async () => {
  ({ dir, bridge, real } = await serveRealStation('accounts-chromium', { count: 3, now: () => Date.now() }));
  browser = await stationBrowser(join(dir, 'profile'), { width: 1280, height: 900 });
  problems = await watchProblems(browser);
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  real?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Accounts screen in headless Chromium through the bridge', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`shows the account and who alone can do what, reflowing at 200 % zoom (${scheme})`, async () => {
      const page = await browser.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(bridge.address);

      await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Accounts' }).click();
      await page.getByRole('button', { name: TEST_ADDRESSES.M }).click();
      const table = page.getByRole('table', { name: /^Who can do what with/ });
      await table.waitFor();
      expect(await table.getByRole('row').filter({ hasText: 'Account and permissions: Permission update' }).getByRole('cell').allTextContents()).toEqual([
        'with Bo desktop, by owner; or with Cy phone, by owner',
        'with Ana laptop, by owner; or with Cy phone, by owner',
        'with Ana laptop, by owner; or with Bo desktop, by owner',
      ]);
      expect(await table.getByText('One key alone').count()).toBe(0);
      await page.getByText('Changing the permissions needs at least 2 keys together.').waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, `accounts-${scheme}.png`), fullPage: true });

      await page.setViewportSize({ width: 640, height: 900 });
      const sideways = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(sideways).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
