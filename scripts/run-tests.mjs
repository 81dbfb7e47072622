#!/usr/bin/env node
// The README's test command. Runs vitest once with its normal console reporter plus a JSON report,
// then prints the plain closing line CI reads: "N passed, N failed[, N skipped]".
//
// Invariant: the line never says "0 failed" for a run vitest failed. A test file that failed with no
// failing test of its own (a beforeAll/afterAll hook threw, or the file did not load) counts as one
// failure; an error outside every file (vitest exits non-zero, nothing counted) counts as one too.
// The exit code is vitest's own, or 1 when the report is missing (vitest crashed before writing it).
// AIRLOCK_TEST_REPORT moves the JSON report (the runner's own test uses it).
//
// Prerequisites (docs/decisions.md §15: `npm test` on a fresh Debian machine ends "N passed, 0 failed", and no test
// is ever skipped for want of a program). On Linux the browser tests drive Debian's chromium, and the
// keychain tests need a real Secret Service (docs/decisions.md §7): when none is reachable, vitest runs inside a
// private D-Bus session (dbus-run-session, package dbus) with a gnome-keyring-daemon (package
// gnome-keyring) unlocked with a throwaway password, its keyring files in a temporary directory
// (never the user's own), removed afterwards. Before vitest starts, the runner looks for each program
// on the PATH. When one is missing it installs the packages with apt-get if it runs as root and
// apt-get is there (as on CI and a fresh container); otherwise it fails at once, before any test, with
// one line naming the packages and the command that installs them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const report = process.env.AIRLOCK_TEST_REPORT ?? join(process.cwd(), '.vitest-report.json');
rmSync(report, { force: true });
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];

function onPath(program) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, program)));
}

/** True when the keyring library can already search a Secret Service (a desktop session, or CI's own). */
function secretServiceReachable() {
  const probe = spawnSync(process.execPath, ['-e', "require('@napi-rs/keyring').findCredentials('Airlock test runner probe')"], {
    stdio: 'ignore',
    timeout: 20_000,
  });
  return probe.status === 0;
}

/** Program on the PATH → the Debian package that provides it. */
const CHROMIUM = { program: 'chromium', pkg: 'chromium' };
const KEYRING = [
  { program: 'dbus-run-session', pkg: 'dbus' },
  { program: 'gnome-keyring-daemon', pkg: 'gnome-keyring' },
];

function missingPrograms(needKeyring) {
  if (process.platform !== 'linux') return [];
  return [CHROMIUM, ...(needKeyring ? KEYRING : [])].filter((p) => !onPath(p.program));
}

const needKeyring = process.platform === 'linux' && !secretServiceReachable();
let missing = missingPrograms(needKeyring);
if (missing.length > 0) {
  const pkgs = [...new Set(missing.map((p) => p.pkg))];
  const asRoot = process.getuid?.() === 0 && onPath('apt-get');
  if (asRoot) {
    console.error(`run-tests: installing ${pkgs.join(' ')} (apt-get, as root) for the browser and keychain tests`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env };
    const ok =
      spawnSync('apt-get', ['update', '-qq'], quiet).status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], quiet).status === 0;
    missing = ok ? missingPrograms(needKeyring) : missing;
  }
  if (missing.length > 0) {
    const still = [...new Set(missing.map((p) => p.pkg))];
    console.error(
      `run-tests: the browser and keychain tests need ${still.join(' ')} (missing: ${missing.map((p) => p.program).join(', ')}); ` +
        `install them as root: apt-get install -y --no-install-recommends ${still.join(' ')}`,
    );
    process.exit(1);
  }
}

let command = 'vitest';
let commandArgs = args;
let keyrings;
if (needKeyring) {
  keyrings = mkdtempSync(join(tmpdir(), 'airlock-test-keyring-'));
  const script =
    'printf %s airlock-tests | XDG_DATA_HOME="$0" gnome-keyring-daemon --unlock --components=secrets >/dev/null ' +
    '|| echo "run-tests: gnome-keyring-daemon did not start; the keychain tests will fail" >&2; exec vitest "$@"';
  command = 'dbus-run-session';
  commandArgs = ['--', 'sh', '-c', script, keyrings, ...args];
}

const run = spawnSync(command, commandArgs, { stdio: 'inherit', shell: false });
if (keyrings) rmSync(keyrings, { recursive: true, force: true });
if (run.error) {
  console.error(`could not start ${command}: ${run.error.message}`);
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
