/**
 * A smart-contract call in words (docs/decisions.md §17 "Smart-contract calls", clear signing): the function and
 * its arguments decoded from the signed call data (abi-calls.ts), amounts of a TRC-20 token in its
 * units when its decimals are known (and where that came from: read from the node, or claimed by a
 * file), and the warnings a signer must see before signing: an unlimited or large approval, TRX
 * sent with the call, a contract not in the station's list, and call data that decodes to no known
 * function (the one that needs the signer's named override).
 *
 * Invariant: words come from the decoded bytes only; the station's facts (names, decimals, ABIs)
 * only choose how to show them, every piece of chain or user text is escaped (escape.ts), and a call
 * that is not decoded is never summarised as a function: its raw words are shown instead.
 */
import { bytesToHex } from '../base/bytes.ts';
import { escapeText } from '../base/escape.ts';
import { formatGrouped, groupDigits, sunInWords } from '../base/amount.ts';
import { LARGE_APPROVAL_WHOLE_TOKENS, MAX_CALL_WORD_ROWS, MAX_TRC20_DECIMALS } from '../base/limits.ts';
import { decodeCall, type CallDecoding } from './abi-calls.ts';
import { MAX_UINT256 } from './abi-amount.ts';
import type { AbiValue } from './abi.ts';
import { typeText, type AbiFunction, type AbiType } from './abi-types.ts';
import { row, who, type DescribeContext, type FieldRow, type SigningWarning } from './fields.ts';

/** TRC-20 metadata of a contract and where it came from (station/core/provenance.ts judges the source). */
export interface Trc20Facts {
  symbol: string | null;
  name: string | null;
  /** 0..MAX_TRC20_DECIMALS, or null when not known. */
  decimals: number | null;
  /** `observed`: read by this station from a node (constant call); `claimed`: carried by a file or typed by a person. */
  source: 'observed' | 'claimed';
}

/** What the station knows about one contract in its list. */
export interface ContractFacts {
  /** The name the station's user gave it, or null. */
  name: string | null;
  /** True when that name came in with a file (a snapshot), not typed here: shown as the file's claim (docs/decisions.md §24). */
  nameClaimed?: boolean;
  /** Functions of the ABI imported for it (beside the TRC-20 table every station knows). */
  functions: readonly AbiFunction[];
  trc20: Trc20Facts | null;
  /** Token balances of holders in smallest units, by address hex, as read from the node (for the large-approval flag). */
  balances?: Readonly<Record<string, bigint>>;
}

/** The station's facts about the contract at `address`, or undefined when it is not in the list. */
export function contractFactsOf(ctx: DescribeContext, address: Uint8Array): ContractFacts | undefined {
  const hex = bytesToHex(address);
  return ctx.contracts !== undefined && Object.hasOwn(ctx.contracts, hex) ? ctx.contracts[hex] : undefined;
}

function usableDecimals(t: Trc20Facts | null | undefined): number | null {
  const d = t?.decimals;
  return typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= MAX_TRC20_DECIMALS ? d : null;
}

/** The token's symbol as shown: escaped, or "tokens" when none is known. */
function symbolOf(t: Trc20Facts | null | undefined): string {
  return t?.symbol ? escapeText(t.symbol) : t?.name ? escapeText(t.name) : 'tokens';
}

/** An amount of a TRC-20 token: "1.5 USDT (1,500,000 smallest units; 6 decimals read from the node)". */
export function trc20Amount(facts: ContractFacts | undefined, amount: bigint): string {
  if (amount === MAX_UINT256) return `unlimited (2^256-1 smallest units, the largest a uint256 holds)`;
  const t = facts?.trc20;
  const decimals = usableDecimals(t);
  const units = `${groupDigits(amount.toString())} smallest unit${amount === 1n ? '' : 's'}`;
  if (decimals === null) return `${units} (the token's decimals are not known here)`;
  // docs/decisions.md §24: a claimed symbol is marked as the claimed decimals are.
  const what = t!.source === 'observed' || symbolOf(t) === 'tokens' ? `${decimals} decimals` : `symbol and ${decimals} decimals`;
  const from = t!.source === 'observed' ? 'read from the node' : 'claimed by a file, not read from the node';
  return `${formatGrouped(amount, decimals)} ${symbolOf(t)} (${units}; ${what} ${from})`;
}

/** One decoded value in words, by its type: addresses with labels, text escaped, lists in brackets. */
export function valueInWords(t: AbiType, v: AbiValue, ctx: DescribeContext): string {
  switch (t.kind) {
    case 'address':
      return who(ctx, v as Uint8Array);
    case 'bool':
      return v ? 'true' : 'false';
    case 'uint':
    case 'int':
      return groupDigits((v as bigint).toString());
    case 'fixed-bytes':
    case 'bytes': {
      const b = v as Uint8Array;
      return b.length === 0 ? '0x (empty)' : `0x${bytesToHex(b)} (${b.length} bytes)`;
    }
    case 'string':
      return `"${escapeText(v as string)}"`;
    case 'array':
      return `[${(v as AbiValue[]).map((x) => valueInWords(t.of, x, ctx)).join(', ')}]`;
    case 'tuple':
      return `(${t.components.map((c, i) => `${c.name ? `${escapeText(c.name)}: ` : ''}${valueInWords(c.type, (v as AbiValue[])[i]!, ctx)}`).join(', ')})`;
  }
}

/** The call data as rows when it is not decoded: selector, each 32-byte word, and a tail that is not a whole word. */
export function rawCallRows(data: Uint8Array): FieldRow[] {
  const wordRows = MAX_CALL_WORD_ROWS;
  if (data.length === 0) return [row('data', 'Call data', "(empty: the contract's fallback or receive function)")];
  const hexRow = (field: string, name: string, b: Uint8Array): FieldRow => row(field, name, `0x${bytesToHex(b)} (${b.length} bytes)`);
  if (data.length < 4) return [hexRow('data', 'Call data (shorter than a function selector)', data)];
  const rows: FieldRow[] = [row('data[0..4]', 'Function selector', `0x${bytesToHex(data.subarray(0, 4))} (not decoded)`)];
  const words = Math.floor((data.length - 4) / 32);
  for (let i = 0; i < Math.min(words, wordRows); i++) {
    const start = 4 + i * 32;
    rows.push(row(`data[${start}..${start + 32}]`, `Word ${i + 1}`, `0x${bytesToHex(data.subarray(start, start + 32))}`));
  }
  if (words > wordRows) rows.push(row('data', 'More words', `${groupDigits(String(words - wordRows))} more 32-byte words (see the raw bytes)`));
  const rest = (data.length - 4) % 32;
  if (rest !== 0) rows.push(hexRow(`data[${data.length - rest}..${data.length}]`, 'Trailing bytes (not a whole word)', data.subarray(data.length - rest)));
  return rows;
}

/** Why a call is not shown as a function, in words (the unknown-function warning). */
function notDecodedText(d: Exclude<CallDecoding, { outcome: 'decoded' | 'empty' }>): string {
  switch (d.outcome) {
    case 'no-selector':
      return `the call data is ${d.size} bytes, shorter than a function selector, so what it runs cannot be shown`;
    case 'too-large':
      return `the call data is ${groupDigits(String(d.size))} bytes, more than Airlock decodes, so what it does cannot be shown`;
    case 'unknown-function':
      return `the function selector 0x${d.selector} is not a TRC-20 function nor one of an ABI imported for this contract, so what the call does cannot be shown`;
    case 'selector-collision':
      return `the function selector 0x${d.selector} belongs to more than one known function (${d.signatures.map(escapeText).join(', ')}); the bytes do not say which runs`;
    case 'malformed':
      return `the call data does not decode as ${d.fn.signature} (${d.reason}: ${d.message})`;
  }
}

export interface CallWords {
  /** What the call does, for the summary ("Send 1.5 USDT to ..."), or null when not decoded. */
  action: string | null;
  rows: FieldRow[];
  warnings: SigningWarning[];
  decoding: CallDecoding;
}

function approvalWarnings(
  fn: string,
  owner: Uint8Array,
  spender: Uint8Array,
  amount: bigint,
  facts: ContractFacts | undefined,
  ctx: DescribeContext,
): SigningWarning[] {
  if (amount === MAX_UINT256) {
    return [
      {
        risk: 'unlimited-approval',
        text: `Unlimited approval: ${who(ctx, spender)} may spend every ${symbolOf(facts?.trc20)} this account holds, now and later, until the approval is changed`,
        needsOverride: false,
      },
    ];
  }
  const balance = facts?.balances !== undefined && Object.hasOwn(facts.balances, bytesToHex(owner)) ? facts.balances[bytesToHex(owner)] : undefined;
  const decimals = usableDecimals(facts?.trc20) ?? MAX_TRC20_DECIMALS;
  const bound = LARGE_APPROVAL_WHOLE_TOKENS * 10n ** BigInt(decimals);
  const verb = fn === 'increaseAllowance' ? 'raises the allowance by' : 'allows';
  if (balance !== undefined && amount > balance) {
    return [
      {
        risk: 'large-approval',
        text: `Large approval: this ${verb} ${trc20Amount(facts, amount)}, more than the ${trc20Amount(facts, balance)} the account holds`,
        needsOverride: false,
      },
    ];
  }
  if (balance === undefined && amount > bound) {
    return [
      {
        risk: 'large-approval',
        text: `Large approval: this ${verb} ${trc20Amount(facts, amount)}, more than ${groupDigits(LARGE_APPROVAL_WHOLE_TOKENS.toString())} whole tokens`,
        needsOverride: false,
      },
    ];
  }
  return [];
}

/** The TRC-20 functions' sentences; undefined for any other function. */
function trc20Action(fn: AbiFunction, args: AbiValue[], owner: Uint8Array, facts: ContractFacts | undefined, ctx: DescribeContext): string | undefined {
  const amount = args[args.length - 1] as bigint;
  switch (fn.signature) {
    case 'transfer(address,uint256)':
      return `Send ${trc20Amount(facts, amount)} to ${who(ctx, args[0] as Uint8Array)}`;
    case 'transferFrom(address,address,uint256)':
      return `Move ${trc20Amount(facts, amount)} from ${who(ctx, args[0] as Uint8Array)} to ${who(ctx, args[1] as Uint8Array)} (spending an allowance ${who(ctx, owner)} was given)`;
    case 'approve(address,uint256)':
      return `Allow ${who(ctx, args[0] as Uint8Array)} to spend ${trc20Amount(facts, amount)}`;
    case 'increaseAllowance(address,uint256)':
      return `Raise the allowance of ${who(ctx, args[0] as Uint8Array)} by ${trc20Amount(facts, amount)}`;
    case 'decreaseAllowance(address,uint256)':
      return `Lower the allowance of ${who(ctx, args[0] as Uint8Array)} by ${trc20Amount(facts, amount)}`;
    default:
      return undefined;
  }
}

const AMOUNT_PARAMS = new Set([
  'transfer(address,uint256)',
  'transferFrom(address,address,uint256)',
  'approve(address,uint256)',
  'increaseAllowance(address,uint256)',
  'decreaseAllowance(address,uint256)',
]);

/** The call's function, arguments and warnings. */
export function callInWords(
  call: { ownerAddress: Uint8Array; contractAddress: Uint8Array; callValue: bigint; data: Uint8Array },
  ctx: DescribeContext,
): CallWords {
  const facts = contractFactsOf(ctx, call.contractAddress);
  const decoding = decodeCall(call.data, facts?.functions ?? []);
  const warnings: SigningWarning[] = [];
  if (facts === undefined) {
    warnings.push({
      risk: 'unlisted-contract',
      text: `The contract ${who(ctx, call.contractAddress)} is not in this station's list of contracts`,
      needsOverride: false,
    });
  }
  if (call.callValue !== 0n) {
    warnings.push({ risk: 'call-value', text: `The call also sends ${sunInWords(call.callValue)} to the contract`, needsOverride: false });
  }
  if (decoding.outcome === 'empty') {
    // docs/decisions.md §24: no call data with TRX sent runs the contract's fallback (receive) code, which no screen can name.
    if (call.callValue !== 0n)
      warnings.push({
        risk: 'unknown-function',
        text: `No call data: the ${sunInWords(call.callValue)} sent run the contract's fallback code, whatever it does, which this screen cannot say in words`,
        needsOverride: true,
      });
    return { action: null, rows: rawCallRows(call.data), warnings, decoding };
  }
  if (decoding.outcome !== 'decoded') {
    warnings.push({ risk: 'unknown-function', text: `Not decoded: ${notDecodedText(decoding)}`, needsOverride: true });
    return { action: null, rows: rawCallRows(call.data), warnings, decoding };
  }
  const { fn, args, source } = decoding;
  const isTrc20 = AMOUNT_PARAMS.has(fn.signature);
  const rows: FieldRow[] = [
    // A signature is an identifier and type names (abi-types.ts checks both), so it needs no escaping.
    row(
      'data[0..4]',
      'Function',
      `${fn.name} (${fn.signature}, selector 0x${fn.selector}; ${source === 'trc20' ? 'a TRC-20 function' : 'from the ABI imported for this contract'})`,
    ),
  ];
  fn.inputs.forEach((p, i) => {
    const name = p.name ? `Argument "${escapeText(p.name)}"` : `Argument ${i + 1}`;
    const value = isTrc20 && i === fn.inputs.length - 1 ? trc20Amount(facts, args[i] as bigint) : valueInWords(p.type, args[i]!, ctx);
    rows.push(row(`data.args[${i}]`, `${name} (${typeText(p.type)})`, value));
  });
  if (fn.signature === 'approve(address,uint256)' || fn.signature === 'increaseAllowance(address,uint256)') {
    warnings.push(...approvalWarnings(fn.name, call.ownerAddress, args[0] as Uint8Array, args[1] as bigint, facts, ctx));
  }
  const action =
    trc20Action(fn, args, call.ownerAddress, facts, ctx) ??
    `Call ${escapeText(fn.name)}(${fn.inputs.map((p, i) => valueInWords(p.type, args[i]!, ctx)).join(', ')})`;
  return { action, rows, warnings, decoding };
}
