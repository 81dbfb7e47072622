/**
 * The cost on the signer's screen of an imported transaction, on an offline station
 * (docs/decisions.md §25 "the cost offline"), in Debian's headless Chromium: the local node and two real stations.
 * Station A, online, builds a TRX transfer and exports its handoff file and a chain snapshot (which
 * carries the chain's parameters and the account's resources). Station B, whose node answers
 * nothing, is served by the loopback bridge; before the snapshot its transaction screen says it is
 * offline and shows no figure; after importing the snapshot it shows the same total and balance
 * after that A reads from the node, with the words "Claimed, not read from the node" and the
 * snapshot's block and file. The page is watched for console errors, page errors and CSP violations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../electron/shell/bridge.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { formatUnits } from '../../shared/base/display.ts';
import { buildRenderer } from '../../scripts/build-renderer.ts';
import { openStation, type Station } from '../../station/station.ts';
import { MemoryVault } from '../../station/vault/memory-vault.ts';
import { K, newKey, startNode, type TestNode } from '../helpers/devnet-helpers.ts';
import { settle, stationBrowser, watchProblems } from '../helpers/ui-e2e-helpers.ts';

let dir: string;
let node: TestNode;
let bridge: Bridge;
let context: BrowserContext;
let problems: string[];
const opened: { station: Station; vault: MemoryVault }[] = [];

function station(name: string, nodeUrl: string) {
  const vault = new MemoryVault();
  const s = openStation({ dataDir: join(dir, name), nodeUrl, clock: () => node.clock.now, vaultBackend: vault, nodeTimeoutMs: 5_000 });
  opened.push({ station: s, vault });
  return createStationHandlers(s, { appInfo: () => ({ name, version: 'test', dataDir: s.dataDir }) });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-cost-offline-'));
  await buildRenderer(join(dir, 'renderer'));
  node = await startNode({ startAt: Date.now() });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await bridge?.close();
  for (const o of opened) {
    o.station.close();
    o.vault.close();
  }
  await node?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const trx = (sun: string): string => `${formatUnits(BigInt(sun), 6)} TRX`;
const text = async (page: Page, selector: string): Promise<string> => ((await page.locator(selector).textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe("the cost on an offline signer's screen, from a snapshot", () => {
  it('offline without a snapshot: said in words, no figure; with the snapshot: the figures A reads from the node, marked claimed', async () => {
    const A = station('a', node.url);
    await A.keysImport({ privateKeyHex: K.alice.priv, label: 'alice' });
    await A.accountFetch({ address: K.alice.b58 });
    const built = await A.buildTransfer({ from: K.alice.b58, to: newKey().b58, amount: '2500000' });
    const handoff = await A.exportHandoff({ txId: built.txId });

    const B = station('b', 'http://127.0.0.1:9');
    await B.importFiles({ files: [{ name: 'pay.airlock.json', text: handoff.text }] });
    bridge = await startBridge({ table: STATION_API, handlers: B, staticDir: join(dir, 'renderer') });
    context = await stationBrowser(join(dir, 'profile-b'), { width: 1280, height: 1000 });
    problems = await watchProblems(context);
    const page = await context.newPage();

    const openTransaction = async (): Promise<void> => {
      await page.goto(bridge.address);
      await settle(page);
      await page.locator('nav[aria-label=Screens]').getByRole('button', { name: 'Queue', exact: true }).click();
      await page.locator('tr[data-status]').first().locator('button.open').click();
      await page.locator('code.txid').waitFor();
      expect(await page.locator('code.txid').textContent()).toBe(built.txId);
    };

    await openTransaction();
    const panel = page.locator('section[aria-labelledby=cost-title]');
    await panel.locator('p.unread').waitFor();
    expect(await text(page, 'section[aria-labelledby=cost-title] p.unread')).toMatch(
      /^Offline: the station cannot read the node, so it cannot say what this transaction will cost\./,
    );
    expect(await panel.textContent()).not.toContain('TRX');

    const snapshot = await A.snapshotExport({ accounts: [K.alice.b58] });
    await B.snapshotImport({ fileName: 'treasury-snapshot.json', text: snapshot.text });
    const online = await A.transactionCost({ txId: built.txId });
    await openTransaction();
    await panel.locator('p.claimed').waitFor();
    const shown = (await panel.textContent())!.replace(/\s+/g, ' ');
    expect(await text(page, 'section[aria-labelledby=cost-title] p.claimed')).toBe(
      `Claimed, not read from the node: claimed, from the snapshot of block ${snapshot.block.number} (treasury-snapshot.json), not read from the node, read by ${node.url}.`,
    );
    // A new recipient: the activation fee pays the bytes, as the node says online.
    expect(online.bandwidth).toBe('activation-fee');
    expect(shown).toContain(`Total ${trx(online.total)}`);
    expect(shown).toContain(`Balance after ${trx(online.balanceAfter)} (now ${trx(online.balance)}; the transaction itself moves 2.5 TRX)`);
    expect(shown).toContain('it is counted as a new address, paying the activation fee');
    expect(shown).not.toContain('Read from ');
    expect(problems).toEqual([]);
  }, 180_000);
});
