/**
 * `airlock account show ADDR` as text: a permission name the view has already escaped is printed
 * escaped once, as the screen shows it (a real U+202E as `\u{202E}`, a typed backslash as `\\`),
 * and nothing in the output can move the cursor or reorder text. An offline station on a keystore
 * vault, the account from a snapshot file, in process.
 */
import { afterAll, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { KeySchema, PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { addressFromHex, addressToBase58 } from '../../shared/chain/address.ts';
import { hasUnsafeText } from '../../shared/base/escape.ts';
import { permissionsToJson } from '../../shared/files/snapshot.ts';
import { oneAccountSnapshot, testStation, workDir } from '../helpers/station-helpers.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const OWNER = addressFromHex('4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a');
const work = workDir('airlock-account-text-');
afterAll(() => work.remove());

it('prints a permission name with a U+202E and a typed backslash escaped once', async () => {
  const perm = (type: PermissionType, name: string, id: number) =>
    create(PermissionSchema, {
      type,
      id,
      permissionName: name,
      threshold: 1n,
      keys: [create(KeySchema, { address: OWNER, weight: 1n })],
      ...(type === PermissionType.Active && { operations: new Uint8Array(32).fill(0xff) }),
    });
  const permissions = permissionsToJson({ owner: perm(PermissionType.Owner, 'own\u202Eer', 0), actives: [perm(PermissionType.Active, 'ops\\u{202E}', 2)] });
  const file = join(work.dir, 'snap.json');
  writeFileSync(file, oneAccountSnapshot(addressToBase58(OWNER), permissions, NOW, '5000000'));
  const S = testStation(work.dir, 's', { now: () => NOW });
  await S.ok(['snapshot', 'import', file]);
  const r = await S.run(['account', 'show', addressToBase58(OWNER)]);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('owner permission 0 "own\\u{202E}er"');
  expect(r.stdout).toContain('active permission 2 "ops\\\\u{202E}"');
  expect(r.stdout.split('\n').some(hasUnsafeText)).toBe(false);
  // docs/decisions.md §26: the active's operations by group in plain words, not java-tron's names.
  expect(r.stdout).toContain('    Payments: Transfer, Token transfer\n');
  expect(r.stdout).toContain('    Staking and resources: Stake (1.0), Unstake (1.0), Stake, Unstake, Unstaked withdrawal, Resource delegation');
  expect(r.stdout).not.toContain('TransferContract');
});
