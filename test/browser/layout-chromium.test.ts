/**
 * Nothing wider than its container (docs/decisions.md §18, "A layout test at 1280 and 400 px finds no element
 * wider than its container on any screen"), in Debian's headless Chromium over the real station
 * through the real loopback bridge (test/helpers/real-bridge.ts), on every header tab, the
 * transaction screen, each account's overview (docs/decisions.md §26) and the permission editor with a change
 * drafted (its "What changes" table).
 *
 * At each width, for every element drawn:
 * - a box that does not scroll (overflow-x visible, hidden or clip) is not wider inside than it is
 *   (scrollWidth > clientWidth): something in it sticks out or is cut off; a box that scrolls does
 *   not scroll sideways (docs/decisions.md §26);
 * - its box does not reach past its parent's box, unless the parent scrolls or clips on purpose
 *   (a text cut with an ellipsis clips on purpose, its title holds the whole);
 * - the page itself does not scroll sideways.
 * At both widths also (docs/decisions.md §26): no word is broken across lines anywhere on the page (a column
 * crushed to less than its longest word, "Per miss ion", "Dele/te", "tre/as/ur/y"): every word
 * (letters in lower case, capitalised, or a short acronym) is drawn on one line. Monospace text (hex, addresses, a txID) may break where
 * a line cannot hold it: no table of three columns fits 34 letters of monospace in each at 400 px.
 * At 400 px the side navigation is folded behind its Menu button, which the walk opens for each screen.
 *
 * At every stop each control (button, text field, select, checkbox, link) also has a name in
 * Chromium's own accessibility tree (CDP Accessibility.getFullAXTree), the permission editor included.
 *
 * The screens are read from the side navigation, so screens other engineers add are checked the same way.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servedForWindows } from '../helpers/real-bridge.ts';
import { TEST_ADDRESSES } from '../helpers/real-station.ts';
import { brokenWordsIn, headerTabs, openOverview, openScreen, settleScreen as settle, sideAccounts } from '../helpers/ui-e2e-helpers.ts';

// Code run in the page, as text: this file is type-checked for Node, without the DOM's types.

/** Elements wider than their container (the words broken across lines: brokenWordsIn, test/helpers/ui-e2e-helpers.ts). */
const TOO_WIDE = `(() => {
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).filter((c) => !c.startsWith('svelte-')).join('.') : '') + ' "' + (el.textContent ?? '').replace(/\\s+/g, ' ').trim().slice(0, 40) + '"';
  // Shown to screen readers only (.visually-hidden, or a table head hidden that way on a narrow window).
  const clippedAway = (el) => { for (let a = el; a; a = a.parentElement) if (getComputedStyle(a).clipPath !== 'none') return true; return false; };
  const scrolls = (style) => style.overflowX === 'auto' || style.overflowX === 'scroll';
  const bad = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) bad.push('the page scrolls sideways: ' + root.scrollWidth + ' > ' + root.clientWidth);
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || style.display === 'inline' || style.display === 'contents') continue;
    if (el.closest('svg') || clippedAway(el)) continue;
    // A box that cuts its text with an ellipsis clips on purpose (its title holds the whole text).
    const clips = style.textOverflow === 'ellipsis';
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    // A text field scrolls its own value (an address longer than the field): the browser's, not the layout's.
    const field = el.matches('input, textarea, select');
    if (!scrolls(style) && !clips && !field && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) bad.push(name(el) + ' is wider inside than it is (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
    // docs/decisions.md §26 ("the queue's five cut columns"): a cell may cut a long text with an ellipsis (its
    // title holds it), but never a column's name, a status, the weight collected or the time left.
    if (clips && el.scrollWidth > el.clientWidth + 1 && (el.matches('th') || el.querySelector('.status-badge, .countdown, .weight'))) bad.push(name(el) + ' is cut (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
    // docs/decisions.md §26: a box that scrolls may scroll down, never sideways (the queue's list beside the side navigation).
    if (scrolls(style) && el.scrollWidth > el.clientWidth + 1) bad.push(name(el) + ' scrolls sideways (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
    const parent = el.parentElement;
    if (!parent || parent === document.body) continue;
    const ps = getComputedStyle(parent);
    if (ps.overflowX !== 'visible' || ps.display === 'contents') continue;
    const pb = parent.getBoundingClientRect();
    if (box.right > pb.right + 1 || box.left < pb.left - 1) bad.push(name(el) + ' reaches past its parent ' + name(parent) + ' (' + Math.round(box.left) + '..' + Math.round(box.right) + ' in ' + Math.round(pb.left) + '..' + Math.round(pb.right) + ')');
  }
  return [...new Set(bad)];
})()`;

const station = servedForWindows('layout-chromium', { count: 6, now: () => Date.now() });

async function openPage(width: number): Promise<Page> {
  const page = await station.window({ width, height: 900 });
  // A step that cannot happen fails with its locator named, rather than at the test's timeout.
  page.setDefaultTimeout(15_000);
  await page.goto(station.bridge.address);
  await settle(page);
  return page;
}

const tooWide = (page: Page): Promise<string[]> => page.evaluate<string[]>(TOO_WIDE);

const CONTROL_ROLES = new Set(['button', 'textbox', 'combobox', 'listbox', 'checkbox', 'radio', 'spinbutton', 'slider', 'searchbox', 'switch', 'link']);

/** Controls (button, input, select...) without a name in Chromium's own accessibility tree, each with its role. */
async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[] };
    return nodes
      .filter((n) => !n.ignored && CONTROL_ROLES.has(n.role?.value ?? '') && (n.name?.value ?? '').trim() === '')
      .map((n) => `a ${n.role!.value} without a name`);
  } finally {
    await cdp.detach();
  }
}

/** At each stop: what is too wide, every word broken across lines, and every control without a name. */
const problemsOf = async (page: Page): Promise<string[]> => [
  ...(await tooWide(page)),
  ...(await brokenWordsIn(page, 'body')),
  ...(await unnamedControls(page)),
];

/** Every header tab, the transaction screen and the permission editor with a draft: the problems, each named by its screen. */
async function everyScreen(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const tab of await headerTabs(page)) {
    await openScreen(page, tab);
    await settle(page);
    problems.push(...(await problemsOf(page)).map((p) => `${tab}: ${p}`));
  }
  // Each account's overview (docs/decisions.md §26), opened from the side navigation.
  const accounts = await sideAccounts(page);
  expect(accounts).toContain(TEST_ADDRESSES.M);
  for (const address of accounts) {
    await openOverview(page, address);
    await settle(page);
    problems.push(...(await problemsOf(page)).map((p) => `Overview of ${address}: ${p}`));
  }

  await openScreen(page, 'Queue');
  await settle(page);
  await page.locator('tr[data-status] button.open').first().click();
  await page.locator('code.txid').waitFor();
  await settle(page);
  problems.push(...(await problemsOf(page)).map((p) => `Transaction: ${p}`));

  // Send and Stake with their last build shown (docs/decisions.md §26: a txID that did not wrap scrolled them sideways at 400 px).
  await openScreen(page, 'Send');
  await page.getByLabel('From').fill(TEST_ADDRESSES.M);
  await page.getByLabel('To', { exact: true }).fill(TEST_ADDRESSES.R);
  await page.getByLabel('Amount (TRX)').fill('12.5');
  await page.getByRole('button', { name: 'Build transfer' }).click();
  await page.locator('code.txid').waitFor();
  await openScreen(page, 'Send');
  await page.getByRole('heading', { name: 'Last transfer built' }).waitFor();
  await settle(page);
  problems.push(...(await problemsOf(page)).map((p) => `Send, after a build: ${p}`));
  await openScreen(page, 'Stake & vote');
  await page.getByLabel('From').fill(TEST_ADDRESSES.M);
  await page.getByLabel('Amount (TRX)').fill('1000');
  await page.getByRole('button', { name: 'Build', exact: true }).click();
  await page.locator('code.txid').waitFor();
  await openScreen(page, 'Stake & vote');
  await page.getByRole('heading', { name: 'Last built' }).waitFor();
  await settle(page);
  problems.push(...(await problemsOf(page)).map((p) => `Stake & vote, after a build: ${p}`));

  await openScreen(page, 'Accounts');
  await page.getByRole('button', { name: TEST_ADDRESSES.M }).click();
  await page.getByRole('button', { name: 'Edit permissions' }).first().click();
  const ownerName = page.getByLabel('Name', { exact: true }).first();
  await ownerName.waitFor();
  await ownerName.fill('treasury owner');
  // A permission update needs an active: one that pays, held by key A.
  await page.getByRole('button', { name: 'Add an active permission' }).click();
  const active = page.getByRole('group', { name: 'Active permission 2' });
  await active.getByLabel('Key 1 address').fill(TEST_ADDRESSES.A);
  await active.getByRole('checkbox', { name: 'Transfer TransferContract', exact: true }).check();
  await page
    .getByRole('heading', { name: 'What changes' })
    .waitFor()
    .catch(async (e: unknown) => {
      throw new Error(`${String(e)}\n${await page.locator('main').innerText()}`);
    });
  await settle(page);
  problems.push(...(await problemsOf(page)).map((p) => `Permissions: ${p}`));
  return problems;
}

describe('no element wider than its container, and every control named', () => {
  for (const width of [1280, 400]) {
    it(`on every screen at ${width} px`, async () => {
      const page = await openPage(width);
      expect(await everyScreen(page)).toEqual([]);
    }, 180_000);
  }
});
