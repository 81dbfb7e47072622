/**
 * Solidity ABI types and functions as the station reads them (docs/decisions.md §17 "Smart-contract calls"): the
 * type grammar (address, bool, uintN, intN, bytesN, bytes, string, T[], T[k], tuples), a function's
 * canonical signature and its 4-byte selector (keccak-256 of the signature), and the reader of an
 * imported ABI JSON (Solidity's `[{type, name, inputs, ...}]` or TRON's `{entrys: [...]}` with
 * capitalised types such as `Function`).
 *
 * Invariant: every ABI the station holds went through `abiFunctionsFromJson`, which is strict and
 * bounded: only known keys (so `__proto__` and `constructor` are refused like any unknown key), types
 * nested at most MAX_ABI_DEPTH deep (checked before each recursion, so a 100-deep tuple is refused,
 * not a stack overflow), at most MAX_ABI_FUNCTIONS functions of at most MAX_ABI_PARAMS parameters.
 * A type this module cannot decode byte for byte (fixed, function) is refused, never guessed.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { excerpt } from '../base/errors.ts';
import { duplicateMember } from '../base/json.ts';
import { MAX_ABI_DEPTH, MAX_ABI_FUNCTIONS, MAX_ABI_JSON_BYTES, MAX_ABI_PARAMS } from '../base/limits.ts';
import { isRecord, kindOf, listInput, objectInput, rejectField } from '../chain/input.ts';

/** One ABI type, parsed. Arrays and tuples hold their element types. */
export type AbiType =
  | { kind: 'address' }
  | { kind: 'bool' }
  | { kind: 'uint'; bits: number }
  | { kind: 'int'; bits: number }
  | { kind: 'fixed-bytes'; size: number }
  | { kind: 'bytes' }
  | { kind: 'string' }
  | { kind: 'array'; of: AbiType; length: number | null }
  | { kind: 'tuple'; components: AbiParam[] };

/** A named parameter (name may be empty). */
export interface AbiParam {
  name: string;
  type: AbiType;
}

/** A function the station can decode calls to. */
export interface AbiFunction {
  name: string;
  inputs: AbiParam[];
  outputs: AbiParam[];
  /** `name(type,...)`, Solidity's canonical form, the text the selector hashes. */
  signature: string;
  /** 8 lowercase hex digits. */
  selector: string;
  /** Solidity's stateMutability when given (view, pure, nonpayable, payable), else null. */
  mutability: string | null;
}

/** The canonical text of a type: `uint256`, `(address,uint256)[]`. */
export function typeText(t: AbiType): string {
  switch (t.kind) {
    case 'uint':
    case 'int':
      return `${t.kind}${t.bits}`;
    case 'fixed-bytes':
      return `bytes${t.size}`;
    case 'array':
      return `${typeText(t.of)}[${t.length ?? ''}]`;
    case 'tuple':
      return `(${t.components.map((c) => typeText(c.type)).join(',')})`;
    default:
      return t.kind;
  }
}

/** True when the type's encoding has a length of its own (a tail): bytes, string, T[], or anything holding one. */
export function isDynamic(t: AbiType): boolean {
  if (t.kind === 'bytes' || t.kind === 'string') return true;
  if (t.kind === 'array') return t.length === null || isDynamic(t.of);
  if (t.kind === 'tuple') return t.components.some((c) => isDynamic(c.type));
  return false;
}

/** Bytes a static type takes in the head (a multiple of 32). Only for types that are not dynamic. */
export function staticSize(t: AbiType): number {
  if (t.kind === 'array') return (t.length ?? 0) * staticSize(t.of);
  if (t.kind === 'tuple') return t.components.reduce((n, c) => n + staticSize(c.type), 0);
  return 32;
}

/** The 4-byte selector of a canonical signature, as 8 hex digits. */
export function selectorOf(signature: string): string {
  const h = keccak_256(new TextEncoder().encode(signature));
  return Array.from(h.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A function from its name and parameters; signature and selector follow. The selector is hashed when
 * first read and kept (bench/README.md "Every click fast"): the TRC-20 table (abi-calls.ts) is made as the
 * renderer's first paint loads, and nine keccak hashes there cost the page 10-30 ms before the queue
 * could ask for anything. It reads as a plain property (JSON, spreads and comparisons see its value).
 */
export function abiFunction(name: string, inputs: AbiParam[], outputs: AbiParam[] = [], mutability: string | null = null): AbiFunction {
  const signature = `${name}(${inputs.map((p) => typeText(p.type)).join(',')})`;
  let selector: string | null = null;
  return {
    name,
    inputs,
    outputs,
    signature,
    get selector(): string {
      selector ??= selectorOf(signature);
      return selector;
    },
    mutability,
  };
}

const BASE = /^(address|bool|string|bytes|byte|uint|int|uint(\d{1,3})|int(\d{1,3})|bytes(\d{1,2}))$/;

function baseType(text: string, field: string): AbiType {
  const m = BASE.exec(text);
  if (!m) rejectField(field, `${excerpt(text)} is not an ABI type Airlock can decode (address, bool, uintN, intN, bytesN, bytes, string, arrays, tuples)`);
  if (text === 'address' || text === 'bool' || text === 'string' || text === 'bytes') return { kind: text };
  if (text === 'byte') return { kind: 'fixed-bytes', size: 1 };
  if (text === 'uint' || text === 'int') return { kind: text, bits: 256 };
  const bits = Number(m[2] ?? m[3] ?? NaN);
  if (m[2] !== undefined || m[3] !== undefined) {
    if (bits < 8 || bits > 256 || bits % 8 !== 0) rejectField(field, `${excerpt(text)}: the size must be a multiple of 8 from 8 to 256`);
    return { kind: m[2] !== undefined ? 'uint' : 'int', bits };
  }
  const size = Number(m[4]);
  if (size < 1 || size > 32) rejectField(field, `${excerpt(text)}: bytesN takes N from 1 to 32`);
  return { kind: 'fixed-bytes', size };
}

const PARAM_KEYS = ['name', 'type', 'components', 'indexed', 'internalType'] as const;

/** One parameter of an ABI entry; `depth` counts the tuples and arrays around it. */
function paramFrom(value: unknown, field: string, depth: number): AbiParam {
  const p = objectInput(value, field, PARAM_KEYS, { code: 'BAD_JSON' });
  const name = p.name === undefined ? '' : p.name;
  if (typeof name !== 'string' || name.length > 256) rejectField(`${field}.name`, 'expected a name of at most 256 characters', 'BAD_JSON');
  if (typeof p.type !== 'string' || p.type.length > 256) rejectField(`${field}.type`, `expected a type name, got ${kindOf(p.type)}`, 'BAD_JSON');
  return { name, type: typeFrom(p.type, p.components, `${field}.type`, depth) };
}

/**
 * A type from its text and, for `tuple...`, its components. Array suffixes are peeled from the
 * right (`uint8[2][]` is a list of pairs); each level counts against MAX_ABI_DEPTH.
 */
export function typeFrom(text: string, components: unknown, field: string, depth = 0): AbiType {
  if (depth > MAX_ABI_DEPTH) rejectField(field, `types nested more than ${MAX_ABI_DEPTH} deep`, 'BAD_JSON', { reason: 'too-deep', limit: MAX_ABI_DEPTH });
  const array = /^(.*)\[(\d*)\]$/.exec(text);
  if (array) {
    const length = array[2] === '' ? null : Number(array[2]);
    if (length !== null && (!Number.isSafeInteger(length) || length < 1 || length > 1024))
      rejectField(field, `${excerpt(text)}: a fixed array length must be from 1 to 1024`, 'BAD_JSON');
    return { kind: 'array', of: typeFrom(array[1]!, components, field, depth + 1), length };
  }
  if (text === 'tuple') {
    const list = listInput(components, `${field}.components`, MAX_ABI_PARAMS, 'BAD_JSON');
    return { kind: 'tuple', components: list.map((c, i) => paramFrom(c, `${field}.components[${i}]`, depth + 1)) };
  }
  if (components !== undefined) rejectField(`${field}.components`, 'only a tuple type has components', 'BAD_JSON');
  return baseType(text, field);
}

/** A type from Solidity text alone (`(address,uint256)[]` is written with components in JSON; here the simple forms). */
export function parseTypeText(text: string, field = 'type'): AbiType {
  return typeFrom(text, undefined, field);
}

const ENTRY_KEYS = ['type', 'name', 'inputs', 'outputs', 'stateMutability', 'constant', 'payable', 'anonymous'] as const;

function paramsOf(value: unknown, field: string): AbiParam[] {
  if (value === undefined) return [];
  return listInput(value, field, MAX_ABI_PARAMS, 'BAD_JSON').map((p, i) => paramFrom(p, `${field}[${i}]`, 0));
}

/**
 * The functions of an ABI JSON document (text or parsed): Solidity's list of entries, or TRON's
 * `{entrys: [...]}` (as getcontract returns it). Events, errors, the constructor, fallback and
 * receive are read (so the document is checked whole) and left out: only functions have selectors
 * a call can name.
 */
export function abiFunctionsFromJson(input: unknown, field = 'abi'): AbiFunction[] {
  let doc = input;
  if (typeof input === 'string') {
    if (input.length > MAX_ABI_JSON_BYTES) rejectField(field, `${input.length} characters, at most ${MAX_ABI_JSON_BYTES} allowed`, 'BAD_JSON');
    try {
      doc = JSON.parse(input) as unknown;
    } catch {
      rejectField(field, 'not JSON', 'BAD_JSON');
    }
    // docs/decisions.md §24: two members of one name (two "type"s, two "inputs") could be read either way: refused.
    const twice = duplicateMember(input);
    if (twice !== null) rejectField(field, `has two members of one name in one object (line ${twice.at.line}, column ${twice.at.column})`, 'BAD_JSON');
  }
  if (isRecord(doc)) doc = objectInput(doc, field, ['entrys'], { code: 'BAD_JSON' }).entrys;
  const entries = listInput(doc, field, MAX_ABI_FUNCTIONS * 4, 'BAD_JSON');
  const out: AbiFunction[] = [];
  entries.forEach((e, i) => {
    const at = `${field}[${i}]`;
    const entry = objectInput(e, at, ENTRY_KEYS, { code: 'BAD_JSON' });
    const kind = typeof entry.type === 'string' ? entry.type.toLowerCase() : entry.type === undefined ? 'function' : null;
    if (kind === null || !['function', 'event', 'error', 'constructor', 'fallback', 'receive'].includes(kind))
      rejectField(`${at}.type`, 'expected function, event, error, constructor, fallback or receive', 'BAD_JSON');
    const inputs = paramsOf(entry.inputs, `${at}.inputs`);
    const outputs = paramsOf(entry.outputs, `${at}.outputs`);
    if (kind !== 'function') return;
    if (typeof entry.name !== 'string' || !/^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/.test(entry.name))
      rejectField(`${at}.name`, 'a function name is an identifier of at most 128 characters', 'BAD_JSON');
    const m = entry.stateMutability;
    const mutability = typeof m === 'string' && /^(pure|view|nonpayable|payable)$/i.test(m) ? m.toLowerCase() : null;
    if (m !== undefined && mutability === null) rejectField(`${at}.stateMutability`, 'expected pure, view, nonpayable or payable', 'BAD_JSON');
    out.push(abiFunction(entry.name, inputs, outputs, mutability));
  });
  if (out.length > MAX_ABI_FUNCTIONS) rejectField(field, `${out.length} functions, at most ${MAX_ABI_FUNCTIONS} allowed`, 'BAD_JSON');
  return out;
}

/** An ABI back as Solidity JSON (what the store keeps): functions only, canonical type text. */
export function abiFunctionsToJson(functions: readonly AbiFunction[]): unknown[] {
  const param = (p: AbiParam): Record<string, unknown> => {
    let t = p.type;
    let suffix = '';
    while (t.kind === 'array') {
      suffix = `[${t.length ?? ''}]` + suffix;
      t = t.of;
    }
    if (t.kind === 'tuple') return { name: p.name, type: `tuple${suffix}`, components: t.components.map(param) };
    return { name: p.name, type: typeText(t) + suffix };
  };
  return functions.map((f) => ({
    type: 'function',
    name: f.name,
    inputs: f.inputs.map(param),
    outputs: f.outputs.map(param),
    ...(f.mutability !== null && { stateMutability: f.mutability }),
  }));
}
