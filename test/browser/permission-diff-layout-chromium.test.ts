/**
 * The signer's permission diff when an update NARROWS an existing active permission (docs/decisions.md §26, "1280
 * px: the permission diff's After column is crushed to a few letters a line ("tre/as/ur/y", "we/ig/ht
 * 1") when the operations removed are listed beside it"), in Debian's headless Chromium over the real
 * station through the real loopback bridge (test/helpers/real-bridge.ts).
 *
 * The account M gets an active permission 2 "active" allowing the default active operations (a newer
 * snapshot of M imported through the API), then a permission update is built that renames it
 * "treasury" and keeps only Transfer and Token transfer: the diff's Now column lists some thirty
 * operations lost, beside an After column holding short words. Opened from the queue at 1280x800 and
 * at 400 px, the guard is: no word in the diff is drawn across two lines, and the After column is not
 * narrower than its longest word (the cells' `overflow-wrap: break-word` in
 * renderer/transaction/PermissionUpdatePanel.svelte; with `anywhere` the table gives the lost
 * operations all the width and the After column breaks its words letter by letter).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { servedForWindows } from '../helpers/real-bridge.ts';
import { TEST_ADDRESSES, testSnapshot } from '../helpers/real-station.ts';
import { DEFAULT_ACTIVE_OPERATIONS_HEX, encodeOperationsHex } from '../../shared/chain/operations.ts';
import { brokenWordsIn, openScreen, settleScreen } from '../helpers/ui-e2e-helpers.ts';

const HOUR = 3_600_000;
const NOTE = 'narrow the active to payments';

const station = servedForWindows('permission-diff-layout-chromium', { count: 0, now: () => Date.now() });

/**
 * A snapshot of M at block 101, half an hour after the seeded one, whose permissions also hold active
 * 2 "active" (A, B, C, 2 of 3) for the default active operations; imported through the API.
 */
async function giveMAnActive(): Promise<void> {
  const t0 = station.real.now();
  const snapshot = JSON.parse(testSnapshot(t0 - HOUR, t0)) as {
    block: { number: number; id: string; timestamp: number };
    accounts: {
      address: string;
      permissions: { owner_permission: Record<string, unknown>; active_permission: unknown[] };
      at: number;
      source: { block: number };
    }[];
    exported_at: number;
  };
  const blockTime = t0 - HOUR / 2;
  snapshot.block = { number: 101, id: (101).toString(16).padStart(16, '0') + 'cd'.repeat(24), timestamp: blockTime };
  const m = snapshot.accounts.find((a) => a.address === TEST_ADDRESSES.M)!;
  m.permissions.active_permission = [
    { ...m.permissions.owner_permission, type: 'Active', id: 2, permission_name: 'active', operations: DEFAULT_ACTIVE_OPERATIONS_HEX },
  ];
  m.at = blockTime;
  m.source.block = 101;
  snapshot.exported_at = blockTime + 1_000;
  await station.real.handlers.snapshotImport({ fileName: 'm-with-active.json', text: JSON.stringify(snapshot) });
}

/** The update: owner unchanged, the active renamed "treasury" and narrowed to payments. */
async function buildNarrowing(): Promise<void> {
  const keys = [TEST_ADDRESSES.A, TEST_ADDRESSES.B, TEST_ADDRESSES.C].map((address) => ({ address, weight: 1 }));
  const update = {
    owner_address: TEST_ADDRESSES.M,
    owner: { type: 'Owner', permission_name: 'owner', threshold: 2, keys },
    actives: [
      { type: 'Active', permission_name: 'treasury', threshold: 2, operations: encodeOperationsHex(['TransferContract', 'TransferAssetContract']), keys },
    ],
    visible: true,
  };
  // B and C never signed on this station: the lockout guard asks for the risk to be accepted.
  await station.real.handlers.buildPermissionUpdate({ json: JSON.stringify(update), note: NOTE, acceptRisk: 'owner-unseen-keys' });
}

// Code run in the page, as text: this file is type-checked for Node, without the DOM's types.

/**
 * For each table of the diff: the After column's width (its cells' content box) and the width of the
 * longest word drawn in it, each word measured on its own.
 */
const AFTER_COLUMN = `(() => [...document.querySelectorAll('section.signer-permission table')].map((table) => {
  const cells = [...table.querySelectorAll('tbody tr')].map((tr) => tr.children[2]).filter(Boolean);
  const inner = (el) => { const s = getComputedStyle(el); return el.getBoundingClientRect().width - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - parseFloat(s.borderLeftWidth) - parseFloat(s.borderRightWidth); };
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
  let longest = 0, word = '';
  for (const cell of cells) {
    const words = cell.textContent.split(/\\s+/).filter(Boolean);
    cell.appendChild(probe);
    for (const w of words) {
      probe.textContent = w;
      const width = probe.getBoundingClientRect().width;
      if (width > longest) { longest = width; word = w; }
    }
    probe.remove();
  }
  return { caption: table.querySelector('caption')?.textContent ?? '', column: Math.min(...cells.map(inner)), longest, word };
}))()`;

async function openDiff(width: number, height: number): Promise<Page> {
  const page = await station.window({ width, height });
  page.setDefaultTimeout(15_000);
  await page.goto(station.bridge.address);
  await settleScreen(page);
  await openScreen(page, 'Queue');
  await settleScreen(page);
  await page.locator('tr[data-status]', { hasText: NOTE }).locator('button.open').click();
  await page.getByRole('heading', { name: 'What changes' }).waitFor();
  await settleScreen(page);
  return page;
}

describe('the permission diff of an update that narrows an active permission', () => {
  // After servedForWindows' own beforeAll (registered first), which serves the station.
  beforeAll(async () => {
    await giveMAnActive();
    await buildNarrowing();
  }, 60_000);

  for (const [width, height] of [
    [1280, 800],
    [400, 800],
  ] as const) {
    it(`at ${width} px breaks no word and keeps the After column as wide as its longest word`, async () => {
      const page = await openDiff(width, height);
      const diff = page.locator('section.signer-permission');
      // The case of docs/decisions.md §26: the operations lost listed beside the After column, which renames the active.
      await diff.getByText(/^loses .+, .+, /).waitFor();
      await diff.locator('td', { hasText: /^treasury$/ }).waitFor();
      expect(await brokenWordsIn(page, 'section.signer-permission')).toEqual([]);
      const columns = await page.evaluate<{ caption: string; column: number; longest: number; word: string }[]>(AFTER_COLUMN);
      expect(columns.length).toBeGreaterThan(0);
      for (const c of columns) expect(c.column, `${c.caption}: the After column is narrower than "${c.word}"`).toBeGreaterThanOrEqual(c.longest - 0.5);
    }, 90_000);
  }
});
