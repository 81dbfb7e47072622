/**
 * Keyboard, 200 % zoom, layout shift and accessible names (docs/decisions.md §9, "Keyboard, 200 % zoom, no layout
 * shift"), in Debian's headless Chromium over the real station through the real bridge, as
 * test/browser/renderer-chromium.test.ts serves it, in a persistent context on a fresh profile directory
 * (shell-helpers.ts launchChromium, with its flags).
 *
 * - Keyboard only (Tab, Shift+Tab, Enter, Space, typing): every header tab is reached and opens its
 *   screen; a transaction is found, opened and signed, unlocking the station's keystore on the way.
 * - 200 % zoom: a 640×450 viewport at device scale 1 is 1280×900 zoomed to 200 %; on every header
 *   screen and the transaction screen no element reaches past the viewport's right edge and no
 *   scrolling box scrolls sideways (boxes that clip on purpose, such as an ellipsis, are allowed).
 * - Loading the queue shifts nothing: the buffered 'layout-shift' entries sum to 0.
 * - Every control has an accessible name, read from Chromium's own accessibility tree (CDP
 *   Accessibility.getFullAXTree), not recomputed here.
 *
 * The header tabs are read from the page, so screens other engineers add are checked the same way.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servedForWindows } from '../helpers/real-bridge.ts';
import { TEST_ADDRESSES } from '../helpers/real-station.ts';
import { openScreen } from '../helpers/ui-e2e-helpers.ts';

const PASSPHRASE = 'correct horse battery staple';

// Code run in the page, as text: this file is type-checked for Node, without the DOM's types.

/** Sums the layout shifts not caused by input, from the first paint on (`buffered`), in window.__shift. */
const SHIFT_OBSERVER = `
  window.__shift = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
  }).observe({ type: 'layout-shift', buffered: true });`;

/** The focused element: its tag, accessible text (aria-label, else its label's or its own text) and whether it is a header tab. */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { tag: 'body', name: '', inNav: false };
  const label = el.getAttribute('aria-label') ?? (el.closest('label')?.textContent ?? el.textContent ?? '');
  return { tag: el.tagName.toLowerCase(), name: label.replace(/\\s+/g, ' ').trim(), inNav: el.closest('nav[aria-label="Screens"]') !== null };
})()`;

/** Resolves after two animation frames: whatever the last change set off has been laid out and painted. */
const TWO_FRAMES = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))';

/**
 * Elements that reach past the viewport's edges with no clipping box around them, and boxes that
 * scroll sideways; each named by tag, id, classes and the start of its text.
 */
const OVERFLOWING = `(() => {
  const width = document.documentElement.clientWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ' "' + (el.textContent ?? '').trim().slice(0, 40) + '"';
  const bad = [];
  if (document.documentElement.scrollWidth > width) bad.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + width);
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) bad.push(name(el) + ' scrolls sideways (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
    let clipped = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') { clipped = true; break; }
    }
    if (!clipped && (box.right > width + 0.5 || box.left < -0.5)) bad.push(name(el) + ' spans ' + Math.round(box.left) + '..' + Math.round(box.right) + ' of ' + width);
  }
  return bad;
})()`;

const station = servedForWindows('a11y-chromium', { count: 30, now: () => Date.now(), keystorePassphrase: PASSPHRASE });

/** A fresh profile directory per context, as the desktop app's first start would have. */
async function openPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await station.window(viewport);
  // Counted from the first paint on; `buffered` also hands over shifts from before the observer.
  await page.addInitScript({ content: SHIFT_OBSERVER });
  await page.goto(station.bridge.address);
  await page.getByText(/^\d+ transaction\(s\)$/).waitFor();
  return page;
}

const focused = (page: Page) => page.evaluate<{ tag: string; name: string; inNav: boolean }>(FOCUSED);

/** Presses Tab until the focused element matches; fails after `max` presses. */
async function tabTo(page: Page, match: (f: { tag: string; name: string; inNav: boolean }) => boolean, what: string, max = 150): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (match(await focused(page))) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

const tabNames = async (page: Page) => (await page.locator('nav[aria-label="Screens"] button').allTextContents()).map((t) => t.trim());

/** Waits until the screen shown has drawn what it loads (the queue's count, the keys' vault line). */
async function settled(page: Page, tab: string): Promise<void> {
  await page.locator('main h2').first().waitFor();
  if (tab === 'Queue') await page.getByText(/^\d+ transaction\(s\)$/).waitFor();
  if (tab === 'Keys') await page.getByText(/^Vault:/).waitFor();
  await page.evaluate(TWO_FRAMES);
}

const overflowing = (page: Page) => page.evaluate<string[]>(OVERFLOWING);

const CONTROL_ROLES = new Set([
  'button',
  'textbox',
  'combobox',
  'listbox',
  'checkbox',
  'radio',
  'spinbutton',
  'slider',
  'searchbox',
  'switch',
  'menuitem',
  'link',
  'tab',
]);

/** Controls in Chromium's accessibility tree that have no name. */
async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[] };
    const controls = nodes.filter((n) => !n.ignored && CONTROL_ROLES.has(n.role?.value ?? ''));
    expect(controls.length).toBeGreaterThan(0);
    return controls.filter((n) => (n.name?.value ?? '').trim() === '').map((n) => n.role!.value);
  } finally {
    await cdp.detach();
  }
}

describe('keyboard only', () => {
  it('reaches and opens every header tab with Tab, Enter and Space', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    const tabs = await tabNames(page);
    expect(tabs).toEqual(expect.arrayContaining(['Queue', 'Keys', 'Settings']));
    // Each tab in order, then back to the first; Enter and Space alternate.
    for (const [i, tab] of [...tabs.slice(1), tabs[0]!].entries()) {
      await tabTo(page, (f) => f.inNav && f.name === tab, `the tab ${tab}`);
      await page.keyboard.press(i % 2 === 0 ? 'Enter' : 'Space');
      await page.locator('nav[aria-label="Screens"] button[aria-current="page"]', { hasText: tab }).waitFor();
      await settled(page, tab);
    }
  });

  it('finds, opens and signs a transaction, unlocking the keystore on the way', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await tabTo(page, (f) => f.tag === 'select' && f.name.startsWith('Status'), 'the status filter');
    await page.keyboard.type('collecting');
    await page.locator('tr[data-status="collecting"] button').first().waitFor();
    await page.locator('tr[data-status]:not([data-status="collecting"])').first().waitFor({ state: 'detached' });
    await tabTo(page, (f) => f.tag === 'button' && f.name.startsWith('Open ') && f.name.endsWith(', collecting'), 'a collecting transaction');
    await page.keyboard.press('Enter');
    await page.getByText('1 of 2', { exact: true }).first().waitFor();

    const sign = (f: { tag: string; name: string }) => f.tag === 'button' && f.name.startsWith(`Sign with Ana laptop (${TEST_ADDRESSES.A})`);
    await tabTo(page, sign, 'the sign button');
    await page.keyboard.press('Space');
    // The station's keystore is locked: the prompt opens above the screen.
    await page.getByLabel('Keystore passphrase').waitFor();
    await tabTo(page, (f) => f.tag === 'input' && f.name.startsWith('Keystore passphrase'), 'the passphrase field');
    await page.keyboard.type(PASSPHRASE);
    await page.keyboard.press('Enter');
    await page.getByLabel('Keystore passphrase').waitFor({ state: 'detached' });

    // docs/decisions.md §26: the Sign that asked for the passphrase goes on once the keystore is unlocked; no second press.
    await page.getByText('2 of 2', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: /^Sign with/ }).count()).toBe(0);
  });
});

/** Runs `check` on every header screen, then on a transaction opened from the queue; the problems, each named by its screen. */
async function everyScreen(page: Page, check: (page: Page) => Promise<string[]>): Promise<string[]> {
  const problems: string[] = [];
  for (const tab of await tabNames(page)) {
    await openScreen(page, tab);
    await settled(page, tab);
    problems.push(...(await check(page)).map((p) => `${tab}: ${p}`));
  }
  await openScreen(page, 'Queue');
  await settled(page, 'Queue');
  await page.locator('tr[data-status] button').first().click();
  await page.getByRole('img', { name: 'QR code of the transaction ID' }).waitFor();
  problems.push(...(await check(page)).map((p) => `Transaction: ${p}`));
  return problems;
}

describe('200 % zoom (640×450 CSS pixels)', () => {
  it('no element overflows horizontally on any header screen or the transaction screen', async () => {
    const page = await openPage({ width: 640, height: 450 });
    expect(await everyScreen(page, overflowing)).toEqual([]);
  });
});

describe('layout shift', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 640, height: 450 },
  ]) {
    it(`loading the queue shifts nothing (${viewport.width}×${viewport.height})`, async () => {
      const page = await openPage(viewport);
      await page.locator('tr[data-status] button').first().waitFor();
      await page.evaluate(TWO_FRAMES);
      expect(await page.evaluate<number>('window.__shift')).toBe(0);
    });
  }
});

describe('accessible names', () => {
  it('every control on every header screen and the transaction screen has a name in the accessibility tree', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    expect(await everyScreen(page, async (p) => (await unnamedControls(p)).map((role) => `a ${role} without a name`))).toEqual([]);
  });
});
