/**
 * Compiles the devnet's Solidity sources (devnet/contracts/) with the `solc` package through its
 * standard JSON interface, the way a TRON developer's toolchain does, so the TRC-20 at genesis is
 * built from source in the repo and never from committed bytecode (docs/decisions.md §17).
 *
 * The compiler is WebAssembly and takes about a second or more (devnet/evm/README.md has the
 * measurement), so the output is cached per process: every chain a test suite opens reuses it.
 *
 * Invariant: a compiler error or warning-free empty output is a failure naming the source, never a
 * token with empty bytecode deployed at genesis.
 */
import { createRequire } from 'node:module';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { TRC20_SOLIDITY } from '../contracts/trc20-source.ts';

/** The EVM version the compiler targets and the devnet's EVM runs (see machine.ts). */
export const EVM_VERSION = 'shanghai';

export interface CompiledContract {
  /** Creation code: the constructor, returning the runtime code. */
  bytecode: Uint8Array;
  /** The code stored at the contract address after deployment. */
  deployedBytecode: Uint8Array;
  /** The ABI as solc writes it (JSON entries). */
  abi: unknown[];
}

/**
 * The compiler, loaded on first use (about 1.7 s of WebAssembly): a node that reopens its database
 * file makes no genesis and never loads it.
 */
function loadSolc(): { compile(input: string): string } {
  return createRequire(import.meta.url)('solc') as { compile(input: string): string };
}

const SOURCE_FILE = 'Trc20.sol';
const CONTRACT = 'Trc20';

let cached: { contract: CompiledContract; ms: number } | undefined;

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}

/** The TRC-20 source text (devnet/contracts/trc20-source.ts). */
export function trc20Source(): string {
  return TRC20_SOLIDITY;
}

/** The compiled TRC-20 and how long this process spent loading the compiler and compiling it (ms). */
export function compileTrc20(): { contract: CompiledContract; ms: number } {
  if (cached) return cached;
  const started = performance.now();
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_FILE]: { content: trc20Source() } },
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { [SOURCE_FILE]: { [CONTRACT]: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(loadSolc().compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) fail('INTERNAL', `devnet/contracts/${SOURCE_FILE} does not compile: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  const out = output.contracts?.[SOURCE_FILE]?.[CONTRACT];
  if (!out || out.evm.bytecode.object.length === 0) fail('INTERNAL', `devnet/contracts/${SOURCE_FILE}: the compiler produced no bytecode for ${CONTRACT}`);
  const contract: CompiledContract = {
    bytecode: hexToBytes(out.evm.bytecode.object),
    deployedBytecode: hexToBytes(out.evm.deployedBytecode.object),
    abi: out.abi,
  };
  cached = { contract, ms: performance.now() - started };
  return cached;
}
