/**
 * `startDevnet`: the local node in-process, for tests, for `npm run devnet` (cli.ts) and for the
 * station's embedded default network (DESIGN.md decision 9). It opens the state (SQLite file in WAL
 * mode, or memory), writes or checks the genesis, starts the HTTP server on 127.0.0.1 and produces
 * a block every `blockIntervalMs` (3 s by default; 'manual' leaves it to `produceBlock()`).
 *
 * Invariant: `stop()` ends everything `startDevnet` started (timer, server, connections,
 * database), and may be called more than once.
 */
import type { AddressInfo } from 'node:net';
import { addressToBase58 } from '../shared/chain/address.ts';
import { bytesToHex } from '../shared/base/bytes.ts';
import { fail } from '../shared/base/errors.ts';
import { int32Input } from '../shared/chain/input.ts';
import { MAX_DEVNET_CONFIRMATION_DEPTH } from '../shared/base/limits.ts';
import { addressOfPrivateKey } from '../shared/chain/keys.ts';
import { Chain, type ProducedBlock } from './chain.ts';
import { BLOCK_INTERVAL_MS } from '../shared/chain/tapos.ts';
import { defaultGenesis, type Genesis } from './genesis.ts';
import { createDevnetServer, type HttpLimits, type HttpStats } from './http.ts';
import { DevnetStore } from './store.ts';
import { installGenesisToken, prepareGenesisToken } from './evm/genesis-token.ts';

export interface DevnetOptions {
  /** TCP port; 0 (the default here) picks a free one. The CLI's default is 8090. */
  port?: number;
  /** Only loopback is supported. */
  host?: '127.0.0.1';
  /** SQLite file (WAL). Without it the state lives in memory and ends with `stop()`. */
  dbFile?: string;
  /** Without it: the stored genesis of an existing dbFile, else the built-in default. */
  genesis?: Genesis;
  /** ms between blocks (default 3000), or 'manual': blocks only from `produceBlock()`. */
  blockIntervalMs?: number | 'manual';
  /** ms since the epoch; injectable so tests can move time. Default Date.now. */
  clock?: () => number;
  /** Log lines (never request bodies). Default: silent. */
  log?: (line: string) => void;
  /** Connection, body-memory and body-time limits of the HTTP server (README "Limits"). */
  httpLimits?: Partial<HttpLimits>;
  /** Blocks between the head and the solidified block (default 0; README "Blocks"). */
  confirmationDepth?: number;
}

export interface DevnetAccountInfo {
  name: string;
  address: string;
  addressHex: string;
  balance: bigint;
  executive: boolean;
  /** TEST ONLY: present when the genesis lists the account's key. */
  privateKey?: string;
}

export interface Devnet {
  url: string;
  port: number;
  chain: Chain;
  /** The genesis accounts with their current balances. */
  accounts(): DevnetAccountInfo[];
  /** The producer: executive account and its configured block keys' addresses (TEST ONLY keys in `keys`). */
  producer: { executive: string; keys: { address: string; privateKey: string }[] };
  produceBlock(options?: { timestamp?: number }): Promise<ProducedBlock>;
  /** What the HTTP server holds now: connections and buffered body bytes. */
  httpStats(): HttpStats;
  stop(): Promise<void>;
}

export const DEFAULT_PORT = 8090;

export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const host = options.host ?? '127.0.0.1';
  if (host !== '127.0.0.1') fail('INVALID_INPUT', 'host: the devnet listens only on 127.0.0.1');
  // shared/chain/input.ts's integer reader: coded, naming the option, never quoting text given by mistake.
  const port = int32Input(options.port ?? 0, 'port', { min: 0, max: 65535 });
  const given = options.blockIntervalMs ?? BLOCK_INTERVAL_MS;
  const interval = given === 'manual' ? 'manual' : int32Input(given, 'blockIntervalMs', { min: 100 });
  const clock = options.clock ?? Date.now;
  const log = options.log ?? ((): void => {});

  const store = new DevnetStore(options.dbFile);
  let chain: Chain;
  try {
    // A new chain gets the genesis TRC-20; its constructor runs in the (asynchronous) EVM first.
    const token = store.isInitialised() ? undefined : await prepareGenesisToken(options.genesis ?? defaultGenesis());
    const atGenesis = token ? (s: DevnetStore, time: bigint): void => installGenesisToken(s, token, time) : undefined;
    const confirmationDepth =
      options.confirmationDepth === undefined ? 0 : int32Input(options.confirmationDepth, 'confirmationDepth', { min: 0, max: MAX_DEVNET_CONFIRMATION_DEPTH });
    chain = Chain.open(store, options.genesis, defaultGenesis(), { clock, log, confirmationDepth, ...(atGenesis ? { atGenesis } : {}) });
  } catch (e) {
    store.close();
    throw e;
  }

  const produce = (opts?: { timestamp?: number }): ProducedBlock => chain.produceBlock(opts);
  let http;
  try {
    http = createDevnetServer(chain, { log, produceBlock: () => produce(), ...(options.httpLimits ? { limits: options.httpLimits } : {}) });
  } catch (e) {
    store.close();
    throw e;
  }
  const server = http.server;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    store.close();
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') fail('INVALID_INPUT', `port ${port} on ${host} is already in use; pick another with --port`);
    throw e;
  }
  const actualPort = (server.address() as AddressInfo).port;

  let timer: NodeJS.Timeout | undefined;
  if (interval !== 'manual') {
    timer = setInterval(() => {
      try {
        produce();
      } catch (e) {
        log(`no block produced: ${e instanceof Error ? e.message : String(e)}`);
      }
    }, interval);
    timer.unref();
  }

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= new Promise<void>((resolve) => {
      if (timer) clearInterval(timer);
      server.close(() => {
        store.close();
        resolve();
      });
      server.closeAllConnections();
    });
    return stopped;
  };

  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    chain,
    accounts: () =>
      chain.genesis.accounts.map((a) => {
        const info: DevnetAccountInfo = {
          name: a.name,
          address: addressToBase58(a.address),
          addressHex: bytesToHex(a.address),
          balance: chain.getAccount(a.address)?.balance ?? 0n,
          executive: a.executive,
        };
        if (a.privateKey) info.privateKey = bytesToHex(a.privateKey);
        return info;
      }),
    producer: {
      executive: addressToBase58(chain.genesis.producer.executiveAddress),
      keys: chain.genesis.producer.keys.map((k) => ({ address: addressToBase58(addressOfPrivateKey(k)), privateKey: bytesToHex(k) })),
    },
    produceBlock: async (opts) => produce(opts),
    httpStats: http.stats,
    stop,
  };
}
