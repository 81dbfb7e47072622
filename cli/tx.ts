/**
 * `airlock tx encode | inspect | sign`: the node's transaction JSON in, JSON out (PROTOCOL.md §2,
 * §4.3; DESIGN.md decision 2). Everything printed about a transaction is decoded from its raw
 * BYTES; `raw_data` in the input is only ever checked against them (signedTransactionFromNodeJson refuses
 * a mismatch) or, when there are no bytes yet, encoded into them.
 *
 * `tx sign` refuses what the reference node would refuse or what would silently break other
 * signers' work: a Permission_id change once there are signatures (it changes the txID), and the
 * checks every signer shares (shared/approval/sign-check.ts: Permission_id 1, an expired transaction unless
 * --allow-expired, a sixth signature, a key that already signed). The key is wiped after use and
 * appears in no output.
 *
 * For a new user (docs/decisions.md §6 part 5): a contract's `parameter.type_url` may be left out when its
 * `type` names it (a `type_url` that disagrees is refused); `tx encode` refuses raw_data without
 * its reference block or expiration rather than print a transaction that expired in 1970, and
 * encodes an expiration more than 24 h after its timestamp with a warning saying from when a node
 * takes it (docs/decisions.md §24: the reference encoders encode it; the station's builds refuse it); output
 * is visible when the input says `"visible": true` or --visible is given, so a signed visible
 * transaction stays visible and the node's replies to it stay readable.
 *
 * A contract of a type this version has no message for (docs/decisions.md §17), given as raw_data_hex, is shown
 * by `tx inspect` as unknown (type id, URL, size, owner; its warning), as the station shows it;
 * `tx sign` refuses it, since this tool names no risk (the station signs it only with the override).
 */
import { clone } from '@bufbuild/protobuf';
import { Transaction_rawSchema } from '../shared/gen/protocol/core_pb.ts';
import { contractNameOfTypeUrl, isSupportedContractName, typeUrlFor } from '../shared/chain/contract-types.ts';
import { bytesToHex, wipe } from '../shared/base/bytes.ts';
import { AirlockError, fail } from '../shared/base/errors.ts';
import { transactionView } from '../shared/views/view.ts';
import { checkSignable, checkSigner, type SignCheck } from '../shared/approval/sign-check.ts';
import { isRecord } from '../shared/chain/input.ts';
import { addressOfPrivateKey, signDigest } from '../shared/chain/keys.ts';
import { checkPermissionId } from '../shared/chain/permission-id.ts';
import {
  decodeRaw,
  decodeRawShowingUnknown,
  encodeRaw,
  isUnknownContract,
  rawToNodeJson,
  signedTransactionFromNodeJson,
  transactionToNodeJson,
  type SignedTransaction,
  TRANSACTION_JSON_KEYS,
  type DecodedTransaction,
  type TransactionJson,
} from '../shared/chain/transaction.ts';
import { MAX_EXPIRATION_MS, MAX_SIGNATURES, MAX_TRANSACTION_BYTES } from '../shared/base/limits.ts';

export interface ReadTransaction {
  rawBytes: Uint8Array;
  signatures: Uint8Array[];
  decoded: DecodedTransaction;
  /** The input said `"visible": true` (a full transaction JSON), or --visible was given. */
  visible: boolean;
}

type JsonObject = Record<string, unknown>;

/**
 * raw_data with each contract's `parameter.type_url` filled in from its `type` where it was left
 * out. A type_url that names another contract than `type` is refused here, naming both, rather
 * than later as a byte-level "contract type error". Returns a copy; the input is not changed.
 */
function withTypeUrls(raw: unknown): unknown {
  if (!isRecord(raw) || !Array.isArray(raw.contract)) return raw;
  const contract = raw.contract.map((c: unknown, i) => {
    if (!isRecord(c) || typeof c.type !== 'string' || !isSupportedContractName(c.type) || !isRecord(c.parameter)) return c;
    const typeUrl = c.parameter.type_url;
    if (typeUrl === undefined) return { ...c, parameter: { ...c.parameter, type_url: typeUrlFor(c.type) } };
    if (typeof typeUrl === 'string' && contractNameOfTypeUrl(typeUrl) !== c.type) {
      const field = `raw_data.contract[${i}].parameter.type_url`;
      const named = contractNameOfTypeUrl(typeUrl);
      fail(
        'BAD_JSON',
        `${field}: names ${named !== undefined && isSupportedContractName(named) ? named : 'another message'}, but contract[${i}].type is ${c.type}; leave type_url out and it is derived from type`,
        { field },
      );
    }
    return c;
  });
  return { ...raw, contract };
}
/**
 * A transaction from its JSON: the node's `{txID, raw_data, raw_data_hex, signature, visible}`, or a
 * bare raw_data object (read with `visible` as given on the command line, since it has no key for it).
 */
export function readTransaction(json: unknown, visible: boolean): ReadTransaction {
  const { full, tx } = readSigned(json, visible);
  return { ...tx, decoded: decodeRaw(tx.rawBytes), visible: visible || full.visible === true };
}

/** The JSON read into signed bytes (within the node's size limit), before the contract is decoded. */
function readSigned(json: unknown, visible: boolean): { full: JsonObject; tx: SignedTransaction & { txId: Uint8Array } } {
  if (!isRecord(json)) fail('BAD_JSON', 'transaction: expected a JSON object');
  // An object with none of the transaction JSON's keys is a bare raw_data.
  const keys = Object.keys(json);
  const bare = keys.length > 0 && !keys.some((k) => TRANSACTION_JSON_KEYS.includes(k));
  const full: JsonObject = bare ? { visible, raw_data: json } : { ...json };
  if (full.raw_data !== undefined) full.raw_data = withTypeUrls(full.raw_data);
  const tx = signedTransactionFromNodeJson(full, { maxSignatures: MAX_SIGNATURES });
  if (tx.rawBytes.length > MAX_TRANSACTION_BYTES) {
    fail('BAD_TRANSACTION', `transaction is ${tx.rawBytes.length} bytes; the node's limit is ${MAX_TRANSACTION_BYTES}`);
  }
  return { full, tx };
}

/**
 * Refuses raw_data that no node would take because it lacks its TaPoS reference or expiration:
 * encoded as it is, its expiration would be 0, 1 January 1970.
 */
function requireReferenceAndExpiration(decoded: DecodedTransaction): void {
  const raw = decoded.raw;
  const missing = [
    ...(raw.refBlockBytes.length === 0 ? ['ref_block_bytes'] : []),
    ...(raw.refBlockHash.length === 0 ? ['ref_block_hash'] : []),
    ...(raw.expiration === 0n ? ['expiration'] : []),
  ];
  if (missing.length === 0) return;
  fail(
    'BAD_TRANSACTION',
    `raw_data: missing ${missing.join(', ')}. Without them the transaction expired in 1970 and no node accepts it. ` +
      'Take them from a recent block of the node (POST /wallet/getnowblock): ref_block_bytes is the last 2 bytes of the ' +
      'block number (8 bytes, big-endian), ref_block_hash is bytes 8 to 15 of its blockID, and expiration is the block ' +
      'timestamp plus at most 24 hours, in ms. Or let the node build the transaction (POST /wallet/createtransaction ' +
      'and the other create endpoints fill them in).',
    { field: 'raw_data', missing },
  );
}

/**
 * A warning for an expiration more than 24 h after the reference moment (raw_data.timestamp, else
 * this machine's clock), null otherwise. docs/decisions.md §24: an encoder encodes what the reference encoders
 * (TronWeb, java-tron) encode, and real transactions carry expirations weeks after their timestamp;
 * the node's 24-hour rule is against its newest block at broadcast, not the transaction's own
 * timestamp, so this is said, not refused. The station's own builds and imports keep refusing it
 * (shared/chain/transaction.ts checkExpirationWithinWindow).
 */
function expirationWarning(decoded: DecodedTransaction, now: number): string | null {
  const timestamp = decoded.raw.timestamp;
  const stamped = timestamp > 0n && timestamp <= BigInt(Number.MAX_SAFE_INTEGER);
  const reference = stamped ? Number(timestamp) : now;
  const expiration = decoded.raw.expiration;
  if (expiration <= BigInt(reference) + BigInt(MAX_EXPIRATION_MS)) return null;
  const iso = (ms: bigint) => (ms < 8_640_000_000_000_000n ? new Date(Number(ms)).toISOString() : `${ms} ms`);
  return (
    `raw_data.expiration: ${iso(expiration)} is more than 24 hours ${stamped ? 'after raw_data.timestamp' : 'from now'}; encoded as given, ` +
    `but a node takes it only while its newest block is at most 24 hours before that, so not before ${iso(expiration - BigInt(MAX_EXPIRATION_MS))}`
  );
}

export function encodeCommand(json: unknown, options: { visible: boolean; now: number }) {
  const tx = readTransaction(json, options.visible);
  requireReferenceAndExpiration(tx.decoded);
  const warning = expirationWarning(tx.decoded, options.now);
  return {
    txID: bytesToHex(tx.decoded.txId),
    raw_data_hex: bytesToHex(tx.rawBytes),
    raw_data: rawToNodeJson(tx.decoded.raw, tx.visible),
    visible: tx.visible,
    ...(warning !== null && { warnings: [warning] }),
  };
}

/**
 * The transaction view (shared/views/view.ts: what the station's API returns) and, for scripts, the
 * node's `raw_data` JSON written from the bytes (Base58 and text with --visible).
 */
export function inspectCommand(json: unknown, options: { visible: boolean; now: number }) {
  const { full, tx } = readSigned(json, options.visible);
  // A contract of a type this version has no message for (only raw_data_hex can carry it) is shown
  // as unknown, as the station shows it, with its warning; it has no raw_data in readable form.
  if (isUnknownContract(decodeRawShowingUnknown(tx.rawBytes))) return { ...transactionView(tx, { now: options.now }), raw_data: null };
  const decoded = decodeRaw(tx.rawBytes);
  return { ...transactionView(tx, { now: options.now }), raw_data: rawToNodeJson(decoded.raw, options.visible || full.visible === true) };
}

export interface SignOptions {
  visible: boolean;
  now: number;
  permissionId?: number;
  allowExpired: boolean;
}

/** The same transaction with contract[0].Permission_id set: new bytes, new txID. */
function withPermissionId(decoded: DecodedTransaction, permissionId: number): Uint8Array {
  const raw = clone(Transaction_rawSchema, decoded.raw);
  raw.contract[0]!.PermissionId = permissionId;
  return encodeRaw(raw);
}

/**
 * Appends a signature. `loadKey` is called only once every check that does not need the key has
 * passed, and the key it returns is wiped before this returns or throws.
 */
export async function signCommand(json: unknown, loadKey: () => Promise<Uint8Array>, options: SignOptions): Promise<TransactionJson> {
  const tx = readTransaction(json, options.visible);
  const { decoded } = tx;
  let rawBytes = tx.rawBytes;

  if (options.permissionId !== undefined && options.permissionId !== decoded.permissionId) {
    checkPermissionId(options.permissionId, '--permission-id');
    if (tx.signatures.length > 0) {
      fail(
        'INVALID_INPUT',
        `--permission-id ${options.permissionId}: the transaction already has ${tx.signatures.length} signature(s) for Permission_id ${decoded.permissionId}; changing it changes the txID and would void them`,
        { field: '--permission-id', current: decoded.permissionId, requested: options.permissionId },
      );
    }
    rawBytes = withPermissionId(decoded, options.permissionId);
    decodeRaw(rawBytes);
  }
  let check: SignCheck;
  try {
    check = checkSignable({ rawBytes, signatures: tx.signatures }, options.allowExpired ? {} : { now: options.now });
  } catch (e) {
    if (e instanceof AirlockError && e.details?.reason === 'expired') {
      fail(e.code, `${e.message}; pass --allow-expired to sign it anyway`, e.details);
    }
    throw e;
  }

  const key = await loadKey();
  try {
    checkSigner(check, addressOfPrivateKey(key));
    const signature = signDigest(check.txId, key);
    return transactionToNodeJson({ rawBytes, signatures: [...tx.signatures, signature] }, { visible: tx.visible });
  } finally {
    wipe(key);
  }
}
