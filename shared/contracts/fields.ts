/**
 * The field table of a contract in words (docs/decisions.md §17, clear signing): the row shape every contract
 * family module (staking.ts, voting.ts, account.ts, smart-contract.ts, …) builds its view from, and
 * the helpers that turn one wire value into words: amounts in TRX with their sun, token amounts in
 * the token's units when the token is known, resource names, durations, addresses with their
 * address-book label, text escaped.
 *
 * Invariant: every row is made from the decoded message only (DESIGN.md decision 2) and every piece
 * of chain text in `value` is escaped (escape.ts), so no bidi override or control character reaches
 * a signer unescaped; an address row always carries the address itself, a label only beside it.
 */
import { addressView, textView, type AddressView } from '../base/display.ts';
import { bytesToHex } from '../base/bytes.ts';
import { escapeText } from '../base/escape.ts';
import { formatGrouped, groupDigits, sunInWords } from '../base/amount.ts';
import { BLOCK_INTERVAL_MS } from '../chain/tapos.ts';
import type { ContractFacts } from './abi-words.ts';

/** One row of a contract's field table. */
export interface FieldRow {
  /** The field's path in the contract, in Airlock's (the spec's) JSON names (`votes[0].vote_address`). */
  field: string;
  /** What the field is, in words ("Receiver"). */
  name: string;
  /** The value in words ("1.5 TRX = 1,500,000 sun"), chain text escaped. */
  value: string;
  /** For an address field: the address; else null. */
  address: AddressView | null;
}

/**
 * Something a signer must see before signing, named (docs/decisions.md §17): `needsOverride` ones are refused
 * for signing unless the signer accepts that risk by name (shared/approval/signing-risk.ts).
 */
export interface SigningWarning {
  /** unknown-function, unknown-contract-type, unlimited-approval, large-approval, call-value, unlisted-contract. */
  risk: string;
  /** The warning in plain words, chain text escaped. */
  text: string;
  needsOverride: boolean;
}

/** A contract in words: one sentence and its field table, and what must be flagged before signing. */
export interface Description {
  summary: string;
  fields: FieldRow[];
  warnings?: SigningWarning[];
}

/** What the station knows about a token (by id): how to show its amounts. */
export interface TokenFacts {
  /** Decimal places, 0-6. */
  precision: number;
  name?: string;
  abbr?: string;
}

/** What a describer may use beside the bytes: facts the caller holds, never trusted for the bytes. */
export interface DescribeContext {
  /** Token metadata by token id. */
  tokens?: Readonly<Record<string, TokenFacts>>;
  /** Address-book labels by address hex (lowercase, 21 bytes). */
  labels?: Readonly<Record<string, string>>;
  /** The station's list of smart contracts by address hex (abi-words.ts); a contract absent here is flagged as not listed. */
  contracts?: Readonly<Record<string, ContractFacts>>;
}

function labelOf(ctx: DescribeContext, hex: string): string | undefined {
  const labels = ctx.labels;
  return labels !== undefined && Object.hasOwn(labels, hex) && typeof labels[hex] === 'string' ? labels[hex] : undefined;
}

/** An address as a person reads it: Base58 (or 0x hex when not an address), with its label when known. */
export function who(ctx: DescribeContext, bytes: Uint8Array): string {
  const v = addressView(bytes);
  if (bytes.length === 0) return '(none)';
  const shown = v.base58 ?? `0x${v.hex}`;
  const label = labelOf(ctx, v.hex);
  return label === undefined ? shown : `${escapeText(label)} (${shown})`;
}

export function addressRow(ctx: DescribeContext, field: string, name: string, bytes: Uint8Array): FieldRow {
  return { field, name, value: who(ctx, bytes), address: addressView(bytes) };
}

export function row(field: string, name: string, value: string): FieldRow {
  return { field, name, value, address: null };
}

export function sunRow(field: string, name: string, sun: bigint): FieldRow {
  return row(field, name, sunInWords(sun));
}

export function countRow(field: string, name: string, n: bigint | number): FieldRow {
  return row(field, name, groupDigits(n.toString()));
}

export function boolRow(field: string, name: string, v: boolean): FieldRow {
  return row(field, name, v ? 'yes' : 'no');
}

/** Bytes meant as text: the escaped text, or 0x hex when they are not UTF-8; "(empty)" when empty. */
export function textOf(bytes: Uint8Array): string {
  if (bytes.length === 0) return '(empty)';
  const t = textView(bytes);
  return t.text === null ? `0x${t.hex}` : `"${t.text}"`;
}

export function textRow(field: string, name: string, bytes: Uint8Array): FieldRow {
  return row(field, name, textOf(bytes));
}

/** Bytes with no text meaning, as 0x hex with their size. */
export function hexRow(field: string, name: string, bytes: Uint8Array): FieldRow {
  return row(field, name, bytes.length === 0 ? '(empty)' : `0x${bytesToHex(bytes)} (${bytes.length} bytes)`);
}

/** The reference node's resource codes (balance_contract.proto ResourceCode). */
export function resourceName(code: number): string {
  switch (code) {
    case 0:
      return 'BANDWIDTH';
    case 1:
      return 'ENERGY';
    case 2:
      return 'TRON_POWER';
    default:
      return `unknown resource (${code})`;
  }
}

/** A duration in ms in the largest whole units that read naturally: "3 days", "1 day 2 hours", "45 seconds". */
export function durationInWords(ms: bigint): string {
  if (ms < 0n) return `${ms} ms`;
  const units: [bigint, string][] = [
    [86_400_000n, 'day'],
    [3_600_000n, 'hour'],
    [60_000n, 'minute'],
    [1_000n, 'second'],
  ];
  const parts: string[] = [];
  let rest = ms;
  for (const [size, unit] of units) {
    const n = rest / size;
    if (n > 0n && parts.length < 2) {
      parts.push(`${groupDigits(n.toString())} ${unit}${n === 1n ? '' : 's'}`);
      rest -= n * size;
    }
  }
  if (parts.length === 0) return ms === 0n ? '0 seconds' : `${ms} ms`;
  return parts.join(' ');
}

/** A count of blocks with the time they take: "86,400 blocks (about 3 days)". */
export function blocksInWords(blocks: bigint): string {
  const n = `${groupDigits(blocks.toString())} block${blocks === 1n ? '' : 's'}`;
  return blocks > 0n ? `${n} (about ${durationInWords(blocks * BigInt(BLOCK_INTERVAL_MS))})` : n;
}

/** The token id a bytes token field names as text ("1000001", or "_" for the coin), or undefined. */
export function tokenIdText(bytes: Uint8Array): string | undefined {
  const t = textView(bytes);
  return t.text !== null && !t.escaped && t.text.length > 0 ? t.text : undefined;
}

/**
 * An amount of a token (by id) in words: the coin ("_") in TRX with sun, a known token in its
 * units with its symbol, an unknown one in smallest units.
 */
export function tokenAmount(ctx: DescribeContext, tokenId: string | undefined, amount: bigint): string {
  if (tokenId === '_') return sunInWords(amount);
  const facts = tokenId !== undefined && ctx.tokens !== undefined && Object.hasOwn(ctx.tokens, tokenId) ? ctx.tokens[tokenId] : undefined;
  if (facts && Number.isInteger(facts.precision) && facts.precision >= 0 && facts.precision <= 18) {
    const symbol = escapeText(facts.abbr ?? facts.name ?? 'tokens');
    return `${formatGrouped(amount, facts.precision)} ${symbol} (token ${tokenId}; ${groupDigits(amount.toString())} smallest units)`;
  }
  return `${groupDigits(amount.toString())} smallest units of token ${tokenId === undefined ? '(unreadable id)' : escapeText(tokenId)}`;
}

/** A token id field in words: "_ (TRX)", "1000001 (GLD)" when known, else the id. */
export function tokenName(ctx: DescribeContext, bytes: Uint8Array): string {
  const id = tokenIdText(bytes);
  if (id === undefined) return bytes.length === 0 ? '(none)' : `0x${bytesToHex(bytes)}`;
  if (id === '_') return '_ (TRX)';
  const facts = ctx.tokens !== undefined && Object.hasOwn(ctx.tokens, id) ? ctx.tokens[id] : undefined;
  const symbol = facts?.abbr ?? facts?.name;
  return symbol === undefined ? `token ${escapeText(id)}` : `token ${escapeText(id)} (${escapeText(symbol)})`;
}
