/**
 * TriggerSmartContract on the devnet (docs/decisions.md §17): the reference node's VMActuator for a call, in two
 * steps because the EVM is asynchronous and the broadcast's SQLite transaction is not.
 *
 * 1. `prepareTrigger` (async, before the broadcast pipeline) runs the call in the EVM against an
 *    overlay of the current state, with the most energy the caller could pay for.
 * 2. The actuator (sync, inside the broadcast's SQLite transaction, after bandwidth and the
 *    multi-signature fee) checks the contract in VMActuator.call's order with its messages,
 *    computes the energy limit from the balance as it now is, and records SUCCESS (the overlay is
 *    applied), REVERT or OUT_OF_ENERGY (nothing but the fee changes), charging energy × ENERGY_FEE.
 *
 * Energy limit (VMActuator.getAccountEnergyLimitWithFixRatio): frozen energy left + (balance −
 * call_value) / ENERGY_FEE, at most fee_limit / ENERGY_FEE. The energy used is paid from the
 * caller's staked energy first (staking/resources.ts), the rest burned at ENERGY_FEE.
 *
 * Invariant: nothing is applied that the run did not produce against the state the transaction is
 * applied to: `broadcastWithEvm` re-runs the call if any write happened while it ran, and the
 * actuator refuses a call it has no run for.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { Account, Transaction_raw } from '../../shared/gen/protocol/core_pb.ts';
import type { TriggerSmartContract } from '../../shared/gen/protocol/smart_contract_pb.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { decodeRaw, type SignedTransaction } from '../../shared/chain/transaction.ts';
import { ContractType } from '../../shared/chain/contract-types.ts';
import type { ActuatorContext, ExecutionResult } from '../actuators.ts';
import type { BroadcastOutcome, Chain } from '../chain.ts';
import type { DevnetStore } from '../store.ts';
import { evmStoreOf, type ContractCallResult } from './evm-store.ts';
import { runEvm, type RunOutcome } from './machine.ts';
import { applyOverlay } from './state.ts';
import { frozenEnergyLeft, useFrozenEnergy } from '../staking/resources.ts';

/** VMConstant.MIN_TOKEN_ID: TRC-10 ids start above it. */
const MIN_TOKEN_ID = 1_000_000n;

/** How often a broadcast re-runs its call when another write came in while it ran. */
const MAX_PREPARE_ATTEMPTS = 3;

function invalid(message: string): never {
  fail('CONTRACT_VALIDATE', message);
}

/** Energy the owner has from staking and has not used (recovering over a day), spent before any sun. */
function stakedEnergyOf(ctx: ActuatorContext, owner: Account): bigint {
  return frozenEnergyLeft(ctx.store, owner.address, ctx.headBlockTime);
}

/** VMActuator's energy limit with a fixed ratio: the most energy this call may use. */
export function energyLimitOf(ctx: ActuatorContext, owner: Account, feeLimit: bigint, callValue: bigint): bigint {
  const price = ctx.params.numeric.ENERGY_FEE;
  const fromBalance = (owner.balance - callValue > 0n ? owner.balance - callValue : 0n) / price;
  const available = stakedEnergyOf(ctx, owner) + fromBalance;
  const fromFeeLimit = feeLimit / price;
  return available < fromFeeLimit ? available : fromFeeLimit;
}

// ---------------------------------------------------------------------------------------------
// Runs prepared before the pipeline

interface Prepared {
  outcome: RunOutcome;
  gasLimit: bigint;
}

const prepared = new WeakMap<DevnetStore, Map<string, Prepared>>();

function preparedOf(store: DevnetStore): Map<string, Prepared> {
  let map = prepared.get(store);
  if (!map) {
    map = new Map();
    prepared.set(store, map);
  }
  return map;
}

const changeCounters = new WeakMap<DevnetStore, () => bigint>();

/** SQLite's count of rows written on this connection: it moves whenever any state is written. */
function writesSoFar(store: DevnetStore): bigint {
  let read = changeCounters.get(store);
  if (!read) {
    const stmt = store.db.prepare('SELECT total_changes() AS n');
    read = (): bigint => BigInt((stmt.get() as { n: bigint | number }).n);
    changeCounters.set(store, read);
  }
  return read();
}

/** The static checks of VMActuator.call that need no run; undefined when they pass. */
function staticRefusal(ctx: ActuatorContext, c: TriggerSmartContract, feeLimit: bigint | undefined): string | undefined {
  if (!evmStoreOf(ctx.store).getContract(c.contractAddress)) return 'No contract or not a smart contract';
  if (c.callValue < 0n) return 'callValue must be >= 0';
  if (c.callTokenValue < 0n) return 'tokenValue must be >= 0';
  if (c.tokenId <= MIN_TOKEN_ID && c.tokenId !== 0n) return `tokenId must be > ${MIN_TOKEN_ID}`;
  if (c.callTokenValue > 0n && c.tokenId === 0n) return `invalid arguments with tokenValue = ${c.callTokenValue}, tokenId = ${c.tokenId}`;
  if (feeLimit !== undefined) {
    const max = ctx.params.numeric.MAX_FEE_LIMIT;
    if (feeLimit < 0n || feeLimit > max) return `feeLimit must be >= 0 and <= ${max}`;
  }
  if (c.callTokenValue > 0n) return 'this local node does not move TRC-10 tokens into contracts: call_token_value must be 0';
  return undefined;
}

async function prepareTrigger(chain: Chain, tx: SignedTransaction, raw: Transaction_raw): Promise<void> {
  if (raw.contract.length !== 1) return;
  let decoded;
  try {
    decoded = decodeRaw(tx.rawBytes);
  } catch {
    return; // the pipeline refuses it with the node's message
  }
  if (decoded.contractType !== 'TriggerSmartContract') return;
  const c = decoded.contract as TriggerSmartContract;
  const ctx: ActuatorContext = { store: chain.store, params: chain.params, headBlockTime: chain.headBlockTime() };
  const owner = chain.store.getAccount(c.ownerAddress);
  if (!owner || staticRefusal(ctx, c, raw.feeLimit) !== undefined) return;
  const gasLimit = energyLimitOf(ctx, owner, raw.feeLimit, c.callValue);
  const head = chain.headBlock();
  const outcome = await runEvm(chain.store, {
    caller: c.ownerAddress,
    contract: c.contractAddress,
    data: c.data,
    value: c.callValue,
    gasLimit,
    head: { number: head.number, timestampMs: head.timestamp },
  });
  preparedOf(chain.store).set(bytesToHex(decoded.txId), { outcome, gasLimit });
}

/**
 * The broadcast for every transaction: a TriggerSmartContract's call is run first, then the
 * pipeline (chain.broadcast) applies it. Nothing else can write between the end of the run and the
 * pipeline (no await between them); a write during the run makes it run again.
 */
export async function broadcastWithEvm(chain: Chain, tx: SignedTransaction, raw: Transaction_raw): Promise<BroadcastOutcome> {
  // Only a lone TriggerSmartContract has a call to run first (prepareTrigger returns at once for any
  // other): the rest go straight to the pipeline, without a decode, a hash and two counter reads.
  if (raw.contract.length !== 1 || raw.contract[0]!.type !== ContractType.TriggerSmartContract) return chain.broadcast(tx, raw);
  const map = preparedOf(chain.store);
  const key = bytesToHex(sha256(tx.rawBytes));
  try {
    for (let attempt = 1; ; attempt++) {
      const before = writesSoFar(chain.store);
      await prepareTrigger(chain, tx, raw);
      if (writesSoFar(chain.store) === before) break;
      map.delete(key);
      if (attempt >= MAX_PREPARE_ATTEMPTS) break; // the actuator then refuses it: no run to apply
    }
    return chain.broadcast(tx, raw);
  } finally {
    map.delete(key);
  }
}

// ---------------------------------------------------------------------------------------------
// The actuator

function resultRecord(
  c: TriggerSmartContract,
  outcome: RunOutcome | undefined,
  ret: ContractCallResult['result'],
  energy: bigint,
  fee: bigint,
  message?: string,
): ContractCallResult {
  return {
    result: ret,
    energyUsageTotal: energy.toString(),
    energyFee: fee.toString(),
    contractResult: outcome && ret !== 'OUT_OF_ENERGY' ? bytesToHex(outcome.returnValue) : '',
    contractAddress: bytesToHex(c.contractAddress),
    ...(message ? { resMessage: message } : {}),
    logs: ret === 'SUCCESS' && outcome ? outcome.logs : [],
  };
}

function validateTrigger(ctx: ActuatorContext, c: TriggerSmartContract): void {
  if (!ctx.transaction) {
    // Building (Wallet.triggerContract): the reference node checks only that the contract exists.
    if (!evmStoreOf(ctx.store).getContract(c.contractAddress)) invalid('No contract or not a valid smart contract');
    return;
  }
  const refusal = staticRefusal(ctx, c, ctx.transaction.feeLimit);
  if (refusal !== undefined) invalid(refusal);
  const owner = ctx.store.getAccount(c.ownerAddress)!;
  if (c.callValue > 0n && owner.balance < c.callValue) invalid('Validate InternalTransfer error, balance is not sufficient.');
}

function executeTrigger(ctx: ActuatorContext, c: TriggerSmartContract, createAccount: (address: Uint8Array) => Account): ExecutionResult {
  const tx = ctx.transaction;
  if (!tx) fail('INTERNAL', 'TriggerSmartContract runs only inside a broadcast');
  const run = preparedOf(ctx.store).get(bytesToHex(tx.txId));
  if (!run) fail('CONTRACT_EXECUTE', 'the contract call has no run against the current state (other writes kept coming while it ran); broadcast it again');
  const evm = evmStoreOf(ctx.store);
  const price = ctx.params.numeric.ENERGY_FEE;
  const owner = ctx.store.getAccount(c.ownerAddress)!;
  // The limit from the balance as it is now, after this transaction's bandwidth and multi-sign fees.
  const limit = energyLimitOf(ctx, owner, tx.feeLimit, c.callValue);
  const { outcome } = run;
  let record: ContractCallResult;
  let energy: bigint;
  if (outcome.result === 'OUT_OF_ENERGY' || outcome.energyUsed > limit) {
    // The node spends the whole limit when a call runs out of energy.
    energy = limit;
    record = resultRecord(c, outcome, 'OUT_OF_ENERGY', energy, energy * price, `Not enough energy: the call needs more than its limit of ${limit} energy`);
  } else if (outcome.result === 'SUCCESS') {
    energy = outcome.energyUsed;
    applyOverlay(outcome.writes, ctx.store, evm, { createAccount, origin: c.ownerAddress });
    record = resultRecord(c, outcome, 'SUCCESS', energy, energy * price);
  } else {
    // REVERT returns what it did not use; any other failure spends the whole limit, as the node's spendAllEnergy.
    energy = outcome.result === 'REVERT' ? outcome.energyUsed : limit;
    record = resultRecord(c, outcome, outcome.result, energy, energy * price, outcome.error);
  }
  // ReceiptCapsule.payEnergyBill: staked energy first, the rest burned at ENERGY_FEE.
  const fromStake = minBig(energy, stakedEnergyOf(ctx, owner));
  useFrozenEnergy(ctx.store, c.ownerAddress, fromStake, ctx.headBlockTime);
  const fee = (energy - fromStake) * price;
  record.energyFee = fee.toString();
  if (fromStake > 0n) record.energyUsage = fromStake.toString();
  const payer = ctx.store.getAccount(c.ownerAddress)!;
  if (payer.balance < fee) fail('CONTRACT_EXECUTE', `${bytesToHex(c.ownerAddress)} insufficient balance, balance: ${payer.balance}, amount: ${fee}`);
  payer.balance -= fee;
  ctx.store.putAccount(payer);
  evm.putResult(tx.txId, record);
  return { fee };
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** The actuator actuators.ts dispatches TriggerSmartContract to. */
export function triggerActuator(
  ctx: ActuatorContext,
  c: TriggerSmartContract,
  createAccount: (address: Uint8Array) => Account,
): { validate(): void; execute(): ExecutionResult; createsAccount(): boolean } {
  return {
    validate: () => validateTrigger(ctx, c),
    execute: () => executeTrigger(ctx, c, createAccount),
    createsAccount: () => false,
  };
}
