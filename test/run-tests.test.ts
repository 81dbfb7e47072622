// The README's test command ends with the line CI reads, "N passed, N failed[, N skipped]"
// (scripts/run-tests.mjs). Run here on fixture files, for real, through vitest: the line must count
// a failing test, a suite whose hook threw and a file that did not load as failures, and the exit
// code must agree with it. (A hook failure once printed "0 failed".)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'airlock-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runOn(fixture: string): { line: string; status: number | null } {
  const run = spawnSync(process.execPath, ['scripts/run-tests.mjs', '--config', 'test/fixtures/runner/vitest.config.ts', `test/fixtures/runner/${fixture}`], {
    encoding: 'utf8',
    env: { ...process.env, AIRLOCK_TEST_REPORT: join(dir, `${fixture}.json`) },
  });
  const lines = run.stdout.trim().split('\n');
  return { line: lines[lines.length - 1]!, status: run.status };
}

describe('scripts/run-tests.mjs: the closing line', () => {
  it('all green: "2 passed, 0 failed", exit 0', () => {
    expect(runOn('green.fixture.ts')).toEqual({ line: '2 passed, 0 failed', status: 0 });
  });

  it('a failing test: "1 passed, 1 failed", exit 1', () => {
    expect(runOn('red.fixture.ts')).toEqual({ line: '1 passed, 1 failed', status: 1 });
  });

  it('a beforeAll that throws counts as a failure, not only as a skipped test', () => {
    expect(runOn('hook.fixture.ts')).toEqual({ line: '1 passed, 1 failed, 1 skipped', status: 1 });
  });

  it('a file that does not load counts as a failure', () => {
    expect(runOn('broken.fixture.ts')).toEqual({ line: '0 passed, 1 failed', status: 1 });
  });
});
