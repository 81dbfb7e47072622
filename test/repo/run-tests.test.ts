// The README's test command ends with the line CI reads, "N passed, N failed[, N skipped]"
// (scripts/run-tests.mjs). Run here on fixture files, for real, through vitest: the line must count
// a failing test, a suite whose hook threw and a file that did not load as failures, and the exit
// code must agree with it. (A hook failure once printed "0 failed".) With no Secret Service
// reachable, it runs vitest inside a private D-Bus session with an unlocked gnome-keyring, and the
// line and exit code stay exact; without the programs for that, it says what to install.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'airlock-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runOn(fixture: string, env: NodeJS.ProcessEnv = process.env): { line: string; status: number | null; stderr?: string } {
  const run = spawnSync(process.execPath, ['scripts/run-tests.mjs', '--config', 'test/fixtures/runner/vitest.config.ts', `test/fixtures/runner/${fixture}`], {
    encoding: 'utf8',
    env: { ...env, AIRLOCK_TEST_REPORT: join(dir, `${fixture}.json`) },
  });
  const lines = run.stdout.trim().split('\n');
  return env === process.env ? { line: lines[lines.length - 1]!, status: run.status } : { line: lines[lines.length - 1]!, status: run.status, stderr: run.stderr };
}

/** The environment of a machine with no desktop session: no D-Bus session bus to find. */
function noSessionBus(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: join(dir, 'no-runtime') };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.DISPLAY;
  return env;
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

describe('scripts/run-tests.mjs: a Secret Service for the keychain tests', () => {
  it('none reachable: vitest runs in a D-Bus session with an unlocked gnome-keyring, the line and exit code exact', () => {
    expect(runOn('keychain.fixture.ts', noSessionBus())).toMatchObject({ line: '1 passed, 0 failed', status: 0 });
    expect(runOn('red.fixture.ts', noSessionBus())).toMatchObject({ line: '1 passed, 1 failed', status: 1 });
  });

  it('none reachable and no dbus-run-session/gnome-keyring-daemon: it says what to install, and the keychain test fails', () => {
    // Only Node and vitest on the PATH, as on a machine without the Debian packages.
    const env = { ...noSessionBus(), PATH: [resolve('node_modules/.bin'), dirname(process.execPath)].join(':') };
    const run = runOn('keychain.fixture.ts', env);
    expect(run).toMatchObject({ line: '0 passed, 1 failed', status: 1 });
    expect(run.stderr).toMatch(/apt-get install gnome-keyring dbus/);
  });
});
