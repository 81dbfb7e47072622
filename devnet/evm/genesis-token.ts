/**
 * The TRC-20 token every devnet starts with (docs/decisions.md §17): devnet/contracts/trc20-source.ts, compiled by
 * solc (compile.ts), deployed at genesis by the first genesis account with its whole supply.
 *
 * Deployment is a real EVM run of the constructor (machine.ts) on an empty overlay, made before the
 * chain is opened because the EVM is asynchronous and writing the genesis is one synchronous SQLite
 * transaction; `installGenesisToken` then writes the run's result (runtime code, storage) with the
 * genesis. The address is the EVM's CREATE address of the owner's first deployment (keccak of
 * RLP(owner, 0)), so it is fixed for a given first account: for the built-in genesis (alice)
 * it is GENESIS_TOKEN_ADDRESS_BASE58 below.
 *
 * Invariant: the token is written only into a new chain, together with the genesis block, so a
 * restarted chain keeps the token (and its balances) it was made with.
 */
import { bytesToHex, concatBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { stringifyJson } from '../../shared/base/json.ts';
import type { Genesis } from '../genesis.ts';
import { DevnetStore, newAccount } from '../store.ts';
import { encodeEvmArguments } from './abi.ts';
import { compileTrc20 } from './compile.ts';
import { evmStoreOf } from './evm-store.ts';
import { runEvm } from './machine.ts';
import { applyOverlay } from './state.ts';

/** The token's fixed description. */
export const GENESIS_TOKEN = {
  name: 'Airlock Test Dollar',
  symbol: 'ATD',
  decimals: 6,
  /** 1,000,000,000 tokens of 6 decimals, in base units. */
  supply: 1_000_000_000_000_000n,
} as const;

/** Where the built-in genesis deploys it (alice's first CREATE address). */
export const GENESIS_TOKEN_ADDRESS_HEX = '41ae519fc2ba8e6ffe6473195c092bf1bae986ff90';
export const GENESIS_TOKEN_ADDRESS_BASE58 = 'TRrvMn1whRaaqi4Dq8amyePrDDVzYpidgk';

/** Gas for the constructor: generous; the run is ours, not a user's. */
const DEPLOY_GAS = 30_000_000n;

/** A deployment made ready for a genesis: what `installGenesisToken` writes. */
export interface GenesisTokenImage {
  owner: Uint8Array;
  address: Uint8Array;
  writes: Awaited<ReturnType<typeof runEvm>>['writes'];
  abi: string;
}

const images = new Map<string, GenesisTokenImage>();

/** Runs the constructor for `genesis`'s first account (cached per owner in this process). */
export async function prepareGenesisToken(genesis: Genesis): Promise<GenesisTokenImage> {
  const owner = genesis.accounts[0]!.address;
  const key = bytesToHex(owner);
  const cached = images.get(key);
  if (cached) return cached;
  const { contract } = compileTrc20();
  const args = encodeEvmArguments([
    { type: 'string', value: GENESIS_TOKEN.name },
    { type: 'string', value: GENESIS_TOKEN.symbol },
    { type: 'uint8', value: BigInt(GENESIS_TOKEN.decimals) },
    { type: 'uint256', value: GENESIS_TOKEN.supply },
  ]);
  // An empty scratch store: the constructor reads nothing but its own storage.
  const scratch = new DevnetStore();
  try {
    const outcome = await runEvm(scratch, {
      caller: owner,
      data: concatBytes(contract.bytecode, args),
      value: 0n,
      gasLimit: DEPLOY_GAS,
      head: { number: 0, timestampMs: genesis.timestamp ?? 0 },
    });
    if (outcome.result !== 'SUCCESS' || !outcome.created) fail('INTERNAL', `the genesis TRC-20 did not deploy: ${outcome.error ?? outcome.result}`);
    const image: GenesisTokenImage = { owner, address: outcome.created, writes: outcome.writes, abi: stringifyJson(contract.abi) };
    images.set(key, image);
    return image;
  } finally {
    scratch.close();
  }
}

/** Writes the token into a new chain's store (inside writeGenesis's SQLite transaction). */
export function installGenesisToken(store: DevnetStore, image: GenesisTokenImage, createTime: bigint): void {
  const evm = evmStoreOf(store);
  // The contract's own TRON account holds the TRX sent to it (none at genesis).
  if (!store.hasAccount(image.address)) store.putAccount(newAccount(image.address, createTime));
  evm.putContract({ address: image.address, origin: image.owner, name: 'Trc20', abi: image.abi, code: new Uint8Array(0), nonce: 1n });
  // Balances: the constructor moved no TRX; nonces: the owner's is a TRON account's, not kept.
  applyOverlay({ ...image.writes, balances: [], nonces: [] }, store, evm, { createAccount: (address) => newAccount(address, createTime), origin: image.owner });
}
