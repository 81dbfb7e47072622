/**
 * The token forms' rules as you type (docs/decisions.md §10 "Tokens": "the spec's rules checked as you type"),
 * as plain functions of the text in each field, so the screen and its tests share them. The
 * AssetIssueContract rules are shared/contracts/token.ts `assetIssueProblems` (PROTOCOL.md §6.1, the node's
 * messages word for word), run on the contract the form would build; amounts are read exactly by
 * shared/base/amount.ts. The station runs the same rules again when it builds: nothing here is
 * trusted, it only tells a person early.
 *
 * Invariant: no message quotes what was typed (a private key pasted by mistake is never echoed),
 * and text that looks like a private key is refused in every field that would put it on chain.
 */
import { create } from '@bufbuild/protobuf';
import { AssetIssueContract_CdedSupplySchema, AssetIssueContractSchema, type AssetIssueContract } from '../../shared/gen/protocol/contract_pb.ts';
import { parseAddress } from '../../shared/chain/address.ts';
import { utf8ToBytes } from '../../shared/base/bytes.ts';
import { isTokenIdText } from '../../shared/chain/ids.ts';
import { messageToNodeJson } from '../../shared/chain/node-json.ts';
import { assetIssueProblems, participateExchange } from '../../shared/contracts/token.ts';
import { formatGrouped, groupDigits, readAmount } from '../../shared/base/amount.ts';
import { COIN_DECIMALS } from '../../shared/base/amount.ts';
import {
  MAX_CDED_SUPPLY_ENTRIES,
  MAX_DESCRIPTION_BYTES,
  MAX_TOKEN_NAME_BYTES,
  MAX_URL_BYTES,
  MAX_CDED_DAYS,
  MAX_PRECISION,
  MIN_CDED_DAYS,
  ONE_DAY_NET_LIMIT,
} from '../../shared/base/limits.ts';
import { DAY_MS } from '../../shared/base/duration.ts';
import { addressFieldProblem, KEY_WARNING, looksLikePrivateKey, optionsProblems, type BuildOptionsText, type FieldErrors } from '../forms/field-rules.ts';

export function tokenIdProblem(text: string): string | null {
  const t = text.trim();
  if (t === '') return 'enter the token id, such as 1000001';
  if (!isTokenIdText(t)) return 'a token id is digits, such as 1000001';
  if (BigInt(t) < 1_000_001n) return 'token ids start at 1000001';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Transfer a token

/** What the transfer form knows of the token: its precision, once the station has told it. */
export interface TokenUnitFacts {
  precision: number;
  abbreviation: string;
  name: string;
}

export function unitName(token: TokenUnitFacts | null, id: string): string {
  if (token === null) return `units of token ${id}`;
  return token.abbreviation !== '' ? token.abbreviation : token.name;
}

export interface TransferText extends BuildOptionsText {
  from: string;
  to: string;
  tokenId: string;
  amount: string;
}

/**
 * The transfer's problems by field, and the integer amount when it reads. Without the token's
 * facts the amount is read in smallest units (precision 0), and the screen says so.
 */
export function transferProblems(t: TransferText, token: TokenUnitFacts | null): { errors: FieldErrors; units: bigint | null } {
  const errors: FieldErrors = { ...optionsProblems(t) };
  const from = addressFieldProblem(t.from);
  if (from) errors.from = from;
  const to = addressFieldProblem(t.to);
  if (to) errors.to = to;
  if (!from && !to && parseAddress(t.from.trim()).every((b, i) => b === parseAddress(t.to.trim())[i])) errors.to = 'Cannot transfer asset to yourself.';
  const id = tokenIdProblem(t.tokenId);
  if (id) errors.tokenId = id;
  const read = readAmount(t.amount, token?.precision ?? 0);
  let units: bigint | null = null;
  if (!read.ok) errors.amount = read.reason;
  else if (read.units <= 0n) errors.amount = 'Amount must be greater than 0.';
  else units = read.units;
  return { errors, units };
}

// ---------------------------------------------------------------------------------------------
// Take part in a token sale

export interface ParticipateText extends BuildOptionsText {
  from: string;
  tokenId: string;
  /** In TRX, up to 6 decimals. */
  amount: string;
}

export interface SaleFacts extends TokenUnitFacts {
  owner: string;
  sale: { coinNum: number; num: number; startTime: number; endTime: number } | null;
}

/**
 * A sale's start or end in the person's local time, to the minute (docs/decisions.md §18: the node's "No longer
 * valid period!" was shown before a sale had opened, which reads as if it had closed).
 */
export function saleDate(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The participation's problems, the sun paid and the smallest token units received, when they read. */
export function participateProblems(
  t: ParticipateText,
  token: SaleFacts | null,
  now: number,
): { errors: FieldErrors; sun: bigint | null; bought: bigint | null } {
  const errors: FieldErrors = { ...optionsProblems(t) };
  const from = addressFieldProblem(t.from);
  if (from) errors.from = from;
  const id = tokenIdProblem(t.tokenId);
  if (id) errors.tokenId = id;
  else if (token === null) errors.tokenId = 'this station does not know this token yet: its issuer and price come from the node or a snapshot';
  else if (token.sale === null) errors.tokenId = "this station does not know the token's sale price: read it from the node";
  else if (!from && token.owner === t.from.trim()) errors.from = 'Cannot participate asset Issue yourself !';
  else if (token.sale !== null && now < token.sale.startTime)
    errors.tokenId = `the sale opens on ${saleDate(token.sale.startTime)}: nothing can be bought before then`;
  else if (token.sale !== null && now >= token.sale.endTime) errors.tokenId = `the sale ended on ${saleDate(token.sale.endTime)}: nothing can be bought now`;
  const read = readAmount(t.amount, COIN_DECIMALS);
  let sun: bigint | null = null;
  let bought: bigint | null = null;
  if (!read.ok) errors.amount = read.reason;
  else if (read.units <= 0n) errors.amount = 'Amount must greater than 0!';
  else {
    sun = read.units;
    if (token?.sale) {
      try {
        bought = participateExchange(sun, token.sale.num, token.sale.coinNum);
      } catch (e) {
        errors.amount = e instanceof Error ? e.message : 'Can not process the exchange!';
      }
    }
  }
  return { errors, sun, bought };
}

/** "10 TRX buys 50 GLD" for the sale's price; null when the amount buys nothing. */
export function buysInWords(sun: bigint, sale: { coinNum: number; num: number }, token: TokenUnitFacts, id: string): string | null {
  try {
    const got = participateExchange(sun, sale.num, sale.coinNum);
    return `${formatGrouped(sun, COIN_DECIMALS)} TRX buys ${formatGrouped(got, token.precision)} ${unitName(token, id)}`;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Issue a token

export interface CdedRowText {
  amount: string;
  days: string;
}

export interface IssueText extends BuildOptionsText {
  from: string;
  name: string;
  abbr: string;
  /** In whole tokens, up to `precision` decimals. */
  totalSupply: string;
  precision: string;
  coinNum: string;
  num: string;
  /** datetime-local values (the person's local time). */
  start: string;
  end: string;
  cded: CdedRowText[];
  freeLimit: string;
  publicLimit: string;
  url: string;
  description: string;
}

/** Where each rule of assetIssueProblems is shown: contract field → form field. */
const ISSUE_FIELDS: Record<string, string> = {
  owner_address: 'from',
  name: 'name',
  abbr: 'abbr',
  precision: 'precision',
  url: 'url',
  description: 'description',
  start_time: 'start',
  end_time: 'end',
  total_supply: 'totalSupply',
  coin_num: 'coinNum',
  num: 'num',
  cded_supply: 'cded',
  free_asset_net_limit: 'freeLimit',
  public_free_asset_net_limit: 'publicLimit',
};

/** The node's message, and what it means in plain words. */
const ISSUE_HINTS: Record<string, string> = {
  'Invalid assetName': `1 to ${MAX_TOKEN_NAME_BYTES} characters, printable ASCII without spaces`,
  "assetName can't be trx": 'the native coin is called TRX',
  'precision cannot exceed 6': `0 to ${MAX_PRECISION} decimals`,
  'Invalid abbreviation for token': `empty, or 1 to ${MAX_TOKEN_NAME_BYTES} characters, printable ASCII without spaces`,
  'Invalid url': `1 to ${MAX_URL_BYTES} bytes`,
  'Invalid description': `at most ${MAX_DESCRIPTION_BYTES} bytes`,
  'Start time should be greater than HeadBlockTime': 'the sale must start after now',
  'TrxNum must greater than 0!': 'the price in sun must be at least 1',
  'Num must greater than 0!': 'the number of token units for that price must be at least 1',
  'Frozen supply list length is too long': `at most ${MAX_CDED_SUPPLY_ENTRIES} rows`,
  'Invalid FreeAssetNetLimit': `0 up to ${groupDigits((ONE_DAY_NET_LIMIT - 1n).toString())}`,
  'Invalid PublicFreeAssetNetLimit': `0 up to ${groupDigits((ONE_DAY_NET_LIMIT - 1n).toString())}`,
  'Frozen supply cannot exceed total supply': 'the rows together may not freeze more than the supply',
  'frozenDuration must be less than 3652 days and more than 1 days': `${MIN_CDED_DAYS} to ${MAX_CDED_DAYS} days`,
};

function issueMessage(message: string): string {
  const hint = ISSUE_HINTS[message];
  return hint ? `${message} (${hint})` : message;
}

/** datetime-local text → ms, or null. */
function localTimeMs(text: string): number | null {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,3})?)?$/.test(text)) return null;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

function int32Text(text: string): number | null {
  const t = text.trim();
  return /^[0-9]{1,10}$/.test(t) && Number(t) <= 2 ** 31 - 1 ? Number(t) : null;
}

/**
 * Every problem of the issue form, by field (`cded.<i>.amount`, `cded.<i>.days` for the rows), and
 * the contract when there is none. Each field's own reading comes first (digits, dates); then the
 * contract made of what did read goes through the node's rules, all of them, each to its field.
 */
export function issueProblems(t: IssueText, now: number): { errors: FieldErrors; contract: AssetIssueContract | null } {
  const errors: FieldErrors = { ...optionsProblems(t) };
  const own = (field: string, problem: string | null): void => {
    if (problem !== null && errors[field] === undefined) errors[field] = problem;
  };
  own('from', addressFieldProblem(t.from));
  for (const f of ['name', 'abbr', 'url', 'description'] as const) if (looksLikePrivateKey(t[f])) own(f, KEY_WARNING);
  const precision = int32Text(t.precision);
  own('precision', precision === null ? `a whole number of decimals, 0 to ${MAX_PRECISION}` : null);
  const p = precision !== null && precision <= MAX_PRECISION ? precision : 0;
  const supply = readAmount(t.totalSupply, p);
  own('totalSupply', supply.ok ? null : supply.reason);
  const coinNum = int32Text(t.coinNum);
  own('coinNum', coinNum === null ? 'a whole number of sun, 1 to 2,147,483,647' : null);
  const num = int32Text(t.num);
  own('num', num === null ? 'a whole number of smallest token units, 1 to 2,147,483,647' : null);
  const start = localTimeMs(t.start);
  own('start', start === null ? 'choose the date and time the sale starts' : null);
  const end = localTimeMs(t.end);
  own('end', end === null ? 'choose the date and time the sale ends' : null);
  const limit = (field: string, text: string): bigint => {
    const v = text.trim() === '' ? 0n : /^[0-9]{1,19}$/.test(text.trim()) ? BigInt(text.trim()) : null;
    own(field, v === null ? 'a whole number of bandwidth points (empty for 0)' : null);
    return v ?? 0n;
  };
  const freeLimit = limit('freeLimit', t.freeLimit);
  const publicLimit = limit('publicLimit', t.publicLimit);
  const cded = t.cded.map((row, i) => {
    const amount = readAmount(row.amount, p);
    own(`cded.${i}.amount`, amount.ok ? null : amount.reason);
    const days = /^[0-9]{1,6}$/.test(row.days.trim()) ? BigInt(row.days.trim()) : null;
    own(`cded.${i}.days`, days === null ? 'a whole number of days' : null);
    return create(AssetIssueContract_CdedSupplySchema, { cdedAmount: amount.ok ? amount.units : 1n, cdedDays: days ?? 1n });
  });

  let owner: Uint8Array = new Uint8Array(21);
  if (errors.from === undefined) owner = parseAddress(t.from.trim());
  const c = create(AssetIssueContractSchema, {
    ownerAddress: owner,
    name: utf8ToBytes(t.name),
    abbr: utf8ToBytes(t.abbr),
    totalSupply: supply.ok ? supply.units : 1n,
    cdedSupply: cded,
    coinNum: coinNum ?? 1,
    precision: precision ?? 0,
    num: num ?? 1,
    startTime: BigInt(start ?? now + DAY_MS),
    endTime: BigInt(end ?? (start ?? now + DAY_MS) + DAY_MS),
    description: utf8ToBytes(t.description),
    url: utf8ToBytes(t.url),
    freeAssetNetLimit: freeLimit,
    publicFreeAssetNetLimit: publicLimit,
  });
  for (const problem of assetIssueProblems(c, { headBlockTime: now })) {
    const m = /^cded_supply\[([0-9]+)\]\.cded_(amount|days)$/.exec(problem.field);
    const field = m ? `cded.${m[1]}.${m[2]}` : (ISSUE_FIELDS[problem.field] ?? 'form');
    own(field, issueMessage(problem.message));
  }
  return { errors, contract: Object.keys(errors).length === 0 ? c : null };
}

/** The contract as the node's JSON for `buildAssetIssue` (hex bytes; int64 as decimal text, which JSON numbers cannot hold exactly). */
export function issueJson(c: AssetIssueContract): string {
  return JSON.stringify(messageToNodeJson(AssetIssueContractSchema, c), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * The price worked out in words: "1 TRX (1,000,000 sun) buys 5 GLD; 5 TRX buys 25 GLD", or why it
 * cannot be worked out yet.
 */
export function priceExample(coinNum: string, num: string, precision: string, abbr: string): string | null {
  const c = int32Text(coinNum);
  const n = int32Text(num);
  const p = int32Text(precision);
  if (c === null || n === null || c === 0 || n === 0 || p === null || p > MAX_PRECISION) return null;
  const unit = abbr.trim() !== '' && !looksLikePrivateKey(abbr) ? abbr.trim() : 'tokens';
  const buys = (sun: bigint): string => {
    try {
      return `${formatGrouped(participateExchange(sun, n, c), p)} ${unit}`;
    } catch {
      return `nothing (less than one smallest unit of the token)`;
    }
  };
  return `${groupDigits(String(c))} sun buy ${groupDigits(String(n))} smallest units (${formatGrouped(BigInt(n), p)} ${unit}). At 1 TRX = 1,000,000 sun each: 1 TRX buys ${buys(1_000_000n)}; 5 TRX buys ${buys(5_000_000n)}.`;
}

/** When a cded row is released: start + days. */
export function releaseDate(start: string, days: string): number | null {
  const s = localTimeMs(start);
  const d = /^[0-9]{1,4}$/.test(days.trim()) ? Number(days.trim()) : null;
  return s === null || d === null ? null : s + d * DAY_MS;
}
