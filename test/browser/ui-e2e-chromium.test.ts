/**
 * The signing desk end to end in Debian's headless Chromium (docs/decisions.md §9 "End to end ... two stations in
 * two data directories"): the local node in-process on port 0 and two real stations, A and B, each
 * on its own data directory with its real handlers, served with the built renderer by its own
 * loopback bridge, each driven in its own browser profile (test/helpers/ui-e2e-helpers.ts).
 *
 * Set-up through station A's API rather than clicks: funding, the owner's 2-of-3 active permission
 * "treasury" (a1 on A, b1 on B, c1 nowhere) and issuing the token, because the builders' screens are
 * tested on their own. Step 1's token transfer is built by filling the Tokens screen's `Transfer a
 * token` form. Everything after the build is clicked too: A sees 0 of 2, signs (1 of 2), exports the
 * handoff file as a download; B imports that file from its queue, sees 1 of 2 and who signed, signs
 * (2 of 2), runs the dry run, broadcasts and reads the node's answer; the node shows the recipient's
 * new token balance. Then tampered copies are refused in B with one sentence and B's queue is
 * unchanged, and an expired transaction (B's clock moved past its one-minute expiry) offers Re-issue,
 * which gives a new txID with a fresh countdown. Every page is watched for console errors, page
 * errors and CSP violations.
 *
 * The last test opens every header tab (read from the page) and a partly signed transaction, light
 * and dark, 1280×900, into out/screenshots/ (test artifacts; `npm run screenshots` writes the
 * committed ones in docs/screenshots/).
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../helpers/devnet-helpers.ts';
import {
  captureTabs,
  headerTabs,
  openFromQueue,
  screenFileName,
  settle,
  twoStationsInDir,
  stationPage,
  tokenBalance,
  TREASURY_ID,
  type TwoStations,
} from '../helpers/ui-e2e-helpers.ts';

const SCREENSHOTS = fileURLToPath(new URL('../out/screenshots/', import.meta.url));
const VIEWPORT = { width: 1280, height: 900 };
const REFUSED = 'The file was refused and nothing in the station changed.';

let dir: string;
let net: TwoStations;
let browserA: BrowserContext;
let browserB: BrowserContext;
let pageA: Page;
let pageB: Page;
const problems: { A: string[]; B: string[] } = { A: [], B: [] };
/** Carried between the steps, which run in order. */
const flow: { txId?: string; handoff?: string; recipient?: string } = {};

beforeAll(async () => {
  ({ dir, net } = await twoStationsInDir('ui-e2e'));
  ({ context: browserA, page: pageA, problems: problems.A } = await stationPage(dir, 'a', net.A, VIEWPORT));
  ({ context: browserB, page: pageB, problems: problems.B } = await stationPage(dir, 'b', net.B, VIEWPORT));
}, 180_000);

afterAll(async () => {
  await browserA?.close();
  await browserB?.close();
  await net?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * Step 1's build on page A, ending on the new transaction: the Tokens screen's `Transfer a token`
 * form, the amount in whole tokens, the permission chosen from the stored account's permissions.
 */
async function buildTokenTransfer(page: Page, to: string, whole: string, note: string): Promise<string> {
  await page.locator('nav[aria-label=Screens]').getByRole('button', { name: 'Tokens', exact: true }).click();
  const form = page.getByRole('region', { name: 'Transfer a token', exact: true });
  await form.getByLabel('From', { exact: true }).fill(net.owner.b58);
  await form.getByLabel('To', { exact: true }).fill(to);
  await form.getByLabel('Token ID', { exact: true }).fill(net.tokenId);
  // The form reads the amount in whole tokens once it knows the token's precision.
  await form.getByText(/GLD/).first().waitFor();
  await form.getByLabel('Amount', { exact: true }).fill(whole);
  // A stored the account during set-up, so its permissions are offered by id and name.
  await form.getByLabel('Permission', { exact: true }).selectOption({ value: String(TREASURY_ID) });
  await form.getByLabel('Note', { exact: true }).fill(note);
  await form.getByRole('button', { name: 'Build token transfer' }).click();
  await page.locator('code.txid').waitFor();
  await settle(page);
  return (await page.locator('code.txid').textContent())!;
}

/** A token transfer from the treasury, built through A's API over its bridge. */
async function buildThroughApi(to: string, amount: string, note: string): Promise<string> {
  const built = await net.A.call('buildTransferAsset', { from: net.owner.b58, to, token: net.tokenId, amount, permissionId: TREASURY_ID, note });
  return built.txId;
}

const weightWords = (page: Page) => page.locator('section[aria-labelledby=perm-title] .words');
const signerRow = (page: Page, address: string) => page.locator('section[aria-labelledby=perm-title] tbody tr', { hasText: address });
const queueTotal = async (station: TwoStations['A']): Promise<number> => (await station.call('list', {})).total;

/** Imports `files` through the visible import panel's file input (the browser's file picker). */
async function importInPage(page: Page, files: { name: string; text: string }[]): Promise<void> {
  await page
    .getByLabel('Handoff or transaction files')
    .setInputFiles(files.map((f) => ({ name: f.name, mimeType: 'application/json', buffer: Buffer.from(f.text, 'utf8') })));
}

describe('two stations, the local node and the UI in Chromium', () => {
  it('1. station A: the token transfer is built and shows 0 of 2, is signed with a1 (1 of 2) and exported as a download', async () => {
    const recipient = newKey().b58;
    flow.recipient = recipient;
    flow.txId = await buildTokenTransfer(pageA, recipient, '2.5', 'invoice 7');
    expect(flow.txId).toMatch(/^[0-9a-f]{64}$/);
    expect((await net.A.call('status', { txId: flow.txId })).note).toBe('invoice 7');
    // 250 units of a token with 2 decimals, by the name A learned when it fetched the token.
    expect(await pageA.locator('.summary').textContent()).toBe(`Send 2.5 GLD (token ${net.tokenId}) from ${net.owner.b58} to ${recipient}`);
    await expect.poll(() => weightWords(pageA).textContent()).toBe('0 of 2');

    // Only a1 is offered: the owner key A also holds is not in the treasury permission.
    const offered = pageA.getByRole('button', { name: /^Sign with/ });
    expect(await offered.allTextContents()).toEqual([`Sign with Treasury A (${net.keys.a1}), weight 1`]);
    await offered.click();
    await expect.poll(() => weightWords(pageA).textContent()).toBe('1 of 2');
    expect(await signerRow(pageA, net.keys.a1).locator('td').nth(3).textContent()).toBe('yes');
    expect(await pageA.getByRole('button', { name: /^Sign with/ }).count()).toBe(0);

    const [download] = await Promise.all([pageA.waitForEvent('download'), pageA.getByRole('button', { name: 'Export the handoff file' }).click()]);
    expect(download.suggestedFilename()).toBe(`${flow.txId!.slice(0, 12)}.airlock.json`);
    const saved = join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    flow.handoff = readFileSync(saved, 'utf8');
    const file = JSON.parse(flow.handoff) as { format: string; transaction: { txID: string; signature: string[] } };
    expect([file.format, file.transaction.txID, file.transaction.signature.length]).toEqual(['airlock.handoff', flow.txId, 1]);
    expect(problems.A).toEqual([]);
  });

  it('2. station B: imports the file from its empty queue, sees 1 of 2 and who signed, signs (2 of 2), broadcasts after the dry run; the node shows the balance', async () => {
    expect(await queueTotal(net.B)).toBe(0);
    await importInPage(pageB, [{ name: `${flow.txId!.slice(0, 12)}.airlock.json`, text: flow.handoff! }]);
    await pageB.locator('code.txid').waitFor();
    await settle(pageB);
    expect(await pageB.locator('code.txid').textContent()).toBe(flow.txId);
    await expect.poll(() => weightWords(pageB).textContent()).toBe('1 of 2');
    expect(await signerRow(pageB, net.keys.a1).locator('td').allTextContents()).toEqual([net.keys.a1, '—', '1', 'yes', '—']);
    expect(await signerRow(pageB, net.keys.b1).locator('td').allTextContents()).toEqual([net.keys.b1, 'Treasury B', '1', 'no', 'this station']);

    await pageB.getByRole('button', { name: `Sign with Treasury B (${net.keys.b1}), weight 1` }).click();
    await expect.poll(() => weightWords(pageB).textContent()).toBe('2 of 2');

    // The dry run comes first; only then is there a button to broadcast.
    expect(await pageB.getByRole('button', { name: 'Broadcast now' }).count()).toBe(0);
    await pageB.getByRole('button', { name: 'Check with the node first (dry run)' }).click();
    await pageB.getByText(/^The node's dry run: /).waitFor();
    const before = await tokenBalance(net.node, flow.recipient!, net.tokenId);
    await pageB.getByRole('button', { name: 'Broadcast now' }).click();
    const answer = pageB.locator('section[aria-labelledby=tx-title] > p[role=status]');
    await expect.poll(() => answer.textContent()).toMatch(/^The node accepted/);
    await expect.poll(() => pageB.locator('.facts dd').nth(1).textContent()).toBe('broadcast');

    await net.node.block();
    expect(await tokenBalance(net.node, flow.recipient!, net.tokenId)).toBe(before + 250n);
    expect(problems.B).toEqual([]);
  });

  it('3. station B refuses a tampered copy in one sentence, and its queue is unchanged', async () => {
    const original = JSON.parse(flow.handoff!) as { transaction: { raw_data_hex: string; signature: string[] } };
    // One hex digit of raw_data_hex changed.
    const raw = original.transaction.raw_data_hex;
    const at = Math.floor(raw.length / 2);
    const edited = structuredClone(original);
    edited.transaction.raw_data_hex = raw.slice(0, at) + (raw[at] === '0' ? '1' : '0') + raw.slice(at + 1);
    // A1's signature moved onto another transaction's file.
    const other = await buildThroughApi(newKey().b58, '5', 'other');
    const moved = JSON.parse((await net.A.call('exportHandoff', { txId: other })).text) as { transaction: { signature?: string[] } };
    moved.transaction.signature = [original.transaction.signature[0]!];

    const cases = [
      ['edited.airlock.json', edited, 'BAD_TRANSACTION'],
      ['moved.airlock.json', moved, 'PERMISSION'],
    ] as const;
    for (const [name, file, code] of cases) {
      const before = await queueTotal(net.B);
      await importInPage(pageB, [{ name, text: JSON.stringify(file, null, 2) }]);
      const alert = pageB.locator('section[aria-labelledby=import-title] .error > p', { hasText: `${name}: ` });
      await alert.waitFor({ timeout: 10_000 });
      const sentence = (await alert.textContent())!;
      expect(sentence.startsWith(`${REFUSED} `)).toBe(true);
      // One sentence: the station's message, one line, naming the file.
      const reason = sentence.slice(REFUSED.length + 1);
      expect(reason.startsWith(`${name}: `)).toBe(true);
      expect(reason).not.toContain('\n');
      // The code behind the disclosure says which check refused it.
      expect(await pageB.locator('section[aria-labelledby=import-title] .error details code').first().textContent()).toBe(code);
      expect(await queueTotal(net.B)).toBe(before);
    }
    expect(problems.B).toEqual([]);
  });

  it('4. an expired transaction offers Re-issue; re-issuing gives a new txID with a fresh countdown', async () => {
    const short = await net.B.call('buildTransferAsset', {
      from: net.owner.b58,
      to: newKey().b58,
      token: net.tokenId,
      amount: '7',
      permissionId: TREASURY_ID,
      note: 'short-lived',
      expiresIn: '1m',
    });
    // Station B's clock (and its page's) moves two minutes on: the transaction's minute is over.
    net.B.skewMs = 2 * 60_000;
    await pageB.clock.setSystemTime(Date.now() + net.B.skewMs);
    await pageB.reload();
    await openFromQueue(pageB, 'short-lived');
    expect(await pageB.locator('code.txid').textContent()).toBe(short.txId);
    expect(await pageB.locator('.facts dd').nth(1).textContent()).toBe('expired');
    expect(await pageB.locator('.facts [role=timer]').textContent()).toMatch(/^\s*expired /);
    expect(await pageB.getByRole('button', { name: /^Sign with/ }).count()).toBe(0);
    expect(await pageB.getByRole('button', { name: 'Re-issue' }).count()).toBe(1);

    await pageB.getByRole('button', { name: 'Re-issue' }).click();
    await expect.poll(() => pageB.locator('code.txid').textContent()).not.toBe(short.txId);
    await settle(pageB);
    const fresh = (await pageB.locator('code.txid').textContent())!;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(await pageB.locator('.facts dd').nth(1).textContent()).not.toBe('expired');
    // The station's default expiration (12 h) counted from B's clock; the page shows hours left.
    const status = await net.B.call('status', { txId: fresh });
    expect(status.expiresInMs).toBe(12 * 3_600_000);
    expect(await pageB.locator('.facts [role=timer]').textContent()).toMatch(/^\s*1[12] h .*left\s*$/);
    expect(await pageB.getByRole('button', { name: 'Re-issue' }).count()).toBe(0);
    expect(problems.B).toEqual([]);
  });

  it('screenshots: every header tab and a partly signed transaction, light and dark, with no console error or CSP violation', async () => {
    const txId = await buildThroughApi(newKey().b58, '1200', 'screenshot: half signed');
    await net.A.call('sign', { txId, key: net.keys.a1 });
    const page = await browserA.newPage();
    await page.goto(net.A.bridge.address);
    await settle(page);
    const tabs = await headerTabs(page);
    expect(tabs.slice(0, 1)).toEqual(['Queue']);
    expect(tabs).toEqual(expect.arrayContaining(['Keys', 'Settings']));
    for (const scheme of ['light', 'dark'] as const) {
      const written = await captureTabs(page, SCREENSHOTS, scheme);
      expect(written.map((f) => f.slice(SCREENSHOTS.length))).toEqual(tabs.map((t) => `${screenFileName(t)}-${scheme}.png`));
      await openFromQueue(page, 'screenshot: half signed');
      await expect.poll(() => weightWords(page).textContent()).toBe('1 of 2');
      const file = join(SCREENSHOTS, `transaction-${scheme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      for (const f of [...written, file]) expect(statSync(f).size).toBeGreaterThan(5_000);
    }
    await page.close();
    expect(problems).toEqual({ A: [], B: [] });
  });
});
