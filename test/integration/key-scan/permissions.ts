/**
 * The key-bytes scan's cases for permission analysis: the methods of shared/api/tables/permissions.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import { holderOnlyUpdate, type ScanCases, type ScanContext } from './scan-case.ts';

export const PERMISSIONS_CASES = (t: ScanContext): ScanCases<'permissions'> => ({
  permissionCheck: {
    expect: 'ok',
    args: () => ({
      json: holderOnlyUpdate(t),
    }),
  },
  knownSigners: { expect: 'ok', args: () => undefined },
});
