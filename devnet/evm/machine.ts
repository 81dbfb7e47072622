/**
 * One run of the devnet's EVM (@ethereumjs/evm, Shanghai rules, the EVM version the TRC-20 is
 * compiled for): a call from a TRON account to a contract, or a deployment, against the overlay
 * state of state.ts. A run never writes the store; its caller decides whether to apply the
 * overlay (trigger.ts) or drop it (a constant call).
 *
 * Energy is the EVM's gas: the TVM prices opcodes much as the EVM does and, like this run, charges
 * no intrinsic 21,000 and no calldata gas (TRON pays for bytes with bandwidth). The refund of
 * cleared storage is capped at a fifth of the gas used (EIP-3529). Block values seen by the code:
 * NUMBER is the head block's number and TIMESTAMP its time in seconds, as the TVM gives them.
 *
 * Invariant: a run is bounded by its gas limit, which every caller derives from a bounded number
 * (fee_limit / energy price, or the constant-call cap), so no request can run the EVM unbounded.
 */
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM, type EVMResult } from '@ethereumjs/evm';
import { createZeroAddress } from '@ethereumjs/util';
import { bytesToHex } from '../../shared/base/bytes.ts';
import type { DevnetStore } from '../store.ts';
import type { ContractRet } from './evm-store.ts';
import { evmStoreOf } from './evm-store.ts';
import { evmAddressOf, OverlayState, tronAddressOf, type OverlayWrites } from './state.ts';

let common: Common | undefined;

function commonRules(): Common {
  common ??= new Common({ chain: Mainnet, hardfork: Hardfork.Shanghai });
  return common;
}

export interface RunRequest {
  /** 21-byte TRON addresses. */
  caller: Uint8Array;
  /** The contract called; absent for a deployment (`data` is then the creation code). */
  contract?: Uint8Array;
  data: Uint8Array;
  value: bigint;
  gasLimit: bigint;
  head: { number: number; timestampMs: number };
}

export interface RunOutcome {
  result: ContractRet;
  /** Gas (energy) the run used, after the capped refund; the whole limit when it ran out. */
  energyUsed: bigint;
  returnValue: Uint8Array;
  /** The error in words when result is not SUCCESS. */
  error?: string;
  /** 21-byte address of a deployed contract. */
  created?: Uint8Array;
  logs: { address: string; topics: string[]; data: string }[];
  writes: OverlayWrites;
}

/** ethereumjs' exception text → the node's contractResult name. */
function contractRetOf(error: string | undefined): ContractRet {
  switch (error) {
    case undefined:
      return 'SUCCESS';
    case 'revert':
      return 'REVERT';
    case 'out of gas':
    case 'code store out of gas':
      return 'OUT_OF_ENERGY';
    case 'invalid JUMP':
      return 'BAD_JUMP_DESTINATION';
    case 'stack underflow':
      return 'STACK_TOO_SMALL';
    case 'stack overflow':
      return 'STACK_TOO_LARGE';
    case 'invalid opcode':
    case 'static state change':
      return 'ILLEGAL_OPERATION';
    default:
      return 'UNKNOWN';
  }
}

/** Words for resMessage: the node's runtime-error kinds, restated. */
function errorWords(ret: ContractRet, error: string | undefined, gasLimit: bigint): string | undefined {
  if (ret === 'SUCCESS') return undefined;
  if (ret === 'REVERT') return 'REVERT opcode executed';
  if (ret === 'OUT_OF_ENERGY') return `Not enough energy: the call needs more than its limit of ${gasLimit} energy`;
  return `The contract stopped: ${error ?? 'unknown error'}`;
}

/** One EVM per store, reused: making one costs about as much as a TRC-20 transfer's run. */
interface Engine {
  evm: EVM;
  state: OverlayState;
  /** The run in progress: runs on one engine take turns. */
  busy: Promise<unknown>;
}

const engines = new WeakMap<DevnetStore, Promise<Engine>>();

function engineOf(store: DevnetStore): Promise<Engine> {
  let found = engines.get(store);
  if (!found) {
    const state = new OverlayState(store, evmStoreOf(store));
    found = createEVM({ common: commonRules(), stateManager: state }).then((evm) => ({ evm, state, busy: Promise.resolve() }));
    engines.set(store, found);
  }
  return found;
}

/** Runs `request` in `store`'s EVM, after any run already under way there. */
export async function runEvm(store: DevnetStore, request: RunRequest): Promise<RunOutcome> {
  const engine = await engineOf(store);
  const turn = engine.busy.then(() => runOn(engine, request));
  engine.busy = turn.catch(() => undefined);
  return turn;
}

async function runOn({ evm, state }: Engine, request: RunRequest): Promise<RunOutcome> {
  // A fresh start: no reads, writes, warm addresses or slots left from the previous run.
  state.reset();
  evm.journal.cleanJournal();
  const caller = evmAddressOf(request.caller);
  const result: EVMResult = await evm.runCall({
    caller,
    origin: caller,
    ...(request.contract ? { to: evmAddressOf(request.contract) } : {}),
    data: request.data,
    value: request.value,
    gasLimit: request.gasLimit,
    gasPrice: 0n,
    block: {
      header: {
        number: BigInt(request.head.number),
        coinbase: createZeroAddress(),
        timestamp: BigInt(Math.floor(request.head.timestampMs / 1000)),
        difficulty: 0n,
        prevRandao: new Uint8Array(32),
        gasLimit: request.gasLimit,
        getBlobGasPrice: () => undefined,
      },
    },
  });
  const exec = result.execResult;
  const error = exec.exceptionError?.error;
  const ret = contractRetOf(error);
  let energyUsed = exec.executionGasUsed;
  if (ret === 'SUCCESS') {
    const refund = exec.gasRefund ?? 0n;
    energyUsed -= refund < energyUsed / 5n ? refund : energyUsed / 5n;
  }
  if (ret === 'OUT_OF_ENERGY') energyUsed = request.gasLimit;
  const words = errorWords(ret, error, request.gasLimit);
  return {
    result: ret,
    energyUsed,
    returnValue: exec.returnValue,
    ...(words ? { error: words } : {}),
    ...(result.createdAddress ? { created: tronAddressOf(result.createdAddress.bytes) } : {}),
    logs: (exec.logs ?? []).map(([address, topics, data]) => ({
      address: bytesToHex(address),
      topics: topics.map((t) => bytesToHex(t)),
      data: bytesToHex(data),
    })),
    // A failed run's top frame was reverted by the EVM itself, so its overlay holds no writes.
    writes: state.writes(),
  };
}
