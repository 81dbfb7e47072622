/**
 * The station's own rule for a new block key (docs/decisions.md §18 "An executive-key change warns, before it
 * can be built"; spec §4.10): the editor warns, but the renderer is untrusted and the command line
 * has no editor, so `buildPermissionUpdate` itself refuses an update that gives the executive
 * permission a key it does not have, unless the caller says the producing node holds it
 * (`executiveKeyHeld`, `--executive-key-held`). The refusal names the key and the node settings,
 * and nothing is stored; a build that says so is audited; an update that keeps the block key needs
 * nothing. Whether the account is an executive is the station's copy's word, not the JSON's: an
 * executive permission for an account that is not one, or none for one that is, is refused as the
 * node would. The local devnet's executive account, read from the node by a CLI station; and an
 * executive account stored without an executive permission, whose block key is its own address.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_FILE_NAME } from '../../station/store/store.ts';
import { create, toBinary } from '@bufbuild/protobuf';
import { AccountSchema, KeySchema, PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { openRealStation, TEST_ADDRESSES } from '../helpers/real-station.ts';
import { dispatch } from '../../shared/api/api-contract.ts';
import { STATION_API } from '../../shared/api/station-api.ts';
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { DEFAULT_GENESIS_JSON } from '../../devnet/genesis.ts';
import { funded, newKey, startNode, SUN, type TestNode } from '../helpers/devnet-helpers.ts';
import { jsonFile, storedRows, testStation, workDir, type TestStation } from '../helpers/station-helpers.ts';
import { errorOf } from '../helpers/cli-pair.ts';

const EXECUTIVE = addressToBase58(parseAddress(DEFAULT_GENESIS_JSON.producer.localExecutiveAccountAddress));

let node: TestNode;
let work: { dir: string; remove: () => void };
let S: TestStation;

beforeAll(async () => {
  node = await startNode();
  work = workDir('airlock-executive-key-');
  S = testStation(work.dir, 's', { node: node.url, now: () => node.clock.now });
  await S.ok(['account', 'fetch', EXECUTIVE]);
}, 60_000);

afterAll(async () => {
  await node?.stop();
  work?.remove();
});

/**
 * The node's AccountPermissionUpdateContract JSON for `owner`: its owner and one active hold
 * `owner`'s own key; an executive permission named `executiveName` holds `blockKey` when one is given.
 */
function updateJson(owner: string, blockKey?: string, executiveName = 'witness') {
  const own = [{ address: owner, weight: 1 }];
  return {
    owner_address: owner,
    visible: true,
    owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: own },
    ...(blockKey !== undefined && { executive: { type: 'Witness', permission_name: executiveName, threshold: 1, keys: [{ address: blockKey, weight: 1 }] } }),
    actives: [
      { type: 'Active', permission_name: 'active', threshold: 1, operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000', keys: own },
    ],
  };
}

/** An update of the executive account whose executive permission holds `blockKey`, written to `name`. */
const update = (name: string, blockKey: string): string => jsonFile(work.dir, name, updateJson(EXECUTIVE, blockKey));
// The station holds no key of this account and has seen none sign: the lockout guard's own risk is accepted throughout.
const build = (file: string, ...more: string[]) => S.run(['build', 'permission-update', '--json', file, '--accept-risk', 'owner-unseen-keys', ...more]);
/** The audit log's [action, subject, details] rows, read from the store file itself (read-only). */
function auditActions(s: TestStation): [string, string, unknown][] {
  const db = new Database(join(s.dataDir, STORE_FILE_NAME), { readonly: true });
  try {
    return (db.prepare('SELECT action, subject, details FROM audit ORDER BY seq').all() as { action: string; subject: string; details: string }[]).map((r) => [
      r.action,
      r.subject,
      JSON.parse(r.details),
    ]);
  } finally {
    db.close();
  }
}

describe('a new block key', () => {
  it('is refused in words naming the key and the node settings, with nothing stored', async () => {
    const next = newKey().b58;
    const before = storedRows(S.dataDir, 'transactions');
    const r = await build(update('new-key.json', next));
    expect(r.code).toBe(1);
    const e = errorOf(r);
    expect(e.code).toBe('LOCKOUT');
    expect(e.message).toBe(
      `The update makes ${next} the key that signs this account's blocks: the producing node must hold it first (its localexecutive setting, with localExecutiveAccountAddress), or the chain stops. Set it, then build again saying the key is held. Nothing was built.`,
    );
    expect(storedRows(S.dataDir, 'transactions')).toBe(before);
  });

  it('is built when the caller says the producing node holds it, and the audit log says so', async () => {
    const next = newKey().b58;
    const r = await build(update('held.json', next), '--executive-key-held');
    expect(r.code).toBe(0);
    const txId = r.stdout.trim();
    expect((await S.ok(['status', txId])).view.kind).toBe('AccountPermissionUpdateContract');
    expect(auditActions(S)).toContainEqual(['permission.executive-key-held', txId, { keys: [next] }]);
  });

  it('an update that keeps the block key needs nothing said', async () => {
    const shown = (await S.ok(['account', 'show', EXECUTIVE])) as { permissions: { slot: string; keys: { address: { base58: string } }[] }[] };
    const blockKey = shown.permissions.find((p) => p.slot === 'executive')!.keys[0]!.address.base58;
    const r = await build(update('same.json', blockKey));
    expect(r.code).toBe(0);
    expect(auditActions(S).filter(([a, t]) => a === 'permission.executive-key-held' && t === r.stdout.trim())).toEqual([]);
  });
});

describe('an executive account whose stored copy has no executive permission', () => {
  // The node reads such an account's block key as its own address (the default executive
  // permission): the editor's diff and the station's rule both count from that default.
  it('keeping its own address as the block key is no change; any other key still needs saying', async () => {
    const s = await openRealStation({ count: 0 });
    try {
      const address = parseAddress(TEST_ADDRESSES.A);
      const account = create(AccountSchema, {
        address,
        balance: 1_000_000_000n,
        isExecutive: true,
        ownerPermission: create(PermissionSchema, {
          type: PermissionType.Owner,
          permissionName: 'owner',
          threshold: 1n,
          keys: [create(KeySchema, { address, weight: 1n })],
        }),
      });
      s.store.putAccount({ address, account: toBinary(AccountSchema, account), source: { kind: 'node', url: 'http://127.0.0.1:8090' }, fetchedAt: s.now() });
      const update = (blockKey: string) => JSON.stringify(updateJson(TEST_ADDRESSES.A, blockKey, 'executive'));
      const check = await s.handlers.permissionCheck({ json: update(TEST_ADDRESSES.A) });
      expect(check.diff.permissions.find((p) => p.slot === 'executive')?.change).toBe('same');
      expect((await s.handlers.buildPermissionUpdate({ json: update(TEST_ADDRESSES.A) })).txId).toMatch(/^[0-9a-f]{64}$/);
      await expect(s.handlers.buildPermissionUpdate({ json: update(TEST_ADDRESSES.B) })).rejects.toMatchObject({
        code: 'LOCKOUT',
        details: { verdict: 'executive-key' },
      });
      // Said not held, through the API table as the renderer calls it: the same refusal, not bad input.
      const notHeld = await dispatch(STATION_API, s.handlers, 'buildPermissionUpdate', { json: update(TEST_ADDRESSES.B), executiveKeyHeld: false });
      expect(notHeld.ok === false && notHeld.error).toMatchObject({ code: 'LOCKOUT', details: { verdict: 'executive-key' } });
    } finally {
      s.close();
    }
  });
});

describe("whether the account is an executive: the station's copy says, not the JSON", () => {
  it('an executive permission for an account that is not an executive is refused as the node would, even said held', async () => {
    const plain = await funded(node, 100n * SUN);
    await S.ok(['account', 'fetch', plain.b58]);
    const file = jsonFile(work.dir, 'not-executive.json', updateJson(plain.b58, newKey().b58));
    const before = storedRows(S.dataDir, 'transactions');
    const r = await build(file, '--executive-key-held');
    expect(r.code).toBe(1);
    expect(errorOf(r)).toMatchObject({ code: 'CONTRACT_VALIDATE', message: "account isn't executive can't set executive permission" });
    expect(storedRows(S.dataDir, 'transactions')).toBe(before);
  });

  it("an executive account's update without its executive permission is refused", async () => {
    const file = jsonFile(work.dir, 'no-executive.json', updateJson(EXECUTIVE));
    const r = await build(file);
    expect(r.code).toBe(1);
    expect(errorOf(r)).toMatchObject({ code: 'CONTRACT_VALIDATE', message: 'executive permission is missed' });
  });
});
