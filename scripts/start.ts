/**
 * `npm start` (docs/decisions.md §8, DESIGN.md decisions 8 and 9): the desktop station with its embedded local
 * node. In order: build the shell and renderer into out/ when a source is newer than the build;
 * start the local node on 127.0.0.1:8090 with its chain in the data directory (or use the Airlock
 * node already there); then open the desktop window. Where Electron cannot start (no display, or no
 * Electron binary, as on this project's development and CI machines) it says why in one line,
 * opens the station here and serves it through the loopback bridge, printing the address to open.
 *
 *   npm start -- [--data-dir DIR] [--node-port N] [--bridge] [--bridge-port N] [--dev]
 *
 * `--node-port 0` (or AIRLOCK_NODE_PORT=0) runs the node on a free port, for tests. `--bridge`
 * serves through the bridge even where a window could open; `--bridge-port N` (or
 * AIRLOCK_BRIDGE_PORT) chooses the bridge's port (default 0: a free one each start, docs/decisions.md §26). `--dev` (`npm run dev`) rebuilds the
 * renderer into out/renderer whenever a file under renderer/ or shared/ changes.
 *
 * Invariants: the token appears only in the printed address's fragment; SIGINT and SIGTERM stop the
 * bridge, close the station's store and stop a node started here, then exit 0. The window path
 * hands the data directory to the built main (out/main/main.js) and is not exercised by tests: the
 * development and CI machines have no Electron binary.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../cli/station-support.ts';
import { startBridge } from '../electron/shell/bridge.ts';
import { checkDesktop } from '../electron/shell/desktop-check.ts';
import { createStationHandlers } from '../electron/shell/station-handlers.ts';
import { startLocalNode, type LocalNode } from '../station/node/local-node.ts';
import { DEFAULT_NODE_URL } from '../station/node/node-client.ts';
import { openStation, type Station } from '../station/station.ts';
import { DEFAULT_STATUS_REFRESH_MS } from '../shared/base/limits.ts';
import type { Handlers } from '../shared/api/api-contract.ts';
import { AirlockError, fail } from '../shared/base/errors.ts';
import { escapeText } from '../shared/base/escape.ts';
import { int32Input } from '../shared/chain/input.ts';
import { STATION_API, type StationApi } from '../shared/api/station-api.ts';
import { build } from 'vite';
import { buildShell } from './build-shell.ts';
import { rendererViteConfig } from './build-renderer.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'out');

const USAGE = `usage: npm start -- [--data-dir DIR] [--node-port N] [--bridge] [--bridge-port N] [--dev]

  --data-dir DIR   the station's data directory (default: the platform's user-data directory)
  --node-port N    the local node's port (default 8090, or AIRLOCK_NODE_PORT; 0 picks a free one)
  --bridge         serve the station at a loopback address even where a window could open
  --bridge-port N  the bridge's port on 127.0.0.1 (default: a free one, or AIRLOCK_BRIDGE_PORT)
  --dev            rebuild the renderer on change (npm run dev)`;

interface StartOptions {
  dataDir: string;
  nodePort: number;
  bridge: boolean;
  /** The bridge's port; 0 picks a free one. */
  bridgePort: number;
  dev: boolean;
}

function readOptions(argv: string[], env: NodeJS.ProcessEnv): StartOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      'data-dir': { type: 'string' },
      'node-port': { type: 'string' },
      bridge: { type: 'boolean', default: false },
      'bridge-port': { type: 'string' },
      dev: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = values['node-port'] ?? env.AIRLOCK_NODE_PORT;
  const bridgePort = values['bridge-port'] ?? env.AIRLOCK_BRIDGE_PORT;
  return {
    dataDir: resolve(values['data-dir'] ?? defaultDataDir()),
    nodePort: port === undefined ? 8090 : int32Input(port, 'node-port', { min: 0, max: 65535 }),
    bridge: values.bridge,
    bridgePort: bridgePort === undefined ? 0 : int32Input(bridgePort, 'bridge-port', { min: 0, max: 65535 }),
    dev: values.dev,
  };
}

// ---- build -------------------------------------------------------------------------------

/** Newest modification time under `dir` (0 when it does not exist). */
function newestMtime(dir: string): number {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function mtimeOr0(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Builds out/ when an output is missing or a source is newer than the oldest output. */
async function buildIfStale(): Promise<void> {
  const outputs = [join(OUT, 'main/main.js'), join(OUT, 'preload/preload.cjs')];
  if (mtimeOr0(join(ROOT, 'renderer/index.html')) > 0) outputs.push(join(OUT, 'renderer/index.html'));
  const built = Math.min(...outputs.map(mtimeOr0));
  const sources = Math.max(
    ...['electron', 'shared', 'renderer', 'devnet', 'package.json'].map((p) => {
      const path = join(ROOT, p);
      return p.includes('.') ? mtimeOr0(path) : newestMtime(path);
    }),
  );
  if (built > 0 && built >= sources) return;
  console.log('Building the desktop shell and renderer into out/ ...');
  await buildShell(OUT);
}

/**
 * `--dev`: Vite rebuilds out/renderer whenever a file the renderer imports changes (renderer/ and
 * the shared/ modules it uses). The bridge serves files with `Cache-Control: no-cache`, so a reload
 * of the page shows the new build. Returns a function that stops watching.
 */
async function watchRenderer(): Promise<() => Promise<void>> {
  const config = rendererViteConfig(join(OUT, 'renderer'));
  const watcher = await build({ ...config, build: { ...config.build, watch: {} } });
  if (!('close' in watcher)) throw new Error('vite did not return a watcher');
  let builds = 0;
  watcher.on('event', (event) => {
    if (event.code === 'END' && builds++ > 0) console.log('Renderer rebuilt into out/renderer; reload the page.');
    if (event.code === 'ERROR') console.error(`Renderer build failed: ${event.error.message}`);
  });
  return () => watcher.close();
}

// ---- the station -------------------------------------------------------------------------

function stationHandlers(station: Station, dataDir: string): Handlers<StationApi> {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  return createStationHandlers(station, { appInfo: () => ({ name: 'Airlock', version, dataDir }) });
}

/**
 * The station on its data directory. When its node setting is the default local address but the
 * node runs elsewhere (a test's free port), this session talks to the node that runs.
 */
function openOn(dataDir: string, node: LocalNode): Station {
  // docs/decisions.md §18: the served station asks the node about its open transactions by itself.
  const station = openStation({ dataDir, statusRefreshMs: DEFAULT_STATUS_REFRESH_MS });
  if (node.url === DEFAULT_NODE_URL || station.settings().node !== DEFAULT_NODE_URL) return station;
  station.close();
  return openStation({ dataDir, nodeUrl: node.url, statusRefreshMs: DEFAULT_STATUS_REFRESH_MS });
}

/** Stops everything once, on the first of SIGINT/SIGTERM, then exits 0. */
function onStopSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the station`);
    stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(`airlock: error while stopping: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

async function serveThroughBridge(options: StartOptions, node: LocalNode, why: string | null): Promise<void> {
  const stopWatching = options.dev ? await watchRenderer() : async (): Promise<void> => {};
  const station = openOn(options.dataDir, node);
  const bridge = await startBridge({
    table: STATION_API,
    port: options.bridgePort,
    handlers: stationHandlers(station, options.dataDir),
    staticDir: join(OUT, 'renderer'),
    onInternalError: (method, cause) => console.error(`airlock: ${method} failed:`, cause),
  }).catch(async (e: unknown) => {
    await stopWatching();
    station.close();
    await node.stop();
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE')
      fail('CONFLICT', `the bridge's port ${options.bridgePort} on 127.0.0.1 is in use: choose another with --bridge-port N (0 picks a free one)`);
    throw e;
  });
  onStopSignal(async () => {
    await stopWatching();
    await bridge.close();
    station.close();
    await node.stop();
  });
  console.log(
    why === null
      ? `Serving the station through the loopback bridge (${options.dev ? '--dev' : '--bridge'}). Open:`
      : `No desktop window: ${why}. Serving the station through the loopback bridge instead. Open:`,
  );
  console.log(bridge.address);
  console.log('Stop with Ctrl-C.');
}

/** The desktop window: the built main with the data directory. Untested here (no Electron binary). */
function openWindow(binary: string, options: StartOptions, node: LocalNode): void {
  const child = spawn(binary, [join(OUT, 'main/main.js'), '--data-dir', options.dataDir], { stdio: 'inherit' });
  onStopSignal(async () => {
    child.kill('SIGTERM');
    await node.stop();
  });
  child.on('exit', (code) => {
    void node.stop().then(() => process.exit(code ?? 0));
  });
  console.log('Opening the desktop window. Stop with Ctrl-C or close the window.');
}

async function main(): Promise<void> {
  let options: StartOptions;
  try {
    options = readOptions(process.argv.slice(2), process.env);
  } catch (e) {
    console.error(`airlock: ${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
    process.exit(2);
  }
  console.log('Airlock: an offline signing station for multi-signature accounts and native tokens.');
  await buildIfStale();
  const node = await startLocalNode({ dataDir: options.dataDir, port: options.nodePort });
  console.log(
    node.origin === 'started'
      ? `Local node: ${node.url}, chain in ${escapeText(node.dbFile ?? '')} (TEST ONLY funded accounts; see devnet/README.md)`
      : `Local node: using the Airlock node already at ${node.url}`,
  );
  // The directory is the user's own text: control and bidi characters are shown escaped.
  console.log(`Station data: ${escapeText(options.dataDir)}`);
  // --dev reloads a page: the window would need its own reload, so dev mode always uses the bridge.
  const desktop = options.bridge || options.dev ? null : checkDesktop();
  if (desktop?.ok) openWindow(desktop.binary, options, node);
  else await serveThroughBridge(options, node, desktop === null ? null : desktop.reason);
}

main().catch((e: unknown) => {
  console.error(`airlock: ${e instanceof AirlockError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(e instanceof AirlockError ? 2 : 1);
});
