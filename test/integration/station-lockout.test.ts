/**
 * The lockout guard in the station (docs/decisions.md §10), with a real store, a real keystore vault and the
 * devnet on port 0: `knownSigners` (local keys, and signers of stored transactions named in a
 * permission this station fetched from the node; test/integration/lockout-forged-signature.test.ts has the rest),
 * `permissionCheck` (rules, diff, fee, verdict), and `buildPermissionUpdate` refusing a lockout,
 * refusing an owner reachable only by unseen keys unless the risk is accepted (API and CLI
 * `--accept-risk owner-unseen-keys`), and nothing stored when it refuses. Then the owner turns a
 * single-key account into 2-of-3, signs, broadcasts, and the node shows the new permissions.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { type Station } from '../../station/station.ts';
import { funded, newKey, SUN, TRANSFER_ONLY_OPS, type Json, type TestKey, type TestNode, startNode } from '../helpers/devnet-helpers.ts';
import { testStation, workDir, type TestStation, keystoreStation } from '../helpers/station-helpers.ts';

const ZERO_BODY = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

let work: { dir: string; remove: () => void };
let node: TestNode;
let station: Station;
let holder: TestKey;
/** Signed a stored transaction here, then its key was deleted: seen, not local. */
let seen: TestKey;
const stranger1 = newKey();
const stranger2 = newKey();

function update(owner: { threshold: number; keys: [string, number][] }, name = 'owner'): Json {
  return {
    visible: true,
    owner_address: holder.b58,
    owner: { type: 'Owner', permission_name: name, threshold: owner.threshold, keys: owner.keys.map(([address, weight]) => ({ address, weight })) },
    actives: [{ type: 'Active', permission_name: 'pay', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: holder.b58, weight: 1 }] }],
  };
}

beforeAll(async () => {
  work = workDir('airlock-lockout-');
  node = await startNode();
  holder = await funded(node, 1_000n * SUN);
  seen = await funded(node, 10n * SUN);
  station = keystoreStation(join(work.dir, 'st'), node.url, () => node.clock.now);
  await station.keysImport({ secret: hexToBytes(holder.priv), label: 'holder' });
  await station.keysImport({ secret: hexToBytes(seen.priv), label: 'seen' });
  await station.accountFetch({ address: holder.b58 });
  // `seen` signs a transfer of its own here; then its key leaves the station.
  const t = await station.buildTransfer({ from: seen.b58, to: holder.b58, amount: '1' });
  await station.sign({ txId: t.txId });
  await station.keysDelete({ address: seen.b58 });
}, 120_000);

afterAll(async () => {
  station?.close();
  await node?.stop();
  work?.remove();
});

describe('known signers', () => {
  it('are the local keys and the signers of stored transactions whose permission was observed from the node', () => {
    expect(station.knownSigners().signers).toEqual(
      [
        { address: holder.b58, local: true, signed: false, proved: false },
        { address: seen.b58, local: false, signed: true, proved: false },
      ].sort((a, b) => (a.address < b.address ? -1 : 1)),
    );
  });
});

describe('permissionCheck', () => {
  it('gives the diff, the fee and the verdict for 2-of-3 with two keys never seen: needs-override', async () => {
    const r = await station.permissionCheck({
      json: update({
        threshold: 2,
        keys: [
          [holder.b58, 1],
          [stranger1.b58, 1],
          [stranger2.b58, 1],
        ],
      }),
    });
    expect(r.valid).toBe(true);
    expect(r.issues).toEqual([]);
    expect(r.lockout!.verdict).toBe('needs-override');
    expect(r.lockout!.owner!.unseen).toEqual([stranger1.b58, stranger2.b58]);
    expect(r.fee).toMatchObject({ multiSignCase: 'never', least: '100000000' });
    expect(r.diff.permissions[0]).toMatchObject({
      change: 'changed',
      threshold: { from: '1', to: '2' },
      keysAdded: [{ address: stranger1.b58 }, { address: stranger2.b58 }],
    });
    expect(r.diff.permissions[1]).toMatchObject({ id: 2, operationsRemoved: expect.arrayContaining(['TransferAssetContract']) });
  });

  it('ok when the keys this station has seen sign reach the owner threshold', async () => {
    const r = await station.permissionCheck({
      json: update({
        threshold: 2,
        keys: [
          [holder.b58, 1],
          [seen.b58, 1],
          [stranger1.b58, 1],
        ],
      }),
    });
    expect(r.lockout!.verdict).toBe('ok');
    expect(r.lockout!.owner!.sets).toHaveLength(3);
  });

  it("a rule broken: every issue at the editor's field path, no verdict", async () => {
    const r = await station.permissionCheck({
      json: update({
        threshold: 4,
        keys: [
          [holder.b58, 1],
          [holder.b58, 1],
        ],
      }),
    });
    expect(r.valid).toBe(false);
    expect(r.lockout).toBeNull();
    expect(r.issues).toEqual([
      { field: 'owner.keys.1.address', message: 'address should be distinct in permission Owner' },
      { field: 'owner.threshold', message: "sum of all key's weight should not be less than threshold in permission Owner" },
    ]);
  });

  it('an account this station does not know is NOT_FOUND, naming what to do', async () => {
    const other = newKey();
    await expect(station.permissionCheck({ json: { ...update({ threshold: 1, keys: [[other.b58, 1]] }), owner_address: other.b58 } })).rejects.toThrow(
      /no copy of account .*: fetch it from the node, or import a snapshot/,
    );
  });
});

describe('buildPermissionUpdate enforces the guard', () => {
  it('refuses a lockout (nobody can hold the zero-body key), even with the risk accepted, and stores nothing', async () => {
    const before = station.list().total;
    const json = update({
      threshold: 3,
      keys: [
        [ZERO_BODY, 5],
        [holder.b58, 1],
      ],
    });
    for (const acceptRisk of [undefined, 'owner-unseen-keys']) {
      await expect(station.buildPermissionUpdate({ json, ...(acceptRisk && { acceptRisk }) })).rejects.toMatchObject({
        code: 'LOCKOUT',
        message: expect.stringMatching(/Nobody listed can reach the owner threshold 3/),
        details: { verdict: 'refused' },
      });
    }
    expect(station.list().total).toBe(before);
  });

  it('refuses an owner reachable only by unseen keys unless the risk is named; a wrong risk name is bad input', async () => {
    const before = station.list().total;
    const json = update({
      threshold: 2,
      keys: [
        [holder.b58, 1],
        [stranger1.b58, 1],
        [stranger2.b58, 1],
      ],
    });
    await expect(station.buildPermissionUpdate({ json })).rejects.toMatchObject({
      code: 'LOCKOUT',
      details: { verdict: 'needs-override', risk: 'owner-unseen-keys' },
    });
    await expect(station.buildPermissionUpdate({ json, acceptRisk: 'yes' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(station.list().total).toBe(before);
    const built = await station.buildPermissionUpdate({ json, acceptRisk: 'owner-unseen-keys' });
    expect(built.transaction.view.kind).toBe('AccountPermissionUpdateContract');
    expect(station.list().total).toBe(before + 1);
    expect(station.auditVerify().ok).toBe(true);
  });

  it('the CLI: permission-check prints the verdict; --accept-risk is what lets the build through', async () => {
    const cli: TestStation = testStation(work.dir, 'cli', { node: node.url, now: () => node.clock.now });
    const keyPath = join(work.dir, 'holder.key');
    writeFileSync(keyPath, `${holder.priv}\n`, { mode: 0o600 });
    await cli.ok(['keys', 'import', '--key-file', keyPath]);
    await cli.ok(['account', 'fetch', holder.b58]);
    const file = join(work.dir, 'perm.json');
    writeFileSync(
      file,
      JSON.stringify(
        update({
          threshold: 2,
          keys: [
            [holder.b58, 1],
            [stranger1.b58, 1],
            [stranger2.b58, 1],
          ],
        }),
      ),
    );
    const check = await cli.run(['permission-check', '--json', file]);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('Lockout guard: needs-override.');
    expect(check.stdout).toContain('Fee: 100 TRX.');
    const refused = await cli.run(['build', 'permission-update', '--json', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('"code": "LOCKOUT"');
    const built = await cli.run(['build', 'permission-update', '--json', file, '--accept-risk', 'owner-unseen-keys']);
    expect(built.code).toBe(0);
    expect(built.stdout.trim()).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('end to end on the devnet', () => {
  it('single key to 2-of-3 with a key seen signing: built without override, signed, broadcast, and the node shows it', async () => {
    const json = update(
      {
        threshold: 2,
        keys: [
          [holder.b58, 1],
          [seen.b58, 1],
          [stranger1.b58, 1],
        ],
      },
      'treasury',
    );
    const built = await station.buildPermissionUpdate({ json });
    const signed = await station.sign({ txId: built.txId });
    expect(signed.status).toBe('ready');
    const sent = await station.broadcast({ txId: built.txId });
    expect(sent.accepted).toBe(true);
    await node.block();
    const account = await station.accountFetch({ address: holder.b58 });
    const owner = account.permissions.find((p) => p.slot === 'owner')!;
    expect([owner.name, owner.threshold, owner.keys.map((k) => k.address.base58)]).toEqual(['treasury', '2', [holder.b58, seen.b58, stranger1.b58]]);
    // The next update is signed by two keys under the new owner: the fee now says so.
    expect((await station.permissionCheck({ json })).fee.multiSignCase).toBe('always');
  });
});
