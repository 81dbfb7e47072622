/**
 * Text contrast (docs/decisions.md §18, "a visual pass ... light and dark"; WCAG 2.2 success criterion 1.4.3), in
 * Debian's headless Chromium over the real station through the real loopback bridge
 * (test/helpers/real-bridge.ts), with the system's scheme emulated light and then dark, and then
 * (docs/decisions.md §26) with the other scheme chosen in Settings, which must win over the system's.
 *
 * On every header tab, on the transaction screen and on each account's overview, every visible text (each element with text of
 * its own, and each text field, select or text area showing a value) is measured: its colour and
 * the background it is drawn on (the element's own background, else the first ancestor's, each
 * translucent layer laid over the one below it, down to the page) give the WCAG contrast ratio,
 * which must be at least 4.5:1 for normal text and 3:1 for large text (24 px, or 18.66 px bold).
 * Disabled controls are exempt (WCAG: "part of an inactive user interface component"), as is text
 * clipped away for screen readers only. The colours are the design system's (renderer/app/app.css):
 * a token changed to a pale grey fails here, naming the element and its ratio.
 *
 * The header tabs are read from the page, so screens other engineers add are checked the same way.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servedForWindows } from '../helpers/real-bridge.ts';
import { headerTabs, openOverview, openScreen, settleScreen as settle, sideAccounts } from '../helpers/ui-e2e-helpers.ts';

// Code run in the page, as text: this file is type-checked for Node, without the DOM's types.

/** Every visible text below the WCAG minimum, as `element "text": ratio < minimum (colour on background)`. */
const LOW_CONTRAST = `(() => {
  const parse = (c) => {
    const m = /^rgba?\\(([^)]+)\\)$/.exec(c.trim());
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map((x) => x.endsWith('%') ? Number(x.slice(0, -1)) / 100 : Number(x));
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1); };
  const hex = (c) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  // The background an element is drawn on: the translucent layers from the first opaque one up, laid
  // over one another; under them all, the browser's canvas (white, or near-black in the dark scheme).
  const canvas = matchMedia('(prefers-color-scheme: dark)').matches ? [18, 18, 18, 1] : [255, 255, 255, 1];
  const backgroundOf = (el) => {
    const layers = [];
    for (let a = el; a; a = a.parentElement) {
      const bg = parse(getComputedStyle(a).backgroundColor);
      if (bg === null) return null;
      if (bg[3] > 0) { layers.push(bg); if (bg[3] >= 1) break; }
    }
    let c = canvas;
    for (const layer of layers.reverse()) c = over(layer, c);
    return c;
  };
  const opacityOf = (el) => { let o = 1; for (let a = el; a; a = a.parentElement) o *= Number(getComputedStyle(a).opacity); return o; };
  const channel = (v) => { const s = v / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  const luminance = (c) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const ratio = (a, b) => { const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };
  const clippedAway = (el) => { for (let a = el; a; a = a.parentElement) if (getComputedStyle(a).clipPath !== 'none') return true; return false; };
  const name = (el, text) => el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).filter((c) => !c.startsWith('svelte-')).join('.') : '') + ' "' + text.replace(/\\s+/g, ' ').trim().slice(0, 40) + '"';
  const FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=range]):not([type=hidden]):not([type=color]), select, textarea';
  const bad = [];
  let measured = 0;
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg, option, script, style, template')) continue;
    const own = el.matches(FIELDS) ? (el.value ?? '') : [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.data).join('');
    if (own.trim() === '') continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || clippedAway(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (el.matches(':disabled') || el.closest(':disabled, [aria-disabled=true]')) continue;
    const style = getComputedStyle(el);
    const bg = backgroundOf(el);
    const fg = parse(style.color);
    if (bg === null || fg === null) { bad.push(name(el, own) + ': colour not in rgb() (' + style.color + ' on ' + style.backgroundColor + ')'); continue; }
    const text = over([fg[0], fg[1], fg[2], fg[3] * opacityOf(el)], bg);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const minimum = large ? 3 : 4.5;
    const r = ratio(text, bg);
    measured++;
    if (r < minimum) bad.push(name(el, own) + ': ' + r.toFixed(2) + ' < ' + minimum + ' (' + hex(text) + ' on ' + hex(bg) + ')');
  }
  return { bad: [...new Set(bad)], measured };
})()`;

const station = servedForWindows('contrast-chromium', { count: 6, now: () => Date.now() });

/** The page's background in each scheme (app.css --page). */
const PAGE = { light: 'rgb(243, 245, 248)', dark: 'rgb(16, 18, 22)' } as const;

/** The texts below the minimum on every header tab, the transaction screen and each account's overview, each named by its screen; and how many were measured. */
async function everyScreen(page: Page): Promise<{ bad: string[]; measured: number }> {
  const bad: string[] = [];
  let measured = 0;
  const check = async (screen: string) => {
    const found = await page.evaluate<{ bad: string[]; measured: number }>(LOW_CONTRAST);
    bad.push(...found.bad.map((b) => `${screen}: ${b}`));
    measured += found.measured;
  };
  const nav = page.locator('nav[aria-label=Screens]');
  for (const tab of await headerTabs(page)) {
    await nav.getByRole('button', { name: tab, exact: true }).click();
    await settle(page);
    await check(tab);
  }
  await nav.getByRole('button', { name: 'Queue', exact: true }).click();
  await settle(page);
  await page.locator('tr[data-status] button.open').first().click();
  await page.locator('code.txid').waitFor();
  await settle(page);
  await check('Transaction');
  // docs/decisions.md §26: each account's overview, opened from the side navigation (a hovered row shown too).
  for (const address of await sideAccounts(page)) {
    await openOverview(page, address);
    await settle(page);
    await page.locator('tr[data-status]').first().hover();
    await check(`Overview of ${address}`);
  }
  return { bad, measured };
}

describe('every visible text has enough contrast against its background', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`on every screen, ${colorScheme}`, async () => {
      const page = await station.window({ width: 1280, height: 900 });
      page.setDefaultTimeout(15_000);
      await page.emulateMedia({ colorScheme });
      await page.goto(station.bridge.address);
      await settle(page);
      // The scheme took: the page's background is the scheme's (app.css --page).
      expect(await page.evaluate<string>('getComputedStyle(document.documentElement).backgroundColor')).toBe(PAGE[colorScheme]);
      const { bad, measured } = await everyScreen(page);
      // Something was measured on every screen: a selector gone wrong cannot pass by finding nothing.
      expect(measured).toBeGreaterThan(100);
      expect(bad).toEqual([]);
    }, 180_000);
  }

  // docs/decisions.md §26: the colours chosen in Settings hold whatever the system says, and pass the same checks.
  for (const [system, chosen, word] of [
    ['light', 'dark', 'Dark'],
    ['dark', 'light', 'Light'],
  ] as const) {
    it(`on every screen, ${chosen} chosen in Settings while the system is ${system}`, async () => {
      const page = await station.window({ width: 1280, height: 900 });
      page.setDefaultTimeout(15_000);
      await page.emulateMedia({ colorScheme: system });
      await page.goto(station.bridge.address);
      await settle(page);
      await openScreen(page, 'Settings');
      await page.getByLabel('Colours').selectOption({ label: word });
      expect(await page.evaluate<string>('getComputedStyle(document.documentElement).backgroundColor')).toBe(PAGE[chosen]);
      // Kept: a reload draws the chosen colours from the start.
      await page.reload();
      await settle(page);
      expect(await page.evaluate<string>('getComputedStyle(document.documentElement).backgroundColor')).toBe(PAGE[chosen]);
      const { bad, measured } = await everyScreen(page);
      expect(measured).toBeGreaterThan(100);
      expect(bad).toEqual([]);
    }, 180_000);
  }
});
