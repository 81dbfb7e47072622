/**
 * shared/approval/permission-fee.ts: the update's fee (100 TRX) and the multi-signature fee (1 TRX), which
 * the node charges by signature COUNT > 1 (PROTOCOL.md §3), decided from the signing permission.
 */
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { KeySchema, PermissionSchema } from '../gen/protocol/core_pb.ts';
import { addressFromHex } from '../chain/address.ts';
import { MULTI_SIGN_FEE, permissionUpdateFee, UPDATE_ACCOUNT_PERMISSION_FEE } from './permission-fee.ts';

const KEYS = ['4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a', '411c5a77d9fa7ef466951b2f01f724bca3a5820b63', '4103a1bba60b5aa37094cf16123add674c01589488'].map(
  (h) => addressFromHex(h),
);
const signing = (threshold: bigint, weights: bigint[]) =>
  create(PermissionSchema, { threshold, keys: weights.map((weight, i) => create(KeySchema, { address: KEYS[i]!, weight })) });

describe('permission update fee', () => {
  it('uses the protocol defaults', () => {
    expect(UPDATE_ACCOUNT_PERMISSION_FEE).toBe(100_000_000n);
    expect(MULTI_SIGN_FEE).toBe(1_000_000n);
  });

  it('a single-key permission: 100 TRX, never the multi-signature fee', () => {
    const f = permissionUpdateFee(signing(1n, [1n]));
    expect(f).toMatchObject({ multiSignCase: 'never', fewestSignatures: 1, least: '100000000', most: '100000000', text: '100 TRX' });
  });

  it('2-of-3: at least two signatures, so 101 TRX', () => {
    const f = permissionUpdateFee(signing(2n, [1n, 1n, 1n]));
    expect(f).toMatchObject({ multiSignCase: 'always', fewestSignatures: 2, least: '101000000', most: '101000000' });
    expect(f.text).toBe("101 TRX: the update's fee 100 TRX and the multi-signature fee 1 TRX (at least 2 signatures are needed)");
  });

  it('by signature count, not threshold: one weight-2 key reaches threshold 2 alone; a second signer adds 1 TRX', () => {
    const f = permissionUpdateFee(signing(2n, [2n, 1n, 1n]));
    expect(f).toMatchObject({ multiSignCase: 'if-more-than-one', fewestSignatures: 1, least: '100000000', most: '101000000' });
    expect(f.text).toBe('100 TRX; 1 TRX more if signed by more than one key');
  });

  it('takes other fee settings (a network that changed them by proposal)', () => {
    expect(permissionUpdateFee(signing(2n, [1n, 1n]), { update: 5_000_000n, multiSign: 0n }).least).toBe('5000000');
  });
});
