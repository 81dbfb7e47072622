/**
 * `npm run bench:renderer` (issue 9): the renderer bundle's gzipped size (target ≤ 300 KB) and the
 * time to interactive of the queue with 10,000 transactions (target ≤ 1 s), in headless Chromium
 * (Debian's /usr/bin/chromium) through the real loopback bridge, serving the real station
 * (test/helpers/real-station.ts: a temporary data directory, an in-memory vault, no node, its
 * queue built through the API).
 *
 * Time to interactive here: from navigation start to the moment the queue shows its total and
 * its first rows, filled, with a button to open each (read in the page with performance.now()).
 * Then a jump to the end of the list is timed until the last row is filled. Figures are printed
 * for information only: nothing here asserts a speed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBridge } from '../electron/shell/bridge.ts';
import { STATION_API } from '../shared/api/station-api.ts';
import { buildRenderer } from '../scripts/build-renderer.ts';
import { openRealStation } from '../test/helpers/real-station.ts';

/**
 * What the functions Playwright runs in the page use of it. This file is type-checked without the
 * DOM library, and string expressions would need `eval`, which the page's CSP refuses; the
 * functions are sent as source, so each reaches the document through this cast itself.
 */
interface PageElement {
  textContent: string | null;
  scrollHeight: number;
  scrollTo(x: number, y: number): void;
}
type PageGlobal = { document: { querySelector(selector: string): PageElement | null } };

const COUNT = Number(process.env.BENCH_QUEUE_COUNT ?? 10_000);
const RUNS = 3;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const dir = mkdtempSync(join(tmpdir(), 'airlock-bench-renderer-'));
try {
  const out = join(dir, 'renderer');
  await buildRenderer(out);
  let raw = 0;
  let gz = 0;
  for (const file of files(out)) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
    console.log(
      `  ${file.slice(out.length + 1).padEnd(32)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB, gzip ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1).padStart(6)} KB`,
    );
  }
  console.log(`renderer bundle: ${(raw / 1024).toFixed(1)} KB, gzipped ${(gz / 1024).toFixed(1)} KB (target ≤ 300 KB)`);

  let t = performance.now();
  const station = await openRealStation({ count: COUNT, now: () => Date.now() });
  console.log(`real station with ${COUNT} transactions built in ${((performance.now() - t) / 1000).toFixed(1)} s (not part of the figures)`);
  const bridge = await startBridge({ table: STATION_API, handlers: station.handlers, staticDir: out, onInternalError: (m, c) => console.error(m, c) });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    for (let run = 1; run <= RUNS; run++) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(bridge.address);
      await page.waitForFunction(
        (n) =>
          (globalThis as unknown as PageGlobal).document.querySelector('output')?.textContent === `${n} transaction(s)` &&
          (globalThis as unknown as PageGlobal).document.querySelector('li[data-status] button') !== null,
        COUNT,
        { timeout: 60_000 },
      );
      const tti = await page.evaluate(() => performance.now());
      const rows = await page.locator('li[data-status]').count();
      t = performance.now();
      await page.evaluate(() => {
        const el = (globalThis as unknown as PageGlobal).document.querySelector('.scroller')!;
        el.scrollTo(0, el.scrollHeight);
      });
      await page.waitForFunction((n) => (globalThis as unknown as PageGlobal).document.querySelector(`li[aria-posinset="${n}"][data-status]`) !== null, COUNT, {
        timeout: 60_000,
      });
      const jump = performance.now() - t;
      console.log(
        `run ${run}: queue interactive after ${tti.toFixed(0)} ms (target ≤ 1000), ${rows} rows in the DOM; jump to row ${COUNT} filled in ${jump.toFixed(0)} ms${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    await bridge.close();
    station.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
