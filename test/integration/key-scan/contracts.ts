/**
 * The key-bytes scan's cases for the station's list of smart contracts: the methods of shared/api/tables/contracts.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import type { ScanCases, ScanContext } from './scan-case.ts';

export const CONTRACTS_CASES = (t: ScanContext): ScanCases<'contracts'> => ({
  // The devnet of this branch runs no EVM: the constant calls fail, so no TRC-20 facts; scanned all the same.
  contractAdd: { expect: 'any', args: () => ({ address: t.to.b58, name: 'Token', symbol: 'TKN', decimals: 6 }) },
  contractList: { expect: 'ok', args: () => undefined },
  trc20FeeLimit: { expect: 'any', args: () => ({ kind: 'transfer', from: t.holder.b58, to: t.to.b58, token: t.to.b58, amount: '1', units: 'smallest' }) },
  contractRemove: { last: true, expect: 'any', args: () => ({ address: t.to.b58 }) },
});
