// The Ledger commands of the CLI (docs/decisions.md §23), against the local node in-process and the VIRTUAL
// Ledger (test/helpers/virtual-ledger.ts) behind the Speculos HTTP API on loopback: `settings set
// ledger`, `keys ledger add`, `keys ledger show TXID` (what the device will show), and `sign TXID
// --key ADDR` signing on the device; a 2-of-3 of two Ledger keys and a keystore key pays, the node
// accepts it. Bad settings and the device's refusals come back in words with a non-zero exit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeOperationsHex } from '../../shared/chain/operations.ts';
import { funded, newKey, startNode, SUN, type TestKey, type TestNode } from '../helpers/devnet-helpers.ts';
import { jsonFile, keyFile, testStation, workDir, type TestStation } from '../helpers/station-helpers.ts';
import { startVirtualLedger, type VirtualLedger } from '../helpers/virtual-ledger.ts';

let node: TestNode;
let work: { dir: string; remove: () => void };
let device: VirtualLedger;
let S: TestStation;
let owner: TestKey;
const keys = { l0: '', l1: '', k3: '' };

beforeAll(async () => {
  node = await startNode();
  work = workDir('airlock-cli-ledger-');
  const v = await startVirtualLedger();
  device = v.device;
  owner = await funded(node, 1_000n * SUN);
  S = testStation(work.dir, 's', { node: node.url, now: () => node.clock.now });
  expect((await S.ok(['settings', 'set', 'ledger', v.setting])).ledger).toBe(v.setting);
  await S.ok(['keys', 'import', '--key-file', keyFile(work.dir, 'owner.key', owner.priv), '--label', 'owner']);
  keys.l0 = (await S.ok(['keys', 'ledger', 'add', '--label', 'ledger 0'])).address;
  keys.l1 = (await S.ok(['keys', 'ledger', 'add', '--account', '1'])).address;
  keys.k3 = (await S.ok(['keys', 'new', '--label', 'k3'])).address;
  const update = {
    visible: true,
    owner_address: owner.b58,
    owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: owner.b58, weight: 1 }] },
    actives: [
      {
        type: 'Active',
        permission_name: 'pay',
        threshold: 2,
        operations: encodeOperationsHex(['TransferContract']),
        keys: [keys.l0, keys.l1, keys.k3].map((address) => ({ address, weight: 1 })),
      },
    ],
  };
  const built = await S.ok(['build', 'permission-update', '--json', jsonFile(work.dir, 'perm.json', update)]);
  await S.ok(['sign', built.txId, '--key', owner.b58]);
  expect((await S.ok(['broadcast', built.txId])).accepted).toBe(true);
  await node.block();
  await S.ok(['account', 'fetch', owner.b58]);
}, 120_000);

afterAll(async () => {
  await device?.stop();
  await node?.stop();
  work?.remove();
});

describe('airlock and a Ledger', () => {
  it('settings: the ledger transport is shown, and only usb or a loopback emulator is taken', async () => {
    expect((await S.run(['settings', 'show'])).stdout).toMatch(/ledger\s+speculos:http:\/\/127\.0\.0\.1:\d+/);
    const far = await S.run(['settings', 'set', 'ledger', 'speculos:http://192.0.2.1:5000']);
    expect(far.code).not.toBe(0);
    expect(far.stderr).toContain('only on this machine');
    const other = await S.run(['settings', 'set', 'ledger', 'bluetooth']);
    expect(other.stderr).toContain('expected usb or speculos:http://127.0.0.1:PORT');
  });

  it('keys ledger add: confirmed on the device, listed as ledger keys with their path', async () => {
    expect(keys.l0).toBe(device.shown[0]!.owner);
    const list = (await S.run(['keys', 'list'])).stdout;
    expect(list).toContain(`${keys.l0}  ledger  ledger 0`);
    expect(list).toContain(`${keys.l1}  ledger`);
    const both = await S.run(['keys', 'ledger', 'add', '--account', '2', '--path', "44'/195'/2'/0/0"]);
    expect(both.stderr).toContain('not both');
  });

  it('keys ledger show, then sign --key on the device twice: the node takes the 2-of-3', async () => {
    const to = newKey();
    await node.post('/devnet/faucet', { address: to.hex, amount: 1n * SUN });
    const built = await S.ok(['build', 'transfer', '--from', owner.b58, '--to', to.b58, '--amount', '3000000', '--permission-id', '2']);
    const shown = (await S.run(['keys', 'ledger', 'show', built.txId])).stdout;
    expect(shown).toContain('The device will show the transaction in full');
    expect(shown).toContain(`From Address: P2 - ${owner.b58}`);
    expect(shown).toContain('Amount: 3');
    const first = await S.run(['sign', built.txId, '--key', keys.l0]);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain("Sign on the Ledger (44'/195'/0'/0/0) when it asks.");
    await S.ok(['sign', built.txId, '--key', keys.l1]);
    expect((await S.ok(['broadcast', built.txId])).accepted).toBe(true);
    await node.block();
    expect(await node.balance(to.b58)).toBe(4_000_000n);
  });

  it('a refusal on the device is a sentence and a non-zero exit; nothing is stored', async () => {
    const built = await S.ok(['build', 'transfer', '--from', owner.b58, '--to', newKey().b58, '--amount', '1000', '--permission-id', '2']);
    device.decide = () => 'reject';
    try {
      const r = await S.run(['sign', built.txId, '--key', keys.l0]);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('The signer declined on the device. Nothing was signed.');
    } finally {
      device.decide = () => 'approve';
    }
    expect((await S.ok(['status', built.txId])).view.signatures).toEqual([]);
  });
});
