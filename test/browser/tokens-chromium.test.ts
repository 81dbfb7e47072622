/**
 * The Tokens screen (docs/decisions.md §10 "Tokens"; docs/decisions.md §9's token transfer path) in headless Chromium through
 * the loopback bridge over the real station, under the real Content-Security-Policy: the tab opens
 * the screen, the transfer form shows the token and the exact amount in words, builds and opens
 * the new transaction, with no console error (a CSP refusal would be one). Screenshots of the
 * screen, light and dark, go to out/screenshots/.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../electron/shell/bridge.ts';
import { serveRealStation } from '../helpers/real-bridge.ts';
import { TEST_ADDRESSES, type RealStation } from '../helpers/real-station.ts';

const SCREENSHOTS = fileURLToPath(new URL('../out/screenshots/', import.meta.url));

let dir: string;
let bridge: Bridge;
let browser: Browser;
let real: RealStation;

beforeAll(async () => {
  // The station's clock runs, so the same transfer built twice (light, dark) is two transactions.
  ({ dir, bridge, real } = await serveRealStation('tokens-chromium', { count: 3, now: () => Date.now() }));
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  real?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Tokens screen in headless Chromium through the bridge', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`transfers a token by clicking and typing only (${scheme})`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 1400 }, colorScheme: scheme });
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(bridge.address);
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Tokens' }).click();
      const section = page.getByRole('region', { name: 'Transfer a token' });
      await section.getByLabel('From', { exact: true }).fill(TEST_ADDRESSES.M);
      await section.getByLabel('To', { exact: true }).fill(TEST_ADDRESSES.R);
      await section.getByLabel('Token ID', { exact: true }).fill('1000001');
      await section.getByText('(GLD), id 1000001').waitFor();
      await section.getByLabel('Amount', { exact: true }).fill('12.34');
      await section.getByText('Sends 12.34 GLD (1,234 smallest units).').waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, `tokens-${scheme}.png`), fullPage: true });
      await section.getByRole('button', { name: 'Build token transfer' }).click();
      await page.locator('code.txid').waitFor();
      expect(await page.locator('code.txid').textContent()).toBe(real.txIds.at(-1));
      expect(problems).toEqual([]);
      await page.close();
    }, 60_000);
  }
});
