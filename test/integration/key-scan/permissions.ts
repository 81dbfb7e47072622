/**
 * The key-bytes scan's cases for permission analysis: the methods of shared/api/tables/permissions.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import { TRANSFER_ONLY_OPS } from '../../helpers/devnet-helpers.ts';
import type { ScanCases, ScanContext } from './scan-case.ts';

export const PERMISSIONS_CASES = (t: ScanContext): ScanCases<'permissions'> => ({
  permissionCheck: {
    expect: 'ok',
    args: () => ({
      json: JSON.stringify({
        owner_address: t.holder.b58,
        owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [{ address: t.holder.b58, weight: 1 }] },
        actives: [{ type: 'Active', permission_name: 'pay', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: t.holder.b58, weight: 1 }] }],
        visible: true,
      }),
    }),
  },
  knownSigners: { expect: 'ok', args: () => undefined },
});
