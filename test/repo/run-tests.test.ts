// The README's test command ends with the line CI reads, "N passed, N failed[, N skipped]"
// (scripts/run-tests.mjs). Run here on fixture files, for real, through vitest: the line must count
// a failing test, a suite whose hook threw and a file that did not load as failures, and the exit
// code must agree with it. (A hook failure once printed "0 failed".) With no Secret Service
// reachable, it runs vitest inside a private D-Bus session with an unlocked gnome-keyring, and the
// line and exit code stay exact.
//
// Prerequisites (docs/decisions.md §15): on a machine without chromium, dbus and gnome-keyring, the runner installs
// them with apt-get when it runs as root, or else fails at once with one line naming the packages and
// the command, before any test runs, so no test is ever skipped for want of a program. The machine is
// simulated by the PATH: a folder of links to every program in /usr/bin but those three and apt-get,
// and, for the install path, a stand-in apt-get that records its arguments and "installs" a package by
// linking the real program into a folder on the PATH.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'airlock-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runOn(fixture: string, env: NodeJS.ProcessEnv = process.env): { line: string; status: number | null; stderr?: string; stdout?: string } {
  const run = spawnSync(process.execPath, ['scripts/run-tests.mjs', '--config', 'test/fixtures/runner/vitest.config.ts', `test/fixtures/runner/${fixture}`], {
    encoding: 'utf8',
    env: { ...env, AIRLOCK_TEST_REPORT: join(dir, `${fixture}.json`) },
  });
  const lines = run.stdout.trim().split('\n');
  return env === process.env
    ? { line: lines[lines.length - 1]!, status: run.status }
    : { line: lines[lines.length - 1]!, status: run.status, stderr: run.stderr, stdout: run.stdout };
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
});

/** The programs the three Debian packages provide, and apt-get: absent from the simulated machine. */
const PACKAGED = ['chromium', 'dbus-run-session', 'gnome-keyring-daemon', 'apt-get'];

/** A folder of links to every program in /usr/bin except PACKAGED, plus this Node as `node`. */
function bareMachine(): string {
  const bin = join(dir, 'bare-bin');
  if (existsSync(bin)) return bin;
  mkdirSync(bin);
  for (const name of readdirSync('/usr/bin')) if (!PACKAGED.includes(name) && name !== 'node') symlinkSync(join('/usr/bin', name), join(bin, name));
  symlinkSync(process.execPath, join(bin, 'node'));
  return bin;
}

/** A stand-in apt-get: logs each call; `install` links the real programs into `installed/`. */
function fakeAptGet(name: string, fails: boolean): { path: string; log: string; installed: string } {
  const root = join(dir, name);
  const [bin, installed, log] = [join(root, 'bin'), join(root, 'installed'), join(root, 'apt.log')];
  mkdirSync(bin, { recursive: true });
  mkdirSync(installed, { recursive: true });
  const links = PACKAGED.slice(0, 3)
    .map((p) => `ln -sf /usr/bin/${p} ${installed}/${p}`)
    .join('; ');
  const script = `#!/bin/sh\necho "$*" >> ${log}\n${fails ? 'exit 100' : `if [ "$1" = install ]; then ${links}; fi`}\n`;
  writeFileSync(join(bin, 'apt-get'), script);
  chmodSync(join(bin, 'apt-get'), 0o755);
  return { path: [installed, bin].join(':'), log, installed };
}

const ONE_LINE =
  'run-tests: the browser and keychain tests need chromium dbus gnome-keyring (missing: chromium, dbus-run-session, gnome-keyring-daemon); ' +
  'install them as root: apt-get install -y --no-install-recommends chromium dbus gnome-keyring\n';

describe('scripts/run-tests.mjs: prerequisites on a fresh machine', () => {
  it('missing chromium, dbus and gnome-keyring with no apt-get: one line naming the packages and the command, before any test', () => {
    const env = { ...noSessionBus(), PATH: [resolve('node_modules/.bin'), bareMachine()].join(':') };
    const run = runOn('green.fixture.ts', env);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(ONE_LINE);
    // vitest never started: nothing on stdout, no report written.
    expect(run.stdout).toBe('');
    expect(existsSync(join(dir, 'green.fixture.ts.json'))).toBe(false);
  });

  it('missing, with apt-get: as root it installs them and the run goes on; as anyone else it fails at once', () => {
    const apt = fakeAptGet('apt-ok', false);
    const env = { ...noSessionBus(), PATH: [apt.path, resolve('node_modules/.bin'), bareMachine()].join(':') };
    const run = runOn('green.fixture.ts', env);
    if (process.getuid?.() === 0) {
      expect(run).toMatchObject({ line: '2 passed, 0 failed', status: 0 });
      expect(run.stderr).toMatch(/^run-tests: installing chromium dbus gnome-keyring \(apt-get, as root\)/);
      expect(readFileSync(apt.log, 'utf8')).toBe('update -qq\ninstall -y -qq --no-install-recommends chromium dbus gnome-keyring\n');
      expect(readdirSync(apt.installed).sort()).toEqual(['chromium', 'dbus-run-session', 'gnome-keyring-daemon']);
    } else {
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(ONE_LINE);
      expect(existsSync(apt.log)).toBe(false);
    }
  });

  it('an install that fails (as root) ends in the same one line, before any test', () => {
    const apt = fakeAptGet('apt-fails', true);
    const env = { ...noSessionBus(), PATH: [apt.path, resolve('node_modules/.bin'), bareMachine()].join(':') };
    const run = runOn('green.fixture.ts', env);
    expect(run.status).toBe(1);
    // As root the runner tried apt-get first (and said so); as anyone else it never does.
    const tried = process.getuid?.() === 0 ? 'run-tests: installing chromium dbus gnome-keyring (apt-get, as root) for the browser and keychain tests\n' : '';
    expect(run.stderr).toBe(tried + ONE_LINE);
    expect(run.stdout).toBe('');
  });
});
