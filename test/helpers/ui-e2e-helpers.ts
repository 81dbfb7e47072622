/**
 * Two real stations and the local node for the UI's end-to-end test (test/browser/ui-e2e-chromium.test.ts)
 * and for `npm run screenshots` (scripts/screenshots.ts), docs/decisions.md §9 "End to end ... two stations in
 * two data directories". Each station is `openStation` on its own fresh data directory (real
 * SQLite, a real passphrase keystore), its real handlers (`createStationHandlers`) served with the
 * built renderer by the real loopback bridge; the devnet runs in-process on port 0 with a clock
 * that starts at the real time, so the browser's countdowns agree with the stations'.
 *
 * The chain set-up goes through station A's API over its bridge (the builders' screens are being
 * written): the owner sets active permission 2 "treasury", 2 of 3 (a1 on A, b1 on B, c1 held
 * nowhere), for TransferContract and TransferAssetContract, and issues the token GLD.
 *
 * Also here: Chromium with one persistent context per station, a watch for console errors, page
 * errors and CSP violations, a settle that waits for the page's API calls to finish, and the
 * capture of every header tab (read from the page, so screens added later are captured too).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startBridge, type Bridge } from '../../electron/shell/bridge.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { openStation, type Station } from '../../station/station.ts';
import type { ArgsInputOf, ResultOf } from '../../shared/api/api-contract.ts';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';
import { STATION_API, type StationApi } from '../../shared/api/station-api.ts';
import { funded, newKey, startNode, SUN, type TestKey, type TestNode } from './devnet-helpers.ts';
import { launchChromium } from './shell-helpers.ts';
import { buildRenderer } from '../../scripts/build-renderer.ts';
import { TEST_SCRYPT } from './station-helpers.ts';

type Method = keyof StationApi & string;

/** A station served through its bridge; `skewMs` moves its clock ahead of the node's. */
export interface UiStation {
  name: string;
  station: Station;
  bridge: Bridge;
  skewMs: number;
  /** A call through the bridge, as the page makes it; a refusal throws with its code and message. */
  call<M extends Method>(method: M, args?: ArgsInputOf<StationApi, M>): Promise<ResultOf<StationApi, M>>;
  /** The same call, answering the refusal instead of throwing. */
  answer<M extends Method>(
    method: M,
    args?: ArgsInputOf<StationApi, M>,
  ): Promise<{ ok: true; value: ResultOf<StationApi, M> } | { ok: false; error: { code: string; message: string } }>;
}

export interface TwoStations {
  node: TestNode;
  A: UiStation;
  B: UiStation;
  owner: TestKey;
  /** a1 (held by A), b1 (held by B), c1 (held by no station): the treasury's three keys. */
  keys: { a1: string; b1: string; c1: string };
  tokenId: string;
  close(): Promise<void>;
}

export const TREASURY_ID = 2;
const PASSPHRASE = 'a long passphrase for the e2e stations';

async function serveStation(
  name: string,
  dataDir: string,
  node: TestNode,
  rendererDir: string,
  onInternalError?: (method: string, cause: unknown) => void,
  statusRefreshMs?: number,
): Promise<UiStation> {
  const ui = { skewMs: 0 } as UiStation;
  const station = openStation({
    dataDir,
    nodeUrl: node.url,
    clock: () => node.clock.now + ui.skewMs,
    vault: 'keystore',
    scrypt: TEST_SCRYPT,
    passphrase: async () => new TextEncoder().encode(PASSPHRASE),
    nodeTimeoutMs: 10_000,
    ...(statusRefreshMs !== undefined && { statusRefreshMs }),
  });
  const handlers = createStationHandlers(station, { appInfo: () => ({ name: `Airlock ${name}`, version: 'e2e', dataDir }) });
  const bridge = await startBridge({ table: STATION_API, handlers, staticDir: rendererDir, ...(onInternalError && { onInternalError }) });
  const answer = async (method: string, args?: unknown) => {
    const res = await fetch(`${bridge.origin}/api/${method}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bridge.token}`, 'Content-Type': 'application/json' },
      body: args === undefined ? '' : JSON.stringify(args),
    });
    return (await res.json()) as { ok: true; value: never } | { ok: false; error: { code: string; message: string } };
  };
  Object.assign(ui, {
    name,
    station,
    bridge,
    answer,
    call: async (method: string, args?: unknown) => {
      const a = await answer(method, args);
      if (!a.ok) throw new Error(`station ${name} ${method}: ${a.error.code} ${a.error.message}`);
      return a.value;
    },
  });
  return ui;
}

/**
 * A fresh temporary directory `airlock-<prefix>-` with the renderer built into it (scripts/
 * build-renderer.ts), and the two stations of startTwoStations serving it, their internal errors
 * logged. The caller closes `net` and removes `dir`.
 */
export async function twoStationsInDir(prefix: string, options: { statusRefreshMs?: number } = {}): Promise<{ dir: string; net: TwoStations }> {
  const dir = mkdtempSync(join(tmpdir(), `airlock-${prefix}-`));
  await buildRenderer(join(dir, 'renderer'));
  const net = await startTwoStations(dir, join(dir, 'renderer'), { ...options, onInternalError: (method, cause) => console.error(method, cause) });
  return { dir, net };
}

/**
 * `station`'s page in a Chromium of its own (profile `dir/profile-<name>`), its console errors,
 * page errors and CSP violations watched (watchProblems), loaded and settled. The caller closes `context`.
 */
export async function stationPage(
  dir: string,
  name: string,
  station: UiStation,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await stationBrowser(join(dir, `profile-${name}`), viewport);
  const problems = await watchProblems(context);
  const page = await context.newPage();
  await page.goto(station.bridge.address);
  await settle(page);
  return { context, page, problems };
}

/**
 * The node, stations A and B in `dir/a` and `dir/b` serving `rendererDir` (already built), and the
 * chain set up as the header says. `close` stops the bridges, closes the stores and stops the node.
 */
export async function startTwoStations(
  dir: string,
  rendererDir: string,
  /** `statusRefreshMs`: both stations ask the node about their open transactions by themselves (docs/decisions.md §18). */
  options: { onInternalError?: (method: string, cause: unknown) => void; statusRefreshMs?: number } = {},
): Promise<TwoStations> {
  const node = await startNode({ startAt: Date.now() });
  const A = await serveStation('A', join(dir, 'a'), node, rendererDir, options.onInternalError, options.statusRefreshMs);
  const B = await serveStation('B', join(dir, 'b'), node, rendererDir, options.onInternalError, options.statusRefreshMs);
  const owner = await funded(node, 50_000n * SUN);
  await A.call('keysImport', { privateKeyHex: owner.priv, label: 'Owner' });
  const a1 = (await A.call('keysNew', { label: 'Treasury A' })).address;
  const b1 = (await B.call('keysNew', { label: 'Treasury B' })).address;
  const c1 = newKey().b58;

  const update = {
    owner_address: owner.b58,
    owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: owner.b58, weight: 1 }] },
    actives: [
      {
        type: 'Active',
        permission_name: 'treasury',
        threshold: 2,
        operations: encodeOperationsHex(['TransferContract', 'TransferAssetContract']),
        keys: [a1, b1, c1].map((address) => ({ address, weight: 1 })),
      },
    ],
    visible: true,
  };
  await sendFromA(A, node, await A.call('buildPermissionUpdate', { json: JSON.stringify(update), note: 'treasury: 2 of 3' }));

  const head = await node.headTime();
  const issue = {
    // visible: true, so the names are UTF-8 text (hex here would become the token's name).
    owner_address: owner.b58,
    name: 'Gold',
    abbr: 'GLD',
    total_supply: 1_000_000,
    precision: 2,
    coin_num: 1,
    num: 1,
    start_time: head + 60_000,
    end_time: head + 86_400_000,
    url: 'https://gold.invalid',
    description: 'A test token',
    visible: true,
  };
  await sendFromA(A, node, await A.call('buildAssetIssue', { json: JSON.stringify(issue), note: 'issue GLD' }));
  const tokenId = String((await node.account(owner.b58)).asset_issued_ID);
  if (!/^\d+$/.test(tokenId)) throw new Error(`the token was not issued: ${tokenId}`);
  await A.call('accountFetch', { address: owner.b58 });

  return {
    node,
    A,
    B,
    owner,
    keys: { a1, b1, c1 },
    tokenId,
    close: async () => {
      for (const s of [A, B]) {
        await s.bridge.close();
        s.station.close();
      }
      await node.stop();
    },
  };
}

async function sendFromA(A: UiStation, node: TestNode, built: { txId: string }): Promise<void> {
  await A.call('sign', { txId: built.txId });
  const sent = await A.call('broadcast', { txId: built.txId });
  if (!sent.accepted) throw new Error(`the node refused the set-up transaction: ${sent.text}`);
  await node.block();
}

/** A token balance as the node's getaccount shows it. */
export async function tokenBalance(node: TestNode, address: string, tokenId: string): Promise<bigint> {
  const account = await node.account(address);
  const entry = ((account.assetV2 ?? []) as { key: string; value: number | string }[]).find((e) => e.key === tokenId);
  return BigInt(entry?.value ?? 0);
}

// ---- Chromium ----------------------------------------------------------------------------

/** One persistent context of Debian's headless Chromium (its own fresh profile in `profileDir`) for one station. */
export function stationBrowser(profileDir: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  mkdirSync(profileDir, { recursive: true });
  return launchChromium(profileDir, { viewport });
}

/**
 * The page's problems as they happen: console errors and warnings (a CSP violation is one),
 * uncaught page errors, and `securitypolicyviolation` events reported by a listener added before
 * any script of the page runs.
 */
export async function watchProblems(context: BrowserContext): Promise<string[]> {
  const problems: string[] = [];
  await context.exposeBinding('__airlockCspViolation', (_source, text: string) => void problems.push(`CSP: ${text}`));
  // Page-side code as text: this file is type-checked without the DOM library.
  await context.addInitScript({
    content: "document.addEventListener('securitypolicyviolation', (e) => window.__airlockCspViolation(e.violatedDirective + ' ' + e.blockedURI));",
  });
  const watch = (page: Page): void => {
    trackRequests(page);
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return problems;
}

/** Requests each page has in flight (the page's own API calls and files). */
const inFlight = new WeakMap<Page, { count: number }>();

function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const n = { count: 0 };
  inFlight.set(page, n);
  page.on('request', () => void n.count++);
  page.on('requestfinished', () => void n.count--);
  page.on('requestfailed', () => void n.count--);
}

/** Two animation frames: what the last answer changed has been drawn. */
const frames = (page: Page): Promise<unknown> => page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');

/**
 * Waits until the page shows a screen, has no request in flight and has drawn the answers, twice in
 * a row (an answer can start another call): screens load their data after they mount.
 */
export async function settle(page: Page): Promise<void> {
  trackRequests(page);
  await page.waitForLoadState('load');
  await page.locator('main h2').first().waitFor();
  for (let quiet = 0; quiet < 2;) {
    await frames(page);
    quiet = inFlight.get(page)!.count === 0 ? quiet + 1 : 0;
  }
}

/**
 * Waits until the screen shown has drawn what it loads (the queue's count, the keys' vault line),
 * then two animation frames twice: what the last change set off is laid out and painted (the
 * layout and contrast checks measure the page as drawn).
 */
export async function settleScreen(page: Page): Promise<void> {
  const twoFrames = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))';
  await page.locator('main h2').first().waitFor();
  const tab = await page.evaluate<string>(`document.querySelector('nav[aria-label=Screens] button[aria-current=page]')?.textContent ?? ''`);
  if (tab === 'Queue') await page.getByText(/^\d+ transaction\(s\)$/).waitFor();
  if (tab === 'Keys') await page.getByText(/^Vault:/).waitFor();
  await page.evaluate(twoFrames);
  await page.evaluate(twoFrames);
}

/** The header's screen buttons, read from the page. */
export async function headerTabs(page: Page): Promise<string[]> {
  return (await page.locator('nav[aria-label=Screens] button').allTextContents()).map((t) => t.trim());
}

/**
 * Opens the screen `label` from the side navigation (docs/decisions.md §26); on a narrow window, where the
 * navigation is folded behind the top bar's Menu button, opens the menu first.
 */
export async function openScreen(page: Page, label: string): Promise<void> {
  const nav = page.locator('nav[aria-label=Screens]');
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await nav.getByRole('button', { name: label, exact: true }).click();
}

/** The whole addresses of the accounts in the side navigation (each button's title), in order. */
export async function sideAccounts(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll('nav[aria-label=Accounts] button[title]')].map((b) => b.title)`);
}

/** Opens the overview of the account `address` from the side navigation (opening the Menu first on a narrow window). */
export async function openOverview(page: Page, address: string): Promise<void> {
  const nav = page.locator('nav[aria-label=Accounts]');
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await nav.locator(`button[title="${address}"]`).click();
  await page.locator('#overview-title').waitFor();
  await page.locator('section[aria-labelledby=overview-who] table').waitFor();
}

/** `Address book` → `address-book`. */
export const screenFileName = (label: string): string =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Opens every header tab in turn and writes `<screen>-<scheme>.png` into `outDir`; returns the
 * files written. The page must be showing the station already.
 */
export async function captureTabs(page: Page, outDir: string, scheme: 'light' | 'dark'): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  await page.emulateMedia({ colorScheme: scheme });
  const written: string[] = [];
  for (const label of await headerTabs(page)) {
    await openScreen(page, label);
    await settle(page);
    // Each screen from its top: the last one's scroll position is the window's, not the screen's.
    await page.evaluate('window.scrollTo(0, 0)');
    const file = join(outDir, `${screenFileName(label)}-${scheme}.png`);
    await page.screenshot({ path: file });
    written.push(file);
  }
  return written;
}

/** Opens the queue's row whose note is `note` (the note sits in the row, beside its Open button). */
export async function openFromQueue(page: Page, note: string): Promise<void> {
  await page.locator('nav[aria-label=Screens]').getByRole('button', { name: 'Queue', exact: true }).click();
  await page.locator('tr[data-status]', { hasText: note }).locator('button.open').click();
  await page.locator('code.txid').waitFor();
  await settle(page);
}

/**
 * The words broken across lines inside `selector` (docs/decisions.md §26: "Dele/te", "tre/as/ur/y", "we/ig/ht 1"),
 * the rule of the layout walk (test/browser/layout-chromium.test.ts) for one part of the page: every
 * word of letters (lower case, capitalised, or a short acronym) is drawn on one line. Monospace text
 * (hex, addresses) may break; a break after a hyphen or a slash is a break between words. Each word
 * broken is named with the cell, item or paragraph that holds it.
 */
export function brokenWordsIn(page: Page, selector: string): Promise<string[]> {
  // Page-side code as text: this file is type-checked without the DOM library.
  return page.evaluate<string[]>(`((selector) => {
    const bad = [];
    const clippedAway = (el) => { for (let a = el; a; a = a.parentElement) if (getComputedStyle(a).clipPath !== 'none') return true; return false; };
    const mono = (el) => { for (let a = el; a && a !== document.body; a = a.parentElement) { if (a.matches('code, pre, kbd, samp, .address') || /mono/i.test(getComputedStyle(a).fontFamily.split(',')[0])) return true; } return false; };
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const host = t.parentElement;
        if (!host || host.closest('script, style, svg, option') || clippedAway(host) || mono(host)) continue;
        for (const m of t.data.matchAll(/[^\\s\\-\\/,;:()+×…—–]+/g)) {
          const word = m[0].replace(/^[.!?"“”'‘’]+|[.!?"“”'‘’]+$/g, '');
          // A word as people write one (an address may be all letters, in mixed case: it may break).
          if (!/^(\\p{Lu}?\\p{Ll}+|\\p{Lu}{2,8})$/u.test(word) || word.length < 2) continue;
          const range = document.createRange();
          range.setStart(t, m.index);
          range.setEnd(t, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          const where = host.closest('td, th, li, p, button, label, dd, dt, h2, h3, h4, legend, summary, caption') ?? host;
          if (tops.size > 1) bad.push('the word "' + word.slice(0, 40) + '" breaks across ' + tops.size + ' lines in ' + where.tagName.toLowerCase() + ' "' + (where.textContent ?? '').replace(/\\s+/g, ' ').trim().slice(0, 40) + '"');
        }
      }
    }
    return [...new Set(bad)];
  })(${JSON.stringify(selector)})`);
}
