#!/usr/bin/env node
// The README's test command. Runs vitest once with its normal console reporter plus a JSON report,
// then prints the plain closing line CI reads: "N passed, N failed, N skipped". The exit code is
// vitest's own, or 1 when the report is missing (vitest crashed before it wrote one).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const report = join(process.cwd(), '.vitest-report.json');
rmSync(report, { force: true });
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync('vitest', args, { stdio: 'inherit', shell: false });
if (run.error) {
  console.error(`could not start vitest: ${run.error.message}`);
  process.exit(1);
}
if (!existsSync(report)) {
  console.log('0 passed, 1 failed');
  process.exit(run.status || 1);
}
const r = JSON.parse(readFileSync(report, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
// A suite that fails to load reports no tests; count it as a failure so it cannot pass silently.
const failedSuites = (r.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length;
const failed = (r.numFailedTests ?? 0) + failedSuites;
console.log(`${r.numPassedTests ?? 0} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status ?? (failed ? 1 : 0));
