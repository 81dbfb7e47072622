/**
 * The reference node's JSON dialect for protobuf messages (PROTOCOL.md §4.3), driven by the
 * generated descriptors so every message converts the same way:
 *
 * - field names are the .proto names (`owner_address`, `Permission_id`), in field-number order;
 * - only fields with non-default values are written (proto3), enums as their names;
 * - bytes as hex; with `visible: true`, address fields as Base58 and name fields as UTF-8 text;
 * - int64 as bare JSON numbers (bigint in memory, see json.ts); maps as `[{key, value}]`, an integer
 *   key as a number;
 * - an Any is `{value: <the decoded contract>, type_url}`.
 *
 * Reading is strict where the node is lax: an unknown key, a wrong type, bad hex, an out-of-range
 * integer or an unknown enum name is an error naming its path (`raw_data.contract[0].parameter.
 * value.amount`), never silently dropped. A signing tool must not guess what a field meant.
 *
 * `lenient: true` (docs/decisions.md §6, opt-in, for replies from real nodes: a real `getaccount` carries many
 * fields our messages do not model) skips unknown keys at every depth. Nothing else relaxes: a
 * known field with a wrong type, bad hex or an out-of-range value is still an error. Never use it
 * for anything a person will sign: transaction JSON is always read strictly.
 *
 * Reading is bounded in depth (docs/decisions.md §16): a message nested deeper than MAX_JSON_DEPTH is refused by
 * name with BAD_JSON, before the recursion could run out of stack, whatever value a caller hands in.
 */
import { create, fromBinary, isFieldSet, ScalarType, toBinary, type DescField, type DescMessage, type Message } from '@bufbuild/protobuf';
import { addressFromBase58, addressToBase58, isAddressBytes, parseAddress } from './address.ts';
import { bytesToHex, bytesToUtf8, hexToBytes, utf8ToBytes } from '../base/bytes.ts';
import { AirlockError, excerpt, fail, shownKey } from '../base/errors.ts';
import { atField, int32Input, int64Input, isRecord } from './input.ts';
import { contractNameOfTypeUrl, CONTRACT_TYPES, isSupportedContractName, refuseUnknownContract, SUPPORTED_CONTRACTS } from './contract-types.ts';
import { MAX_JSON_DEPTH } from '../base/limits.ts';

/** The type id a contract name stands for, or null when it names none (for the refusal's details). */
function typeIdOfName(name: string | undefined): number | null {
  return CONTRACT_TYPES.find((t) => t.name === name)?.id ?? null;
}

export interface NodeJsonOptions {
  /** The node's `visible` flag: Base58 addresses and text names instead of hex. */
  visible?: boolean;
  /** Reading only: skip keys the message does not have instead of refusing them (default false). */
  lenient?: boolean;
}

/** Bytes fields the node prints as Base58 when visible (HttpSelfFormatFieldName). */
const ADDRESS_FIELDS = new Set([
  'owner_address',
  'to_address',
  'address',
  'approved_list',
  'executive_address',
  'account_address',
  'vote_address',
  'contract_address',
  'receiver_address',
  'origin_address',
  'transparent_from_address',
  'transparent_to_address',
]);
/** Bytes fields the node prints as UTF-8 text when visible. */
const TEXT_FIELDS = new Set([
  'name',
  'abbr',
  'description',
  'url',
  'asset_name',
  'account_name',
  'asset_issued_name',
  'asset_issued_ID',
  'message',
  'account_id',
  'update_url',
]);

const ANY = 'google.protobuf.Any';

type Json = unknown;
type JsonObject = Record<string, Json>;

// ---------------------------------------------------------------------------------------------
// Writing

function bytesToJson(field: DescField, value: Uint8Array, visible: boolean): string {
  if (visible && ADDRESS_FIELDS.has(field.name) && isAddressBytes(value)) return addressToBase58(value);
  if (visible && TEXT_FIELDS.has(field.name)) {
    try {
      return bytesToUtf8(value);
    } catch {
      return bytesToHex(value);
    }
  }
  return bytesToHex(value);
}

function scalarToJson(field: DescField, scalar: ScalarType, value: unknown, visible: boolean): Json {
  if (scalar === ScalarType.BYTES) return bytesToJson(field, value as Uint8Array, visible);
  return value;
}

function enumToJson(field: DescField, value: number): Json {
  const e = field.enum!;
  return e.values.find((v) => v.number === value)?.name ?? value;
}

function anyToJson(any: { typeUrl: string; value: Uint8Array }, visible: boolean): JsonObject {
  const name = contractNameOfTypeUrl(any.typeUrl);
  if (name === undefined || !isSupportedContractName(name)) {
    refuseUnknownContract(typeIdOfName(name), any.typeUrl, any.value.length, 'parameter');
  }
  const schema = SUPPORTED_CONTRACTS[name];
  return { value: messageToNodeJson(schema, fromBinary(schema, any.value), { visible }), type_url: any.typeUrl };
}

export function messageToNodeJson(schema: DescMessage, message: Message, options: NodeJsonOptions = {}): JsonObject {
  const visible = options.visible ?? false;
  if (schema.typeName === ANY) return anyToJson(message as unknown as { typeUrl: string; value: Uint8Array }, visible);
  const out: JsonObject = {};
  const m = message as unknown as Record<string, unknown>;
  for (const field of schema.fields) {
    if (!isFieldSet(message, field)) continue;
    const value = m[field.localName];
    switch (field.fieldKind) {
      case 'scalar':
        out[field.name] = scalarToJson(field, field.scalar, value, visible);
        break;
      case 'enum':
        out[field.name] = enumToJson(field, value as number);
        break;
      case 'message':
        out[field.name] = messageToNodeJson(field.message, value as Message, options);
        break;
      case 'list': {
        const list = value as unknown[];
        if (field.listKind === 'scalar') out[field.name] = list.map((v) => scalarToJson(field, field.scalar, v, visible));
        else if (field.listKind === 'enum') out[field.name] = list.map((v) => enumToJson(field, v as number));
        else out[field.name] = list.map((v) => messageToNodeJson(field.message, v as Message, options));
        break;
      }
      case 'map': {
        const entries = Object.entries(value as Record<string, unknown>);
        // An integer key is a number in the node's JSON (ProposalCreateContract.parameters).
        const integerKey = field.mapKey !== ScalarType.STRING && field.mapKey !== ScalarType.BOOL;
        out[field.name] = entries.map(([key, v]) => ({
          key: integerKey ? BigInt(key) : key,
          value: field.mapKind === 'message' ? messageToNodeJson(field.message, v as Message, options) : v,
        }));
        break;
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reading

const isPlainObject = isRecord as (v: unknown) => v is JsonObject;

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** An integer field, read by shared/chain/input.ts (number, bigint or decimal text; exact) as BAD_JSON. */
function integerFromJson(v: unknown, path: string): bigint {
  return atField(path, () => int64Input(typeof v === 'string' ? v.trim() : v, path), 'BAD_JSON');
}

function bytesFromJson(field: DescField, v: unknown, path: string, visible: boolean): Uint8Array {
  if (typeof v !== 'string') fail('BAD_JSON', `${path}: expected a hex string, got ${typeName(v)}`, { field: path });
  try {
    if (ADDRESS_FIELDS.has(field.name)) {
      // An address is never ambiguous between its two forms, so accept either regardless of visible.
      return v.length === 34 ? addressFromBase58(v, path) : parseAddress(v, path);
    }
    if (visible && TEXT_FIELDS.has(field.name)) return utf8ToBytes(v);
    return hexToBytes(v, path);
  } catch (e) {
    if (e instanceof AirlockError) fail(e.code, e.message, { field: path });
    throw e;
  }
}

function scalarFromJson(field: DescField, scalar: ScalarType, v: unknown, path: string, visible: boolean): unknown {
  switch (scalar) {
    case ScalarType.BYTES:
      return bytesFromJson(field, v, path, visible);
    case ScalarType.STRING:
      if (typeof v !== 'string') fail('BAD_JSON', `${path}: expected a string, got ${typeName(v)}`, { field: path });
      return v;
    case ScalarType.BOOL:
      if (typeof v !== 'boolean') fail('BAD_JSON', `${path}: expected true or false, got ${typeName(v)}`, { field: path });
      return v;
    case ScalarType.INT32:
      return atField(path, () => int32Input(typeof v === 'string' ? v.trim() : v, path), 'BAD_JSON');
    case ScalarType.INT64:
      return integerFromJson(v, path);
    default:
      fail('INTERNAL', `${path}: scalar type ${scalar} is not used by this protocol`);
  }
}

function enumFromJson(field: DescField, v: unknown, path: string): number {
  const e = field.enum!;
  if (typeof v === 'number' && Number.isInteger(v)) {
    if (e.values.some((x) => x.number === v)) return v;
    fail('BAD_JSON', `${path}: ${v} is not a value of ${e.name}`, { field: path });
  }
  if (typeof v === 'string') {
    // The node capitalises an all-lowercase name ("active" → "Active").
    const name = v === v.toLowerCase() ? v.charAt(0).toUpperCase() + v.slice(1) : v;
    const found = e.values.find((x) => x.name === name);
    if (found) return found.number;
    fail('BAD_JSON', `${path}: ${excerpt(v)} is not one of ${e.values.map((x) => x.name).join(', ')}`, { field: path });
  }
  fail('BAD_JSON', `${path}: expected an enum name or number, got ${typeName(v)}`, { field: path });
}

function anyFromJson(v: JsonObject, path: string, options: NodeJsonOptions): { typeUrl: string; value: Uint8Array } {
  for (const key of Object.keys(v)) {
    if (key !== 'value' && key !== 'type_url' && options.lenient !== true) {
      fail('BAD_JSON', `${path}.${shownKey(key)}: unknown field`, { field: `${path}.${shownKey(key)}` });
    }
  }
  const typeUrl = v.type_url;
  if (typeof typeUrl !== 'string') fail('BAD_JSON', `${path}.type_url: expected a string, got ${typeName(typeUrl)}`, { field: `${path}.type_url` });
  const name = contractNameOfTypeUrl(typeUrl);
  if (name === undefined || !isSupportedContractName(name)) {
    fail('UNSUPPORTED_CONTRACT', `${path}.type_url: ${name ?? excerpt(typeUrl, 100)} is not a contract Airlock can build or show`, {
      field: `${path}.type_url`,
      typeUrl: excerpt(typeUrl, 100),
    });
  }
  const schema: DescMessage = SUPPORTED_CONTRACTS[name];
  const inner = messageFromNodeJson(schema, v.value, { ...options, path: `${path}.value` });
  return { typeUrl, value: toBinary(schema, inner) };
}

export function messageFromNodeJson<T extends Message>(
  schema: DescMessage,
  json: unknown,
  options: NodeJsonOptions & { path?: string; depth?: number } = {},
): T {
  const path = options.path ?? schema.name;
  const visible = options.visible ?? false;
  const depth = (options.depth ?? 0) + 1;
  if (depth > MAX_JSON_DEPTH)
    fail('BAD_JSON', `${path}: nested deeper than ${MAX_JSON_DEPTH} levels; refusing to read it`, { field: path, maxDepth: MAX_JSON_DEPTH });
  options = { ...options, depth };
  if (!isPlainObject(json)) fail('BAD_JSON', `${path}: expected an object, got ${typeName(json)}`, { field: path });
  if (schema.typeName === ANY) return create(schema, anyFromJson(json, path, options) as never) as unknown as T;
  const init: Record<string, unknown> = {};
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  for (const [key, v] of Object.entries(json)) {
    const field = byName.get(key);
    const at = `${path}.${shownKey(key)}`;
    if (!field) {
      if (options.lenient === true) continue;
      fail('BAD_JSON', `${at}: unknown field (known: ${[...byName.keys()].join(', ')})`, { field: at });
    }
    if (v === null || v === undefined) continue;
    switch (field.fieldKind) {
      case 'scalar':
        init[field.localName] = scalarFromJson(field, field.scalar, v, at, visible);
        break;
      case 'enum':
        init[field.localName] = enumFromJson(field, v, at);
        break;
      case 'message':
        init[field.localName] = messageFromNodeJson(field.message, v, { ...options, path: at });
        break;
      case 'list': {
        if (!Array.isArray(v)) fail('BAD_JSON', `${at}: expected a list, got ${typeName(v)}`, { field: at });
        init[field.localName] = v.map((item, i) => {
          const ip = `${at}[${i}]`;
          if (field.listKind === 'scalar') return scalarFromJson(field, field.scalar, item, ip, visible);
          if (field.listKind === 'enum') return enumFromJson(field, item, ip);
          return messageFromNodeJson(field.message, item, { ...options, path: ip });
        });
        break;
      }
      case 'map': {
        if (!Array.isArray(v)) fail('BAD_JSON', `${at}: expected a list of {key, value}, got ${typeName(v)}`, { field: at });
        // Null prototype: a key "__proto__" is an entry like any other, never the map's prototype.
        const map: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
        v.forEach((entry, i) => {
          const ip = `${at}[${i}]`;
          if (!isPlainObject(entry) || entry.key === undefined) fail('BAD_JSON', `${ip}: expected {key, value}`, { field: ip });
          let key: string;
          if (field.mapKey === ScalarType.STRING) {
            if (typeof entry.key !== 'string') fail('BAD_JSON', `${ip}.key: expected a string, got ${typeName(entry.key)}`, { field: `${ip}.key` });
            key = entry.key;
          } else {
            key = integerFromJson(entry.key, `${ip}.key`).toString();
          }
          map[key] =
            field.mapKind === 'scalar'
              ? scalarFromJson(field, field.scalar, entry.value, `${ip}.value`, visible)
              : field.mapKind === 'enum'
                ? enumFromJson(field, entry.value, `${ip}.value`)
                : messageFromNodeJson(field.message, entry.value, { ...options, path: `${ip}.value` });
        });
        init[field.localName] = map;
        break;
      }
    }
  }
  return create(schema, init as never) as unknown as T;
}
