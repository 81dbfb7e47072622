/**
 * The key-bytes scan's cases for accounts and snapshots: the methods of shared/api/tables/accounts.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import type { ScanCases, ScanContext } from './scan-case.ts';

export const ACCOUNTS_CASES = (t: ScanContext): ScanCases<'accounts'> => ({
  accountFetch: { expect: 'ok', args: () => ({ address: t.holder.b58 }) },
  accountShow: { expect: 'ok', args: () => ({ address: t.holder.b58 }) },
  accountResources: { expect: 'ok', args: () => ({ address: t.holder.b58 }) },
  accountsList: { expect: 'ok', args: () => undefined },
  accountRemove: { expect: 'any', args: () => ({ address: t.to.b58 }) },
  snapshotExport: {
    expect: 'ok',
    args: () => ({ accounts: [t.holder.b58] }),
    keep: (v) => (t.got.snapshot = { fileName: v.fileName as string, text: v.text as string }),
  },
  snapshotImport: { expect: 'ok', args: () => ({ fileName: t.got.snapshot!.fileName, text: t.got.snapshot!.text }) },
  snapshotList: { expect: 'ok', args: () => undefined },
  // No block 999999 is stored: NOT_FOUND is the answer scanned (the online builds below need no block).
  snapshotRemove: { expect: 'any', args: () => ({ id: 999_999 }) },
});
