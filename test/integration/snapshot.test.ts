// The chain snapshot file (docs/decisions.md §7 "Chain snapshot file"): strict import, age, and the rule that a
// transaction built from a snapshot cannot outlive what the node accepts (24 h after the snapshot
// block, and its reference block still among the recent 65,536). The last test builds offline from
// a snapshot of the real devnet and broadcasts: the node accepts what the plan allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { addSignature } from '../../shared/chain/keys.ts';
import { createTransaction } from '../../shared/chain/transaction.ts';
import { buildTransfer } from '../../shared/contracts/transfer.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { formatDuration } from '../../shared/base/duration.ts';
import {
  diffPermissions,
  exportSnapshot,
  latestExpiration,
  parseSnapshot,
  planFromSnapshot,
  readSnapshot,
  snapshotAccount,
  snapshotAge,
  stringifySnapshot,
  type ChainSnapshot,
} from '../../shared/files/snapshot.ts';
import { hasUnsafeText } from '../../shared/base/escape.ts';
import { RECENT_BLOCKS, taposOf } from '../../shared/chain/tapos.ts';
import { NodeClient } from '../../station/node/node-client.ts';
import { K, startNode, type TestNode } from '../helpers/devnet-helpers.ts';
import { MAX_EXPIRATION_MS } from '../../shared/base/limits.ts';

const T0 = 1_800_000_000_000;
const HOUR = 3_600_000;
const block = { number: 70_000, id: bytesToHex(Uint8Array.of(0, 0, 0, 0, 0, 1, 0x11, 0x70)) + 'ab'.repeat(24), timestamp: T0 };
const account = {
  address: K.alice.b58,
  exists: true,
  permissions: {
    owner_permission: { permission_name: 'owner', threshold: 1, keys: [{ address: K.alice.hex, weight: 1 }] },
    active_permission: [
      {
        type: 'Active',
        id: 2,
        permission_name: 'active',
        threshold: 1,
        operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000',
        keys: [{ address: K.alice.hex, weight: 1 }],
      },
    ],
  },
  balance: '99000000000000000',
  tokens: [{ id: '1000001', balance: '5' }],
  source: { node: 'http://127.0.0.1:8090', block: 70_000 },
  at: T0 + 1000,
};
const snap = (): ChainSnapshot =>
  exportSnapshot({ node: 'http://127.0.0.1:8090', block, accounts: [account], fees: { getTransactionFee: 10 }, exportedAt: T0 + 2000 });

describe('export and import', () => {
  it('round-trips through text, JSON-safe, and finds an account by either address form', () => {
    const s = snap();
    expect(s).toMatchObject({
      format: 'airlock.snapshot',
      version: 1,
      block,
      accounts: [account],
      tokens: [],
      fees: { getTransactionFee: 10 },
      exported_at: T0 + 2000,
    });
    expect(parseSnapshot(stringifySnapshot(s))).toEqual(s);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(snapshotAccount(s, K.alice.hex)).toEqual(account);
  });

  it('refuses a foreign format, an unknown version, unknown members, __proto__ and huge input', () => {
    const s = snap() as unknown as Record<string, unknown>;
    expect(() => readSnapshot({ ...s, version: 2 })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_VERSION', message: expect.stringContaining('version 2 is newer') }),
    );
    expect(() => readSnapshot({ ...s, format: 'airlock.handoff' })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_VERSION' }));
    expect(() => readSnapshot({ ...s, extra: true })).toThrow(/snapshot.extra: unknown field/);
    expect(() => parseSnapshot(stringifySnapshot(snap()).replace('"tokens": []', '"tokens": [], "__proto__": {"x": 1}'))).toThrow(
      /snapshot.__proto__: unknown field/,
    );
    const nested = JSON.parse(JSON.stringify(s));
    nested.accounts[0].permissions.owner_permission.evil = 1;
    expect(() => readSnapshot(nested)).toThrow(
      expect.objectContaining({ code: 'BAD_JSON', details: expect.objectContaining({ field: 'snapshot.accounts[0].permissions.owner_permission.evil' }) }),
    );
    expect(() => parseSnapshot(' '.repeat(9 * 1024 * 1024))).toThrow(/larger than 8388608 bytes/);
    expect(() => readSnapshot({ ...s, accounts: Array(1001).fill(account) })).toThrow(/1001 items, at most 1000/);
    expect(() => readSnapshot({ ...s, accounts: [account, account] })).toThrow(/appears twice/);
  });

  it('refuses a block whose id does not begin with its number, and a bad balance', () => {
    const s = snap() as unknown as Record<string, unknown>;
    expect(() => readSnapshot({ ...s, block: { ...block, number: 70_001 } })).toThrow(/does not begin with block number 70001/);
    expect(() => readSnapshot({ ...s, accounts: [{ ...account, balance: '-1' }] })).toThrow(
      expect.objectContaining({ details: expect.objectContaining({ field: 'snapshot.accounts[0].balance' }) }),
    );
  });
});

describe('age and the life of a transaction built from it', () => {
  it('says how old it is', () => {
    expect(snapshotAge(snap(), T0 + 2 * HOUR + 5 * 60_000)).toMatchObject({
      blockAgeMs: 2 * HOUR + 5 * 60_000,
      text: 'block 70000, 2 h 5 min old',
      latestExpiration: T0 + MAX_EXPIRATION_MS,
    });
    expect(formatDuration(40_000)).toBe('40 s');
    expect(formatDuration(50 * HOUR)).toBe('2 d 2 h');
  });

  it('plans TaPoS from the snapshot block and the asked expiration', () => {
    const plan = planFromSnapshot(snap(), { now: T0 + HOUR, expiresInMs: 12 * HOUR });
    expect(plan).toMatchObject({ ...taposOf(block), expiration: T0 + 13 * HOUR, timestamp: T0 + HOUR, warnings: [] });
    expect(bytesToHex(plan.refBlockBytes)).toBe('1170');
  });

  it('a clock under a second behind the block (a head read online) is no warning; one 30 s behind is (issue 24)', () => {
    expect(planFromSnapshot(snap(), { now: T0 - 400, expiresInMs: HOUR }).warnings).toEqual([]);
    expect(planFromSnapshot(snap(), { now: T0 - 30_000, expiresInMs: HOUR }).warnings).toEqual([
      "this clock is 30 s behind the snapshot's block; check the time",
    ]);
  });

  it('refuses an expiration more than 24 h after the snapshot block, saying how long is left', () => {
    expect(() => planFromSnapshot(snap(), { now: T0 + 20 * HOUR, expiresInMs: 5 * HOUR })).toThrow(
      expect.objectContaining({
        code: 'EXPIRED',
        message:
          'an expiration 5 h from now is past what the node accepts from this snapshot (block 70000, 20 h old): at most 4 h is left. Ask for a shorter expiration or export a fresh snapshot.',
      }),
    );
    expect(planFromSnapshot(snap(), { now: T0 + 20 * HOUR, expiresInMs: 4 * HOUR }).expiration).toBe(T0 + MAX_EXPIRATION_MS);
  });

  it('refuses any transaction once the snapshot is too old, with the way forward', () => {
    expect(() => planFromSnapshot(snap(), { now: T0 + MAX_EXPIRATION_MS, expiresInMs: 1000 })).toThrow(
      expect.objectContaining({
        code: 'EXPIRED',
        message: expect.stringContaining('Export a fresh snapshot on an online station (airlock snapshot export)'),
      }),
    );
  });

  it('the reference block must still be among the recent blocks: at 1 s blocks that is sooner than 24 h', () => {
    const limit = T0 + (RECENT_BLOCKS - 1) * 1000;
    expect(latestExpiration(block, 1000)).toBe(limit);
    expect(() => planFromSnapshot(snap(), { now: T0 + HOUR, expiresInMs: 20 * HOUR, blockIntervalMs: 1000 })).toThrow(
      expect.objectContaining({ code: 'EXPIRED' }),
    );
    expect(planFromSnapshot(snap(), { now: T0 + HOUR, expiresInMs: 20 * HOUR }).expiration).toBe(T0 + 21 * HOUR);
  });

  it('warns when little time is left', () => {
    expect(planFromSnapshot(snap(), { now: T0 + 23.5 * HOUR, expiresInMs: 60_000 }).warnings).toEqual([
      'the snapshot is 23 h 30 min old: transactions built from it can live only 30 min more',
    ]);
  });
});

describe('diffPermissions', () => {
  it('names each changed member, and nothing when equal', () => {
    expect(diffPermissions(account.permissions, account.permissions)).toEqual({ changed: false, changes: [] });
    const after = {
      ...account.permissions,
      active_permission: [
        { ...account.permissions.active_permission[0]!, threshold: 2 },
        { type: 'Active', id: 3, threshold: 1, keys: [] },
      ],
    };
    expect(diffPermissions(account.permissions, after).changes).toEqual(['active_permission id 2: threshold 1 → 2', 'active_permission id 3: added']);
  });

  it("a permission name's bidi and invisible characters from the chain are escaped in the words (the broadcast prints them)", () => {
    const renamed = {
      ...account.permissions,
      active_permission: [{ ...account.permissions.active_permission[0]!, permission_name: 'ops\u202Eowner\u2028\u200F' }],
    };
    const [change] = diffPermissions(account.permissions, renamed).changes;
    expect(change).toMatch(/^active_permission id 2: permission_name ".*" → "ops\\u202eowner\\u2028\\u200f"$/);
    expect(hasUnsafeText(change!)).toBe(false);
  });
});

describe('built offline from a snapshot of the devnet', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(() => node.stop());

  it("the node accepts a transaction expiring exactly at the plan's limit, after more blocks were made", async () => {
    const client = new NodeClient({ baseUrl: node.url, clock: () => node.clock.now });
    const s = parseSnapshot(stringifySnapshot(await client.snapshot([K.alice.b58])));
    for (let i = 0; i < 3; i++) await node.block();
    const now = node.clock.now;
    const plan = planFromSnapshot(s, { now, expiresInMs: s.block.timestamp + MAX_EXPIRATION_MS - now });
    const built = createTransaction({ type: 'TransferContract', value: buildTransfer({ owner: K.alice.hex, to: K.bob.hex, amount: 7 }) }, plan);
    const tx = addSignature(built, hexToBytes(K.alice.priv));
    expect(await client.broadcast(tx)).toMatchObject({ accepted: true });
  });
});
