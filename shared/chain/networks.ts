/**
 * The networks the station knows by name (docs/decisions.md §11): the embedded local node and the public java-tron
 * networks, each with its HTTP API base URL and JSON dialect (shared/chain/dialect.ts). Anything else is a
 * custom URL, whose dialect `probeDialect` (station/node/node-client.ts) suggests once.
 *
 * Invariant: this is data only. A preset never carries an API key: keys belong in the vault, and a
 * preset only says whether the node wants one.
 */
import type { Dialect } from './dialect.ts';
import { excerpt, fail } from '../base/errors.ts';

/** The embedded local node (devnet/node.ts DEFAULT_PORT). */
export const LOCAL_NODE_URL = 'http://127.0.0.1:8090';

export interface NetworkPreset {
  id: string;
  /** For people. */
  name: string;
  /** The node's HTTP API base URL (the one `/wallet/...` paths hang off). */
  url: string;
  dialect: Dialect;
  /** Whether the node wants TRON-PRO-API-KEY: `none`, `optional` (testnets), `recommended` (rate-limited without). */
  apiKey: 'none' | 'optional' | 'recommended';
  /** A real network or a test network whose coins are worth nothing. */
  testnet: boolean;
  description: string;
}

/**
 * The public URLs are TronGrid's, as its documentation lists them (mainnet, Shasta, Nile); TronGrid
 * asks for an API key on mainnet and serves the testnets without one today.
 */
export const NETWORK_PRESETS: readonly NetworkPreset[] = [
  {
    id: 'local',
    name: 'Local node',
    url: LOCAL_NODE_URL,
    dialect: 'spec',
    apiKey: 'none',
    testnet: true,
    description: "Airlock's own node on this machine (npm run devnet); the default",
  },
  {
    id: 'mainnet',
    name: 'TRON mainnet',
    url: 'https://api.trongrid.io',
    dialect: 'java-tron',
    apiKey: 'recommended',
    testnet: false,
    description: 'The public TRON network, through TronGrid; real funds',
  },
  {
    id: 'shasta',
    name: 'Shasta testnet',
    url: 'https://api.shasta.trongrid.io',
    dialect: 'java-tron',
    apiKey: 'optional',
    testnet: true,
    description: "TronGrid's public test network; its coins are worth nothing",
  },
  {
    id: 'nile',
    name: 'Nile testnet',
    url: 'https://nile.trongrid.io',
    dialect: 'java-tron',
    apiKey: 'optional',
    testnet: true,
    description: 'The public test network where new java-tron releases run first; its coins are worth nothing',
  },
];

/** The preset named `id`; INVALID_INPUT naming the known ones otherwise. */
export function networkPreset(id: string): NetworkPreset {
  const found = NETWORK_PRESETS.find((p) => p.id === id);
  if (!found) {
    fail(
      'INVALID_INPUT',
      `network: ${typeof id === 'string' ? excerpt(id) : typeof id} is not a known network (known: ${NETWORK_PRESETS.map((p) => p.id).join(', ')}; or give a URL)`,
      { field: 'network' },
    );
  }
  return found;
}
