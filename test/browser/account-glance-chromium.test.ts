/**
 * The account at a glance on the Accounts screen (docs/decisions.md §25, renderer/accounts/AccountGlance.svelte)
 * in Debian's headless Chromium through the loopback bridge over a real station and the local node
 * (test/helpers/ui-e2e-helpers.ts: station A holds the treasury owner's key; the renderer is built and
 * served under the bridge's Content-Security-Policy). A stake, a locked delegation and a vote are
 * built, signed and broadcast through A's API on the devnet; then, on A's Accounts screen, the glance
 * of the owner shows them as the node says: what is staked, what is lent and to whom with its lock,
 * the vote and the voting power left, read from the node at a named block. Offline (the node stopped;
 * station B imports the snapshot A exported, on its screen) the same figures show, marked as the file's
 * unverified claim. No console error or CSP violation on either page.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { K, SUN } from '../helpers/devnet-helpers.ts';
import { settle, stationPage, twoStationsInDir, type TwoStations } from '../helpers/ui-e2e-helpers.ts';

const VIEWPORT = { width: 1280, height: 1000 };

let dir: string;
let net: TwoStations;
const contexts: BrowserContext[] = [];
let snapshotFile: string;

async function sendFromA(built: { txId: string }): Promise<void> {
  await net.A.call('sign', { txId: built.txId });
  const sent = await net.A.call('broadcast', { txId: built.txId });
  if (!sent.accepted) throw new Error(`the node refused: ${sent.text}`);
  await net.node.block();
}

beforeAll(async () => {
  ({ dir, net } = await twoStationsInDir('glance-ui'));
  const { A, owner } = net;
  await sendFromA(await A.call('buildFreeze', { from: owner.b58, amount: String(300n * SUN), resource: 'ENERGY' }));
  await sendFromA(await A.call('buildFreeze', { from: owner.b58, amount: String(200n * SUN), resource: 'BANDWIDTH' }));
  await sendFromA(
    await A.call('buildDelegate', { from: owner.b58, to: K.bob.b58, amount: String(40n * SUN), resource: 'ENERGY', lock: true, lockPeriod: '100' }),
  );
  await sendFromA(await A.call('buildVote', { from: owner.b58, votes: [{ executive: K.exec.b58, count: '120' }] }));
  snapshotFile = join(dir, 'owner-snapshot.json');
  writeFileSync(snapshotFile, (await A.call('snapshotExport', { accounts: [owner.b58] })).text);
}, 300_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await net?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openAccounts(page: Page): Promise<void> {
  await page.locator('nav[aria-label=Screens]').getByRole('button', { name: 'Accounts', exact: true }).click();
  await settle(page);
}

/** The glance's definition list as term → text. */
async function glanceFacts(page: Page): Promise<Record<string, string>> {
  const glance = page.getByRole('region', { name: 'At a glance' });
  await glance.locator('dl').waitFor();
  const terms = await glance.locator('dt').allTextContents();
  const values = await glance.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((t, i) => [t.trim(), values[i]!.replace(/\s+/g, ' ').trim()]));
}

describe('the account at a glance in headless Chromium', () => {
  it('after a stake, a locked delegation and a vote on the devnet, the glance shows them, read from the node at a block', async () => {
    const { context, page, problems } = await stationPage(dir, 'a', net.A, VIEWPORT);
    contexts.push(context);
    await openAccounts(page);
    await page.getByRole('button', { name: net.owner.b58 }).click();
    const facts = await glanceFacts(page);
    const node = await net.A.call('accountResources', { address: net.owner.b58 });
    expect(facts['Staked']).toBe('200 TRX for bandwidth, 260 TRX for energy');
    expect(facts['Lent out']).toMatch(new RegExp(`^to ${K.bob.b58}: 0 TRX bandwidth \\(not locked\\), 40 TRX energy \\(locked until .+\\)$`));
    expect(facts['Votes']).toBe(`120 for ${K.exec.b58}`);
    expect(facts['Voting power']).toBe(
      `${Number(node.votingPower.left).toLocaleString('en-US')} of ${Number(node.votingPower.total).toLocaleString('en-US')} left`,
    );
    expect(node.votingPower.used).toBe('120');
    // The balance and TRC-10 tokens are shown once, by the holdings just above the glance, not again in it.
    expect(facts['Balance']).toBeUndefined();
    expect(facts['TRC-10 tokens']).toBeUndefined();
    expect(facts['TRC-20 tokens']).toBeDefined();
    const glance = page.getByRole('region', { name: 'At a glance' });
    expect(await glance.locator('.source').textContent()).toContain(`read from the node ${net.node.url} at block ${node.provenance.block}`);
    expect(await glance.locator('[data-trust]').getAttribute('data-trust')).toBe('observed');
    expect(problems).toEqual([]);
  }, 120_000);

  it('offline, from the snapshot imported on the screen, the same figures show as an unverified claim', async () => {
    // The node stops: station B (which never read the owner's account) is offline from here on.
    await net.node.stop();
    const { context, page, problems } = await stationPage(dir, 'b', net.B, VIEWPORT);
    contexts.push(context);
    await openAccounts(page);
    await page.getByLabel('Address', { exact: true }).fill(net.owner.b58);
    await page.getByLabel('Snapshot file').setInputFiles(snapshotFile);
    await page.getByRole('heading', { name: new RegExp(`Account .*${net.owner.b58}`) }).waitFor();
    const facts = await glanceFacts(page);
    expect(facts['Staked']).toBe('200 TRX for bandwidth, 260 TRX for energy');
    expect(facts['Votes']).toBe(`120 for ${K.exec.b58}`);
    const glance = page.getByRole('region', { name: 'At a glance' });
    expect(await glance.locator('[data-trust]').getAttribute('data-trust')).toBe('claimed');
    expect(await glance.locator('.source').textContent()).toContain('claimed, from snapshot of block');
    expect(problems).toEqual([]);
  }, 120_000);
});
