// `npm start`, the README's first set-up command, run for real through npm on a machine with no
// display and no Electron binary (docs/decisions.md §8): it says in one line why there is no window, serves the
// station through the loopback bridge at the one address it prints, the token guards every call,
// the calls reach the station on the data directory given, and SIGTERM stops it all. (A missing
// entry point once broke this with every other test green.) The page is the built renderer in
// Debian's headless Chromium.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnWatched, stopGroup, type WatchedProcess } from '../helpers/devnet-helpers.ts';
import { launchChromium } from '../helpers/shell-helpers.ts';

let dir: string;
let nodeUrl: string;
/** The data directory's name carries a bidi override, which the terminal must be shown escaped. */
let dataDir: string;
let run: WatchedProcess;
let origin: string;
let token: string;
let bridgePort: number;

/** A port nothing listens on now: one the system gave a server that is closed again. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-start-'));
  dataDir = join(dir, 'station\u202Etxt');
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  // docs/decisions.md §26: the bridge's port is chosen with --bridge-port (a free one found here first).
  bridgePort = await freePort();
  run = spawnWatched('npm', ['start', '--silent', '--', '--data-dir', dataDir, '--node-port', '0', '--bridge-port', String(bridgePort)], { group: true, env });
  const [, printedOrigin, printedToken] = await run.waitFor(/^(http:\/\/127\.0\.0\.1:\d+)\/#token=([A-Za-z0-9_-]{43})$/m);
  origin = printedOrigin!;
  token = printedToken!;
  nodeUrl = run.output().match(/^Local node: (http:\/\/127\.0\.0\.1:\d+),/m)![1]!;
}, 180_000);

afterAll(async () => {
  if (run.child.exitCode === null && run.child.signalCode === null) stopGroup(run);
  await run.exit;
  rmSync(dir, { recursive: true, force: true });
});

const call = (method: string, headers: Record<string, string>, body = ''): Promise<Response> =>
  fetch(`${origin}/api/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

describe('npm start without Electron (README set-up command)', () => {
  it('serves the bridge on the port --bridge-port names (issue 26)', () => {
    expect(origin).toBe(`http://127.0.0.1:${bridgePort}`);
  });

  it('refuses a --bridge-port already in use in words, and stops the node it started', async () => {
    const env = { ...process.env };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const taken = spawnWatched('npm', ['start', '--silent', '--', '--data-dir', join(dir, 'taken'), '--node-port', '0', '--bridge-port', String(bridgePort)], {
      group: true,
      env,
    });
    expect(await taken.exit).toBe(2);
    expect(taken.output()).toContain(`the bridge's port ${bridgePort} on 127.0.0.1 is in use: choose another with --bridge-port N`);
  }, 120_000);

  it('refuses a --bridge-port that is not a port, naming it, before anything starts', async () => {
    const bad = spawnWatched('npm', ['start', '--silent', '--', '--data-dir', join(dir, 'bad'), '--bridge-port', '70000']);
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toMatch(/bridge-port/);
  });

  it('says why there is no window in one line, and starts the local node with its chain in the data directory', () => {
    const out = run.output();
    expect(out).toContain('Airlock: an offline signing station');
    expect(out.split('\n').filter((line) => line.startsWith('No desktop window: '))).toEqual([
      'No desktop window: no display (neither DISPLAY nor WAYLAND_DISPLAY is set). Serving the station through the loopback bridge instead. Open:',
    ]);
    expect(out).toMatch(/^Local node: http:\/\/127\.0\.0\.1:\d+, chain in /m);
    expect(out).toContain(`Station data: ${join(dir, 'station\\u{202E}txt')}\n`);
    expect(out).not.toContain('\u202E');
    expect(statSync(join(dataDir, 'devnet.sqlite')).isFile()).toBe(true);
  });

  it('refuses a call without the token, and a call with it reaches the station on the data directory given', async () => {
    const refused = await call('settings', {});
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    const auth = { Authorization: `Bearer ${token}` };
    expect(await (await call('appInfo', auth)).json()).toMatchObject({ ok: true, value: { name: 'Airlock', dataDir } });
    // The station's services answer, talking to the node npm start runs (on a free port here).
    expect(await (await call('settings', auth)).json()).toMatchObject({ ok: true, value: { node: nodeUrl } });
    expect(await (await call('list', auth, '{}')).json()).toMatchObject({ ok: true, value: { total: 0 } });
  });

  it('serves the renderer: the first screen loads in headless Chromium with no page error', async () => {
    const context = await launchChromium(join(dir, 'profile'));
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      await page.goto(`${origin}/#token=${token}`);
      await page.getByRole('heading', { name: 'Queue' }).waitFor();
      await page.getByText('0 transaction(s)').waitFor();
      // The queue came from the station's `list`: a failed call would show as an alert.
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('stops the bridge and the node on SIGTERM', async () => {
    stopGroup(run);
    await run.exit; // npm itself ends by the signal; the station says it stopped
    expect(run.output()).toContain('SIGTERM: stopping the station');
    expect(run.output()).not.toContain('error while stopping');
    await expect(fetch(`${origin}/`)).rejects.toThrow();
  });
});
