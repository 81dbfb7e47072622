// The end-to-end flow of docs/decisions.md §7 through the `airlock` command line, against the local node
// in-process on a free port: the owner sets a 2-of-3 active permission for transfers and issues
// a token; a token transfer is signed on station A, exported, imported on station B (its own data
// directory, no snapshot of its own), signed there and broadcast; the balance changes. Then the
// same with the building station offline, working only from a snapshot file, and two copies
// signed in parallel merged on import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';
import { funded, newKey, startNode, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { jsonFile, keyFile, testStation, workDir, type TestStation } from '../helpers/station-helpers.ts';

const TRANSFER_OPS = encodeOperationsHex(['TransferContract', 'TransferAssetContract']);
/** A loopback port nothing listens on: a station given it is offline. */
const NOWHERE = 'http://127.0.0.1:9';

let node: TestNode;
let work: { dir: string; remove: () => void };
let owner: TestKey;
let A: TestStation;
let B: TestStation;
let D: TestStation; // offline
const keys: Record<string, string> = {};
let tokenId: string;

/** On station A, the owner sets active permission 2 "treasury": a1, b1, d1 of weight 1, for transfers. */
async function setTreasury(threshold: number, file: string): Promise<void> {
  const update = {
    owner_address: owner.b58,
    owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: owner.b58, weight: 1 }] },
    actives: [
      {
        type: 'Active',
        permission_name: 'treasury',
        threshold,
        operations: TRANSFER_OPS,
        keys: [keys.a1, keys.b1, keys.d1].map((address) => ({ address, weight: 1 })),
      },
    ],
    visible: true,
  };
  const built = await A.ok(['build', 'permission-update', '--json', jsonFile(work.dir, file, update)]);
  await A.ok(['sign', built.txId]);
  expect((await A.ok(['broadcast', built.txId])).accepted).toBe(true);
  await node.block();
}

async function tokenBalance(address: string, id: string): Promise<bigint> {
  const a = await node.account(address);
  const entry = (a.assetV2 ?? []).find((e: { key: string }) => e.key === id);
  return BigInt(entry?.value ?? 0);
}

beforeAll(async () => {
  node = await startNode();
  work = workDir();
  owner = await funded(node, 50_000n * SUN);
  const now = () => node.clock.now;
  A = testStation(work.dir, 'a', { node: node.url, now });
  B = testStation(work.dir, 'b', { node: node.url, now });
  D = testStation(work.dir, 'd', { node: NOWHERE, now });
  // Station A holds the owner key and a1; B holds b1; the offline station D holds d1.
  expect((await A.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'owner.key', owner.priv), '--label', 'owner'])).address).toBe(owner.b58);
  keys.a1 = (await A.ok(['keys', 'new', '--label', 'a1'])).address;
  keys.b1 = (await B.ok(['keys', 'new', '--label', 'b1'])).address;
  keys.d1 = (await D.ok(['keys', 'new', '--label', 'd1'])).address;

  // The owner sets a 2-of-3 active permission for transfers, through the station.
  await setTreasury(2, 'perm.json');

  // The owner issues a token.
  const head = await node.headTime();
  const issue = {
    owner_address: owner.b58,
    name: Buffer.from('Gold').toString('hex'),
    abbr: Buffer.from('GLD').toString('hex'),
    total_supply: 1_000_000,
    precision: 2,
    coin_num: 1,
    num: 1,
    start_time: head + 60_000,
    end_time: head + 86_400_000,
    url: Buffer.from('https://gold.invalid').toString('hex'),
    visible: true,
  };
  const issued = await A.ok(['build', 'asset-issue', '--json', jsonFile(work.dir, 'issue.json', issue)]);
  await A.ok(['sign', issued.txId]);
  expect((await A.ok(['broadcast', issued.txId])).accepted).toBe(true);
  await node.block();
  tokenId = (await node.account(owner.b58)).asset_issued_ID;
  expect(tokenId).toMatch(/^\d+$/);
  await A.ok(['account', 'fetch', owner.b58]);
}, 120_000);

afterAll(async () => {
  await node?.stop();
  work?.remove();
});

describe('station flow over the command line', () => {
  it('the account shows the 2-of-3 transfer permission, decoded, with its source', async () => {
    const shown = await A.ok(['account', 'show', owner.b58]);
    const active = shown.permissions.find((p: { slot: string }) => p.slot === 'active');
    expect(active.threshold).toBe('2');
    expect(active.operations.names).toEqual(['TransferContract', 'TransferAssetContract']);
    expect(shown.source.kind).toBe('node');
    const human = await A.run(['account', 'show', owner.b58]);
    expect(human.stdout).toContain('threshold 2');
    expect(human.stdout).toContain('operations: 2\n    Payments: Transfer, Token transfer\n');
    const listed = await A.ok(['account', 'list']);
    expect(listed.accounts.map((a: { address: string }) => a.address)).toContain(owner.b58);
    expect((await A.run(['account', 'list'])).stdout).toContain(`${owner.b58}`);
  });

  it('online: A signs, exports; B (no snapshot) imports, signs, broadcasts; the balance changes', async () => {
    const to = newKey();
    const built = await A.run([
      'build',
      'transfer-asset',
      '--from',
      owner.b58,
      '--to',
      to.b58,
      '--token',
      tokenId,
      '--amount',
      '250',
      '--permission-id',
      '2',
      '--note',
      'invoice 7',
    ]);
    expect(built.code).toBe(0);
    const txId = built.stdout.trim();
    expect(txId).toMatch(/^[0-9a-f]{64}$/);
    expect(built.stderr).toContain('online');
    const signed = await A.ok(['sign', txId]);
    expect(signed.signed).toEqual([keys.a1]);
    expect(signed.status).toBe('collecting');
    const status = await A.ok(['status', txId]);
    expect([status.approval.weight, status.approval.threshold, status.approval.missing, status.approval.canComplete]).toEqual(['1', '2', '1', true]);
    const unsigned = status.signers.filter((s: { signed: boolean }) => !s.signed);
    expect(unsigned.map((s: { address: { base58: string } }) => s.address.base58).sort()).toEqual([keys.b1, keys.d1].sort());
    const file = join(work.dir, 'online.handoff.json');
    await A.ok(['export', txId, file]);

    const { results: imported } = await B.ok(['import', file]);
    expect(imported[0]).toMatchObject({ txId, newTransaction: true, added: [keys.a1] });
    const signedB = await B.ok(['sign', txId]);
    expect(signedB.signed).toEqual([keys.b1]);
    expect(signedB.status).toBe('ready');
    const before = await tokenBalance(to.b58, tokenId);
    const sent = await B.ok(['broadcast', txId]);
    expect(sent).toMatchObject({ accepted: true, status: 'broadcast' });
    expect(sent.comparison.changed).toBe(false);
    await node.block();
    expect(await tokenBalance(to.b58, tokenId)).toBe(before + 250n);
    expect((await B.ok(['status', txId])).status).toBe('confirmed');
    const listed = await B.run(['list']);
    expect(listed.stdout).toContain('confirmed');
  });

  it('offline: D builds from a snapshot file only, signs, exports; A imports, signs, broadcasts', async () => {
    const snap = join(work.dir, 'chain.snapshot.json');
    await A.ok(['snapshot', 'export', snap, '--account', owner.b58]);
    // Without a snapshot the offline station cannot build, and says what to do.
    const refused = await D.run(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', '5', '--permission-id', '2']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('snapshot import');
    await D.ok(['snapshot', 'import', snap]);
    const to = newKey();
    const built = await D.run(['build', 'transfer-asset', '--from', owner.b58, '--to', to.b58, '--token', tokenId, '--amount', '40', '--permission-id', '2']);
    expect(built.code).toBe(0);
    expect(built.stderr).toContain('offline: the chain snapshot');
    const txId = built.stdout.trim();
    expect((await D.ok(['sign', txId])).signed).toEqual([keys.d1]);
    const file = join(work.dir, 'offline.handoff.json');
    await D.ok(['export', txId, file]);
    await A.ok(['import', file]);
    expect((await A.ok(['sign', txId])).status).toBe('ready');
    const before = await tokenBalance(to.b58, tokenId);
    expect((await A.ok(['broadcast', txId])).accepted).toBe(true);
    await node.block();
    expect(await tokenBalance(to.b58, tokenId)).toBe(before + 40n);
  });

  it('parallel: two copies signed on B and D merge on A, and a native transfer goes through', async () => {
    const to = newKey();
    const txId = (await A.run(['build', 'transfer', '--from', owner.b58, '--to', to.b58, '--amount', String(3n * SUN), '--permission-id', '2'])).stdout.trim();
    const file = join(work.dir, 'parallel.json');
    await A.ok(['export', txId, file]);
    await B.ok(['import', file]);
    await D.ok(['import', file]);
    await B.ok(['sign', txId]);
    await D.ok(['sign', txId]);
    const fromB = join(work.dir, 'parallel-b.json');
    const fromD = join(work.dir, 'parallel-d.json');
    await B.ok(['export', txId, fromB]);
    await D.ok(['export', txId, fromD]);
    const { results: merged } = await A.ok(['import', fromB, fromD]);
    expect(merged.map((m: { added: string[] }) => m.added)).toEqual([[keys.b1], [keys.d1]]);
    const status = await A.ok(['status', txId]);
    expect(status).toMatchObject({ status: 'ready', approval: { weight: '2', missing: '0' } });
    // Importing the same file again adds nothing and changes nothing.
    expect((await A.ok(['import', fromB])).results[0]).toMatchObject({ added: [], known: [keys.b1] });
    expect((await A.ok(['broadcast', txId])).accepted).toBe(true);
    await node.block();
    expect(await node.balance(to.b58)).toBe(3n * SUN);
  });

  it('participate: a buyer on station B pays the issuer during the sale and receives the token', async () => {
    await node.block(61_000); // into the sale window the issue set (start: head + 60 s)
    const buyer = await funded(node, 100n * SUN);
    await B.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'buyer.key', buyer.priv)]);
    const built = await B.run(['build', 'participate', '--from', buyer.b58, '--to', owner.b58, '--token', tokenId, '--amount', '1000']);
    expect(built.code).toBe(0);
    const txId = built.stdout.trim();
    expect((await B.ok(['status', txId])).view.contract.contract).toBe('ParticipateAssetIssueContract');
    expect((await B.ok(['sign', txId])).status).toBe('ready');
    const sent = await B.ok(['broadcast', txId]);
    expect(sent).toMatchObject({ accepted: true, status: 'broadcast' });
    await node.block();
    // coin_num 1, num 1: one smallest token unit per sun (the issuer holds 999,710 units).
    expect(await tokenBalance(buyer.b58, tokenId)).toBe(1000n);
  });

  it('a refusal is recorded in words and the status is failed', async () => {
    // Built while the account could pay it (a build it cannot pay is refused), then too much once a payment beside it is sent.
    const balance = BigInt((await node.account(owner.b58)).balance);
    const first = (await A.run(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', String(20n * SUN)])).stdout.trim();
    const txId = (await A.run(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', String(balance - 10n * SUN)])).stdout.trim();
    await A.ok(['sign', first]);
    expect((await A.run(['broadcast', first])).code).toBe(0);
    await node.block();
    await A.ok(['sign', txId]);
    // Done in part: the answer is printed (here as JSON) and the exit code says the node refused it.
    const refused = await A.run(['broadcast', txId], { json: true });
    expect(refused.code).toBe(3);
    const sent = refused.json;
    expect(sent).toMatchObject({ accepted: false, status: 'failed' });
    expect(sent.text).toMatch(/^The node refused transaction [0-9a-f]{64}: CONTRACT_VALIDATE_ERROR/);
    const status = await A.ok(['status', txId]);
    expect(status.status).toBe('failed');
    expect(status.nodeAnswer).toBe(sent.text);
  });

  it('broadcast says when the permission changed since signing, and weighs the signatures under the new one', async () => {
    const to = newKey();
    const txId = (await A.run(['build', 'transfer', '--from', owner.b58, '--to', to.b58, '--amount', String(SUN), '--permission-id', '2'])).stdout.trim();
    expect((await A.ok(['sign', txId])).status).toBe('collecting');
    // The owner lowers the threshold of permission 2 to 1 after a1 signed.
    await setTreasury(1, 'perm2.json');
    const sent = await A.ok(['broadcast', txId]);
    expect(sent.comparison.changed).toBe(true);
    expect(sent.comparison.changes.join('\n')).toContain('threshold 2 → 1');
    expect(sent.comparison.text).toContain('Under the current permissions the signatures weigh 1 of 1: still enough.');
    expect(sent.text).toContain('changed since the snapshot the signers saw');
    expect(sent.accepted).toBe(true);
    await node.block();
    expect(await node.balance(to.b58)).toBe(SUN);
  });
});
