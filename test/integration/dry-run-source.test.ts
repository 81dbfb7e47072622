// The dry run names where the signers' permission came from (docs/decisions.md §18 "the dry run names the wrong
// file as the source of the permissions"), on two real stations and the devnet over loopback HTTP:
// B holds the account from a snapshot file, then imports A's handoff file of a payment; the
// permission the signatures count against is the handoff's claim, and B's dry run must never name
// the snapshot the account came from. Since docs/decisions.md §24 an online B reads the account from the node
// before showing the transaction, so the screen and the dry run both name that observation.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import { openStation, type Station } from '../../station/station.ts';
import { MemoryVault } from '../../station/vault/memory-vault.ts';
import { funded, newKey, startNode, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { workDir } from '../helpers/station-helpers.ts';

let work: { dir: string; remove: () => void };
let node: TestNode;
let owner: TestKey;
const opened: { station: Station; vault: MemoryVault }[] = [];

function station(name: string) {
  const vault = new MemoryVault();
  const s = openStation({ dataDir: join(work.dir, name), nodeUrl: node.url, clock: () => node.clock.now, vaultBackend: vault, nodeTimeoutMs: 5_000 });
  opened.push({ station: s, vault });
  return createStationHandlers(s, { appInfo: () => ({ name, version: 'test', dataDir: s.dataDir }) });
}

beforeAll(async () => {
  work = workDir('airlock-dry-run-source-');
  node = await startNode();
  owner = await funded(node);
});

afterAll(async () => {
  for (const o of opened) {
    o.station.close();
    o.vault.close();
  }
  await node?.stop();
  work?.remove();
});

describe('the dry run names the source of the permission the signers saw', () => {
  it("a handoff's permission is named by what it rests on, never by the snapshot file the account came from", async () => {
    const a = station('a');
    const b = station('b');
    await a.keysImport({ privateKeyHex: owner.priv, label: 'owner' });
    await a.accountFetch({ address: owner.b58 });
    const snapshot = await a.snapshotExport({ accounts: [owner.b58] });
    await b.snapshotImport({ fileName: 'treasury-snapshot.json', text: snapshot.text });
    expect((await b.accountShow({ address: owner.b58 })).provenance.text).toBe('claimed by file treasury-snapshot.json (unverified)');
    const built = await a.buildTransfer({ from: owner.b58, to: newKey().b58, amount: '1000' });
    await a.sign({ txId: built.txId });
    const handoff = await a.exportHandoff({ txId: built.txId });
    await b.importFiles({ files: [{ name: 'pay.airlock.json', text: handoff.text }] });
    const screen = await b.status({ txId: built.txId });
    // Online, B read the account from the node before showing (docs/decisions.md §24): the weights rest on that observation.
    expect(screen.signer.accountRead).toMatch(/^read from the node .* just now at block \d+ \(this station's copy is only a file's claim\)$/);
    expect(screen.provenance.permission).toMatchObject({ trust: 'observed', file: null });
    const dry = await b.preflight({ txId: built.txId });
    // The basis is the account B read before showing it, never the snapshot file the old copy came from.
    expect(dry.comparison.text).toMatch(
      new RegExp(`^The permissions of ${owner.b58} are the same as in the snapshot the signers saw \\(${node.url} at block \\d+\\)\\.$`),
    );
    expect(dry.comparison.text).not.toContain('treasury-snapshot.json');
  });
});
