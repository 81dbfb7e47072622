/**
 * Transactions (spec §2.4, §4.8; PROTOCOL.md §1.1, §2, §4.3). A transaction is kept as the exact
 * raw bytes that were signed plus its signatures (DESIGN.md decision 2): txID = sha256(raw bytes),
 * and everything shown to a person is decoded from those bytes.
 *
 * Decoding is strict, because a person approves what we show and the node hashes what it
 * re-encodes from JSON:
 * - an unknown field anywhere in the raw bytes is an error (UNKNOWN_FIELD), never carried along;
 * - the bytes must be exactly what a canonical encoder writes for the decoded value
 *   (NON_CANONICAL), so what we show, what we sign and what the node hashes are one thing;
 * - exactly one contract, of a type Airlock has a message for (every type of the reference node but
 *   the two it defines none for), whose Any type URL names that same type; anything else is refused
 *   by contract-types.ts `refuseUnknownContract`, naming the type id and size.
 *
 * One tolerant path (docs/decisions.md §17, "an unknown type is shown as unknown"): `decodeRawShowingUnknown`
 * accepts a contract whose type id AND type URL name no contract Airlock has a message for, and
 * returns it as an `UnknownContractTransaction` (type id, type URL, size, owner from field 1), so a
 * station can store, list and show it and refuse to sign it unless the signer accepts the named
 * risk `unknown-contract-type`. Everything else is as strict as `decodeRaw`: the raw fields, one
 * contract, nothing unshown; a known type (by id or by URL) whose bytes are bad is still refused.
 */
import { create, fromBinary, toBinary, type DescMessage, type Message } from '@bufbuild/protobuf';
import { sha256 } from '@noble/hashes/sha2.js';
import { Transaction_ContractSchema, Transaction_rawSchema, type Transaction_raw } from '../gen/protocol/core_pb.ts';
import { checkAddress, type Address } from './address.ts';
import { bytesToHex, concatBytes, equalBytes } from '../base/bytes.ts';
import { translateJson } from './dialect.ts';
import { AirlockError, excerpt, fail, type ErrorCode } from '../base/errors.ts';
import { badArgument, atField, booleanInput, hexInput, int64Input, objectInput, within } from './input.ts';
import {
  contractTypeName,
  isSupportedContractName,
  contractNameOfTypeUrl,
  contractSigner,
  parseContractType,
  refuseUnknownContract,
  SUPPORTED_CONTRACTS,
  typeUrlFor,
  UNKNOWN_CONTRACT_KIND,
  type SupportedContractName,
} from './contract-types.ts';
import { messageFromNodeJson, messageToNodeJson } from './node-json.ts';
import { SIGNATURE_LENGTH } from './verify.ts';
import { checkPermissionId } from './permission-id.ts';
import { MAX_EXPIRATION_MS, MAX_TRANSACTION_BYTES, MAX_RESULT_SIZE_IN_TX, MAX_SIGNATURES } from '../base/limits.ts';

/** Room the node adds to a transaction's size on broadcast for the results it will carry. */
export const RESULT_ALLOWANCE_BYTES = 2 * MAX_RESULT_SIZE_IN_TX;
/** A stand-in signature (PER_SIGN_LENGTH bytes), to size a transaction before it is signed. */
const ONE_SIGNATURE = new Uint8Array(SIGNATURE_LENGTH);

/**
 * Refuses more signatures than any permission can hold, with the node's message (`too many
 * signatures`, PROTOCOL.md §3 item 2). Every reader of signatures calls it before recovering the
 * first one: each recovery is real work, so a body of thousands of signatures would otherwise hold
 * the process for seconds (docs/decisions.md §6, "Signature count"). `max` is the chain's TOTAL_SIGN_NUM.
 */
export function checkSignatureCount(count: number, max: number = MAX_SIGNATURES): void {
  if (!Number.isSafeInteger(max) || max < 1) badArgument('checkSignatureCount: max must be a whole number of 1 or more', 'max');
  if (count > max) fail('PERMISSION', 'too many signatures', { field: 'signature', count, max });
}

/** A contract ready to go into a transaction: its type name and its message. */
export interface ContractCall {
  type: SupportedContractName;
  value: Message;
  /** Which permission signs: 0 owner (default), 2 and up an active. 1 is refused. */
  permissionId?: number;
}

/** The reference-block and time fields of `raw` (TaPoS and expiry). */
export interface RawFields {
  /** 2 bytes: the last two bytes of the reference block's number. */
  refBlockBytes: Uint8Array;
  /** 8 bytes: bytes 8..16 of the reference block's id. */
  refBlockHash: Uint8Array;
  /** ms since the epoch. */
  expiration: bigint | number;
  /** ms since the epoch; the creator's clock. */
  timestamp: bigint | number;
  /** Memo bytes (raw.data, "extra_data" on HTTP). */
  data?: Uint8Array;
  /** Only used by smart contracts; kept for completeness. */
  feeLimit?: bigint | number;
}

/** A transaction as Airlock keeps it: the signed bytes and the signatures over their hash. */
export interface SignedTransaction {
  rawBytes: Uint8Array;
  signatures: Uint8Array[];
}

/** What the raw bytes say, decoded and checked. */
export interface DecodedTransaction {
  raw: Transaction_raw;
  txId: Uint8Array;
  contractType: SupportedContractName;
  contractTypeId: number;
  contract: Message;
  permissionId: number;
  ownerAddress: Address;
}

/**
 * Refuses an expiration more than MAX_EXPIRATION_MS after `now`, in words (docs/decisions.md §16: an expiry in
 * 2100 was built). The node takes an expiration at most 24 hours after its head block (PROTOCOL.md
 * §7 step 5.4), so such a transaction is refused today and, worse, lies in wait, valid once its date
 * comes near, long after its signers have forgotten it.
 */
export function checkExpirationWithinWindow(expiration: bigint | number, now: number, field = 'expiration', from = 'from now'): void {
  if (BigInt(expiration) <= BigInt(now) + BigInt(MAX_EXPIRATION_MS)) return;
  const ms = BigInt(expiration);
  const when = ms < 8_640_000_000_000_000n ? new Date(Number(ms)).toISOString() : `${ms} ms`;
  fail(
    'INVALID_INPUT',
    `${field}: ${when} is more than 24 hours ${from}; the node accepts an expiration at most 24 hours after its newest block, so it is refused`,
    {
      field,
      maxMs: MAX_EXPIRATION_MS,
    },
  );
}

/** Builds the raw part of a transaction around one contract. */
export function buildRaw(call: ContractCall, fields: RawFields): Transaction_raw {
  if (!isSupportedContractName(call.type)) fail('UNSUPPORTED_CONTRACT', `buildRaw: ${String(call.type)} is not a contract Airlock builds`);
  const schema: DescMessage = SUPPORTED_CONTRACTS[call.type];
  if ((call.value as { $typeName?: string }).$typeName !== schema.typeName) {
    badArgument(`buildRaw: value is not a ${call.type} message`, 'value');
  }
  const permissionId = checkPermissionId(call.permissionId ?? 0);
  if (fields.refBlockBytes.length !== 2) badArgument(`buildRaw: ref_block_bytes must be 2 bytes, got ${fields.refBlockBytes.length}`, 'ref_block_bytes');
  if (fields.refBlockHash.length !== 8) badArgument(`buildRaw: ref_block_hash must be 8 bytes, got ${fields.refBlockHash.length}`, 'ref_block_hash');
  const [expiration, timestamp] = within('buildRaw', () => [int64Input(fields.expiration, 'expiration'), int64Input(fields.timestamp, 'timestamp')]);
  if (expiration <= 0n) badArgument('buildRaw: expiration must be a positive time in ms', 'expiration');
  if (timestamp < 0n) badArgument('buildRaw: timestamp must not be negative', 'timestamp');
  return create(Transaction_rawSchema, {
    refBlockBytes: fields.refBlockBytes,
    refBlockHash: fields.refBlockHash,
    expiration,
    timestamp,
    data: fields.data ?? new Uint8Array(),
    feeLimit: fields.feeLimit === undefined ? 0n : within('buildRaw', () => int64Input(fields.feeLimit, 'fee_limit')),
    contract: [
      create(Transaction_ContractSchema, {
        type: parseContractType(call.type),
        parameter: { typeUrl: typeUrlFor(call.type), value: toBinary(schema, call.value) },
        PermissionId: permissionId,
      }),
    ],
  });
}

export function encodeRaw(raw: Transaction_raw): Uint8Array {
  return toBinary(Transaction_rawSchema, raw);
}

export function txIdOf(rawBytes: Uint8Array): Uint8Array {
  return sha256(rawBytes);
}

/** The path of the first unknown field in a decoded message, if any. */
function findUnknown(schema: DescMessage, message: Message, path: string): string | undefined {
  const m = message as unknown as Record<string, unknown> & { $unknown?: { no: number }[] };
  if (m.$unknown && m.$unknown.length > 0) return `${path} (field number ${m.$unknown.map((u) => u.no).join(', ')})`;
  for (const field of schema.fields) {
    const value = m[field.localName];
    if (field.fieldKind === 'message' && value) {
      const found = findUnknown(field.message, value as Message, `${path}.${field.name}`);
      if (found) return found;
    } else if (field.fieldKind === 'list' && field.listKind === 'message') {
      const list = value as Message[];
      for (let i = 0; i < list.length; i++) {
        const found = findUnknown(field.message, list[i]!, `${path}.${field.name}[${i}]`);
        if (found) return found;
      }
    }
  }
  return undefined;
}

function decodeStrict<T extends Message>(schema: DescMessage, bytes: Uint8Array, path: string): T {
  let message: T;
  try {
    message = fromBinary(schema, bytes) as unknown as T;
  } catch (e) {
    fail('BAD_TRANSACTION', `${path}: not a valid ${schema.name} encoding (${e instanceof Error ? e.message : String(e)})`);
  }
  const unknown = findUnknown(schema, message, path);
  if (unknown) fail('UNKNOWN_FIELD', `${unknown}: a field this version does not know is in the bytes; refusing to show or sign it`);
  if (!equalBytes(toBinary(schema, message), bytes)) {
    fail('NON_CANONICAL', `${path}: the bytes are not in canonical order or repeat a field, so a node would hash different bytes`);
  }
  return message;
}

/**
 * Signed fields Airlock has no words for (docs/decisions.md §16, "what is signed is shown"): the node signs and
 * broadcasts them, no screen of Airlock shows them, and no contract Airlock builds sets them. A
 * transaction carrying any of them, non-empty, is refused by name, so no station imports, signs or
 * broadcasts bytes its user could not read.
 */
function refuseUnshownFields(raw: Transaction_raw): void {
  const c = raw.contract[0]!;
  const unshown: Array<[string, boolean]> = [
    ['raw_data.auths', raw.auths.length > 0],
    ['raw_data.scripts', raw.scripts.length > 0],
    ['raw_data.contract[0].provider', c.provider.length > 0],
    ['raw_data.contract[0].ContractName', c.ContractName.length > 0],
  ];
  for (const [field, present] of unshown) {
    if (present) fail('BAD_TRANSACTION', `this transaction carries ${field}, which Airlock does not show; it is refused`, { field });
  }
}

/** Decodes and checks raw bytes. Throws a coded error for anything Airlock will not sign. */
export function decodeRaw(rawBytes: Uint8Array): DecodedTransaction {
  return decodeChecked(rawBytes, false) as DecodedTransaction;
}

/** A contract of a type Airlock has no message for, as far as it can be shown without guessing. */
export interface UnknownContract {
  typeId: number;
  /** The Any's type URL as written (shown escaped and cut by the view). */
  typeUrl: string;
  /** Bytes of the contract's value. */
  size: number;
  value: Uint8Array;
}

/** A transaction whose one contract is of an unknown type: the raw fields checked, the contract not decoded. */
export interface UnknownContractTransaction {
  raw: Transaction_raw;
  txId: Uint8Array;
  contractType: typeof UNKNOWN_CONTRACT_KIND;
  contractTypeId: number;
  unknown: UnknownContract;
  permissionId: number;
  /** Field 1 of the value, where every contract of the reference node but the shielded one keeps its owner. */
  ownerAddress: Address;
}

/**
 * As decodeRaw, except that a contract of a type this version does not know (neither its id nor its
 * type URL names a contract with a message here) comes back as an UnknownContractTransaction instead
 * of being refused. For stations that store and show such a transaction; signing it needs the
 * signer's named override (shared/approval/signing-risk.ts).
 */
export function decodeRawShowingUnknown(rawBytes: Uint8Array): DecodedTransaction | UnknownContractTransaction {
  return decodeChecked(rawBytes, true);
}

/** Whether a decoded transaction is one of an unknown contract type. */
export function isUnknownContract(d: DecodedTransaction | UnknownContractTransaction): d is UnknownContractTransaction {
  return d.contractType === UNKNOWN_CONTRACT_KIND;
}

/**
 * The owner of an unknown contract: its value must open with field 1, length-delimited, holding a
 * 21-byte address, as every contract of the reference node but ShieldedTransferContract does.
 * Anything else is refused: a transaction whose owner cannot be read cannot be matched to a permission.
 */
function unknownContractOwner(value: Uint8Array, what: string, contractType: number): Address {
  // The refusal names the type and size as refuseUnknownContract does, so callers read one shape.
  const details = { field: 'raw_data.contract[0].parameter.value', contractType, size: value.length };
  if (value.length < 23 || value[0] !== 0x0a || value[1] !== 21) {
    fail(
      'UNSUPPORTED_CONTRACT',
      `raw_data.contract[0].parameter.value: ${what} does not open with an owner address (field 1, 21 bytes), so Airlock cannot tell whose it is`,
      details,
    );
  }
  try {
    return checkAddress(value.slice(2, 23), 'owner_address');
  } catch (e) {
    if (e instanceof AirlockError) fail('UNSUPPORTED_CONTRACT', `raw_data.contract[0].parameter.value.owner_address: ${e.message}`, details);
    throw e;
  }
}

function decodeChecked(rawBytes: Uint8Array, showUnknown: boolean): DecodedTransaction | UnknownContractTransaction {
  if (!(rawBytes instanceof Uint8Array)) badArgument('decodeRaw: expected bytes', 'rawBytes');
  const raw = decodeStrict<Transaction_raw>(Transaction_rawSchema, rawBytes, 'raw_data');
  if (raw.contract.length !== 1) {
    fail('BAD_TRANSACTION', `raw_data.contract: contract size should be exactly 1, actual :${raw.contract.length}`);
  }
  refuseUnshownFields(raw);
  const c = raw.contract[0]!;
  const name = contractTypeName(c.type);
  if (name === undefined || !isSupportedContractName(name)) {
    const urlName = c.parameter ? contractNameOfTypeUrl(c.parameter.typeUrl) : undefined;
    // Tolerated only when nothing names a known type: an unknown id under a known type's URL is a
    // known type's bytes mislabelled, and stays refused like any other mismatch.
    if (!showUnknown || !c.parameter || (urlName !== undefined && isSupportedContractName(urlName))) {
      refuseUnknownContract(c.type, c.parameter?.typeUrl ?? '', c.parameter?.value.length ?? 0, 'raw_data.contract[0].type');
    }
    const typeUrl = c.parameter.typeUrl;
    const what = `contract type ${c.type} (${excerpt(typeUrl, 100)}, ${c.parameter.value.length} bytes)`;
    return {
      raw,
      txId: txIdOf(rawBytes),
      contractType: UNKNOWN_CONTRACT_KIND,
      contractTypeId: c.type,
      unknown: { typeId: c.type, typeUrl, size: c.parameter.value.length, value: c.parameter.value },
      permissionId: c.PermissionId,
      ownerAddress: unknownContractOwner(c.parameter.value, what, c.type),
    };
  }
  if (!c.parameter) fail('BAD_TRANSACTION', 'raw_data.contract[0].parameter: missing');
  const urlName = contractNameOfTypeUrl(c.parameter.typeUrl);
  if (urlName !== name) {
    // A URL naming no protocol. message is shown whole, so the message says what is wrong with it.
    const real = urlName ?? c.parameter.typeUrl;
    fail('BAD_TRANSACTION', `contract type error,expected type [${name}],real type[${real}]`, { field: 'raw_data.contract[0].parameter.type_url' });
  }
  const schema = SUPPORTED_CONTRACTS[name];
  const contract = decodeStrict<Message>(schema, c.parameter.value, 'raw_data.contract[0].parameter.value');
  const owner = contractSigner(name, contract);
  const ownerField = name === 'ShieldedTransferContract' ? 'transparent_from_address' : 'owner_address';
  let ownerAddress: Address;
  try {
    ownerAddress = checkAddress(owner, ownerField);
  } catch (e) {
    if (e instanceof AirlockError) fail('BAD_TRANSACTION', `raw_data.contract[0].parameter.value.${ownerField}: ${e.message}`);
    throw e;
  }
  return {
    raw,
    txId: txIdOf(rawBytes),
    contractType: name,
    contractTypeId: c.type,
    contract,
    permissionId: c.PermissionId,
    ownerAddress,
  };
}

/** One length-delimited protobuf field: tag, varint length, bytes. */
function lengthDelimited(fieldNumber: number, bytes: Uint8Array): Uint8Array {
  const length: number[] = [];
  let n = bytes.length;
  do {
    length.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return concatBytes(Uint8Array.of((fieldNumber << 3) | 2), Uint8Array.from(length), bytes);
}

/**
 * The wire form of a signed transaction, Transaction {raw_data = 1, signature = 2 (repeated)},
 * without `ret`, around the kept raw bytes (never re-encoded from a decoded message).
 */
export function encodeSignedTransaction(tx: SignedTransaction): Uint8Array {
  return concatBytes(lengthDelimited(1, tx.rawBytes), ...tx.signatures.map((s) => lengthDelimited(2, s)));
}

/**
 * The size the node holds against MAX_TRANSACTION_BYTES on broadcast (Manager.validateCommon,
 * PROTOCOL.md §7 step 5.3): the signed transaction without `ret`, plus RESULT_ALLOWANCE_BYTES.
 */
export function broadcastSize(tx: SignedTransaction): number {
  return encodeSignedTransaction(tx).length + RESULT_ALLOWANCE_BYTES;
}

/**
 * Builds, encodes and decodes back in one step: the bytes to sign and their txID. Refuses a
 * transaction the node would refuse as too big even with a single signature, so nobody signs it.
 */
export function createTransaction(call: ContractCall, fields: RawFields): SignedTransaction & { txId: Uint8Array } {
  const rawBytes = encodeRaw(buildRaw(call, fields));
  const size = broadcastSize({ rawBytes, signatures: [ONE_SIGNATURE] });
  if (size > MAX_TRANSACTION_BYTES) {
    fail(
      'BAD_TRANSACTION',
      `transaction too big: ${rawBytes.length} bytes of raw_data make ${size} bytes signed once, counting the node's ${RESULT_ALLOWANCE_BYTES} bytes for results; the node's limit is ${MAX_TRANSACTION_BYTES}`,
      { field: 'raw_data', size, limit: MAX_TRANSACTION_BYTES },
    );
  }
  return { rawBytes, signatures: [], txId: txIdOf(rawBytes) };
}

// ---------------------------------------------------------------------------------------------
// The node's transaction JSON

export interface TransactionJson {
  visible: boolean;
  txID: string;
  raw_data: Record<string, unknown>;
  raw_data_hex: string;
  signature?: string[];
}

export function rawToNodeJson(raw: Transaction_raw, visible = false): Record<string, unknown> {
  return messageToNodeJson(Transaction_rawSchema, raw, { visible });
}

export function transactionToNodeJson(tx: SignedTransaction, options: { visible?: boolean } = {}): TransactionJson {
  const decoded = decodeRaw(tx.rawBytes);
  const out: TransactionJson = {
    visible: options.visible ?? false,
    txID: bytesToHex(decoded.txId),
    raw_data: rawToNodeJson(decoded.raw, options.visible ?? false),
    raw_data_hex: bytesToHex(tx.rawBytes),
  };
  if (tx.signatures.length > 0) out.signature = tx.signatures.map(bytesToHex);
  return out;
}

/** The top-level keys of the node's transaction JSON, the one list every reader of it checks against. */
export const TRANSACTION_JSON_KEYS: readonly string[] = ['visible', 'txID', 'raw_data', 'raw_data_hex', 'signature', 'ret'];

export interface TransactionJsonOptions {
  /** The path in messages and details.field (`transaction`, `request.transaction`). */
  what?: string;
  /** The code of a refusal of the JSON's form: BAD_JSON (a file) or INVALID_INPUT (a request). */
  code?: ErrorCode;
  /** Accept `visible` as the text "true"/"false" too, as the node does for HTTP requests. */
  visibleText?: boolean;
  /** Refuse more signatures than this before reading any (checkSignatureCount); no limit when absent. */
  maxSignatures?: number;
}

/**
 * `raw_data` read strictly, in either node dialect (docs/decisions.md §11): java-tron's names (`frozen_supply`,
 * `trx_num`, `witness`, permission type `Witness`) describe the same bytes as the spec's.
 */
function rawFromNodeJson(json: unknown, visible: boolean): Transaction_raw {
  return messageFromNodeJson<Transaction_raw>(Transaction_rawSchema, translateJson(Transaction_rawSchema, json, 'spec', 'raw_data'), {
    visible,
    path: 'raw_data',
  });
}

/**
 * The form of the node's transaction JSON, read without judging what the bytes say (the devnet
 * reads any transaction so it can answer with the node's own codes). The bytes come from
 * `raw_data_hex` when present; `raw_data` must then encode to exactly those bytes and `txID` must
 * be their hash, or the JSON is refused: a node rebuilds the transaction from `raw_data`, so a
 * mismatch would show one thing and broadcast another. `ret` is ignored, as the node resets it.
 * `raw_data` may use either node dialect's names (shared/chain/dialect.ts); the bytes are the same.
 */
export function signedTransactionFromNodeJson(json: unknown, options: TransactionJsonOptions = {}): SignedTransaction & { txId: Uint8Array } {
  const what = options.what ?? 'transaction';
  const code = options.code ?? 'BAD_JSON';
  const t = objectInput(json, what, TRANSACTION_JSON_KEYS, { code });
  const at = (key: string): string => `${what}.${key}`;
  let visible = false;
  if (t.visible !== undefined && t.visible !== null) {
    if (typeof t.visible !== 'boolean' && !options.visibleText) fail(code, `${at('visible')}: expected true or false`, { field: at('visible') });
    visible = atField(at('visible'), () => booleanInput(t.visible, at('visible')), code);
  }
  const fromJson = (): Uint8Array => encodeRaw(rawFromNodeJson(t.raw_data, visible));
  let rawBytes: Uint8Array;
  if (t.raw_data_hex !== undefined) {
    if (typeof t.raw_data_hex !== 'string') fail(code, `${at('raw_data_hex')}: expected a hex string`, { field: at('raw_data_hex') });
    rawBytes = hexInput(t.raw_data_hex, at('raw_data_hex'));
    if (t.raw_data !== undefined && !equalBytes(fromJson(), rawBytes)) {
      fail('BAD_TRANSACTION', 'raw_data does not match raw_data_hex: the readable part says something other than the signed bytes', { field: at('raw_data') });
    }
  } else if (t.raw_data !== undefined) {
    rawBytes = fromJson();
  } else {
    fail(code, `${what}: needs raw_data_hex or raw_data`, { field: what });
  }
  const txId = txIdOf(rawBytes);
  if (t.txID !== undefined) {
    if (typeof t.txID !== 'string') fail(code, `${at('txID')}: expected a hex string`, { field: at('txID') });
    if (!equalBytes(hexInput(t.txID, 'txID', 32), txId)) {
      fail('BAD_TRANSACTION', `txID is not the hash of raw_data (which is ${bytesToHex(txId)})`, { field: at('txID') });
    }
  }
  let signatures: Uint8Array[] = [];
  if (t.signature !== undefined && t.signature !== null) {
    if (!Array.isArray(t.signature)) fail(code, `${at('signature')}: expected a list of hex strings`, { field: at('signature') });
    if (options.maxSignatures !== undefined) checkSignatureCount(t.signature.length, options.maxSignatures);
    signatures = t.signature.map((s, i) => {
      if (typeof s !== 'string') fail(code, `${at(`signature[${i}]`)}: expected a hex string`, { field: at(`signature[${i}]`) });
      return hexInput(s, `signature[${i}]`);
    });
  }
  return { rawBytes, signatures, txId };
}

/**
 * Reads the node's transaction JSON (also what other tools export) as `signedTransactionFromNodeJson`
 * does, then decodes the bytes strictly: a transaction Airlock would not show is refused.
 *
 * More than `options.maxSignatures` signatures are refused before any is read. The default is
 * MAX_SIGNATURES (5), mainnet's TOTAL_SIGN_NUM: an offline station reading a file does not know the
 * chain, and no permission on a chain with the default can hold more keys. A caller that knows the
 * chain raised it (a devnet genesis may, up to 32) passes the chain's value; there is never no limit.
 */
export function transactionFromNodeJson(
  json: unknown,
  options: { maxSignatures?: number } = {},
): SignedTransaction & { txId: Uint8Array; decoded: DecodedTransaction } {
  const tx = signedTransactionFromNodeJson(json, { maxSignatures: options.maxSignatures ?? MAX_SIGNATURES });
  return { ...tx, decoded: decodeRaw(tx.rawBytes) };
}

/** The contract of a decoded transaction as the node's JSON (for display and the CLI). */
export function contractToNodeJson(decoded: DecodedTransaction, visible = false): Record<string, unknown> {
  return messageToNodeJson(SUPPORTED_CONTRACTS[decoded.contractType], decoded.contract, { visible });
}
