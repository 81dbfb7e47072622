/**
 * `airlock tx encode | inspect | sign`: the node's transaction JSON in, JSON out (PROTOCOL.md §2,
 * §4.3; DESIGN.md decision 2). Everything printed about a transaction is decoded from its raw
 * BYTES; `raw_data` in the input is only ever checked against them (transactionFromNodeJson refuses
 * a mismatch) or, when there are no bytes yet, encoded into them.
 *
 * `tx sign` refuses what the reference node would refuse or what would silently break other
 * signers' work: a key that already signed (`<base58> had signed!`, the node's addSign message), a
 * Permission_id change once there are signatures (it changes the txID), Permission_id 1, a sixth
 * signature (TOTAL_SIGN_NUM is 5), and an expired transaction unless --allow-expired. The key is
 * wiped after use and appears in no output.
 *
 * For a new user (issue 6 part 5): a contract's `parameter.type_url` may be left out when its
 * `type` names it (a `type_url` that disagrees is refused); `tx encode` refuses raw_data without
 * its reference block or expiration rather than print a transaction that expired in 1970; output
 * is visible when the input says `"visible": true` or --visible is given, so a signed visible
 * transaction stays visible and the node's replies to it stay readable.
 */
import { clone } from '@bufbuild/protobuf';
import { Transaction_rawSchema } from '../shared/gen/protocol/core_pb.ts';
import { describeAddress, addressToBase58 } from '../shared/address.ts';
import { contractNameOfTypeUrl, isSupportedContractName, typeUrlFor } from '../shared/contract-types.ts';
import { bytesToHex, equalBytes, wipe } from '../shared/bytes.ts';
import { AirlockError, fail, toErrorData } from '../shared/errors.ts';
import { addressOfPrivateKey, signDigest } from '../shared/keys.ts';
import { recoverSigner } from '../shared/verify.ts';
import {
  checkPermissionId,
  contractToNodeJson,
  decodeRaw,
  encodeRaw,
  MAX_SIGNATURES,
  MAX_TRANSACTION_BYTES,
  rawToNodeJson,
  transactionFromNodeJson,
  transactionToNodeJson,
  type DecodedTransaction,
  type TransactionJson,
} from '../shared/transaction.ts';

/** Top-level keys of the node's transaction JSON; an object with none of them is a bare raw_data. */
const TRANSACTION_KEYS = ['visible', 'txID', 'raw_data', 'raw_data_hex', 'signature', 'ret'];

export interface ReadTransaction {
  rawBytes: Uint8Array;
  signatures: Uint8Array[];
  decoded: DecodedTransaction;
  /** The input said `"visible": true` (a full transaction JSON), or --visible was given. */
  visible: boolean;
}

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * raw_data with each contract's `parameter.type_url` filled in from its `type` where it was left
 * out. A type_url that names another contract than `type` is refused here, naming both, rather
 * than later as a byte-level "contract type error". Returns a copy; the input is not changed.
 */
function withTypeUrls(raw: unknown): unknown {
  if (!isObject(raw) || !Array.isArray(raw.contract)) return raw;
  const contract = raw.contract.map((c: unknown, i) => {
    if (!isObject(c) || typeof c.type !== 'string' || !isSupportedContractName(c.type) || !isObject(c.parameter)) return c;
    const typeUrl = c.parameter.type_url;
    if (typeUrl === undefined) return { ...c, parameter: { ...c.parameter, type_url: typeUrlFor(c.type) } };
    if (typeof typeUrl === 'string' && contractNameOfTypeUrl(typeUrl) !== c.type) {
      const field = `raw_data.contract[${i}].parameter.type_url`;
      const named = contractNameOfTypeUrl(typeUrl);
      fail('BAD_JSON', `${field}: names ${named !== undefined && isSupportedContractName(named) ? named : 'another message'}, but contract[${i}].type is ${c.type}; leave type_url out and it is derived from type`, { field });
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
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('BAD_JSON', 'transaction: expected a JSON object');
  const keys = Object.keys(json);
  const bare = keys.length > 0 && !keys.some((k) => TRANSACTION_KEYS.includes(k));
  const full: JsonObject = bare ? { visible, raw_data: json } : { ...json };
  if (full.raw_data !== undefined) full.raw_data = withTypeUrls(full.raw_data);
  const tx = transactionFromNodeJson(full);
  if (tx.rawBytes.length > MAX_TRANSACTION_BYTES) {
    fail('BAD_TRANSACTION', `transaction is ${tx.rawBytes.length} bytes; the node's limit is ${MAX_TRANSACTION_BYTES}`);
  }
  return { ...tx, visible: visible || full.visible === true };
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

/** A time in ms as the number and, where a Date can hold it, ISO 8601 (UTC). */
export function describeTime(ms: bigint): { ms: bigint; iso: string | null } {
  const n = Number(ms);
  return { ms, iso: Math.abs(n) <= 8.64e15 ? new Date(n).toISOString() : null };
}

export function isExpired(decoded: DecodedTransaction, now: number): boolean {
  return decoded.raw.expiration <= BigInt(Math.floor(now));
}

export function encodeCommand(json: unknown, options: { visible: boolean }) {
  const tx = readTransaction(json, options.visible);
  requireReferenceAndExpiration(tx.decoded);
  return {
    txID: bytesToHex(tx.decoded.txId),
    raw_data_hex: bytesToHex(tx.rawBytes),
    raw_data: rawToNodeJson(tx.decoded.raw, tx.visible),
    visible: tx.visible,
  };
}

type SignatureReport =
  | { index: number; signer: { hex: string; base58: string } }
  | { index: number; error: { code: string; message: string } };

function signatureReports(tx: ReadTransaction): SignatureReport[] {
  return tx.signatures.map((sig, index) => {
    try {
      return { index, signer: describeAddress(recoverSigner(sig, tx.decoded.txId)) };
    } catch (e) {
      const { code, message } = toErrorData(e);
      return { index, error: { code, message } };
    }
  });
}

export function inspectCommand(json: unknown, options: { visible: boolean; now: number }) {
  const tx = readTransaction(json, options.visible);
  const d = tx.decoded;
  const visible = tx.visible;
  return {
    txID: bytesToHex(d.txId),
    contract_type: d.contractType,
    permission_id: d.permissionId,
    owner_address: describeAddress(d.ownerAddress),
    contract: contractToNodeJson(d, visible),
    raw_data: rawToNodeJson(d.raw, visible),
    raw_data_hex: bytesToHex(tx.rawBytes),
    timestamp: describeTime(d.raw.timestamp),
    expiration: describeTime(d.raw.expiration),
    expired: isExpired(d, options.now),
    signatures: signatureReports(tx),
  };
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
  let { rawBytes, decoded } = tx;

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
    decoded = decodeRaw(rawBytes);
  }
  checkPermissionId(decoded.permissionId, 'raw_data.contract[0].Permission_id');

  if (!options.allowExpired && isExpired(decoded, options.now)) {
    const expiration = describeTime(decoded.raw.expiration);
    fail('BAD_TRANSACTION', `Transaction expired: its expiration ${expiration.iso ?? expiration.ms} is not after now; pass --allow-expired to sign it anyway`, {
      expiration: decoded.raw.expiration,
      now: options.now,
    });
  }
  if (tx.signatures.length >= MAX_SIGNATURES) {
    fail('BAD_TRANSACTION', `too many signatures: the transaction already has ${tx.signatures.length}, the node accepts at most ${MAX_SIGNATURES}`);
  }

  // Existing signatures must recover, as the node's addSign requires before it appends.
  const signers = tx.signatures.map((sig, i) => {
    try {
      return recoverSigner(sig, decoded.txId);
    } catch (e) {
      if (e instanceof AirlockError) fail(e.code, `signature[${i}]: ${e.message}`, { field: `signature[${i}]` });
      throw e;
    }
  });

  const key = await loadKey();
  try {
    const signer = addressOfPrivateKey(key);
    if (signers.some((s) => equalBytes(s, signer))) fail('PERMISSION', `${addressToBase58(signer)} had signed!`, { signer: describeAddress(signer) });
    const signature = signDigest(decoded.txId, key);
    return transactionToNodeJson({ rawBytes, signatures: [...tx.signatures, signature] }, { visible: tx.visible });
  } finally {
    wipe(key);
  }
}
