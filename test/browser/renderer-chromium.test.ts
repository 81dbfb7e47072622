/**
 * The built renderer in a real browser (docs/decisions.md §9): `out/renderer` as scripts/build-renderer.ts makes
 * it, served by the loopback bridge over the real station (test/helpers/real-station.ts), in
 * Debian's headless Chromium. The page runs under the bridge's Content-Security-Policy with no
 * violation or page error, the queue shows its rows, a transaction opens with its read-aloud
 * checksum, and signing with the one offered key moves the weight bar from 1 of 2 to 2 of 2.
 * Screenshots of the queue and the transaction, light and dark, are written to
 * out/screenshots/ (a test artifact, not committed).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../electron/shell/bridge.ts';
import { serveRealStation } from '../helpers/real-bridge.ts';
import { readAloudChecksum } from '../../shared/views/read-aloud.ts';
import { TEST_ADDRESSES, type RealStation } from '../helpers/real-station.ts';

const SCREENSHOTS = fileURLToPath(new URL('../out/screenshots/', import.meta.url));

let dir: string;
let bridge: Bridge;
let real: RealStation;
let browser: Browser;

beforeAll(async () => {
  ({ dir, bridge, real } = await serveRealStation('renderer-chromium', { count: 30, now: () => Date.now() }));
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  real?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the renderer in headless Chromium through the bridge', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`shows the queue, opens a transaction and signs with the offered key (${scheme})`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(bridge.address);

      await page.getByText('30 transaction(s)').waitFor();
      expect(await page.locator('tr[data-status] button').count()).toBeGreaterThan(5);
      await page.screenshot({ path: join(SCREENSHOTS, `queue-${scheme}.png`) });

      // A transaction signed by B only (1 of 2) that has not expired: A, held here, can complete it.
      await page.getByLabel('Status').selectOption('collecting');
      const row = page.locator('tr[data-status="collecting"] button').first();
      await row.waitFor();
      await row.click();
      const txId = (await page.locator('code.txid').textContent())!;
      expect(await page.locator('strong.check').textContent()).toBe(readAloudChecksum(txId).code);
      await page.getByText('1 of 2', { exact: true }).first().waitFor();
      const offered = page.getByRole('button', { name: /^Sign with/ });
      expect(await offered.allTextContents()).toEqual([`Sign with Ana laptop (${TEST_ADDRESSES.A}), weight 1`]);
      await page.screenshot({ path: join(SCREENSHOTS, `transaction-${scheme}.png`), fullPage: true });

      await offered.click();
      await page.getByText('2 of 2', { exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: /^Sign with/ }).count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
