/**
 * What a transaction will cost, before anyone signs it (docs/decisions.md §25): from the chain's parameters
 * (getchainparameters), the paying account's resources (getaccountresource and its balance) and
 * the transaction itself, the same charges the node will make, in its order (java-tron's
 * Manager.processTransaction; the devnet follows it): bandwidth for the signed size with the
 * signatures the permission needs (staked bandwidth, else the free bytes, else burned at the
 * bandwidth price; an account creation pays the activation fee instead of the free bytes), the
 * multi-signature fee, the memo fee, the contract's own fee (activation in the contract, token
 * issue, permission update, executive creation), and for a contract call the energy the node's
 * constant call measured, paid from staked energy first and the rest burned at the energy price,
 * at most the fee limit. It says whether the fee limit is too low (the call will fail and still
 * burn) or far above, the total in TRX, the balance after, and in words when the account cannot pay.
 *
 * Invariant: pure, and no guessing: every number comes from the inputs or from a parameter the
 * node reported; a parameter the node did not report takes the reference node's default and is
 * listed in `defaulted`, so the screen can say so. Amounts are bigint sun inside, decimal text out.
 */
import type { Transaction_raw } from '../gen/protocol/core_pb.ts';
import type { TransferContract, ParticipateAssetIssueContract } from '../gen/protocol/contract_pb.ts';
import type { FreezeBalanceV2Contract } from '../gen/protocol/balance_contract_pb.ts';
import type { TriggerSmartContract } from '../gen/protocol/smart_contract_pb.ts';
import { badArgument } from '../chain/input.ts';
import { formatUnits } from '../base/display.ts';
import { COIN_DECIMALS } from '../base/amount.ts';
import { FEE_LIMIT_FAR_ABOVE_FACTOR, FEE_LIMIT_MARGIN_PERCENT, MAX_RESULT_SIZE_IN_TX } from '../base/limits.ts';
import { decodeRaw } from '../chain/transaction.ts';
import { SIGNATURE_LENGTH } from '../chain/verify.ts';

/** The chain parameters a cost needs, sun (per byte, per unit of energy, or a flat fee). */
export interface CostParameters {
  transactionFee: bigint;
  freeNetLimit: bigint;
  createAccountFee: bigint;
  createNewAccountFeeInSystemContract: bigint;
  multiSignFee: bigint;
  memoFee: bigint;
  energyFee: bigint;
  maxFeeLimit: bigint;
  assetIssueFee: bigint;
  updateAccountPermissionFee: bigint;
  executiveCreateFee: bigint;
}

/** getchainparameters key(s) of each parameter, and the reference node's default (PROTOCOL.md §10). */
const PARAMETER_KEYS: Readonly<Record<keyof CostParameters, { keys: readonly string[]; fallback: bigint }>> = {
  transactionFee: { keys: ['getTransactionFee'], fallback: 10n },
  freeNetLimit: { keys: ['getFreeNetLimit'], fallback: 5_000n },
  createAccountFee: { keys: ['getCreateAccountFee'], fallback: 100_000n },
  createNewAccountFeeInSystemContract: { keys: ['getCreateNewAccountFeeInSystemContract'], fallback: 0n },
  multiSignFee: { keys: ['getMultiSignFee'], fallback: 1_000_000n },
  memoFee: { keys: ['getMemoFee'], fallback: 0n },
  energyFee: { keys: ['getEnergyFee'], fallback: 100n },
  maxFeeLimit: { keys: ['getMaxFeeLimit'], fallback: 15_000_000_000n },
  assetIssueFee: { keys: ['getAssetIssueFee'], fallback: 1_024_000_000n },
  updateAccountPermissionFee: { keys: ['getUpdateAccountPermissionFee'], fallback: 100_000_000n },
  executiveCreateFee: { keys: ['getAccountUpgradeCost', 'getCreateWitnessFee', 'getCreateExecutiveFee'], fallback: 9_999_000_000n },
};

/** Every getchainparameters key the estimate reads (a snapshot's `costs.parameters` carries only these). */
export const COST_PARAMETER_KEYS: readonly string[] = Object.values(PARAMETER_KEYS).flatMap((p) => p.keys);

/** A non-negative integer read from node JSON (number, bigint or decimal text), or refused naming `field`. */
function amountOf(value: unknown, field: string): bigint {
  let n: bigint | undefined;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
  else if (typeof value === 'string' && /^[0-9]{1,19}$/.test(value)) n = BigInt(value);
  if (n === undefined || n < 0n || n > 2n ** 63n - 1n) badArgument(`${field}: expected a whole number of at least 0`, field);
  return n;
}

/**
 * The cost parameters from getchainparameters' key → value map (a snapshot's `fees` has the same
 * shape). A key the node did not report takes the reference default and is named in `defaulted`.
 */
export function costParameters(reported: Readonly<Record<string, unknown>>): { parameters: CostParameters; defaulted: string[] } {
  const parameters = {} as CostParameters;
  const defaulted: string[] = [];
  for (const [name, { keys, fallback }] of Object.entries(PARAMETER_KEYS) as [keyof CostParameters, { keys: readonly string[]; fallback: bigint }][]) {
    const key = keys.find((k) => Object.hasOwn(reported, k));
    if (key === undefined) {
      parameters[name] = fallback;
      defaulted.push(keys[0]!);
    } else {
      // getchainparameters leaves a zero value out ({"key": "getMemoFee"}): the map holds undefined then.
      const v = reported[key];
      parameters[name] = v === undefined || v === null ? 0n : amountOf(v, key);
    }
  }
  if (parameters.energyFee === 0n) badArgument('getEnergyFee: the energy price must be at least 1 sun', 'getEnergyFee');
  return { parameters, defaulted };
}

/** The paying account's balance and resources (getaccountresource's names, sun and units). */
export interface AccountCostFacts {
  balance: bigint;
  freeNetUsed: bigint;
  freeNetLimit: bigint;
  netUsed: bigint;
  netLimit: bigint;
  energyUsed: bigint;
  energyLimit: bigint;
}

/** The account facts from its balance and its getaccountresource reply (absent keys are 0, as the node leaves zeros out). */
export function accountCostFacts(balance: unknown, resource: Readonly<Record<string, unknown>>): AccountCostFacts {
  const read = (key: string): bigint => (resource[key] === undefined ? 0n : amountOf(resource[key], key));
  return {
    balance: amountOf(balance ?? 0, 'balance'),
    freeNetUsed: read('freeNetUsed'),
    freeNetLimit: read('freeNetLimit'),
    netUsed: read('NetUsed'),
    netLimit: read('NetLimit'),
    energyUsed: read('EnergyUsed'),
    energyLimit: read('EnergyLimit'),
  };
}

export interface CostQuestion {
  /** The unsigned transaction's raw_data bytes. */
  rawBytes: Uint8Array;
  /** The signatures it will carry: the fewest its permission needs, or how many it has. */
  signatures: number;
  /** For a TRX or token transfer: whether the recipient account exists (false: it is created and pays activation). */
  recipientExists?: boolean;
  /** For a contract call: the energy the node's constant call used; undefined when it could not be asked (offline). */
  energy?: bigint;
}

export type CostItemName = 'bandwidth' | 'activation' | 'multi-signature' | 'memo' | 'contract-fee' | 'energy';

export interface CostEstimate {
  /** Bytes charged: the signed transaction without results, plus the node's 64 bytes for one. */
  bytes: string;
  /** Who pays the bytes. */
  bandwidth: 'staked' | 'free' | 'burned' | 'activation-fee';
  energy?: {
    /** undefined when not estimated (offline): then `totalAtMost` counts the whole fee limit. */
    needed?: string;
    fromStake?: string;
    burned?: string;
    feeLimit: string;
    feeLimitCheck: 'ok' | 'too-low' | 'far-above' | 'unknown';
    /** The fee limit this estimate proposes: the energy's full price plus FEE_LIMIT_MARGIN_PERCENT. */
    proposedFeeLimit?: string;
  };
  /** Each charge that is not zero, sun, in the node's order. */
  items: { name: CostItemName; sun: string }[];
  /** Sum of the items, sun. */
  total: string;
  /** The most it can cost: `total`, or with the energy unknown, `total` plus the fee limit. */
  totalAtMost: string;
  /** TRX the contract itself moves out of the balance (amount sent, call value, stake). */
  moves: string;
  balance: string;
  /** balance − totalAtMost − moves, sun (negative when the account cannot pay). */
  balanceAfter: string;
  canPay: boolean;
  /** In words, when the account cannot pay. */
  refusal?: string;
  /** When it cannot pay: the TRX (sun) it lacks, for the fees and what it moves, or to buy a call's energy. */
  shortBy?: string;
  warnings: string[];
  /** The same in words, TRX. */
  text: string;
}

const trx = (sun: bigint): string => `${formatUnits(sun, COIN_DECIMALS)} TRX`;

function varintLength(n: number): number {
  let len = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 0x80);
    len += 1;
  }
  return len;
}

/** The bytes the node charges for `rawLength` bytes of raw_data signed `signatures` times. */
export function chargedBytes(rawLength: number, signatures: number): bigint {
  // Transaction { raw_data = 1; signature = 2 (repeated) }: a tag and a length before each part.
  const signed = 1 + varintLength(rawLength) + rawLength + signatures * (1 + varintLength(SIGNATURE_LENGTH) + SIGNATURE_LENGTH);
  return BigInt(signed + MAX_RESULT_SIZE_IN_TX);
}

function contractFee(type: string, p: CostParameters): bigint {
  if (type === 'AssetIssueContract') return p.assetIssueFee;
  if (type === 'AccountPermissionUpdateContract') return p.updateAccountPermissionFee;
  if (type === 'WitnessCreateContract') return p.executiveCreateFee;
  return 0n;
}

function movesOf(type: string, contract: unknown): bigint {
  switch (type) {
    case 'TransferContract':
      return (contract as TransferContract).amount;
    case 'ParticipateAssetIssueContract':
      return (contract as ParticipateAssetIssueContract).amount;
    case 'FreezeBalanceV2Contract':
      return (contract as FreezeBalanceV2Contract).frozenBalance;
    case 'TriggerSmartContract':
      return (contract as TriggerSmartContract).callValue;
    default:
      return 0n;
  }
}

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const positive = (a: bigint): bigint => (a > 0n ? a : 0n);

/** The fee limit proposed for energy whose full price is `fullPrice` sun: plus FEE_LIMIT_MARGIN_PERCENT, rounded up to whole sun. */
export function proposedFeeLimit(fullPrice: bigint): bigint {
  return (fullPrice * (100n + FEE_LIMIT_MARGIN_PERCENT) + 99n) / 100n;
}

/** The cost of one transaction, before signing. */
export function estimateCost(question: CostQuestion, p: CostParameters, account: AccountCostFacts): CostEstimate {
  if (!Number.isInteger(question.signatures) || question.signatures < 1) badArgument('signatures: expected 1 or more', 'signatures');
  const decoded = decodeRaw(question.rawBytes);
  const raw: Transaction_raw = decoded.raw;
  const type = decoded.contractType;
  const items: { name: CostItemName; sun: bigint }[] = [];
  const warnings: string[] = [];
  const bytes = chargedBytes(question.rawBytes.length, question.signatures);
  const isTransfer = type === 'TransferContract' || type === 'TransferAssetContract';
  const creates = isTransfer && question.recipientExists === false;

  // BandwidthProcessor.consume
  let bandwidth: CostEstimate['bandwidth'];
  const stakedLeft = account.netLimit - account.netUsed;
  if (bytes <= stakedLeft) bandwidth = 'staked';
  else if (creates) {
    bandwidth = 'activation-fee';
    items.push({ name: 'bandwidth', sun: p.createAccountFee });
  } else if (account.freeNetUsed + bytes <= (account.freeNetLimit > 0n ? account.freeNetLimit : p.freeNetLimit)) bandwidth = 'free';
  else {
    bandwidth = 'burned';
    items.push({ name: 'bandwidth', sun: bytes * p.transactionFee });
  }
  if (question.signatures > 1) items.push({ name: 'multi-signature', sun: p.multiSignFee });
  if (raw.data.length > 0 && p.memoFee > 0n) items.push({ name: 'memo', sun: p.memoFee });
  if (creates && p.createNewAccountFeeInSystemContract > 0n) items.push({ name: 'activation', sun: p.createNewAccountFeeInSystemContract });
  const own = contractFee(type, p);
  if (own > 0n) items.push({ name: 'contract-fee', sun: own });

  const moves = movesOf(type, decoded.contract);
  const before = items.reduce((s, i) => s + i.sun, 0n);
  let energy: CostEstimate['energy'];
  let unknownEnergyAtMost = 0n;
  /** sun the balance lacks to buy the energy a call needs (the fee limit being enough): it would fail out of energy. */
  let energyShort = 0n;
  if (type === 'TriggerSmartContract') {
    const feeLimit = raw.feeLimit;
    const stakeLeft = positive(account.energyLimit - account.energyUsed);
    // VMActuator's limit, from the balance as it will be after the charges above.
    const fromBalance = positive(account.balance - before - moves) / p.energyFee;
    const limit = min(stakeLeft + fromBalance, feeLimit / p.energyFee);
    if (question.energy === undefined) {
      energy = { feeLimit: feeLimit.toString(), feeLimitCheck: 'unknown' };
      unknownEnergyAtMost = positive(feeLimit - stakeLeft * p.energyFee);
      warnings.push(`The energy could not be estimated: the call may burn up to its fee limit, ${trx(feeLimit)}.`);
    } else {
      const needed = question.energy;
      const fullPrice = needed * p.energyFee;
      const proposed = proposedFeeLimit(fullPrice);
      // Out of energy: the node spends the whole limit, staked energy first.
      const spent = needed > limit ? limit : needed;
      const fromStake = min(spent, stakeLeft);
      const burned = (spent - fromStake) * p.energyFee;
      let check: 'ok' | 'too-low' | 'far-above' = 'ok';
      if (needed > feeLimit / p.energyFee) {
        check = 'too-low';
        warnings.push(
          `The fee limit ${trx(feeLimit)} is below the ${needed} energy the call needs (${trx(fullPrice)}): it will fail and still burn ${trx(burned)}. Propose ${trx(proposed)}.`,
        );
      } else if (needed > limit) {
        energyShort = (needed - stakeLeft) * p.energyFee - positive(account.balance - before - moves);
        warnings.push(`The account cannot buy the ${needed} energy the call needs: it will fail and still burn ${trx(burned)}.`);
      } else if (fullPrice > 0n && feeLimit > fullPrice * FEE_LIMIT_FAR_ABOVE_FACTOR) {
        check = 'far-above';
        warnings.push(`The fee limit ${trx(feeLimit)} is more than ${FEE_LIMIT_FAR_ABOVE_FACTOR} times the energy's price (${trx(fullPrice)}).`);
      }
      if (burned > 0n) items.push({ name: 'energy', sun: burned });
      energy = {
        needed: needed.toString(),
        fromStake: fromStake.toString(),
        burned: burned.toString(),
        feeLimit: feeLimit.toString(),
        feeLimitCheck: check,
        proposedFeeLimit: proposed.toString(),
      };
    }
  }

  const total = items.reduce((s, i) => s + i.sun, 0n);
  const atMost = total + unknownEnergyAtMost;
  const after = account.balance - atMost - moves;
  const shortBy = after < 0n ? -after : energyShort;
  const canPay = shortBy <= 0n;
  const refusal = canPay
    ? undefined
    : after < 0n
      ? `The account cannot pay this transaction: it holds ${trx(account.balance)} and needs ${trx(atMost + moves)} (${trx(atMost)} of fees${moves > 0n ? ` and ${trx(moves)} it sends or stakes` : ''}).`
      : `The account cannot pay this transaction: after its staked energy it needs ${trx(energyShort + positive(account.balance - before - moves))} of energy for the call and holds ${trx(positive(account.balance - before - moves))} for it, so the call would run out of energy, fail and still burn it.`;
  const parts = items.map((i) => `${i.name} ${trx(i.sun)}`);
  const text =
    `${bytes} bytes of bandwidth (${bandwidth === 'staked' ? 'from staked bandwidth' : bandwidth === 'free' ? 'from the free daily bandwidth' : bandwidth === 'burned' ? 'burned' : 'paid by the activation fee'})` +
    (energy?.needed !== undefined ? `, ${energy.needed} energy (${energy.fromStake} from stake)` : '') +
    `; total ${trx(total)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}; balance after ${trx(after)}`;
  return {
    bytes: bytes.toString(),
    bandwidth,
    ...(energy ? { energy } : {}),
    items: items.map((i) => ({ name: i.name, sun: i.sun.toString() })),
    total: total.toString(),
    totalAtMost: atMost.toString(),
    moves: moves.toString(),
    balance: account.balance.toString(),
    balanceAfter: after.toString(),
    canPay,
    ...(refusal ? { refusal, shortBy: shortBy.toString() } : {}),
    warnings,
    text,
  };
}
