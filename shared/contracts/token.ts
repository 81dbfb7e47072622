/**
 * The three token contracts of the spec (§2.6, §4.5-4.7): AssetIssueContract (issue a token),
 * ParticipateAssetIssueContract (buy from an issuing) and TransferAssetContract (move a token).
 * For each: a builder, the stateless part of the reference node's `validate()` (PROTOCOL.md §6.1-6.3,
 * with ALLOW_SAME_TOKEN_NAME = 1 as on mainnet and on our devnet), and a display shape for the UI
 * and CLI. Also the token-id ⇄ asset_name conversion and the exchange arithmetic of a participation.
 *
 * Invariants:
 * - A builder never returns a contract the node would refuse for a reason it can see without chain
 *   state. Rules run in the node's order and throw AirlockError('CONTRACT_VALIDATE', <the node's
 *   message, word for word>, {field}); "TrxNum must greater than 0!" keeps the node's name for the
 *   field this protocol calls coin_num, because clients match on the text.
 * - A token is named by its id: asset_name holds the UTF-8 bytes of the id's decimal text
 *   ("1000001" → 31303030303031). Anything else in asset_name would be refused by the node later
 *   ("No asset!" / "No asset named …"); we refuse it up front, with that same message, after the
 *   node's own stateless rules so their order is kept.
 * - Every rule here is stateless. The stateful ones (accounts, balances, the token's existence,
 *   issuer, sale period, fee) belong to whoever holds the state (the devnet); every stateless rule
 *   of the node comes before its first stateful one in these three actuators.
 */
import { isTokenIdText } from '../chain/ids.ts';
import { create } from '@bufbuild/protobuf';
import {
  AssetIssueContract_CdedSupplySchema,
  AssetIssueContractSchema,
  ParticipateAssetIssueContractSchema,
  TransferAssetContractSchema,
  type AssetIssueContract,
  type AssetIssueContract_CdedSupply,
  type ParticipateAssetIssueContract,
  type TransferAssetContract,
} from '../gen/protocol/contract_pb.ts';
import { isAddressBytes } from '../chain/address.ts';
import { bytesToHex, equalBytes, utf8ToBytes } from '../base/bytes.ts';
import { fail } from '../base/errors.ts';
import { INT64_MAX } from '../base/int64.ts';
import {
  badArgument,
  addressInput,
  int32Input,
  int64Input,
  kindOf,
  listInput,
  messageInput,
  objectInput,
  rejectField,
  textInput,
  tokenIdInput,
  within,
} from '../chain/input.ts';
import { addressView, formatUnits, textView, timeView, type AddressView, type TextView, type TimeView } from '../base/display.ts';
import type { AddressInput } from './transfer.ts';
import { COIN_DECIMALS } from '../base/amount.ts';
import {
  MAX_TOKEN_NAME_BYTES,
  MAX_URL_BYTES,
  MAX_DESCRIPTION_BYTES,
  MAX_CDED_SUPPLY_ENTRIES,
  MIN_CDED_DAYS,
  MAX_CDED_DAYS,
  ONE_DAY_NET_LIMIT,
  MAX_PRECISION,
} from '../base/limits.ts';
import { DAY_MS } from '../base/duration.ts';
/** Re-exported for station/ and electron/, which import it from here until the lead re-points them. */

/**
 * Names of the native coin, lower case: a token abbreviated so would read as the coin itself
 * ("Send 5 TRX" for 5 units of a token), so no token may carry one as its abbreviation (docs/decisions.md §16).
 */

/** ASSET_ISSUE_FEE (PROTOCOL.md §6.1 "Fee", §10): the sun burned when the node executes a token issue. */
export const ASSET_ISSUE_FEE_SUN = 1_024_000_000n;

export const NATIVE_COIN_NAMES: readonly string[] = ['coin', 'trx'];

/** Whether `abbreviation` (text or bytes) names the native coin, ignoring case and surrounding space. */
export function namesNativeCoin(abbreviation: string | Uint8Array): boolean {
  const text = typeof abbreviation === 'string' ? abbreviation : lenientUtf8.decode(abbreviation);
  return NATIVE_COIN_NAMES.includes(text.trim().toLowerCase());
}
/** TOKEN_ID_NUM (1,000,000) + 1: the id of the first token ever issued; no token has a lower one. */
export const FIRST_TOKEN_ID = 1000001;

// ---------------------------------------------------------------------------------------------
// Token ids

/**
 * asset_name read one character per byte, as the token-id checks and the devnet's token lookup
 * read it: an id is ASCII digits, and any other byte keeps the text from being one.
 */
export function assetNameText(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return text;
}

/** True when `bytes` is a token id as the node keys tokens by it: the id's canonical decimal text, from FIRST_TOKEN_ID on. */
export function isTokenIdAssetName(bytes: Uint8Array): boolean {
  if (!(bytes instanceof Uint8Array)) return false;
  const text = assetNameText(bytes);
  return isTokenIdText(text) && BigInt(text) >= BigInt(FIRST_TOKEN_ID);
}

/** A token id ("1000001", 1000001 or 1000001n) → the asset_name bytes the node expects (UTF-8 of the decimal text). */
export function tokenIdToAssetName(id: string | number | bigint, field = 'token id'): Uint8Array {
  const text = tokenIdInput(id, field);
  if (BigInt(text) < BigInt(FIRST_TOKEN_ID)) rejectField(field, `${text} is below ${FIRST_TOKEN_ID}, the first token id`);
  return utf8ToBytes(text);
}

/** asset_name bytes → the token id text. Throws INVALID_INPUT unless they are a token id. */
export function assetNameToTokenId(bytes: Uint8Array): string {
  if (!(bytes instanceof Uint8Array)) badArgument(`assetNameToTokenId: expected bytes, got ${kindOf(bytes)}`, 'asset_name');
  if (bytes.length === 0) fail('INVALID_INPUT', 'asset_name: empty', { field: 'asset_name' });
  if (!isTokenIdAssetName(bytes)) {
    fail('INVALID_INPUT', `asset_name: bytes ${bytesToHex(bytes)} are not a token id (the decimal text of an id such as ${FIRST_TOKEN_ID})`, {
      field: 'asset_name',
    });
  }
  return assetNameText(bytes);
}

// ---------------------------------------------------------------------------------------------
// Shared checks

function reject(message: string, field: string, extra?: Record<string, unknown>): never {
  return fail('CONTRACT_VALIDATE', message, { field, ...extra });
}

/** TransactionUtil.validAssetName: 1-32 bytes, each from 0x21 '!' to 0x7E '~'. */
function validTokenName(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.length > MAX_TOKEN_NAME_BYTES) return false;
  for (const b of bytes) if (b < 0x21 || b > 0x7e) return false;
  return true;
}

/** Lower-cased ASCII text of a name that already passed `validTokenName`. */
function asciiLower(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += String.fromCharCode(b >= 0x41 && b <= 0x5a ? b + 0x20 : b);
  return out;
}

// The node builds its "No asset named …" message with Java's `new String(bytes)`, which replaces
// bad UTF-8 instead of failing; a non-fatal decoder gives the same text.
const lenientUtf8 = new TextDecoder('utf-8');

/** The stateless asset_name check of participate and transfer, with the message the node would give. */
function checkAssetName(assetName: Uint8Array, message: string): void {
  if (isTokenIdAssetName(assetName)) return;
  reject(message, 'asset_name', {
    reason: `asset_name must be a token id: the UTF-8 bytes of its decimal text, such as ${FIRST_TOKEN_ID} (hex ${bytesToHex(utf8ToBytes(String(FIRST_TOKEN_ID)))})`,
  });
}

// ---------------------------------------------------------------------------------------------
// AssetIssueContract (spec §4.5; PROTOCOL.md §6.1)

export interface AssetIssueInput {
  owner: AddressInput;
  name: string | Uint8Array;
  abbr?: string | Uint8Array;
  totalSupply: bigint | number;
  precision?: number;
  /** Price numerator, in the smallest unit of the native coin: coin_num buys num smallest token units. */
  coinNum: number;
  num: number;
  /** ms since the epoch. */
  startTime: bigint | number;
  endTime: bigint | number;
  description?: string | Uint8Array;
  url: string | Uint8Array;
  freeAssetNetLimit?: bigint | number;
  publicFreeAssetNetLimit?: bigint | number;
  cdedSupply?: { amount: bigint | number; days: bigint | number }[];
}

export interface AssetIssueContext {
  /**
   * ms. When given, rule 11 ("Start time should be greater than HeadBlockTime") is checked against
   * it: the station passes its chain snapshot's time, the devnet its head block time.
   */
  headBlockTime?: bigint | number;
}

/** One broken rule of an AssetIssueContract: the node's message, word for word, and the field it is about. */
export interface AssetIssueProblem {
  field: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * Every rule of PROTOCOL.md §6.1 (2-17) the contract breaks, in the node's order (the node stops at
 * the first; a form shows each next to its field). ALLOW_SAME_TOKEN_NAME = 1, so no "Token exists".
 */
export function assetIssueProblems(c: AssetIssueContract, ctx: AssetIssueContext = {}): AssetIssueProblem[] {
  messageInput(c, 'protocol.AssetIssueContract', 'assetIssueProblems: contract');
  if (typeof ctx !== 'object' || ctx === null) badArgument(`assetIssueProblems: ctx must be an object, got ${kindOf(ctx)}`, 'ctx');
  const head = ctx.headBlockTime === undefined ? undefined : within('assetIssueProblems', () => int64Input(ctx.headBlockTime, 'headBlockTime'));
  const problems: AssetIssueProblem[] = [];
  const rule = (broken: boolean, message: string, field: string, details?: Record<string, unknown>): void => {
    if (broken) problems.push({ field, message, ...(details && { details }) });
  };

  // 2-8: addresses and texts.
  rule(!isAddressBytes(c.ownerAddress), 'Invalid ownerAddress', 'owner_address');
  rule(!validTokenName(c.name), 'Invalid assetName', 'name');
  rule(validTokenName(c.name) && asciiLower(c.name) === 'trx', "assetName can't be trx", 'name');
  rule(c.precision < 0 || c.precision > MAX_PRECISION, 'precision cannot exceed 6', 'precision');
  rule(c.abbr.length > 0 && !validTokenName(c.abbr), 'Invalid abbreviation for token', 'abbr');
  rule(namesNativeCoin(c.abbr), "abbreviation can't name the native coin (coin, TRX): amounts of the token would read as the coin", 'abbr');
  rule(c.url.length === 0 || c.url.length > MAX_URL_BYTES, 'Invalid url', 'url');
  rule(c.description.length > MAX_DESCRIPTION_BYTES, 'Invalid description', 'description');

  // 9-11: the sale period, in ms.
  rule(c.startTime === 0n, 'Start time should be not empty', 'start_time');
  rule(c.endTime === 0n, 'End time should be not empty', 'end_time');
  rule(c.endTime !== 0n && c.endTime <= c.startTime, 'End time should be greater than start time', 'end_time');
  if (head !== undefined) {
    rule(c.startTime !== 0n && c.startTime <= head, 'Start time should be greater than HeadBlockTime', 'start_time', { headBlockTime: head.toString() });
  }

  // 13-16: amounts and limits.
  rule(c.totalSupply <= 0n, 'TotalSupply must greater than 0!', 'total_supply');
  rule(c.coinNum <= 0, 'TrxNum must greater than 0!', 'coin_num');
  rule(c.num <= 0, 'Num must greater than 0!', 'num');
  rule(c.publicFreeAssetNetUsage !== 0n, 'PublicFreeAssetNetUsage must be 0!', 'public_free_asset_net_usage');
  rule(c.cdedSupply.length > MAX_CDED_SUPPLY_ENTRIES, 'Frozen supply list length is too long', 'cded_supply');
  rule(c.freeAssetNetLimit < 0n || c.freeAssetNetLimit >= ONE_DAY_NET_LIMIT, 'Invalid FreeAssetNetLimit', 'free_asset_net_limit');
  rule(c.publicFreeAssetNetLimit < 0n || c.publicFreeAssetNetLimit >= ONE_DAY_NET_LIMIT, 'Invalid PublicFreeAssetNetLimit', 'public_free_asset_net_limit');

  // 17: each cded entry, against the supply not yet cded by the entries before it.
  let remaining = c.totalSupply;
  c.cdedSupply.forEach((entry, i) => {
    rule(entry.cdedAmount <= 0n, 'Frozen supply must be greater than 0!', `cded_supply[${i}].cded_amount`);
    rule(entry.cdedAmount > 0n && entry.cdedAmount > remaining, 'Frozen supply cannot exceed total supply', `cded_supply[${i}].cded_amount`);
    rule(
      entry.cdedDays < BigInt(MIN_CDED_DAYS) || entry.cdedDays > BigInt(MAX_CDED_DAYS),
      'frozenDuration must be less than 3652 days and more than 1 days',
      `cded_supply[${i}].cded_days`,
    );
    remaining -= entry.cdedAmount;
  });
  return problems;
}

/** PROTOCOL.md §6.1 rules 2-17 in the node's order: throws CONTRACT_VALIDATE for the first broken one, as the node answers. */
export function validateAssetIssue(c: AssetIssueContract, ctx: AssetIssueContext = {}): void {
  messageInput(c, 'protocol.AssetIssueContract', 'validateAssetIssue: contract');
  if (typeof ctx !== 'object' || ctx === null) badArgument(`validateAssetIssue: ctx must be an object, got ${kindOf(ctx)}`, 'ctx');
  const first = within('validateAssetIssue', () => assetIssueProblems(c, ctx))[0];
  if (first) reject(first.message, first.field, first.details);
}

function cdedInput(value: unknown): AssetIssueContract_CdedSupply[] {
  if (value === undefined) return [];
  return listInput(value, 'cdedSupply').map((entry: unknown, i) => {
    const e = objectInput(entry, `cdedSupply[${i}]`, ['amount', 'days']);
    return create(AssetIssueContract_CdedSupplySchema, {
      cdedAmount: int64Input(e.amount, `cdedSupply[${i}].amount`),
      cdedDays: int64Input(e.days, `cdedSupply[${i}].days`),
    });
  });
}

const ASSET_ISSUE_KEYS = [
  'owner',
  'name',
  'abbr',
  'totalSupply',
  'precision',
  'coinNum',
  'num',
  'startTime',
  'endTime',
  'description',
  'url',
  'freeAssetNetLimit',
  'publicFreeAssetNetLimit',
  'cdedSupply',
];

/** Builds an AssetIssueContract (id left empty: the node assigns it) and validates it. */
export function buildAssetIssue(input: AssetIssueInput, ctx: AssetIssueContext = {}): AssetIssueContract {
  const c = within('buildAssetIssue', () => {
    const i = objectInput(input, 'input', ASSET_ISSUE_KEYS);
    return create(AssetIssueContractSchema, {
      ownerAddress: addressInput(i.owner, 'owner'),
      name: textInput(i.name, 'name'),
      abbr: i.abbr === undefined ? new Uint8Array() : textInput(i.abbr, 'abbr'),
      totalSupply: int64Input(i.totalSupply, 'totalSupply'),
      cdedSupply: cdedInput(i.cdedSupply),
      coinNum: int32Input(i.coinNum, 'coinNum'),
      precision: i.precision === undefined ? 0 : int32Input(i.precision, 'precision'),
      num: int32Input(i.num, 'num'),
      startTime: int64Input(i.startTime, 'startTime'),
      endTime: int64Input(i.endTime, 'endTime'),
      description: i.description === undefined ? new Uint8Array() : textInput(i.description, 'description'),
      url: textInput(i.url, 'url'),
      freeAssetNetLimit: i.freeAssetNetLimit === undefined ? 0n : int64Input(i.freeAssetNetLimit, 'freeAssetNetLimit'),
      publicFreeAssetNetLimit: i.publicFreeAssetNetLimit === undefined ? 0n : int64Input(i.publicFreeAssetNetLimit, 'publicFreeAssetNetLimit'),
    });
  });
  validateAssetIssue(c, ctx);
  return c;
}

// ---------------------------------------------------------------------------------------------
// ParticipateAssetIssueContract (spec §4.6; PROTOCOL.md §6.2)

/**
 * The stateless rules of §6.2 in the node's order, then asset_name: it must be a token id, else
 * CONTRACT_VALIDATE "No asset named <asset_name as text>" (what the node answers once it looks the
 * token up), with details.reason saying why.
 */
export function validateParticipate(c: ParticipateAssetIssueContract): void {
  messageInput(c, 'protocol.ParticipateAssetIssueContract', 'validateParticipate: contract');
  if (!isAddressBytes(c.ownerAddress)) reject('Invalid ownerAddress', 'owner_address');
  if (!isAddressBytes(c.toAddress)) reject('Invalid toAddress', 'to_address');
  if (c.amount <= 0n) reject('Amount must greater than 0!', 'amount');
  if (equalBytes(c.ownerAddress, c.toAddress)) reject('Cannot participate asset Issue yourself !', 'to_address');
  checkAssetName(c.assetName, `No asset named ${lenientUtf8.decode(c.assetName)}`);
}

export interface ParticipateInput {
  /** The participant, who pays. */
  owner: AddressInput;
  /** The token's issuer, who is paid (to_address). */
  issuer: AddressInput;
  tokenId: string | number | bigint;
  /** In the smallest unit of the native coin. */
  amount: bigint | number;
}

export function buildParticipate(input: ParticipateInput): ParticipateAssetIssueContract {
  const c = within('buildParticipate', () => {
    const i = objectInput(input, 'input', ['owner', 'issuer', 'tokenId', 'amount']);
    return create(ParticipateAssetIssueContractSchema, {
      ownerAddress: addressInput(i.owner, 'owner'),
      toAddress: addressInput(i.issuer, 'issuer'),
      assetName: tokenIdToAssetName(i.tokenId as string, 'tokenId'),
      amount: int64Input(i.amount, 'amount'),
    });
  });
  validateParticipate(c);
  return c;
}

/**
 * Tokens received for `amount` of the native coin: floor(amount × num / coin_num), computed as the
 * node does (Math.multiplyExact, then Math.floorDiv). Errors carry the node's messages as
 * CONTRACT_VALIDATE: "long overflow" when the product leaves int64, "/ by zero" for coin_num 0,
 * "Can not process the exchange!" when the result is 0 or less.
 */
export function participateExchange(amount: bigint, num: bigint | number, coinNum: bigint | number): bigint {
  const [a, n, d] = within('participateExchange', () => [int64Input(amount, 'amount'), int64Input(num, 'num'), int64Input(coinNum, 'coinNum')]);
  const product = a * n;
  if (product < -INT64_MAX - 1n || product > INT64_MAX) fail('CONTRACT_VALIDATE', 'long overflow', { field: 'amount' });
  if (d === 0n) fail('CONTRACT_VALIDATE', '/ by zero', { field: 'coin_num' });
  let q = product / d;
  if (product % d !== 0n && product < 0n !== d < 0n) q -= 1n;
  if (q <= 0n) fail('CONTRACT_VALIDATE', 'Can not process the exchange!', { field: 'amount' });
  return q;
}

// ---------------------------------------------------------------------------------------------
// TransferAssetContract (spec §4.7; PROTOCOL.md §6.3)

/**
 * The stateless rules of §6.3 in the node's order, then asset_name: it must be a token id, else
 * CONTRACT_VALIDATE "No asset!" (what the node answers once it looks the token up), with
 * details.reason saying why.
 */
export function validateTransferAsset(c: TransferAssetContract): void {
  messageInput(c, 'protocol.TransferAssetContract', 'validateTransferAsset: contract');
  if (!isAddressBytes(c.ownerAddress)) reject('Invalid ownerAddress', 'owner_address');
  if (!isAddressBytes(c.toAddress)) reject('Invalid toAddress', 'to_address');
  if (c.amount <= 0n) reject('Amount must be greater than 0.', 'amount');
  if (equalBytes(c.ownerAddress, c.toAddress)) reject('Cannot transfer asset to yourself.', 'to_address');
  checkAssetName(c.assetName, 'No asset!');
}

export interface TransferAssetInput {
  owner: AddressInput;
  to: AddressInput;
  tokenId: string | number | bigint;
  /** In the smallest unit of the token. */
  amount: bigint | number;
}

export function buildTransferAsset(input: TransferAssetInput): TransferAssetContract {
  const c = within('buildTransferAsset', () => {
    const i = objectInput(input, 'input', ['owner', 'to', 'tokenId', 'amount']);
    return create(TransferAssetContractSchema, {
      assetName: tokenIdToAssetName(i.tokenId as string, 'tokenId'),
      ownerAddress: addressInput(i.owner, 'owner'),
      toAddress: addressInput(i.to, 'to'),
      amount: int64Input(i.amount, 'amount'),
    });
  });
  validateTransferAsset(c);
  return c;
}

// ---------------------------------------------------------------------------------------------
// Display (decoded from the signed bytes; nothing here is trusted input)

export interface CdedSupplyView {
  /** Smallest token units, decimal. */
  amount: string;
  days: string;
  /** When the node releases it: start_time + days × 86,400,000 ms. */
  releasedAt: TimeView;
}

export interface AssetIssueView {
  contract: 'AssetIssueContract';
  owner: AddressView;
  /** Set by the node when it stores the token; empty in a transaction being signed. */
  id: string;
  name: TextView;
  abbr: TextView;
  description: TextView;
  url: TextView;
  precision: number;
  /** Smallest token units, decimal. */
  totalSupply: string;
  /** The same in whole tokens ("1000.5"), or null when precision is outside 0-6. */
  totalSupplyTokens: string | null;
  /** Price: coinNum smallest units of the native coin buy num smallest token units. */
  coinNum: number;
  num: number;
  startTime: TimeView;
  endTime: TimeView;
  freeAssetNetLimit: string;
  publicFreeAssetNetLimit: string;
  publicFreeAssetNetUsage: string;
  publicLatestFreeNetTime: string;
  order: string;
  voteScore: number;
  cdedSupply: CdedSupplyView[];
}

export function describeAssetIssue(c: AssetIssueContract): AssetIssueView {
  messageInput(c, 'protocol.AssetIssueContract', 'describeAssetIssue: contract');
  return {
    contract: 'AssetIssueContract',
    owner: addressView(c.ownerAddress),
    id: c.id,
    name: textView(c.name),
    abbr: textView(c.abbr),
    description: textView(c.description),
    url: textView(c.url),
    precision: c.precision,
    totalSupply: c.totalSupply.toString(),
    totalSupplyTokens: c.precision >= 0 && c.precision <= MAX_PRECISION ? formatUnits(c.totalSupply, c.precision) : null,
    coinNum: c.coinNum,
    num: c.num,
    startTime: timeView(c.startTime),
    endTime: timeView(c.endTime),
    freeAssetNetLimit: c.freeAssetNetLimit.toString(),
    publicFreeAssetNetLimit: c.publicFreeAssetNetLimit.toString(),
    publicFreeAssetNetUsage: c.publicFreeAssetNetUsage.toString(),
    publicLatestFreeNetTime: c.publicLatestFreeNetTime.toString(),
    order: c.order.toString(),
    voteScore: c.voteScore,
    cdedSupply: c.cdedSupply.map((e) => ({
      amount: e.cdedAmount.toString(),
      days: e.cdedDays.toString(),
      releasedAt: timeView(c.startTime + e.cdedDays * BigInt(DAY_MS)),
    })),
  };
}

export interface ParticipateView {
  contract: 'ParticipateAssetIssueContract';
  owner: AddressView;
  /** to_address: the issuer, who receives the payment. */
  issuer: AddressView;
  /** The token id, or null when asset_name is not one (then see assetName). */
  tokenId: string | null;
  assetName: TextView;
  /** Paid, in smallest units of the native coin, decimal. */
  amount: string;
  amountCoin: string;
}

export function describeParticipate(c: ParticipateAssetIssueContract): ParticipateView {
  messageInput(c, 'protocol.ParticipateAssetIssueContract', 'describeParticipate: contract');
  return {
    contract: 'ParticipateAssetIssueContract',
    owner: addressView(c.ownerAddress),
    issuer: addressView(c.toAddress),
    tokenId: isTokenIdAssetName(c.assetName) ? assetNameToTokenId(c.assetName) : null,
    assetName: textView(c.assetName),
    amount: c.amount.toString(),
    amountCoin: formatUnits(c.amount, COIN_DECIMALS),
  };
}

export interface TransferAssetView {
  contract: 'TransferAssetContract';
  owner: AddressView;
  to: AddressView;
  tokenId: string | null;
  assetName: TextView;
  /** Smallest token units, decimal (the token's precision is chain state, not in the contract). */
  amount: string;
}

export function describeTransferAsset(c: TransferAssetContract): TransferAssetView {
  messageInput(c, 'protocol.TransferAssetContract', 'describeTransferAsset: contract');
  return {
    contract: 'TransferAssetContract',
    owner: addressView(c.ownerAddress),
    to: addressView(c.toAddress),
    tokenId: isTokenIdAssetName(c.assetName) ? assetNameToTokenId(c.assetName) : null,
    assetName: textView(c.assetName),
    amount: c.amount.toString(),
  };
}
