/**
 * Live status in Debian's headless Chromium (docs/decisions.md §18, "Two stations and a node agree on every
 * transaction's state within a few seconds without a click"): the local node in-process, stations A
 * and B on their own data directories, each asking the node about its open transactions by itself
 * (test/helpers/ui-e2e-helpers.ts with `statusRefreshMs`), A's built renderer open on its queue in
 * its own browser profile. B signs and broadcasts a payment A built and signed, through B's API; A's
 * page is never clicked, and its row turns confirmed with the block and the fee. A payment the node
 * refuses shows the node's reason on its row. The page is watched for console errors and CSP
 * violations.
 */
import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, SUN } from '../helpers/devnet-helpers.ts';
import { stationPage, TREASURY_ID, twoStationsInDir, type TwoStations } from '../helpers/ui-e2e-helpers.ts';

let dir: string;
let net: TwoStations;
let browser: BrowserContext;
let page: Page;
let problems: string[] = [];

beforeAll(async () => {
  ({ dir, net } = await twoStationsInDir('live-status-ui', { statusRefreshMs: 200 }));
  ({ context: browser, page, problems } = await stationPage(dir, 'a', net.A, { width: 1280, height: 900 }));
  await page.getByRole('heading', { name: 'Queue' }).waitFor();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await net?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const row = (note: string, status: string) => page.locator(`tr[data-status="${status}"]`, { hasText: note });

describe("A's queue follows the chain without a click", () => {
  it('turns confirmed, with block and fee, after B broadcasts', async () => {
    const { A, B, owner, node } = net;
    const built = await A.call('buildTransfer', {
      from: owner.b58,
      to: newKey().b58,
      amount: String(3n * SUN),
      permissionId: TREASURY_ID,
      note: 'office rent',
    });
    await A.call('sign', { txId: built.txId });
    // The new row appears by itself too: the queue re-reads its first page.
    await row('office rent', 'collecting').waitFor();
    const file = await A.call('exportHandoff', { txId: built.txId });
    await B.call('importFiles', { files: [{ name: file.fileName, text: file.text }] });
    await B.call('sign', { txId: built.txId });
    expect((await B.call('broadcast', { txId: built.txId })).accepted).toBe(true);
    await node.block();
    const info = await node.post('/wallet/gettransactioninfobyid', { value: built.txId });

    const confirmed = row('office rent', 'confirmed');
    await confirmed.waitFor({ timeout: 30_000 });
    await expect(confirmed.locator('.fate').textContent()).resolves.toMatch(new RegExp(`^confirmed in block ${info.blockNumber}; fee paid .* sun$`));
    expect(await confirmed.getByRole('button').getAttribute('aria-label')).toContain(`confirmed in block ${info.blockNumber}`);
    expect(problems).toEqual([]);
  });

  it("shows the node's reason on a row the node refused", async () => {
    const { A, owner } = net;
    // The station refuses a build the account cannot pay (docs/decisions.md §25), so both transfers are built
    // while it can pay each; the first one sent spends what the second needs, and the node refuses that one.
    const half = String(40_000n * SUN);
    const built = await A.call('buildTransfer', { from: owner.b58, to: newKey().b58, amount: half, note: 'far too much' });
    await A.call('sign', { txId: built.txId });
    const first = await A.call('buildTransfer', { from: owner.b58, to: newKey().b58, amount: half, note: 'spent first' });
    await A.call('sign', { txId: first.txId });
    expect(await A.call('broadcast', { txId: first.txId })).toMatchObject({ accepted: true });
    expect(await A.call('broadcast', { txId: built.txId })).toMatchObject({ accepted: false, status: 'failed' });
    const failed = row('far too much', 'failed');
    await failed.waitFor({ timeout: 30_000 });
    await expect(failed.locator('.fate[data-fate="refused"]').textContent()).resolves.toMatch(
      /The node refused transaction .*CONTRACT_VALIDATE_ERROR: .*balance/,
    );
    expect(problems).toEqual([]);
  });
});
