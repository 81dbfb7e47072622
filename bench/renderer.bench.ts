/**
 * `npm run bench:renderer` (docs/decisions.md §9 and §27): the renderer bundle's gzipped size (target ≤ 300 KB),
 * the time until the queue is interactive with 10,000 transactions (target ≤ 500 ms), and the time
 * from a click to its answer on screen (target ≤ 50 ms each) for: opening a transaction, signing
 * it with the offered key, importing a handoff file, building a transfer. All in headless Chromium
 * (Debian's /usr/bin/chromium) through the real loopback bridge, serving the real station
 * (test/helpers/real-station.ts: a temporary data directory, an in-memory vault, no node, its
 * queue built through the API).
 *
 * How a click is timed: in the page, the button is clicked with `element.click()` at
 * performance.now(), and a MutationObserver checks after every DOM change whether the answer is on
 * screen (an element matching a selector holds the expected text); the time is taken then ("in the
 * DOM"), and again once the frame showing it has been laid out and painted (a message posted from
 * that frame's animation-frame callback arrives after the paint). Playwright only fills the form
 * fields beforehand, so its round trips are not in the figures.
 *
 * Queue interactive: from navigation start until the queue shows its total and its first rows,
 * filled, each with a button to open it, in the DOM and painted, recorded by the page itself (a
 * MutationObserver set before the app loads, which reports on the console), so neither Playwright's
 * polling nor its script injected into the page is in the figure. Then a jump to the end of the
 * table is timed until its last row is filled.
 *
 * AIRLOCK_BENCH_SMOKE=1 (bench/smoke.ts): 30 transactions and one run, every step still taken.
 * Figures are printed for information only: nothing here asserts a speed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { startBridge } from '../electron/shell/bridge.ts';
import { STATION_API } from '../shared/api/station-api.ts';
import { QUEUE_PAGE_SIZE } from '../shared/base/limits.ts';
import { buildRenderer } from '../scripts/build-renderer.ts';
import { openRealStation, TEST_ADDRESSES } from '../test/helpers/real-station.ts';
import { sized, SMOKE } from './smoke.ts';

/**
 * What the functions Playwright runs in the page use of it. This file is type-checked without the
 * DOM library, and string expressions would need `eval`, which the page's CSP refuses; the
 * functions are sent as source, so each reaches the document through this cast itself.
 */
interface PageElement {
  textContent: string | null;
  scrollHeight: number;
  scrollTo(x: number, y: number): void;
  click(): void;
  files: unknown;
  dispatchEvent(event: unknown): boolean;
}
interface PageWindow {
  document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): Iterable<PageElement>;
    body: unknown;
  };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void; disconnect(): void };
  requestAnimationFrame(callback: () => void): void;
  setTimeout(callback: () => void, ms: number): void;
  DataTransfer: new () => { items: { add(file: unknown): void }; files: unknown };
  MessageChannel: new () => { port1: { onmessage: (() => void) | null }; port2: { postMessage(message: unknown): void } };
  File: new (parts: string[], name: string, options: object) => unknown;
  Event: new (type: string, options: object) => unknown;
}

const COUNT = Number(process.env.BENCH_QUEUE_COUNT ?? sized(10_000, 30));

/** What the page writes on its console once the queue is interactive: `INTERACTIVE <in the DOM> <painted> <rows>` (ms since navigation). */
const INTERACTIVE = 'airlock-bench-interactive';

/**
 * The page's own record of the queue becoming interactive, set before the app loads: a
 * MutationObserver notes the moment the total (at least `count`) and a filled row with its open
 * button are in the DOM, then the moment that frame has been painted, and reports both on the
 * console, which Playwright reads without running anything in the page.
 */
function recordInteractive(count: number): string {
  return `(() => {
    const ready = () => {
      const total = /^(\\d+) transaction\\(s\\)$/.exec(document.querySelector('output')?.textContent ?? '');
      return total !== null && Number(total[1]) >= ${count} && document.querySelector('tr[data-status] button.open') !== null;
    };
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      const inDom = performance.now();
      const rows = document.querySelectorAll('tr[data-status]').length;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => console.log('${INTERACTIVE} ' + inDom + ' ' + performance.now() + ' ' + rows);
        channel.port2.postMessage(0);
      });
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();`;
}
const RUNS = sized(3, 1);

/** What to click and what shows that the answer is on screen. */
interface ClickProbe {
  /** The first element matching `selector` whose text starts with `text` is clicked. */
  click: { selector: string; text: string };
  /** The answer: an element matching `selector` whose text includes `text`. */
  answer: { selector: string; text: string };
}

/** Clicks in the page and answers [ms until the answer is in the DOM, ms until it has been painted]. */
async function timeClick(page: Page, probe: ClickProbe): Promise<[number, number]> {
  return page.evaluate(
    (p) =>
      new Promise<[number, number]>((resolve, reject) => {
        const w = globalThis as unknown as PageWindow;
        const find = (selector: string, text: string, starts: boolean) =>
          [...w.document.querySelectorAll(selector)].find((e) =>
            starts ? (e.textContent ?? '').trim().startsWith(text) : (e.textContent ?? '').includes(text),
          );
        const target = find(p.click.selector, p.click.text, true);
        if (!target) return reject(new Error(`nothing to click: ${p.click.selector} "${p.click.text}"`));
        let done = false;
        const observer = new w.MutationObserver(() => check());
        const check = () => {
          if (done || !find(p.answer.selector, p.answer.text, false)) return;
          done = true;
          const inDom = performance.now() - start;
          observer.disconnect();
          w.requestAnimationFrame(() => afterFrame(() => resolve([inDom, performance.now() - start])));
        };
        // A message posted from a frame's callback arrives once that frame has been laid out and painted.
        const afterFrame = (then: () => void) => {
          const channel = new w.MessageChannel();
          channel.port1.onmessage = then;
          channel.port2.postMessage(0);
        };
        observer.observe(w.document.body, { childList: true, subtree: true, characterData: true, attributes: true });
        w.setTimeout(() => {
          if (!done) {
            observer.disconnect();
            reject(new Error(`no answer within 60 s: ${p.answer.selector} "${p.answer.text}"`));
          }
        }, 60_000);
        const start = performance.now();
        target.click();
        check();
      }),
    probe,
  );
}

/** Puts `file` into the import panel's file input, as the browser's picker would, and times the answer. */
async function timeImport(page: Page, file: { name: string; text: string }): Promise<[number, number]> {
  return page.evaluate(
    (f) =>
      new Promise<[number, number]>((resolve, reject) => {
        const w = globalThis as unknown as PageWindow;
        const input = w.document.querySelector('input[type=file][accept^=".json"]');
        if (!input) return reject(new Error('no import file input'));
        const answered = () => [...w.document.querySelectorAll('[role=status]')].some((e) => (e.textContent ?? '').startsWith(`Imported ${f.name}`));
        let done = false;
        const observer = new w.MutationObserver(() => check());
        const check = () => {
          if (done || !answered()) return;
          done = true;
          const inDom = performance.now() - start;
          observer.disconnect();
          w.requestAnimationFrame(() => {
            const channel = new w.MessageChannel();
            channel.port1.onmessage = () => resolve([inDom, performance.now() - start]);
            channel.port2.postMessage(0);
          });
        };
        observer.observe(w.document.body, { childList: true, subtree: true, characterData: true });
        const transfer = new w.DataTransfer();
        transfer.items.add(new w.File([f.text], f.name, { type: 'application/json' }));
        const start = performance.now();
        input.files = transfer.files;
        input.dispatchEvent(new w.Event('change', { bubbles: true }));
      }),
    file,
  );
}

/**
 * Where the time to interactive went, from the page's own timings: the page's HTML answered, the
 * scripts fetched, the first API call sent (the scripts have been parsed and run and the app
 * mounted by then), the first `list` answered; the rest until interactive is drawing its rows.
 */
function loadPhases(): string {
  // The page's timing entries, as this file (typed without the DOM library) sees them.
  type Timing = { name: string; startTime: number; responseEnd: number };
  const entries = (type: string) => (performance as unknown as { getEntriesByType(t: string): Timing[] }).getEntriesByType(type);
  const nav = entries('navigation')[0];
  const resources = entries('resource');
  const scripts = resources.filter((r) => r.name.endsWith('.js'));
  const api = resources.filter((r) => r.name.includes('/api/'));
  const list = api.find((r) => r.name.endsWith('/api/list'));
  const at = (n: number | undefined) => (n === undefined ? '?' : `${n.toFixed(0)}`);
  return [
    `html ${at(nav?.responseEnd)}`,
    `scripts fetched ${at(Math.max(0, ...scripts.map((r) => r.responseEnd)))} (${scripts.length} file(s))`,
    ...resources.filter((r) => r.name.endsWith('.wasm')).map((r) => `wasm fetched ${at(r.responseEnd)}`),
    `first API call sent ${at(api[0]?.startTime)}`,
    `list answered ${at(list?.responseEnd)} (${at(list && list.responseEnd - list.startTime)} ms on the wire and in the station)`,
    `${api.length} API call(s) by then`,
  ].join(', ');
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = ([dom, painted]: [number, number]) => `${dom.toFixed(0)} ms (painted ${painted.toFixed(0)})`;

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
  // The handoff file imported in each run: the second newest transaction's (the newest has expired), as another station exports it.
  // The station's own share of the first page: `list` as the queue asks for it, straight through the handlers.
  const listTimes: number[] = [];
  for (let i = 0; i < sized(7, 1); i++) {
    t = performance.now();
    await station.handlers.list({ offset: 0, limit: QUEUE_PAGE_SIZE });
    listTimes.push(performance.now() - t);
  }
  console.log(
    `station list of the first page (${QUEUE_PAGE_SIZE} of ${COUNT}): median ${median(listTimes).toFixed(1)} ms over ${listTimes.length} call(s), no bridge`,
  );
  const handoff = await station.handlers.exportHandoff({ txId: station.txIds[1]! });
  const bridge = await startBridge({ table: STATION_API, handlers: station.handlers, staticDir: out, onInternalError: (m, c) => console.error(m, c) });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    for (let run = 1; run <= RUNS; run++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      // tsx names the functions sent to the page with esbuild's `__name` helper, which the page lacks.
      await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      const interactive = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(INTERACTIVE), timeout: 120_000 });
      await page.addInitScript({ content: recordInteractive(COUNT) });
      await page.goto(bridge.address);
      const [tti, ttiPainted, rows] = (await interactive).text().slice(INTERACTIVE.length).trim().split(' ').map(Number) as [number, number, number];
      const phases = await page.evaluate(loadPhases);
      const total = Number((await page.locator('output').first().textContent())!.split(' ')[0]);
      t = performance.now();
      await page.evaluate(() => {
        const el = (globalThis as unknown as PageWindow).document.querySelector('.scroller')!;
        el.scrollTo(0, el.scrollHeight);
      });
      await page.waitForFunction(
        (n) => (globalThis as unknown as PageWindow).document.querySelector(`tr[aria-rowindex="${n + 1}"][data-status]`) !== null,
        total,
        {
          timeout: 120_000,
        },
      );
      const jump = performance.now() - t;
      await page.evaluate(() => (globalThis as unknown as PageWindow).document.querySelector('.scroller')!.scrollTo(0, 0));
      await page.locator('tr[data-status="collecting"] button.open').first().waitFor();

      // Open: a transaction signed by B only (1 of 2); A, held here, is offered.
      const open = await timeClick(page, {
        click: { selector: 'tr[data-status="collecting"] button.open', text: '' },
        answer: { selector: 'button', text: 'Sign with' },
      });
      // Sign it with A: the weight bar reaches 2 of 2.
      const sign = await timeClick(page, { click: { selector: 'button', text: 'Sign with' }, answer: { selector: '.weight .words', text: '2 of 2' } });
      // Import a handoff file from the queue's import panel.
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Queue' }).click();
      await page.locator('tr[data-status] button.open').first().waitFor();
      const imported = await timeImport(page, { name: handoff.fileName, text: handoff.text });
      // Build a transfer from the Send screen: the answer is its transaction's screen, showing this
      // run's amount (not any txID: the screen must not be counted while it still shows another).
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Send' }).click();
      await page.getByLabel('From').fill(TEST_ADDRESSES.M);
      await page.getByLabel('To', { exact: true }).fill(TEST_ADDRESSES.R);
      await page.getByLabel('Amount (TRX)').fill(`1.${run}`);
      await page.getByLabel('Expires in').fill('2h');
      await page.getByText(`1.${run} TRX = `).waitFor();
      const build = await timeClick(page, {
        click: { selector: 'button', text: 'Build transfer' },
        answer: { selector: 'p.summary', text: `Send 1.${run} TRX` },
      });

      console.log(
        `run ${run}: queue interactive after ${tti.toFixed(0)} ms (painted ${ttiPainted.toFixed(0)}; target ≤ 500), ${rows} rows in the DOM then; jump to row ${total} filled in ${jump.toFixed(0)} ms`,
      );
      console.log(`  where the load went: ${phases}`);
      console.log(`  click to answer (target ≤ 50 ms): open ${ms(open)}, sign ${ms(sign)}, import ${ms(imported)}, build ${ms(build)}`);
      if (errors.length) console.log(`  page errors: ${errors.join(' | ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
    await bridge.close();
    station.close();
  }
  if (SMOKE) console.log('smoke run: every step ran once; the figures above are not measurements');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
