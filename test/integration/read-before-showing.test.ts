/**
 * Online, the station reads before it shows (docs/decisions.md §24): two stations and the local node, the
 * scenario of the issue. Station B imports and itself broadcasts a first permission update of
 * account O (and sees it confirmed); later A builds a second update (one operation added) and
 * hands it to B, by file and by QR (the UR parts the animated code carries, assembled as the
 * scanner does). B's "What changes" is against the chain as it is now, or says plainly that the
 * node could not be asked; B's lockout guard counts O's key as seen, since it signed the first
 * update, which B verified and knows the chain accepted.
 *
 * Real parts: keystore stations on SQLite, the devnet in-process on port 0, shared/files/ur.ts.
 * On the code before docs/decisions.md §24 B compared against the first file's copy ("owner 1→2, one key
 * added") and called O's key never seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { assembleUrParts, urParts } from '../../shared/files/ur.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';
import type { Station } from '../../station/station.ts';
import { funded, newKey, SUN, TRANSFER_ONLY_OPS, type TestKey, type TestNode, startNode } from '../helpers/devnet-helpers.ts';
import { keystoreStation, workDir } from '../helpers/station-helpers.ts';

const NO_NODE = 'http://127.0.0.1:9';
/** TransferContract (1) and TransferAssetContract (2): one operation more than TRANSFER_ONLY_OPS. */
const TRANSFER_AND_ASSET_OPS = '06' + '00'.repeat(31);

let work: { dir: string; remove: () => void };
let node: TestNode;
const opened: Station[] = [];

function open(name: string, nodeUrl: string): Station {
  const s = keystoreStation(join(work.dir, name), nodeUrl, () => node.clock.now);
  opened.push(s);
  return s;
}

function update(owner: TestKey, cosigner: TestKey, operations: string) {
  return {
    owner_address: owner.b58,
    owner: {
      type: 'Owner',
      permission_name: 'owner',
      threshold: 2,
      keys: [
        { address: owner.b58, weight: 1 },
        { address: cosigner.b58, weight: 1 },
      ],
    },
    actives: [{ type: 'Active', permission_name: 'pay', threshold: 1, operations, keys: [{ address: owner.b58, weight: 1 }] }],
    visible: true,
  };
}

/** A's handoff of `txId` carried to B as a file, or as the QR code's UR parts assembled on B. */
async function carry(a: Station, b: Station, txId: string, by: 'file' | 'qr'): Promise<void> {
  const file = await a.exportHandoff({ txId });
  const text = by === 'file' ? file.text : assembleUrParts(urParts('handoff', file.text), () => node.clock.now).text;
  const [r] = b.importFiles({ files: [{ name: by === 'file' ? file.fileName : 'ur handoff', text }] }).results;
  expect(r!.newTransaction).toBe(true);
}

beforeAll(async () => {
  work = workDir('airlock-read-first-');
  node = await startNode();
}, 60_000);

afterAll(async () => {
  for (const s of opened) s.close();
  await node?.stop();
  work?.remove();
});

describe.each(['file', 'qr'] as const)('a second permission update handed over by %s', (by) => {
  let owner: TestKey;
  let cosigner: TestKey;
  let a: Station;
  let b: Station;
  let second: string;

  beforeAll(async () => {
    owner = await funded(node, 1_000n * SUN);
    cosigner = newKey();
    a = open(`a-${by}`, node.url);
    b = open(`b-${by}`, node.url);
    await a.keysImport({ secret: hexToBytes(owner.priv), label: 'owner' });
    await b.keysImport({ secret: hexToBytes(cosigner.priv), label: 'cosigner' });
    // The first update: A builds and signs it; B imports it and broadcasts it itself.
    const first = await a.buildPermissionUpdate({ json: update(owner, cosigner, TRANSFER_ONLY_OPS), acceptRisk: 'owner-unseen-keys' });
    await a.sign({ txId: first.txId });
    await carry(a, b, first.txId, by);
    // By file, B also read the account just before (a fresh observation, made stale by the confirmation);
    // by QR it holds only the first file's copy (a claim).
    if (by === 'file') await b.accountFetch({ address: owner.b58 });
    expect((await b.broadcast({ txId: first.txId })).accepted).toBe(true);
    await node.block();
    expect((await b.status({ txId: first.txId })).status).toBe('confirmed');
    // The second update adds one operation; A builds it against the chain as it is now.
    const built = await a.buildPermissionUpdate({ json: update(owner, cosigner, TRANSFER_AND_ASSET_OPS), acceptRisk: 'owner-unseen-keys' });
    await a.sign({ txId: built.txId });
    second = built.txId;
    await carry(a, b, second, by);
  }, 60_000);

  it("B's diff is against the chain now: only the one operation gained", async () => {
    const view = await b.status({ txId: second });
    expect(view.signer.accountRead).toMatch(new RegExp(`^read from the node ${node.url} just now at block \\d+ \\(`));
    const diff = view.signer.permissionUpdate!.check.diff.permissions;
    expect(diff.find((p) => p.slot === 'owner')!.change).toBe('same');
    const active = diff.find((p) => p.slot === 'active')!;
    expect(active.change).toBe('changed');
    expect(active.operationsAdded).toEqual(['TransferAssetContract']);
    expect(active.operationsRemoved).toEqual([]);
    expect(view.signer.permissionUpdate!.against.trust).toBe('observed');
  });

  it("B's lockout guard counts the owner key as seen: it signed the first update, which the chain accepted", async () => {
    expect(b.knownSigners().signers.find((k) => k.address === owner.b58)).toMatchObject({ signed: true });
    const view = await b.status({ txId: second });
    expect(view.signer.permissionUpdate!.check.lockout!.verdict).toBe('ok');
    const check = await b.permissionCheck({ json: update(owner, cosigner, TRANSFER_AND_ASSET_OPS) });
    expect(check.lockout!.verdict).toBe('ok');
    expect(check.accountRead).toMatch(/^this station's copy, observed from node .* read \d+ s ago$/);
  });

  it('with no node to ask, B says plainly it could not read the account, and what the diff is against', async () => {
    const offline = open(`b-${by}-offline`, NO_NODE);
    await offline.exporterShow(); // a station of its own: only the handoff carries the transaction
    await carry(a, offline, second, by);
    const view = await offline.status({ txId: second });
    expect(view.signer.accountRead).toMatch(
      new RegExp(
        `^could not read the account from the node ${NO_NODE} \\(.*\\); this station's copy is only a file's claim, so this is shown against this station's copy, claimed by file `,
      ),
    );
    expect(view.signer.permissionUpdate!.against.trust).toBe('claimed');
  });
});
