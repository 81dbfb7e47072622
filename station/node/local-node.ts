/**
 * The station's embedded local node (DESIGN.md decision 9, docs/decisions.md §8): one devnet per machine, on
 * 127.0.0.1:8090, its chain kept in the station's data directory (`devnet.sqlite`) so it survives
 * restarts. When an Airlock node already answers on that port (another station, or `npm run
 * devnet`), it is used as it is rather than starting a second chain.
 *
 * Electron main (which a packaged app starts without `npm start`) asks `localNodeForStation`: the
 * node is started only when the station's node setting is this default address, and
 * `stopBeforeQuit` holds the app's quit until a node started here has stopped.
 *
 * Invariants: never two chains on one port; a port held by something that is not an Airlock node is
 * a coded refusal naming the port, never a silent switch to another port (the CLI's default node URL
 * is this address); `stop()` stops only a node this module started; a station set to another node
 * starts no local chain.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../../shared/base/errors.ts';
import { LOCAL_NODE_URL } from '../../shared/chain/networks.ts';
import { DEFAULT_PORT, startDevnet } from '../../devnet/node.ts';

/** The chain's SQLite file inside the station's data directory. */
export const LOCAL_NODE_DB = 'devnet.sqlite';

export interface LocalNodeOptions {
  dataDir: string;
  /** Default 8090; 0 picks a free port (tests), and then no running node is looked for. */
  port?: number;
  /** Request and block log lines of a node started here. Default: silent. */
  log?: (line: string) => void;
  /** How long to wait for the node already on the port to say what it is. */
  probeTimeoutMs?: number;
}

export interface LocalNode {
  url: string;
  /** `started`: this process runs it, chain in `dbFile`; `reused`: an Airlock node was already there. */
  origin: 'started' | 'reused';
  dbFile?: string;
  stop(): Promise<void>;
}

/**
 * What answers on `url`: `airlock` when `/devnet/info` has the devnet's shape, `other` when
 * something else answers, `none` when nothing listens.
 */
export async function probeLocalNode(url: string, timeoutMs = 2_000): Promise<'airlock' | 'other' | 'none'> {
  let response: Response;
  try {
    response = await fetch(`${url}/devnet/info`, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'none' : 'other';
  }
  try {
    const body = (await response.json()) as { genesisBlockID?: unknown; head?: { number?: unknown } };
    return response.ok && typeof body.genesisBlockID === 'string' && typeof body.head?.number === 'number' ? 'airlock' : 'other';
  } catch {
    return 'other';
  }
}

export async function startLocalNode(options: LocalNodeOptions): Promise<LocalNode> {
  const port = options.port ?? DEFAULT_PORT;
  if (port !== 0) {
    const url = `http://127.0.0.1:${port}`;
    const found = await probeLocalNode(url, options.probeTimeoutMs);
    if (found === 'airlock') return { url, origin: 'reused', stop: () => Promise.resolve() };
    if (found === 'other')
      fail('INVALID_INPUT', `port ${port} on 127.0.0.1 is taken by something that is not an Airlock node; stop it, or pick another port with --node-port`, {
        field: 'node-port',
      });
  }
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const dbFile = join(options.dataDir, LOCAL_NODE_DB);
  const devnet = await startDevnet({ port, dbFile, ...(options.log && { log: options.log }) });
  return { url: devnet.url, origin: 'started', dbFile, stop: () => devnet.stop() };
}

/**
 * The local node for a station whose node setting is `nodeSetting`: started (or the Airlock node
 * already there reused) when the setting is the default local address, null when the person chose
 * another node, which this machine then has no reason to run.
 */
export async function localNodeForStation(nodeSetting: string, options: LocalNodeOptions): Promise<LocalNode | null> {
  if (nodeSetting !== LOCAL_NODE_URL) return null;
  return startLocalNode(options);
}

/**
 * A handler for Electron's `will-quit`: the first quit is held (`preventDefault`) until `node`
 * stops, then `quit()` asks again and passes. Without a node, or once it has stopped, it lets the
 * quit through. A failed stop is reported and the app still quits.
 */
export function stopBeforeQuit(
  node: LocalNode | null,
  quit: () => void,
  onError: (cause: unknown) => void = () => {},
): (event: { preventDefault(): void }) => void {
  let state: 'running' | 'stopping' | 'stopped' = node === null ? 'stopped' : 'running';
  return (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    node!
      .stop()
      .catch(onError)
      .finally(() => {
        state = 'stopped';
        quit();
      });
  };
}
