/**
 * The key-bytes scan's cases for the station itself: its identity, settings, node test and audit check: the methods of shared/api/tables/settings.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import type { ScanCases, ScanContext } from './scan-case.ts';

export const SETTINGS_CASES = (_context: ScanContext): ScanCases<'settings'> => ({
  appInfo: { expect: 'ok', args: () => undefined },
  settings: { expect: 'ok', args: () => undefined },
  setSetting: { expect: 'ok', args: () => ({ key: 'expiration', value: '2h' }) },
  nodeTest: { expect: 'ok', args: () => ({}) },
  auditVerify: { last: true, expect: 'ok', args: () => undefined },
});
