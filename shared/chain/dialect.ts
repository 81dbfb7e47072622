/**
 * The two JSON dialects a node can speak (docs/decisions.md §11): `spec`, the names of our spec and of Airlock's
 * own node, and `java-tron`, the reference node's names. The bytes on the wire are the same (field
 * numbers never change, PROTOCOL.md header); only the JSON names differ, and the whole difference is
 * the data below: field renames per message, enum value renames, and chain-parameter key renames.
 *
 * `translateJson` walks a message's node JSON (PROTOCOL.md §4.3) along the generated descriptors and
 * renames keys and enum values into one dialect. It is used at two edges only: the node client
 * (every request and reply, station/node/node-client.ts) and the import of plain transaction JSON
 * (shared/chain/transaction.ts), so nothing else ever sees a java-tron name.
 *
 * Invariants:
 * - Names of the target dialect pass through unchanged, so input mixing both dialects is read; two
 *   keys naming one field (`frozen_supply` and `cded_supply`) are refused (BAD_JSON), never merged.
 * - Keys the descriptors do not know are copied as they are and never walked: whether they are
 *   allowed is the reader's decision (strict or lenient, shared/chain/node-json.ts), and a hostile deep
 *   value under an unknown key costs nothing here.
 * - spec → java-tron → spec is the identity (shared/chain/dialect.property.test.ts).
 * - The input is never modified; `__proto__` keys are copied as plain data.
 */
import type { DescField, DescMessage, Message } from '@bufbuild/protobuf';
import { messageFromNodeJson } from './node-json.ts';
import { contractNameOfTypeUrl, isSupportedContractName, SUPPORTED_CONTRACTS } from './contract-types.ts';
import { fail } from '../base/errors.ts';

export const DIALECTS = ['spec', 'java-tron'] as const;
export type Dialect = (typeof DIALECTS)[number];

export function isDialect(value: unknown): value is Dialect {
  return typeof value === 'string' && (DIALECTS as readonly string[]).includes(value);
}

/** Field renames, spec name → java-tron name, keyed by the message's full proto name (proto/). */
export const FIELD_RENAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'protocol.Account': { is_executive: 'is_witness', cded_supply: 'frozen_supply', executive_permission: 'witness_permission' },
  'protocol.Account.Cded': { cded_balance: 'frozen_balance' },
  'protocol.AccountPermissionUpdateContract': { executive: 'witness' },
  'protocol.AssetIssueContract': { cded_supply: 'frozen_supply', coin_num: 'trx_num' },
  'protocol.AssetIssueContract.CdedSupply': { cded_amount: 'frozen_amount', cded_days: 'frozen_days' },
  'protocol.BlockHeader': { executive_signature: 'witness_signature' },
  'protocol.BlockHeader.raw': { executive_id: 'witness_id', executive_address: 'witness_address' },
};

/** Enum value renames, spec name → java-tron name, keyed by the enum's full proto name. */
export const ENUM_RENAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'protocol.PermissionType': { Executive: 'Witness' },
};

/**
 * getchainparameters keys, spec name → java-tron name. Only the fee keys matter to the station
 * (NodeClient.fees keeps keys ending in `Fee`); the spec's node does not report this one today.
 */
export const CHAIN_PARAMETER_RENAMES: Readonly<Record<string, string>> = {
  getCreateExecutiveFee: 'getCreateWitnessFee',
};

type Table = Readonly<Record<string, Readonly<Record<string, string>>>>;

function invert(table: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(table).map(([a, b]) => [b, a]));
}

function invertAll(table: Table): Table {
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, invert(v)]));
}

const FIELDS_TO_SPEC = invertAll(FIELD_RENAMES);
const ENUMS_TO_SPEC = invertAll(ENUM_RENAMES);
const PARAMETERS_TO_SPEC = invert(CHAIN_PARAMETER_RENAMES);

const ANY = 'google.protobuf.Any';

function own(table: Readonly<Record<string, string>> | undefined, key: string): string | undefined {
  return table !== undefined && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Sets a key as data even when it is `__proto__`. */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The spec name of a field key written in either dialect. */
function specFieldName(typeName: string, key: string): string {
  return own(FIELDS_TO_SPEC[typeName], key) ?? key;
}

function fieldNameIn(to: Dialect, typeName: string, specName: string): string {
  return to === 'spec' ? specName : (own(FIELD_RENAMES[typeName], specName) ?? specName);
}

function enumValue(field: DescField, v: unknown, to: Dialect): unknown {
  if (typeof v !== 'string' || field.enum === undefined) return v;
  const typeName = field.enum.typeName;
  // The node capitalises an all-lowercase name ("witness" → "Witness") before reading it.
  const name = v === v.toLowerCase() ? v.charAt(0).toUpperCase() + v.slice(1) : v;
  const spec = own(ENUMS_TO_SPEC[typeName], name) ?? name;
  const out = to === 'spec' ? spec : (own(ENUM_RENAMES[typeName], spec) ?? spec);
  return out === name ? v : out;
}

function walkAny(json: Record<string, unknown>, to: Dialect, path: string): Record<string, unknown> {
  const typeUrl = json.type_url;
  const name = typeof typeUrl === 'string' ? contractNameOfTypeUrl(typeUrl) : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(json)) {
    const inner = key === 'value' && name !== undefined && isSupportedContractName(name) ? SUPPORTED_CONTRACTS[name] : undefined;
    put(out, key, inner === undefined ? v : walk(inner, v, to, `${path}.value`));
  }
  return out;
}

function walkField(field: DescField, v: unknown, to: Dialect, path: string): unknown {
  switch (field.fieldKind) {
    case 'message':
      return walk(field.message, v, to, path);
    case 'enum':
      return enumValue(field, v, to);
    case 'list':
      if (!Array.isArray(v)) return v;
      if (field.listKind === 'message') return v.map((item, i) => walk(field.message, item, to, `${path}[${i}]`));
      if (field.listKind === 'enum') return v.map((item) => enumValue(field, item, to));
      return v;
    case 'map':
      if (!Array.isArray(v) || field.mapKind === 'scalar') return v;
      return v.map((entry, i) => {
        if (!isPlainObject(entry) || !('value' in entry)) return entry;
        const copy: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(entry)) put(copy, k, x);
        copy.value = field.mapKind === 'message' ? walk(field.message, entry.value, to, `${path}[${i}].value`) : enumValue(field, entry.value, to);
        return copy;
      });
    default:
      return v;
  }
}

function walk(schema: DescMessage, json: unknown, to: Dialect, path: string): unknown {
  if (!isPlainObject(json)) return json;
  if (schema.typeName === ANY) return walkAny(json, to, path);
  const out: Record<string, unknown> = {};
  const from = new Map<string, string>();
  for (const [key, v] of Object.entries(json)) {
    const spec = specFieldName(schema.typeName, key);
    const field = schema.fields.find((f) => f.name === spec);
    const target = field === undefined ? key : fieldNameIn(to, schema.typeName, spec);
    const earlier = from.get(target);
    if (earlier !== undefined) {
      fail('BAD_JSON', `${path}: ${earlier} and ${key} name the same field; give it once`, { field: `${path}.${target}` });
    }
    from.set(target, key);
    put(out, target, field === undefined ? v : walkField(field, v, to, `${path}.${target}`));
  }
  return out;
}

/**
 * A message's node JSON with every field and enum name in dialect `to`; input in either dialect,
 * or a mix, is read. `path` names the value in an error (default the message name).
 */
export function translateJson(schema: DescMessage, json: unknown, to: Dialect, path = schema.name): unknown {
  return walk(schema, json, to, path);
}

/** A getchainparameters key in dialect `to`. */
export function chainParameterName(key: string, to: Dialect): string {
  const spec = own(PARAMETERS_TO_SPEC, key) ?? key;
  return to === 'spec' ? spec : (own(CHAIN_PARAMETER_RENAMES, spec) ?? spec);
}

// ---------------------------------------------------------------------------------------------
// Telling the dialect of a reply

/** What one reply says about the node's dialect: the key or value that gave it away. */
export interface DialectEvidence {
  dialect: Dialect;
  /** Where it was seen, as a JSON path: `block_header.raw_data.witness_address`. */
  seen: string;
}

/** The names only one dialect uses, as [path in the reply, spec name, java-tron name]. */
const BLOCK_TELLS: ReadonlyArray<[string[], string, string]> = [
  [['block_header', 'raw_data'], 'executive_address', 'witness_address'],
  [['block_header'], 'executive_signature', 'witness_signature'],
  [['block_header', 'raw_data'], 'executive_id', 'witness_id'],
];
const ACCOUNT_TELLS: ReadonlyArray<[string[], string, string]> = Object.entries(FIELD_RENAMES['protocol.Account']!).map(([spec, jt]) => [[], spec, jt]);

function tell(reply: unknown, tells: ReadonlyArray<[string[], string, string]>): DialectEvidence | undefined {
  for (const [at, spec, jt] of tells) {
    let node: unknown = reply;
    for (const step of at) node = isPlainObject(node) ? node[step] : undefined;
    if (!isPlainObject(node)) continue;
    const prefix = at.length > 0 ? `${at.join('.')}.` : '';
    if (Object.prototype.hasOwnProperty.call(node, jt)) return { dialect: 'java-tron', seen: prefix + jt };
    if (Object.prototype.hasOwnProperty.call(node, spec)) return { dialect: 'spec', seen: prefix + spec };
  }
  return undefined;
}

/** The dialect a getnowblock/getblock reply shows (its producer's address and signature keys), if any. */
export function dialectOfBlock(reply: unknown): DialectEvidence | undefined {
  return tell(reply, BLOCK_TELLS);
}

/**
 * The dialect a getaccount reply shows (`witness_permission`, `is_witness`, `frozen_supply` or their
 * spec names), if any. A plain account has none of them; an executive's (block producer's) does.
 */
export function dialectOfAccount(reply: unknown): DialectEvidence | undefined {
  return tell(reply, ACCOUNT_TELLS);
}

/**
 * A contract as the node's JSON object (hex addresses, or Base58 with `"visible": true`), in the
 * spec's names or the reference node's (`frozen_supply`, `trx_num`, `witness`; docs/decisions.md §17): a file or
 * a caller may use either name for each field, and one field given under both names (`cded_supply`
 * and `frozen_supply`) is refused naming both, never merged. The station's services read every
 * contract argument with this.
 */
export function contractFromJson<T extends Message>(schema: Parameters<typeof messageFromNodeJson>[0], json: unknown, field: string): T {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('BAD_JSON', `${field}: expected the node's ${schema.name} JSON object`, { field });
  const { visible, ...rest } = json as Record<string, unknown>;
  if (visible !== undefined && typeof visible !== 'boolean') fail('BAD_JSON', `${field}.visible: expected true or false`, { field: `${field}.visible` });
  return messageFromNodeJson<T>(schema, translateJson(schema, rest, 'spec', field), { visible: visible === true, path: field });
}
