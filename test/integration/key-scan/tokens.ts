/**
 * The key-bytes scan's cases for tokens: the methods of shared/api/tables/tokens.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import type { ScanCases, ScanContext } from './scan-case.ts';

export const TOKENS_CASES = (_context: ScanContext): ScanCases<'tokens'> => ({
  // No token is issued on this devnet: NOT_FOUND from the node is the answer scanned.
  tokenShow: { expect: 'any', args: () => ({ id: '1000001', fetch: true }) },
  tokenList: { expect: 'ok', args: () => undefined },
});
