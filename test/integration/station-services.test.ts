// The station services object (station/station.ts) called directly, offline from a
// snapshot file made here: views are JSON-safe and carry the shared ApprovalView; reissue makes a
// new transaction and says the signatures do not carry over; list sums weights under weighted
// permissions; a signed batch is stored with its signatures; signMany gives the signatures sign
// gives; settings stay within the node's 24 h; an imported signer outside the stored permission is
// refused and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import { PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { addressOfPrivateKey, addSignature, generatePrivateKey } from '../../shared/chain/keys.ts';
import { defaultActiveOperations } from '../../shared/chain/operations.ts';
import { defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { exportSnapshot, permissionsToJson, stringifySnapshot } from '../../shared/files/snapshot.ts';
import { exportHandoff, stringifyHandoff } from '../../shared/files/handoff.ts';
import { recoverSigner } from '../../shared/chain/verify.ts';
import { type Station } from '../../station/station.ts';
import { oneAccountSnapshot, workDir, keystoreStation } from '../helpers/station-helpers.ts';

const T = 1_800_000_000_000;
let clock = T;
const keys = Array.from({ length: 3 }, () => generatePrivateKey());
const signers = keys.map((k) => addressOfPrivateKey(k));
const owner = addressOfPrivateKey(generatePrivateKey());
const OWNER = addressToBase58(owner);
// Weights 2, 1, 1 against threshold 3: the first key and one more make it.
const permission = create(PermissionSchema, {
  type: PermissionType.Active,
  id: 2,
  permissionName: 'weighted',
  threshold: 3n,
  operations: defaultActiveOperations(),
  keys: signers.map((address, i) => ({ address, weight: i === 0 ? 2n : 1n })),
});
const permissions = permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [permission] });
let work: { dir: string; remove: () => void };
let station: Station;
let snapshotPath: string;

function noBytesOrBigints(value: unknown, path = 'result'): string[] {
  if (typeof value === 'bigint') return [path];
  if (value instanceof Uint8Array) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => noBytesOrBigints(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => noBytesOrBigints(v, `${path}.${k}`));
  return [];
}

beforeAll(async () => {
  work = workDir();
  snapshotPath = join(work.dir, 'snap.json');
  writeFileSync(snapshotPath, oneAccountSnapshot(OWNER, permissions, T));
  station = keystoreStation(join(work.dir, 'st'), 'http://127.0.0.1:9', () => clock);
  station.snapshotImport({ fileName: 'snap.json', text: readFileSync(snapshotPath, 'utf8') });
  await station.keysImport({ secret: keys[0]!.slice(), label: 'heavy' });
}, 60_000);

afterAll(() => {
  station?.close();
  work?.remove();
});

describe('station services', () => {
  it('build, sign, status and list give JSON-safe views with the weights of a weighted permission', async () => {
    const built = await station.buildTransfer({ from: OWNER, to: addressToBase58(signers[1]!), amount: '5', permissionId: 2 });
    expect(built.basis).toContain('offline');
    const signed = await station.sign({ txId: built.txId });
    expect(signed.signed).toEqual([addressToBase58(signers[0]!)]);
    expect(signed.status).toBe('collecting');
    const status = await station.status({ txId: built.txId });
    // The shared ApprovalView against the stored permission the signers count against.
    expect(status.approval).toMatchObject({
      weight: '2',
      threshold: '3',
      missing: '1',
      enough: false,
      canComplete: true,
      permission: { id: 2, name: 'weighted' },
    });
    expect(status.approval!.signers.map((x) => [x.address.base58, x.weight])).toEqual([[addressToBase58(signers[0]!), '2']]);
    expect(status.approval!.canStillSign.map((x) => x.address.base58)).toEqual([addressToBase58(signers[1]!), addressToBase58(signers[2]!)]);
    expect(status.signers.map((x) => ({ address: x.address.base58, weight: x.weight, signed: x.signed, local: x.local }))).toEqual([
      { address: addressToBase58(signers[0]!), weight: '2', signed: true, local: true },
      { address: addressToBase58(signers[1]!), weight: '1', signed: false, local: false },
      { address: addressToBase58(signers[2]!), weight: '1', signed: false, local: false },
    ]);
    const row = station.list().entries.find((r) => r.txId === built.txId)!;
    expect([row.weight, row.threshold, row.status]).toEqual(['2', '3', 'collecting']);
    for (const v of [built, signed, status, station.list(), station.accountShow({ address: OWNER }), station.keysList().keys, station.settings()]) {
      expect(noBytesOrBigints(v)).toEqual([]);
      expect(JSON.parse(JSON.stringify(v))).toEqual(v);
    }
  });

  it('accountsList names each stored account with its source and age, newest read first', () => {
    const other = addressToBase58(addressOfPrivateKey(generatePrivateKey()));
    const block = { number: 501, id: (501).toString(16).padStart(16, '0') + 'cd'.repeat(24), timestamp: T - 5_000 };
    const account = {
      address: other,
      exists: true,
      permissions: permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [] }),
      balance: '1',
      tokens: [],
      source: { node: 'http://127.0.0.1:8090', block: 501 },
      at: T - 4_000,
    };
    const file = join(work.dir, 'other.json');
    writeFileSync(file, stringifySnapshot(exportSnapshot({ node: 'http://127.0.0.1:8090', block, accounts: [account], exportedAt: T - 3_000 })));
    station.snapshotImport({ fileName: 'other.json', text: readFileSync(file, 'utf8') });
    const list = station.accountsList().accounts;
    expect(list.map((a) => a.address)).toEqual([other, OWNER]);
    expect(list[1]).toEqual({
      address: OWNER,
      label: null,
      source: { kind: 'file', file: 'snap.json', text: 'file snap.json' },
      // docs/decisions.md §16: the source judged, a snapshot file's word being an unverified claim.
      provenance: {
        trust: 'claimed',
        text: 'claimed by file snap.json (unverified)',
        file: 'snap.json',
        at: T - 20_000,
        ageMs: clock - (T - 20_000),
        age: expect.any(String) as string,
        stale: false,
      },
      fetchedAt: T - 20_000,
      ageMs: clock - (T - 20_000),
      age: expect.any(String) as string,
    });
    expect(noBytesOrBigints(list)).toEqual([]);
  });

  it('a signed batch stores each transaction with its signature, weight 2 of 3', async () => {
    const csv = join(work.dir, 'b.csv');
    writeFileSync(csv, `to,amount,token,note\n${addressToBase58(signers[2]!)},1,,a\n${addressToBase58(signers[2]!)},2,1000001,b\n`);
    const r = await station.buildBatch({ csv: readFileSync(csv, 'utf8'), csvName: 'b.csv', from: OWNER, sign: true, permissionId: 2 });
    expect(r).toMatchObject({ count: 2, signed: 2 });
    const txIds = r.rows.map((row) => row.txId);
    for (const txId of txIds) {
      const s = await station.status({ txId });
      expect(s).toMatchObject({ status: 'collecting', approval: { weight: '2' }, view: { signatures: [{}] } });
      expect(s.signers.filter((x) => x.signed).map((x) => x.address.base58)).toEqual([addressToBase58(signers[0]!)]);
    }
    expect(
      station
        .list()
        .entries.filter((x) => txIds.includes(x.txId))
        .map((x) => x.weight),
    ).toEqual(['2', '2']);
  });

  it('import refuses a signer outside the stored permission and stores nothing from that file', async () => {
    const built = await station.buildTransfer({ from: OWNER, to: addressToBase58(signers[1]!), amount: '9', permissionId: 2 });
    const record = station.store.getTransaction(hexToBytes(built.txId))!;
    const outsider = generatePrivateKey();
    const tx = addSignature({ rawBytes: record.raw, signatures: [] }, outsider);
    // The file claims a permission holding the outsider; the station counts against its own.
    const forged = create(PermissionSchema, {
      type: PermissionType.Active,
      id: 2,
      permissionName: 'weighted',
      threshold: 3n,
      operations: defaultActiveOperations(),
      keys: [...signers, addressOfPrivateKey(outsider)].map((address) => ({ address, weight: 1n })),
    });
    const file = join(work.dir, 'forged.json');
    writeFileSync(
      file,
      stringifyHandoff(
        exportHandoff({
          tx,
          permission: {
            address: OWNER,
            permissions: permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [forged] }),
            source: { file: 'x' },
            at: T,
          },
          now: clock,
        }),
      ),
    );
    expect(() => station.importFiles({ files: [{ name: 'forged.json', text: readFileSync(file, 'utf8') }] })).toThrow(/not a key of permission 2/);
    expect(station.store.listSignatures(hexToBytes(built.txId))).toEqual([]);
  });

  it('reissue makes a new transaction, marks the old one expired and says signatures do not carry over', async () => {
    const built = await station.buildTransfer({ from: OWNER, to: addressToBase58(signers[1]!), amount: '7', permissionId: 2, expiresIn: '2h', note: 'rent' });
    await station.sign({ txId: built.txId });
    await expect(station.reissue({ txId: built.txId })).rejects.toThrow(/has 2 h left/);
    clock += 2 * 3_600_000 + 1;
    expect((await station.status({ txId: built.txId })).status).toBe('expired');
    await expect(station.sign({ txId: built.txId })).rejects.toThrow(/re-issue it/);
    const again = await station.reissue({ txId: built.txId, expiresIn: '1h' });
    expect(again.txId).not.toBe(built.txId);
    expect(again.text).toContain('Earlier signatures do not carry over: the 1 signature on the old one must be made again');
    expect(again.transaction).toMatchObject({ status: 'draft', note: 'rent', view: { signatures: [], permissionId: 2 } });
    expect(again.transaction.nodeJson).toEqual((await station.status({ txId: built.txId })).nodeJson);
    expect(station.store.getTransaction(hexToBytes(built.txId))!.status).toBe('expired');
    clock -= 2 * 3_600_000 + 1;
  });

  it('the default expiration is 12 h, settable up to 24 h and no further', async () => {
    expect(station.settings().expiration).toBe('12 h');
    expect((await station.setSetting({ key: 'expiration', value: '20h' })).expiresInMs).toBe(20 * 3_600_000);
    await expect(station.setSetting({ key: 'expiration', value: '25h' })).rejects.toThrow(/at most 24h/);
    expect(station.settings().expiresInMs).toBe(20 * 3_600_000);
    await expect(station.setSetting({ key: '__proto__', value: 'x' })).rejects.toThrow(/unknown setting/);
    await station.setSetting({ key: 'expiration', value: '12h' });
  });

  it('the node dialect is a setting: spec by default, java-tron when set, nothing else', async () => {
    expect(station.settings().dialect).toBe('spec');
    expect((await station.setSetting({ key: 'dialect', value: 'java-tron' })).dialect).toBe('java-tron');
    expect(station.node().dialect).toBe('java-tron');
    await expect(station.setSetting({ key: 'dialect', value: 'tron' })).rejects.toThrow(/spec or java-tron/);
    await station.setSetting({ key: 'dialect', value: 'spec' });
  });

  it('signMany gives, for each digest, a signature of the same key (as sign does)', async () => {
    const digests = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];
    const { openVault } = await import('../../station/vault/open-vault.ts');
    const v = openVault('keystore', { dataDir: join(work.dir, 'st'), passphrase: async () => new TextEncoder().encode('a long test passphrase') });
    const many = await v.signMany(addressToBase58(signers[0]!), digests);
    expect(many.map((s, i) => bytesToHex(recoverSigner(s, digests[i]!)))).toEqual([bytesToHex(signers[0]!), bytesToHex(signers[0]!)]);
    expect(bytesToHex(many[0]!)).toBe(bytesToHex(await v.sign(addressToBase58(signers[0]!), digests[0]!)));
  });
});
