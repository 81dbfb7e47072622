/**
 * Every screen follows the chain, in Debian's headless Chromium (docs/decisions.md §26, issue "Screens that do
 * not follow the chain" and "Batch broadcast in table order"): the local node in-process, stations A
 * and B on their own data directories, each asking the node about its transactions by itself
 * (`statusRefreshMs`), each page following the app's one poll (renderer/app/live.svelte.ts). Nothing
 * here reloads a page:
 * - A's open transaction screen turns confirmed after B (the other station) signs and broadcasts it;
 * - A's Tokens permission picker shows a permission update confirmed meanwhile;
 * - four rows built stake, delegate, vote, claim and chosen in A's queue in reverse order are
 *   broadcast from the batch bar in dependency order (stake first, each after what it uses is in a
 *   block, each saying which row it waited for), and all four turn confirmed in the queue;
 * - B's open transaction whose time runs out while open (B's clock, and its page's, moved on)
 *   turns expired and offers Re-issue, not Sign.
 * Every page is watched for console errors, page errors and CSP violations.
 */
import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';
import { funded, K, newKey, SUN } from '../helpers/devnet-helpers.ts';
import { openFromQueue, stationPage, TREASURY_ID, twoStationsInDir, type TwoStations } from '../helpers/ui-e2e-helpers.ts';

let dir: string;
let net: TwoStations;
const pages: { context: BrowserContext; page: Page; problems: string[] }[] = [];
let A: Page;
let B: Page;

/** Long enough for a pass of the station, a block and a beat of the page's poll, on a busy machine; no time is asserted. */
const FOLLOW_MS = 30_000;

beforeAll(async () => {
  ({ dir, net } = await twoStationsInDir('live-screens-ui', { statusRefreshMs: 200 }));
  const a = await stationPage(dir, 'a', net.A, { width: 1280, height: 900 });
  const b = await stationPage(dir, 'b', net.B, { width: 1280, height: 900 });
  pages.push(a, b);
  A = a.page;
  B = b.page;
  for (const page of [A, B]) page.setDefaultTimeout(20_000);
}, 240_000);

afterAll(async () => {
  for (const p of pages) await p.context.close();
  await net?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const statusShown = (page: Page) => page.locator('.facts [data-status]').getAttribute('data-status');
const problems = () => pages.flatMap((p) => p.problems);

/** Makes a block every 100 ms until the returned stop is called (the node is manual otherwise). */
function produceBlocks(): () => Promise<void> {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await net.node.block();
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

async function screen(page: Page, name: string): Promise<void> {
  await page.locator('nav[aria-label=Screens]').getByRole('button', { name, exact: true }).click();
  await page.locator('main h2').first().waitFor();
}

describe('the screens follow the chain without a reload', () => {
  it("A's open transaction turns confirmed after B broadcasts it", async () => {
    const built = await net.A.call('buildTransfer', {
      from: net.owner.b58,
      to: newKey().b58,
      amount: String(2n * SUN),
      permissionId: TREASURY_ID,
      note: 'live: rent',
    });
    await net.A.call('sign', { txId: built.txId, key: net.keys.a1 });
    await openFromQueue(A, 'live: rent');
    expect(await A.locator('code.txid').textContent()).toBe(built.txId);
    expect(await statusShown(A)).toBe('collecting');

    // The other station: imports A's file, signs and broadcasts; the node puts it in a block.
    const file = await net.A.call('exportHandoff', { txId: built.txId });
    await net.B.call('importFiles', { files: [{ name: file.fileName, text: file.text }] });
    await net.B.call('sign', { txId: built.txId, key: net.keys.b1 });
    expect((await net.B.call('broadcast', { txId: built.txId })).accepted).toBe(true);
    await net.node.block();
    await net.node.block();

    await expect.poll(() => statusShown(A), { timeout: FOLLOW_MS }).toBe('confirmed');
    expect(await A.locator('.next-step').textContent()).toMatch(/^Next: confirmed in block [\d,]+: nothing more to do$/);
    expect(await A.getByRole('button', { name: /^Sign with/ }).count()).toBe(0);
    expect(await A.locator('code.txid').textContent()).toBe(built.txId);
    expect(problems()).toEqual([]);
  });

  it("A's Tokens permission picker shows a permission update confirmed meanwhile", async () => {
    await screen(A, 'Tokens');
    const form = A.getByRole('region', { name: 'Transfer a token', exact: true });
    await form.getByLabel('From', { exact: true }).fill(net.owner.b58);
    const picker = form.getByLabel('Permission', { exact: true });
    await picker.locator(`option[value="${TREASURY_ID}"]`).waitFor({ state: 'attached' });
    expect(await picker.locator(`option[value="${TREASURY_ID}"]`).textContent()).toBe('2 treasury (2 operations)');

    // Permission 2 renamed and given one more operation, built, signed and broadcast by A's API (the owner key is on A).
    const update = {
      owner_address: net.owner.b58,
      owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: net.owner.b58, weight: 1 }] },
      actives: [
        {
          type: 'Active',
          permission_name: 'treasury two',
          threshold: 2,
          operations: encodeOperationsHex(['TransferContract', 'TransferAssetContract', 'ParticipateAssetIssueContract']),
          keys: [net.keys.a1, net.keys.b1, net.keys.c1].map((address) => ({ address, weight: 1 })),
        },
      ],
      visible: true,
    };
    const built = await net.A.call('buildPermissionUpdate', { json: JSON.stringify(update), note: 'live: rename treasury' });
    await net.A.call('sign', { txId: built.txId });
    expect((await net.A.call('broadcast', { txId: built.txId })).accepted).toBe(true);
    await net.node.block();
    await net.node.block();

    await expect.poll(() => picker.locator(`option[value="${TREASURY_ID}"]`).textContent(), { timeout: FOLLOW_MS }).toBe('2 treasury two (3 operations)');
    expect(problems()).toEqual([]);
  });

  it("a batch of stake, delegate, vote and claim chosen in reverse order in A's queue is broadcast in dependency order, and all four confirm", async () => {
    const { owner } = net;
    const payee = await funded(net.node, SUN);
    const notes = ['order: stake', 'order: delegate', 'order: vote', 'order: claim'];
    // Built in this order under the owner permission (its key is on A), and signed.
    const txIds = [
      (await net.A.call('buildFreeze', { from: owner.b58, amount: String(300n * SUN), resource: 'ENERGY', note: notes[0] })).txId,
      (await net.A.call('buildDelegate', { from: owner.b58, to: payee.b58, amount: String(50n * SUN), resource: 'ENERGY', note: notes[1] })).txId,
      (await net.A.call('buildVote', { from: owner.b58, votes: [{ executive: K.exec.b58, count: '100' }], note: notes[2] })).txId,
      (await net.A.call('buildWithdrawRewards', { from: owner.b58, note: notes[3] })).txId,
    ];
    for (const txId of txIds) await net.A.call('sign', { txId });
    const [stake, delegate, vote, claim] = txIds as [string, string, string, string];

    await screen(A, 'Queue');
    for (const note of [...notes].reverse()) await A.locator('tr[data-status="ready"]', { hasText: note }).getByRole('checkbox').check();
    await A.getByText('4 chosen.').waitFor();

    const stop = produceBlocks();
    try {
      await A.getByRole('button', { name: 'Broadcast chosen' }).click();
      const results = A.locator('ul[aria-label="Batch results"] li');
      await expect.poll(() => results.count(), { timeout: 60_000 }).toBe(4);
      const texts = await results.allTextContents();
      // Sent stake first; the vote and the delegation after the stake, the claim after the vote: each says which row it waited for.
      expect(texts.map((t) => t.includes(': done.'))).toEqual([true, true, true, true]);
      expect(texts[0]).toMatch(/^Stake/);
      expect(texts[1]).toContain(`After row 4 (stake ${stake.slice(0, 8)}) was in a block`);
      expect(texts[2]).toContain(`After row 2 (vote for executives ${vote.slice(0, 8)}) was in a block`);
      expect(texts[3]).toContain(`After row 4 (stake ${stake.slice(0, 8)}) was in a block`);
      expect(await A.getByRole('status', { name: 'Batch progress' }).textContent()).toMatch(/4 of 4 broadcast\./);

      // The queue turns each row confirmed by itself.
      for (const note of notes) await A.locator('tr[data-status="confirmed"]', { hasText: note }).waitFor({ timeout: FOLLOW_MS });
    } finally {
      await stop();
    }
    for (const txId of [stake, delegate, vote, claim]) expect((await net.A.call('status', { txId })).status).toBe('confirmed');
    const account = await net.node.account(owner.b58);
    expect(account.votes).toEqual([{ vote_address: K.exec.b58, vote_count: 100 }]);
    expect(account.latest_withdraw_time).toBeGreaterThan(0);
    expect(problems()).toEqual([]);
  });

  it("B's open transaction whose time runs out turns expired and offers Re-issue, not Sign", async () => {
    const short = await net.B.call('buildTransferAsset', {
      from: net.owner.b58,
      to: newKey().b58,
      token: net.tokenId,
      amount: '3',
      permissionId: TREASURY_ID,
      note: 'live: short-lived',
      expiresIn: '2h',
    });
    await openFromQueue(B, 'live: short-lived');
    expect(await B.locator('code.txid').textContent()).toBe(short.txId);
    expect(await statusShown(B)).toBe('draft');
    expect(await B.getByRole('button', { name: /^Sign with/ }).count()).toBe(1);
    expect(await B.getByRole('button', { name: 'Re-issue' }).count()).toBe(0);
    expect(await B.locator('.next-step').textContent()).toContain('sign here');

    // Station B's clock and its page's move three hours on; the page is not reloaded.
    net.B.skewMs = 3 * 3_600_000;
    await B.clock.setSystemTime(Date.now() + net.B.skewMs);

    await expect.poll(() => statusShown(B), { timeout: FOLLOW_MS }).toBe('expired');
    expect(await B.getByRole('button', { name: /^Sign with/ }).count()).toBe(0);
    expect(await B.getByRole('button', { name: 'Re-issue' }).count()).toBe(1);
    expect(await B.locator('.next-step').textContent()).toBe('Next: expired: re-issue it and collect the signatures again');
    expect(await B.locator('main').textContent()).not.toContain('sign here');
    expect(problems()).toEqual([]);
  });
});
