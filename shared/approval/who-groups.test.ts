/**
 * "Who can do what" by group (docs/decisions.md §26): a default active reads as one row per group, rows merge
 * only when the same permissions allow them, and every operation is kept.
 */
import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { KeySchema, PermissionSchema, PermissionType } from '../gen/protocol/core_pb.ts';
import { addressToBase58, addressToHex } from '../chain/address.ts';
import { addressOfPrivateKey, privateKeyFromHex } from '../chain/keys.ts';
import { DEFAULT_ACTIVE_OPERATIONS_HEX, encodeOperations } from '../chain/operations.ts';
import { hexToBytes } from '../base/bytes.ts';
import { permissionView } from '../views/view.ts';
import { whoCanDo, type AnalysedAccount } from './minimal-sets.ts';
import { groupWhoRows } from './who-groups.ts';

const [A, B, ACCOUNT] = ['11', '12', '99'].map((b) => addressOfPrivateKey(privateKeyFromHex(b.repeat(32))));

function account(activeOps: Uint8Array, secondOps?: Uint8Array): AnalysedAccount {
  const p = (type: PermissionType, id: number, threshold: bigint, keys: Uint8Array[], operations?: Uint8Array) =>
    permissionView(
      create(PermissionSchema, {
        type,
        id,
        permissionName: id === 0 ? 'owner' : `a${id}`,
        threshold,
        keys: keys.map((address) => create(KeySchema, { address, weight: 1n })),
        ...(operations && { operations }),
      }),
    );
  return {
    address: addressToBase58(ACCOUNT!),
    hex: addressToHex(ACCOUNT!),
    permissions: [
      p(PermissionType.Owner, 0, 2n, [A!, B!]),
      p(PermissionType.Active, 2, 1n, [A!], activeOps),
      ...(secondOps ? [p(PermissionType.Active, 3, 1n, [B!], secondOps)] : []),
    ],
  };
}

describe('groupWhoRows', () => {
  it('reads the default active as one row per group, titles in words, "any other" last', () => {
    const who = whoCanDo(account(hexToBytes(DEFAULT_ACTIVE_OPERATIONS_HEX)));
    const grouped = groupWhoRows(who.rows);
    expect(who.rows.length).toBeGreaterThan(30);
    expect(grouped.map((g) => g.title)).toEqual([
      'Payments: Transfer, Token transfer',
      'Tokens: 4 operations',
      'Staking and resources: Stake (1.0), Unstake (1.0)',
      'Voting and governance: 6 operations',
      'Smart contracts: 6 operations',
      'Account and permissions: Account creation, Account name, Account id',
      // The default active does not allow the permission update: the owner alone does, a row of its own.
      'Account and permissions: Permission update',
      'Exchange and market: 4 operations',
      'Block production: Executive application, Executive url change',
      'Any other operation',
    ]);
    expect(grouped.flatMap((g) => g.rows).sort((a, b) => (a.id ?? 999) - (b.id ?? 999))).toEqual(who.rows);
  });

  it('splits a group when different permissions allow its operations', () => {
    const who = whoCanDo(account(encodeOperations(['TransferContract']), encodeOperations(['TransferAssetContract'])));
    const grouped = groupWhoRows(who.rows);
    expect(grouped.map((g) => [g.title, g.rows[0]!.permissions.map((p) => p.id)])).toEqual([
      ['Payments: Transfer', [0, 2]],
      ['Payments: Token transfer', [0, 3]],
      ['Account and permissions: Permission update', [0]],
      ['Any other operation', [0]],
    ]);
  });
});
