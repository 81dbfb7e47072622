// Discarding a draft (docs/decisions.md §18 "a mistaken draft cannot be discarded"), through the API handlers
// and the CLI on real stations (real SQLite, a memory vault or a keystore) and the devnet over
// loopback HTTP: a signed draft leaves the queue with its signatures and the audit log keeps what it
// was and who asked; one broadcast, or held by the node, or in a block is refused in words with
// nothing changed, also when another station broadcast it and this one never heard (the node is
// asked first); `airlock discard TXID` does the same from a terminal.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { openStation, type Station } from '../../station/station.ts';
import { MemoryVault } from '../../station/vault/memory-vault.ts';
import { funded, newKey, startNode, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { keyFile, testStation, workDir } from '../helpers/station-helpers.ts';

let work: { dir: string; remove: () => void };
let node: TestNode;
let owner: TestKey;
let station: Station;
let vault: MemoryVault;
let api: ReturnType<typeof createStationHandlers>;

beforeAll(async () => {
  work = workDir('airlock-discard-');
  node = await startNode();
  owner = await funded(node);
  vault = new MemoryVault();
  station = openStation({ dataDir: join(work.dir, 'a'), nodeUrl: node.url, clock: () => node.clock.now, vaultBackend: vault, nodeTimeoutMs: 5_000 });
  api = createStationHandlers(station, { appInfo: () => ({ name: 'a', version: 'test', dataDir: station.dataDir }) });
  await api.keysImport({ privateKeyHex: owner.priv, label: 'owner' });
  await api.accountFetch({ address: owner.b58 });
}, 60_000);

afterAll(async () => {
  station?.close();
  vault?.close();
  await node?.stop();
  work?.remove();
});

/** A transfer built and signed by this station (ready: the owner alone is enough). */
async function signedTransfer(note: string): Promise<string> {
  const built = await api.buildTransfer({ from: owner.b58, to: newKey().b58, amount: '1000', note });
  await api.sign({ txId: built.txId });
  return built.txId;
}

/** What a refusal must leave unchanged: the queue, the signatures and the audit log. */
function counts(txId: string) {
  return {
    queue: station.list().total,
    signatures: station.store.listSignatures(hexToBytes(txId)).length,
    audit: station.store.listAudit({ limit: 10_000 }).length,
  };
}

const lastAudit = () => station.store.listAudit({ limit: 10_000 }).at(-1)!;

describe('discard (issue 18)', () => {
  it('a signed draft leaves the queue with its signatures; the audit log keeps txID, kind, signatures, who and when', async () => {
    const txId = await signedTransfer('mistake');
    const before = station.list().total;
    const r = await api.discard({ txId });
    expect(r).toMatchObject({ txId, kind: 'TransferContract', signatures: 1 });
    expect(r.text).toMatch(
      /^Discarded the transfer: it left the queue, with its 1 signature\(s\); the audit log keeps what it was\. A copy already handed off in a file stays valid on chain until it expires \(.+ left\); discarding here does not stop it\.$/,
    );
    expect(station.list().total).toBe(before - 1);
    expect(station.list().entries.some((e) => e.txId === txId)).toBe(false);
    expect(station.store.listSignatures(hexToBytes(txId))).toEqual([]);
    await expect(api.status({ txId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const entry = lastAudit();
    expect(entry).toMatchObject({
      action: 'transaction.discard',
      subject: txId,
      at: node.clock.now,
      details: { kind: 'TransferContract', status: 'ready', signatures: 1, signers: [owner.hex.toLowerCase()], permissionId: 0 },
    });
    expect(entry.details.by).toMatch(/^desktop app/);
    expect((await api.auditVerify(undefined)).ok).toBe(true);
  });

  it('refuses a broadcast transaction in words, and changes nothing', async () => {
    const txId = await signedTransfer('sent');
    expect((await api.broadcast({ txId })).accepted).toBe(true);
    const before = counts(txId);
    await expect(api.discard({ txId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'txid: this transfer was broadcast, so the chain may hold it; it cannot be discarded. Wait until it is confirmed or expires',
    });
    expect(counts(txId)).toEqual(before);
    await node.block();
    const block = (await api.status({ txId })).chain!.block;
    const confirmed = counts(txId);
    await expect(api.discard({ txId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `txid: this transfer is on chain in block ${block}; a transaction on chain cannot be discarded`,
    });
    expect(counts(txId)).toEqual(confirmed);
  });

  it('asks the node first: a copy another station broadcast is refused while the node holds it and once it is in a block', async () => {
    const txId = await signedTransfer('paid elsewhere');
    const file = JSON.parse((await api.exportHandoff({ txId })).text);
    // Another station (or anyone with the file) broadcasts it; this one still shows it ready.
    expect((await node.post('/wallet/broadcasttransaction', file.transaction)).result).toBe(true);
    expect(station.list().entries.find((e) => e.txId === txId)!.status).toBe('ready');
    const before = counts(txId);
    await expect(api.discard({ txId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'txid: the node already holds this transfer and puts it in its next block; it cannot be discarded',
    });
    expect(counts(txId)).toEqual(before);
    await node.block();
    await expect(api.discard({ txId })).rejects.toMatchObject({ code: 'CONFLICT', message: /^txid: this transfer is on chain in block \d+;/ });
    // What the node said is kept: the queue now shows it confirmed.
    expect(station.list().entries.find((e) => e.txId === txId)!.status).toBe('confirmed');
  });

  it('a txID that is not one, or that this station does not hold, names the field', async () => {
    await expect(api.discard({ txId: 'abc' })).rejects.toMatchObject({ code: 'INVALID_INPUT', details: { field: 'txid' } });
    await expect(station.discard({ txId: '00'.repeat(32) })).rejects.toMatchObject({ code: 'NOT_FOUND', details: { field: 'txid' } });
  });

  it('airlock discard TXID removes it from a terminal, says so, and refuses it the second time', async () => {
    const cli = testStation(work.dir, 'cli', { node: node.url, now: () => node.clock.now });
    await cli.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'owner.key', owner.priv)]);
    const built = await cli.ok(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', '5']);
    const r = await cli.run(['discard', built.txId]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Discarded the transfer: it left the queue, with its 0 signature(s); the audit log keeps what it was.\n');
    expect((await cli.ok(['list'])).entries.some((e: { txId: string }) => e.txId === built.txId)).toBe(false);
    const again = await cli.run(['discard', built.txId]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/this station has no transaction/);
  });
});
