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
 */
import { clone } from '@bufbuild/protobuf';
import { Transaction_rawSchema } from '../shared/gen/protocol/core_pb.ts';
import { describeAddress, addressToBase58 } from '../shared/address.ts';
import { bytesToHex, equalBytes, wipe } from '../shared/bytes.ts';
import { AirlockError, fail, toErrorData } from '../shared/errors.ts';
import { addressOfPrivateKey, recoverSigner, signDigest } from '../shared/keys.ts';
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
}

/**
 * A transaction from its JSON: the node's `{txID, raw_data, raw_data_hex, signature, visible}`, or a
 * bare raw_data object (read with `visible` as given on the command line, since it has no key for it).
 */
export function readTransaction(json: unknown, visible: boolean): ReadTransaction {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('BAD_JSON', 'transaction: expected a JSON object');
  const keys = Object.keys(json);
  const bare = keys.length > 0 && !keys.some((k) => TRANSACTION_KEYS.includes(k));
  const tx = transactionFromNodeJson(bare ? { visible, raw_data: json } : json);
  if (tx.rawBytes.length > MAX_TRANSACTION_BYTES) {
    fail('BAD_TRANSACTION', `transaction is ${tx.rawBytes.length} bytes; the node's limit is ${MAX_TRANSACTION_BYTES}`);
  }
  return tx;
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
  return {
    txID: bytesToHex(tx.decoded.txId),
    raw_data_hex: bytesToHex(tx.rawBytes),
    raw_data: rawToNodeJson(tx.decoded.raw, options.visible),
    visible: options.visible,
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
  return {
    txID: bytesToHex(d.txId),
    contract_type: d.contractType,
    permission_id: d.permissionId,
    owner_address: describeAddress(d.ownerAddress),
    contract: contractToNodeJson(d, options.visible),
    raw_data: rawToNodeJson(d.raw, options.visible),
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
    return transactionToNodeJson({ rawBytes, signatures: [...tx.signatures, signature] }, { visible: options.visible });
  } finally {
    wipe(key);
  }
}
