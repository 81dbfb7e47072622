#!/usr/bin/env node
// The README's test command. Runs vitest once with its normal console reporter plus a JSON report,
// then prints the plain closing line CI reads: "N passed, N failed[, N skipped]".
//
// Invariant: the line never says "0 failed" for a run vitest failed. A test file that failed with no
// failing test of its own (a beforeAll/afterAll hook threw, or the file did not load) counts as one
// failure; an error outside every file (vitest exits non-zero, nothing counted) counts as one too.
// The exit code is vitest's own, or 1 when the report is missing (vitest crashed before writing it).
// AIRLOCK_TEST_REPORT moves the JSON report (the runner's own test uses it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const report = process.env.AIRLOCK_TEST_REPORT ?? join(process.cwd(), '.vitest-report.json');
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
const filesFailedWithoutATest = (r.testResults ?? []).filter(
  (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
).length;
let failed = (r.numFailedTests ?? 0) + filesFailedWithoutATest;
if (failed === 0 && run.status !== 0) failed = 1;
console.log(`${r.numPassedTests ?? 0} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status ?? (failed ? 1 : 0));
