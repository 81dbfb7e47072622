/**
 * A treasury's week by clicking (docs/decisions.md §17 "Done when": pay in TRX, TRC-10 and TRC-20, stake and
 * delegate energy, vote, claim rewards, change permissions, by clicking, with two stations and the
 * local node). The API version of the same week is test/integration/treasury-week.test.ts; this
 * one drives Debian's headless Chromium on two real stations, A and B, each served with the built
 * renderer by its own loopback bridge (test/helpers/ui-e2e-helpers.ts), the devnet in-process.
 *
 * Set-up through the API, as the UI end-to-end test does: the owner's 2-of-3 active permission 2
 * "treasury" (a1 on A, b1 on B, c1 nowhere) is re-stated to allow the week's contracts, the owner
 * receives ATD (the genesis TRC-20, devnet/README.md) from the genesis account that holds it, and
 * the payee account is opened. Everything after is typed and clicked: each transaction is built on
 * A's screens (Send, Tokens, Contracts, Stake & vote, and the permission editor opened from Accounts) under permission 2, the rows are chosen
 * in A's queue and signed and exported as one merged handoff file (a download) from the batch bar;
 * B imports the file through its file chooser, signs and broadcasts the rows from its batch bar;
 * the node's HTTP API then confirms each effect (balances, TRC-20 balanceOf by
 * triggerconstantcontract, frozen balance, delegated resource, votes, the reward paid, the new
 * permission). The rule it guards: every step of the week can be done on the screens alone.
 * How long each step took is written to the log only; no time is asserted.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';
import { decodeEvmUint, encodeEvmArguments } from '../../devnet/evm/abi.ts';
import { GENESIS_TOKEN_ADDRESS_BASE58, GENESIS_TOKEN_ADDRESS_HEX } from '../../devnet/evm/genesis-token.ts';
import { funded, K, sign, SUN, type Json, type TestKey, WEEK_OPERATIONS } from '../helpers/devnet-helpers.ts';
import {
  settle,
  twoStationsInDir,
  stationBrowser,
  tokenBalance,
  TREASURY_ID,
  watchProblems,
  type TwoStations,
  type UiStation,
} from '../helpers/ui-e2e-helpers.ts';

const VIEWPORT = { width: 1280, height: 900 };
/** Each test's limit: several builds and a two-station round. */
const STEP_MS = 150_000;

let dir: string;
let net: TwoStations;
let payee: TestKey;
let browserA: BrowserContext;
let browserB: BrowserContext;
let pageA: Page;
let pageB: Page;
const problems: { A: string[]; B: string[] } = { A: [], B: [] };
/** How long each step took, for the log. */
const figures: [string, number][] = [];

async function timed<T>(step: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const out = await run();
  figures.push([step, Math.round(performance.now() - start)]);
  return out;
}

/** A set-up transaction from A's API: built, signed by A (the owner key) and broadcast, then a block. */
async function setUpFromA(A: UiStation, built: { txId: string }): Promise<void> {
  await A.call('sign', { txId: built.txId });
  const sent = await A.call('broadcast', { txId: built.txId });
  if (!sent.accepted) throw new Error(`the node refused the set-up transaction: ${sent.text}`);
  await net.node.block();
}

async function atdBalance(address: string): Promise<bigint> {
  const r = await net.node.post('/wallet/triggerconstantcontract', {
    owner_address: K.alice.hex,
    contract_address: GENESIS_TOKEN_ADDRESS_HEX,
    function_selector: 'balanceOf(address)',
    parameter: bytesToHex(encodeEvmArguments([{ type: 'address', value: hexToBytes(address) }])),
  });
  expect(r.result).toEqual({ result: true });
  return decodeEvmUint(hexToBytes(r.constant_result[0]));
}

beforeAll(async () => {
  ({ dir, net } = await twoStationsInDir('week-ui'));
  const { A, node, owner, keys } = net;
  payee = await funded(node, 1n * SUN);

  // Permission 2 re-stated for the week's contracts, still 2 of 3.
  const update = {
    owner_address: owner.b58,
    owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: owner.b58, weight: 1 }] },
    actives: [
      {
        type: 'Active',
        permission_name: 'treasury',
        threshold: 2,
        operations: encodeOperationsHex(WEEK_OPERATIONS),
        keys: [keys.a1, keys.b1, keys.c1].map((address) => ({ address, weight: 1 })),
      },
    ],
    visible: true,
  };
  await setUpFromA(A, await A.call('buildPermissionUpdate', { json: JSON.stringify(update), note: 'set-up: the week' }));
  await A.call('accountFetch', { address: owner.b58 });

  // 1,000 ATD from the genesis account that holds it all, straight at the node.
  const call = await node.post('/wallet/triggersmartcontract', {
    owner_address: K.alice.hex,
    contract_address: GENESIS_TOKEN_ADDRESS_HEX,
    function_selector: 'transfer(address,uint256)',
    parameter: bytesToHex(
      encodeEvmArguments([
        { type: 'address', value: hexToBytes(owner.hex) },
        { type: 'uint256', value: 1_000_000_000n },
      ]),
    ),
    fee_limit: 100_000_000,
  });
  expect((await node.post('/wallet/broadcasttransaction', sign(call.transaction as Json, K.alice))).result).toBe(true);
  await node.block();
  expect(await atdBalance(owner.hex)).toBe(1_000_000_000n);

  browserA = await stationBrowser(join(dir, 'profile-a'), VIEWPORT);
  browserB = await stationBrowser(join(dir, 'profile-b'), VIEWPORT);
  problems.A = await watchProblems(browserA);
  problems.B = await watchProblems(browserB);
  pageA = await browserA.newPage();
  pageB = await browserB.newPage();
  // A step that cannot be done says which element it waited for, well inside the test's own time.
  for (const page of [pageA, pageB]) page.setDefaultTimeout(20_000);
  await pageA.goto(net.A.bridge.address);
  await pageB.goto(net.B.bridge.address);
  await settle(pageA);
  await settle(pageB);
}, 240_000);

afterAll(async () => {
  console.log(`treasury week by clicking, ms per step:\n${figures.map(([s, ms]) => `  ${s}: ${ms}`).join('\n')}`);
  await browserA?.close();
  await browserB?.close();
  await net?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function screen(page: Page, name: string): Promise<void> {
  await page.locator('nav[aria-label=Screens]').getByRole('button', { name, exact: true }).click();
  await settle(page);
}

/** Waits for the new transaction a build opened, and goes back to the forms. */
async function builtTxId(page: Page): Promise<string> {
  await page.locator('code.txid').waitFor();
  await settle(page);
  return (await page.locator('code.txid').textContent())!;
}

/** Chooses permission 2 in a form's Permission picker once the stored account's permissions are offered. */
async function choosePermission(scope: ReturnType<Page['locator']>): Promise<void> {
  const picker = scope.getByLabel('Permission', { exact: true });
  await picker.locator(`option[value="${TREASURY_ID}"]`).waitFor({ state: 'attached' });
  await picker.selectOption({ value: String(TREASURY_ID) });
}

async function sendTrx(page: Page, to: string, trx: string, note: string): Promise<string> {
  await screen(page, 'Send');
  const form = page.getByRole('region', { name: 'Send TRX' });
  await form.getByLabel('From', { exact: true }).fill(net.owner.b58);
  await choosePermission(form);
  await form.getByLabel('To', { exact: true }).fill(to);
  await form.getByLabel('Amount (TRX)', { exact: true }).fill(trx);
  await form.getByLabel('Note', { exact: true }).fill(note);
  await form.getByRole('button', { name: 'Build transfer' }).click();
  return builtTxId(page);
}

async function sendToken(page: Page, to: string, whole: string, note: string): Promise<string> {
  await screen(page, 'Tokens');
  const form = page.getByRole('region', { name: 'Transfer a token', exact: true });
  await form.getByLabel('From', { exact: true }).fill(net.owner.b58);
  await form.getByLabel('To', { exact: true }).fill(to);
  await form.getByLabel('Token ID', { exact: true }).fill(net.tokenId);
  await form.getByText(/GLD/).first().waitFor();
  await form.getByLabel('Amount', { exact: true }).fill(whole);
  await form.getByLabel('Permission', { exact: true }).selectOption({ value: String(TREASURY_ID) });
  await form.getByLabel('Note', { exact: true }).fill(note);
  await form.getByRole('button', { name: 'Build token transfer' }).click();
  return builtTxId(page);
}

/** Lists ATD on the Contracts screen (its symbol and decimals read from the node), then builds the transfer. */
async function sendTrc20(page: Page, to: string, whole: string, note: string): Promise<string> {
  await screen(page, 'Contracts');
  const add = page.getByRole('region', { name: 'Add a contract' });
  await add.getByLabel('Contract address', { exact: true }).fill(GENESIS_TOKEN_ADDRESS_BASE58);
  await add.getByRole('button', { name: 'Add to the list' }).click();
  await page.getByText('ATD, 6 decimals (read from the node)').waitFor();
  const form = page.getByRole('region', { name: 'TRC-20 transfer or approval' });
  await form.getByLabel('From', { exact: true }).fill(net.owner.b58);
  await choosePermission(form);
  await form.getByLabel('To', { exact: true }).fill(to);
  await form.getByLabel('Token contract', { exact: true }).fill(GENESIS_TOKEN_ADDRESS_BASE58);
  await form.getByLabel('Amount', { exact: true }).fill(whole);
  await form.getByText(`Sends ${whole} ATD.`).waitFor();
  await form.getByLabel('Expires in', { exact: true }).fill('6h');
  await form.getByLabel('Note', { exact: true }).fill(note);
  await form.getByRole('button', { name: 'Build TRC-20 transfer' }).click();
  return builtTxId(page);
}

/** One action of the Stake screen: `fill` types its own fields; From, Permission and Note are typed here. */
async function stake(page: Page, action: string, note: string, fill: (form: ReturnType<Page['locator']>) => Promise<void>): Promise<string> {
  await screen(page, 'Stake & vote');
  const form = page.getByRole('region', { name: 'Stake, vote and account' });
  await form.getByLabel('Action', { exact: true }).selectOption({ label: action });
  await form.getByLabel('From', { exact: true }).fill(net.owner.b58);
  await choosePermission(form);
  await fill(form);
  await form.getByLabel('Note', { exact: true }).fill(note);
  await form.getByRole('button', { name: 'Build', exact: true }).click();
  return builtTxId(page);
}

/** The batch bar's rows chosen by their notes (shown in the row), in the queue of `page`. */
async function choose(page: Page, notes: string[]): Promise<void> {
  await screen(page, 'Queue');
  for (const note of notes) await page.locator('tr[data-status]', { hasText: note }).getByRole('checkbox').check();
  await page.getByText(`${notes.length} chosen.`).waitFor();
}

/** Runs a batch action and waits for every row's result; returns the results' texts. */
async function runBatch(page: Page, button: string, count: number): Promise<string[]> {
  await page.getByRole('button', { name: button }).click();
  const results = page.locator('ul[aria-label="Batch results"] li');
  await expect.poll(() => results.count(), { timeout: 60_000 }).toBe(count);
  await expect.poll(() => page.getByRole('button', { name: button }).isEnabled()).toBe(true);
  return results.allTextContents();
}

/**
 * The two-station round for the rows named by `notes`: A signs them (1 of 2) and exports one merged
 * handoff file as a download; B imports it through its file chooser, signs (2 of 2) and broadcasts;
 * a block is produced.
 */
async function handOver(notes: string[]): Promise<void> {
  await timed(`A signs ${notes.length} rows`, async () => {
    await choose(pageA, notes);
    const signed = await runBatch(pageA, 'Sign chosen', notes.length);
    for (const r of signed) expect(r).toMatch(/: done\./);
  });
  const file = await timed('A exports the merged file', async () => {
    await pageA.getByLabel('as one merged file').check();
    const [download] = await Promise.all([pageA.waitForEvent('download'), pageA.getByRole('button', { name: 'Export chosen' }).click()]);
    const saved = join(dir, `week-${Date.now()}-${download.suggestedFilename()}`);
    await download.saveAs(saved);
    return { name: download.suggestedFilename(), text: readFileSync(saved, 'utf8') };
  });
  await timed('B imports the file', async () => {
    await screen(pageB, 'Queue');
    await pageB
      .getByLabel('Handoff or transaction files')
      .setInputFiles([{ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text, 'utf8') }]);
    for (const note of notes) await pageB.locator('tr[data-status]', { hasText: note }).waitFor();
  });
  await timed(`B signs and broadcasts ${notes.length} rows`, async () => {
    await choose(pageB, notes);
    for (const r of await runBatch(pageB, 'Sign chosen', notes.length)) expect(r).toMatch(/: done\./);
    for (const r of await runBatch(pageB, 'Broadcast chosen', notes.length)) expect(r).toMatch(/: done\./);
  });
  await net.node.block();
  // The rows are left unchosen for the next round.
  for (const page of [pageA, pageB]) await page.reload();
}

describe("a treasury's week by clicking, two stations, two of three", () => {
  it(
    'pays in TRX, TRC-10 and TRC-20 and stakes for energy: built on A, signed on A and B, broadcast by B',
    async () => {
      const before = { trx: await net.node.balance(payee.b58), gld: await tokenBalance(net.node, payee.b58, net.tokenId), atd: await atdBalance(payee.hex) };
      await timed('A builds a TRX payment (Send)', () => sendTrx(pageA, payee.b58, '2.5', 'week: rent'));
      await timed('A builds a TRC-10 payment (Tokens)', () => sendToken(pageA, payee.b58, '4', 'week: gold'));
      const trc20 = await timed('A builds a TRC-20 payment (Contracts)', () => sendTrc20(pageA, payee.b58, '12.5', 'week: dollars'));
      // The form's Expires in and Note reach the station (they were missing from the TRC-20 form).
      const status = await net.A.call('status', { txId: trc20 });
      expect([status.note, status.expiresInMs]).toEqual(['week: dollars', 6 * 3_600_000]);
      await timed('A builds a stake for energy (Stake & vote)', () =>
        stake(pageA, 'Stake TRX for a resource', 'week: stake', async (form) => {
          await form.getByLabel('Amount (TRX)', { exact: true }).fill('200');
          await form.getByLabel('Resource', { exact: true }).selectOption({ value: 'ENERGY' });
        }),
      );
      await handOver(['week: rent', 'week: gold', 'week: dollars', 'week: stake']);

      expect((await net.node.balance(payee.b58)) - before.trx).toBe(2_500_000n);
      expect((await tokenBalance(net.node, payee.b58, net.tokenId)) - before.gld).toBe(400n);
      expect((await atdBalance(payee.hex)) - before.atd).toBe(12_500_000n);
      expect((await net.node.account(net.owner.b58)).frozenV2).toContainEqual({ type: 'ENERGY', amount: 200_000_000 });
      expect(problems).toEqual({ A: [], B: [] });
    },
    STEP_MS,
  );

  it(
    'lends energy and votes',
    async () => {
      await timed('A builds a delegation (Stake & vote)', () =>
        stake(pageA, "Lend a stake's resource", 'week: lend', async (form) => {
          await form.getByLabel('Amount (TRX)', { exact: true }).fill('50');
          await form.getByLabel('Resource', { exact: true }).selectOption({ value: 'ENERGY' });
          await form.getByLabel('Lend to', { exact: true }).fill(payee.b58);
        }),
      );
      await timed('A builds a vote (Stake & vote)', () =>
        stake(pageA, 'Vote for executives', 'week: vote', async (form) => {
          await form.getByLabel('Vote 1: executive', { exact: true }).fill(K.exec.b58);
          await form.getByLabel('Vote 1: votes', { exact: true }).fill('150');
        }),
      );
      await handOver(['week: lend', 'week: vote']);

      const lent = await net.node.post('/wallet/getdelegatedresourcev2', { fromAddress: net.owner.b58, toAddress: payee.b58, visible: true });
      expect(lent.delegatedResource).toEqual([expect.objectContaining({ frozen_balance_for_energy: 50_000_000 })]);
      expect((await net.node.account(net.owner.b58)).votes).toEqual([{ vote_address: K.exec.b58, vote_count: 150 }]);
      expect(problems).toEqual({ A: [], B: [] });
    },
    STEP_MS,
  );

  it(
    'claims the rewards and changes its permissions',
    async () => {
      for (let i = 0; i < 3; i++) await net.node.block();
      const reward = BigInt((await net.node.post('/wallet/getReward', { address: net.owner.b58, visible: true })).reward);
      expect(reward).toBeGreaterThan(0n);
      await timed('A builds a reward claim (Stake & vote)', () => stake(pageA, 'Claim rewards', 'week: rewards', async () => {}));
      await timed('A builds a permission change (Permissions)', async () => {
        // The editor opens from the account stored on the Accounts screen.
        await screen(pageA, 'Accounts');
        await pageA.getByRole('button', { name: net.owner.b58 }).first().click();
        await pageA.getByRole('button', { name: 'Edit permissions' }).click();
        const editor = pageA.getByRole('region', { name: 'Permissions' });
        const active = editor.getByRole('group', { name: 'Active permission 2' });
        await active.getByLabel('Name', { exact: true }).fill('treasury, week 2');
        await editor.getByRole('heading', { name: 'Lockout guard: passes' }).waitFor();
        await choosePermission(editor);
        await editor.getByLabel('Note', { exact: true }).fill('week: permissions');
        await editor.getByRole('button', { name: 'Build permission update' }).click();
        return builtTxId(pageA);
      });
      const before = await net.node.account(net.owner.b58);
      await handOver(['week: rewards', 'week: permissions']);

      const after = await net.node.account(net.owner.b58);
      expect(after.latest_withdraw_time).toBeGreaterThan(before.latest_withdraw_time ?? 0);
      expect(BigInt((await net.node.post('/wallet/getReward', { address: net.owner.b58, visible: true })).reward)).toBeLessThan(reward);
      expect(after.active_permission.map((p: Json) => [p.id, p.permission_name, p.threshold])).toEqual([[2, 'treasury, week 2', 2]]);
      expect(problems).toEqual({ A: [], B: [] });
    },
    STEP_MS,
  );
});
