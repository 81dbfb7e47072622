// A mixed 2-of-3 end to end (docs/decisions.md §23): one key on a Ledger (the virtual Ledger,
// test/helpers/virtual-ledger.ts) on station A, one key in the OS keychain on station K (the
// runner's gnome-keyring: run through `npm test -- test/integration/ledger-mixed.test.ts`), and one
// in the keystore file of station G, which is air-gapped (its node URL leads nowhere; it works from
// a chain snapshot). Permission 2 "treasury" is 2-of-3 over them. One payment goes by handoff FILE
// (A signs on the device, G signs offline, A broadcasts); another by QR, as the UR parts the
// animated code carries (A signs on the device, K reads the parts, signs in the keychain and
// broadcasts). The node accepts both and the balances move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';
import { assembleUrParts, UrSender } from '../../shared/files/ur.ts';
import { openStation, type Station } from '../../station/station.ts';
import { funded, newKey, startNode, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { TEST_SCRYPT, workDir } from '../helpers/station-helpers.ts';
import { startVirtualLedger, type VirtualLedger } from '../helpers/virtual-ledger.ts';

/** A loopback port nothing listens on: a station given it is offline. */
const NOWHERE = 'http://127.0.0.1:9';
let node: TestNode;
let work: { dir: string; remove: () => void };
let device: VirtualLedger;
let owner: TestKey;
let A: Station;
let K: Station;
let G: Station;
const keys = { ledger: '', keychain: '', keystore: '' };

function open(name: string, vault: 'keystore' | 'keychain', nodeUrl: string): Station {
  return openStation({
    dataDir: join(work.dir, name),
    nodeUrl,
    clock: () => node.clock.now,
    vault,
    scrypt: TEST_SCRYPT,
    passphrase: async () => new TextEncoder().encode('a long test passphrase'),
    nodeTimeoutMs: 2_000,
  });
}

beforeAll(async () => {
  node = await startNode();
  work = workDir('airlock-ledger-mixed-');
  const v = await startVirtualLedger();
  device = v.device;
  owner = await funded(node, 1_000n * SUN);
  A = open('a', 'keystore', node.url);
  K = open('k', 'keychain', node.url);
  G = open('g', 'keystore', NOWHERE);
  await A.setSetting({ key: 'ledger', value: v.setting });
  await A.keysImport({ secret: hexToBytes(owner.priv), label: 'owner' });
  keys.ledger = (await A.keysLedgerAdd({ label: 'ledger' })).address;
  keys.keychain = (await K.keysNew({ label: 'keychain' })).address;
  keys.keystore = (await G.keysNew({ label: 'air-gapped' })).address;
  const update = await A.buildPermissionUpdate({
    json: {
      visible: true,
      owner_address: owner.b58,
      owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: owner.b58, weight: 1 }] },
      actives: [
        {
          type: 'Active',
          permission_name: 'treasury',
          threshold: 2,
          operations: encodeOperationsHex(['TransferContract']),
          keys: [keys.ledger, keys.keychain, keys.keystore].map((address) => ({ address, weight: 1 })),
        },
      ],
    },
  });
  await A.sign({ txId: update.txId, key: owner.b58 });
  expect((await A.broadcast({ txId: update.txId })).accepted).toBe(true);
  await node.block();
  await A.accountFetch({ address: owner.b58 });
  await K.accountFetch({ address: owner.b58 });
  // The air-gapped station gets the account from a snapshot file A exports.
  const snapshot = await A.snapshotExport({ accounts: [owner.b58] });
  await G.snapshotImport({ fileName: snapshot.fileName, text: snapshot.text });
}, 120_000);

afterAll(async () => {
  for (const s of [A, K, G]) s?.close();
  await device?.stop();
  await node?.stop();
  work?.remove();
});

describe('a mixed 2-of-3: a Ledger, a keychain and an air-gapped keystore', () => {
  it('by file: the Ledger on A, then the keystore on the air-gapped G; A broadcasts', async () => {
    const to = newKey();
    const b = await A.buildTransfer({ from: owner.b58, to: to.b58, amount: '1500000', permissionId: 2 });
    expect((await A.sign({ txId: b.txId, key: keys.ledger })).signed).toEqual([keys.ledger]);
    const out = await A.exportHandoff({ txId: b.txId });
    await G.importFiles({ files: [{ name: out.fileName, text: out.text }] });
    expect((await G.sign({ txId: b.txId })).signed).toEqual([keys.keystore]);
    const back = await G.exportHandoff({ txId: b.txId });
    await A.importFiles({ files: [{ name: back.fileName, text: back.text }] });
    expect((await A.broadcast({ txId: b.txId })).accepted).toBe(true);
    await node.block();
    expect(await node.balance(to.b58)).toBe(1_500_000n);
  });

  it("by QR (the animated code's UR parts): the Ledger on A, then the keychain on K, which broadcasts", async () => {
    const to = newKey();
    const b = await A.buildTransfer({ from: owner.b58, to: to.b58, amount: '2500000', permissionId: 2 });
    await A.sign({ txId: b.txId, key: keys.ledger });
    const sender = new UrSender('handoff', (await A.exportHandoff({ txId: b.txId })).text, 120);
    expect(sender.pureCount).toBeGreaterThan(1);
    // The camera misses the first frame; the fountain frames after the pure ones make it up.
    const frames = sender.take(sender.pureCount * 3);
    const read = assembleUrParts(frames.slice(1), () => node.clock.now);
    expect(read.kind).toBe('handoff');
    await K.importFiles({ files: [{ name: 'ur handoff', text: read.text }] });
    expect((await K.sign({ txId: b.txId })).signed).toEqual([keys.keychain]);
    expect((await K.broadcast({ txId: b.txId })).accepted).toBe(true);
    await node.block();
    expect(await node.balance(to.b58)).toBe(2_500_000n);
  });
});
