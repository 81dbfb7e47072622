/**
 * The key-bytes scan's cases for trusted exporters (the station's identity is made here, before the snapshot and handoff files, so they are signed with it): the methods of shared/api/tables/exporters.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import type { ScanCases, ScanContext } from './scan-case.ts';

export const EXPORTERS_CASES = (t: ScanContext): ScanCases<'exporters'> => ({
  // The station's identity is made first, so the snapshot and handoff files below are signed with it.
  exporterShow: { expect: 'ok', args: () => undefined },
  exporterPin: { expect: 'ok', args: () => ({ key: t.otherExporter, label: 'online desk' }) },
  exporterList: { expect: 'ok', args: () => undefined },
  exporterUnpin: { expect: 'ok', args: () => ({ key: t.otherExporter }) },
});
