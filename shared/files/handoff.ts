/**
 * The handoff file (docs/decisions.md §7; format in docs/handoff.md): how a partially signed transaction travels
 * between stations, by USB stick or mail. A versioned envelope
 * `{"format": "airlock.handoff", "version": 1, "transaction": ..., "permission": ..., "tokens": [...], "note": ...}`
 * whose `transaction` is the node's transaction JSON, so any tool that reads transaction JSON can
 * take it.
 *
 * Invariant: nothing in a file is believed. Import re-derives the txID, the contract and every
 * signer from `raw_data_hex` (shared/chain/transaction.ts reads it strictly and checks `raw_data` and
 * `txID` against those bytes), then counts each recovered signer against the permission the
 * transaction names (shared/approval/authorization.ts, the node's own rules): a changed byte, a signature
 * from another transaction, a signer outside the permission, a signer twice, an unknown version or
 * an expired transaction are each refused with a coded error. Plain transaction JSON from other
 * tools imports the same way, in either node dialect (java-tron's `frozen_supply`, `trx_num`,
 * `witness` too, docs/decisions.md §11); what comes out always has the spec's names. Merging only ever combines files of one txID, and keeps one signature
 * per signer. Results are JSON-safe. One contract of a type this version has no message for is read
 * as unknown (decodeRawShowingUnknown: type id, URL, size, owner from field 1) with every other
 * check above, so a station can show it and refuse to sign it unless the signer overrides; such a
 * file carries no `raw_data`, since nothing can write those bytes in readable form.
 */
import { addressToBase58, addressToHex, type Address } from '../chain/address.ts';
import { resolvePermission, checkContractPermission, checkWeight, type AccountPermissions } from '../approval/authorization.ts';
import { bytesToHex, equalBytes } from '../base/bytes.ts';
import { AirlockError, fail } from '../base/errors.ts';
import { boundedList, checkEnvelope, EXPORTER_MEMBER, parseBoundedJson, plainText, safeInteger, strictObject, type EnvelopeKind } from './envelope.ts';
import { badArgument, isRecord } from '../chain/input.ts';
import { jsonSafe, stringifyJson } from '../base/json.ts';
import { recoverSigner } from '../chain/verify.ts';
import {
  accountPermissionsFromJson,
  readAddressText,
  readPermissionsJson,
  readSource,
  readToken,
  type PermissionsJson,
  type SnapshotSource,
  type SnapshotToken,
} from './snapshot.ts';
import {
  decodeRawShowingUnknown,
  isUnknownContract,
  signedTransactionFromNodeJson,
  transactionToNodeJson,
  txIdOf,
  type SignedTransaction,
} from '../chain/transaction.ts';
import { MAX_HANDOFF_TOKENS, MAX_NOTE_LENGTH, MAX_SIGNATURES } from '../base/limits.ts';
import { formatDuration } from '../base/duration.ts';

export const HANDOFF: EnvelopeKind = { format: 'airlock.handoff', version: 1, maxBytes: 2 * 1024 * 1024 };

/** The permission snapshot the signers count against, and where it came from. */
export interface HandoffPermission {
  /** The account (the transaction's owner), Base58. */
  address: string;
  /** Its permissions in the node's getaccount JSON. */
  permissions: PermissionsJson;
  source: SnapshotSource;
  /** When the permissions were read, ms since the epoch. */
  at: number;
}

/** The node's transaction JSON as the file carries it (hex, `visible: false`, int64 JSON-safe). */
export interface HandoffTransactionJson {
  visible: false;
  txID: string;
  /** Absent for a contract of an unknown type, which has no readable form: raw_data_hex is the transaction. */
  raw_data?: Record<string, unknown>;
  raw_data_hex: string;
  signature?: string[];
}

export interface HandoffFile {
  format: 'airlock.handoff';
  version: 1;
  transaction: HandoffTransactionJson;
  permission: HandoffPermission;
  tokens: SnapshotToken[];
  note: string;
}

export interface HandoffSigner {
  /** Base58 and hex (41…) of the recovered signer. */
  address: string;
  hex: string;
  signature: string;
  /** Its weight in the permission; null when there was no permission to count against. */
  weight: number | string | null;
}

/** What an import found, all of it derived from the bytes. */
export interface HandoffImport {
  kind: 'handoff' | 'transaction';
  txID: string;
  contractType: string;
  /** The owner, Base58. */
  owner: string;
  permissionId: number;
  /** ms since the epoch. */
  expiration: number;
  timestamp: number;
  /** Time left before expiration, at `now`. */
  expiresInMs: number;
  /** The canonical transaction JSON, re-derived from the bytes. */
  transaction: HandoffTransactionJson;
  signers: HandoffSigner[];
  /** Whether the signers were counted against a permission (false for plain JSON without one). */
  checked: boolean;
  weight: number | string;
  threshold: number | string | null;
  missing: number | string | null;
  complete: boolean | null;
  permission: HandoffPermission | null;
  tokens: SnapshotToken[];
  note: string;
}

export interface ImportOptions {
  /** The current time, ms since the epoch (expiry is judged against it). */
  now: number;
  /** For plain transaction JSON: a permission snapshot to count signers against (e.g. the store's). */
  permission?: HandoffPermission;
}

// ---------------------------------------------------------------------------------------------
// Import

/** Reads a handoff file or plain transaction JSON from text. */
export function parseHandoff(text: string, options: ImportOptions): HandoffImport {
  return readHandoff(parseBoundedJson(text, 'handoff', HANDOFF.maxBytes), options);
}

/** Reads an already parsed handoff file or plain transaction JSON. */
export function readHandoff(value: unknown, options: ImportOptions): HandoffImport {
  checkNow(options.now, 'readHandoff');
  if (!isRecord(value)) fail('BAD_JSON', 'handoff: expected a JSON object', { field: 'handoff' });
  if (value.format === undefined && (value.raw_data_hex !== undefined || value.raw_data !== undefined)) {
    const given = options.permission;
    return verify(value, () => (given === undefined ? null : readPermission(given, 'permission')), [], '', 'transaction', options.now);
  }
  // The exporter's signature, when present, is checked by exporter-signature.ts (the station does, before storing).
  const v = strictObject(
    checkEnvelope(value, HANDOFF, 'handoff'),
    'handoff',
    ['format', 'version', 'transaction', 'permission', 'tokens', 'note'],
    [EXPORTER_MEMBER],
  );
  const tokens = boundedList(v.tokens, 'handoff.tokens', MAX_HANDOFF_TOKENS).map((t, i) => readToken(t, `handoff.tokens[${i}]`));
  const note = plainText(v.note, 'handoff.note', MAX_NOTE_LENGTH);
  return verify(v.transaction, () => readPermission(v.permission, 'handoff.permission'), tokens, note, 'handoff', options.now);
}

function readPermission(v: unknown, path: string): HandoffPermission {
  const p = strictObject(v, path, ['address', 'permissions', 'source', 'at']);
  const address = readAddressText(p.address, `${path}.address`);
  return {
    address,
    permissions: readPermissionsJson(address, p.permissions, `${path}.permissions`),
    source: readSource(p.source, `${path}.source`),
    at: safeInteger(p.at, `${path}.at`, 0),
  };
}

function checkNow(now: unknown, fn: string): void {
  if (typeof now !== 'number' || !Number.isSafeInteger(now) || now < 0) badArgument(`${fn}: options.now must be a time in ms`, 'options.now');
}

/** The bytes are read (and a tampered file refused) before the permission is: the cheap check first. */
function verify(
  transaction: unknown,
  readPermissionOnce: () => HandoffPermission | null,
  tokens: SnapshotToken[],
  note: string,
  kind: HandoffImport['kind'],
  now: number,
): HandoffImport {
  // signedTransactionFromNodeJson refuses more signatures than any permission holds before reading any
  // (checkSignatureCount, docs/decisions.md §6), so nothing below recovers more than that.
  const tx = signedTransactionFromNodeJson(transaction, { maxSignatures: MAX_SIGNATURES });
  // A contract of an unknown type is carried and shown as unknown (a station refuses to sign it
  // without the named override); a known type with bad bytes is refused here as everywhere.
  const d = decodeRawShowingUnknown(tx.rawBytes);
  const permission = readPermissionOnce();
  const owner = addressToBase58(d.ownerAddress);
  const expiration = Number(d.raw.expiration);
  if (expiration <= now) {
    fail(
      'EXPIRED',
      `transaction ${bytesToHex(tx.txId)} expired ${formatDuration(now - expiration)} ago (${new Date(expiration).toISOString()}); the node will refuse it. Reissue it (airlock reissue TXID) and collect the signatures again: signatures on the old one do not carry over.`,
      { field: 'raw_data.expiration', expiration },
    );
  }
  let signers: HandoffSigner[];
  let weight = 0n;
  let threshold: bigint | null = null;
  if (permission) {
    if (permission.address !== owner) {
      fail('PERMISSION', `the permission in the file is for ${permission.address}, but the transaction's owner is ${owner}`, { field: 'permission.address' });
    }
    const account: AccountPermissions = accountPermissionsFromJson(permission.address, permission.permissions);
    const p = resolvePermission(account, d.ownerAddress, d.permissionId, 'broadcast');
    checkContractPermission(p, d.contractTypeId, d.permissionId, 'broadcast');
    // The node's checkWeight: each signer recovered, in the permission, and never twice.
    const counted = countSigners(p, tx.signatures, tx.txId, owner, d.permissionId);
    weight = counted.weight;
    threshold = p.threshold;
    signers = counted.approvedList.map((a, i) =>
      signer(a, tx.signatures[i]!, jsonSafe(p.keys.find((k) => equalBytes(k.address, a))!.weight) as number | string),
    );
  } else {
    const seen = new Set<string>();
    signers = tx.signatures.map((sig, i) => {
      const a = recoverSigner(sig, tx.txId);
      const hex = addressToHex(a);
      if (seen.has(hex)) fail('PERMISSION', `${addressToBase58(a)} has signed twice!`, { field: `signature[${i}]` });
      seen.add(hex);
      return signer(a, sig, null);
    });
  }
  const missing = threshold === null ? null : weight >= threshold ? 0n : threshold - weight;
  return {
    kind,
    txID: bytesToHex(tx.txId),
    contractType: d.contractType,
    owner,
    permissionId: d.permissionId,
    expiration,
    timestamp: Number(d.raw.timestamp),
    expiresInMs: expiration - now,
    transaction: canonicalJson(tx),
    signers,
    checked: permission !== null,
    weight: jsonSafe(weight) as number | string,
    threshold: threshold === null ? null : (jsonSafe(threshold) as number | string),
    missing: missing === null ? null : (jsonSafe(missing) as number | string),
    complete: threshold === null ? null : weight >= threshold,
    permission,
    tokens,
    note,
  };
}

function signer(address: Address, signature: Uint8Array, weight: number | string | null): HandoffSigner {
  return { address: addressToBase58(address), hex: addressToHex(address), signature: bytesToHex(signature), weight };
}

function canonicalJson(tx: SignedTransaction): HandoffTransactionJson {
  if (isUnknownContract(decodeRawShowingUnknown(tx.rawBytes))) {
    // No readable raw_data for a contract with no message: raw_data_hex alone carries the bytes.
    const out: HandoffTransactionJson = { visible: false, txID: bytesToHex(txIdOf(tx.rawBytes)), raw_data_hex: bytesToHex(tx.rawBytes) };
    if (tx.signatures.length > 0) out.signature = tx.signatures.map(bytesToHex);
    return out;
  }
  return jsonSafe(transactionToNodeJson(tx, { visible: false })) as HandoffTransactionJson;
}

// ---------------------------------------------------------------------------------------------
// Export and merge

export interface HandoffParts {
  tx: SignedTransaction;
  permission: HandoffPermission;
  tokens?: SnapshotToken[];
  note?: string;
  /** ms since the epoch: an expired transaction is not exported. */
  now: number;
}

/** A handoff file for `tx`, checked by the same import a receiving station will run. */
export function exportHandoff(parts: HandoffParts): HandoffFile {
  checkNow(parts.now, 'exportHandoff');
  const file = {
    format: HANDOFF.format,
    version: HANDOFF.version,
    transaction: canonicalJson(parts.tx),
    permission: parts.permission,
    tokens: parts.tokens ?? [],
    note: parts.note ?? '',
  };
  const checked = readHandoff(JSON.parse(stringifyJson(file)), { now: parts.now });
  return fileOf(checked);
}

function fileOf(i: HandoffImport): HandoffFile {
  if (i.permission === null) fail('PERMISSION', 'a handoff file needs the permission its signers count against', { field: 'permission' });
  return { format: 'airlock.handoff', version: 1, transaction: i.transaction, permission: i.permission, tokens: i.tokens, note: i.note };
}

export function stringifyHandoff(file: HandoffFile): string {
  return `${stringifyJson(file, 2)}\n`;
}

/**
 * Combines imports of one transaction signed in parallel into one file with every distinct signer
 * (in the order first seen). Refuses different transactions. The permission kept is the most
 * recently read one among the inputs (or `options.permission` for plain JSON), and every signer is
 * counted against it again.
 */
export function mergeHandoffs(imports: HandoffImport[], options: ImportOptions): HandoffFile {
  checkNow(options.now, 'mergeHandoffs');
  if (!Array.isArray(imports) || imports.length === 0) badArgument('mergeHandoffs: expected at least one import', 'imports');
  const first = imports[0]!;
  for (const other of imports) {
    if (other.txID !== first.txID) {
      fail('BAD_TRANSACTION', `cannot merge different transactions: ${first.txID} and ${other.txID}; only copies of one transaction signed in parallel merge`, {
        field: 'txID',
      });
    }
  }
  const permissions = imports.map((i) => i.permission).filter((p): p is HandoffPermission => p !== null);
  const permission = permissions.sort((a, b) => b.at - a.at)[0] ?? options.permission;
  if (!permission)
    fail('PERMISSION', "none of the files carries the permission their signers count against; pass the account's permission", { field: 'permission' });
  const signatures: string[] = [];
  const seen = new Set<string>();
  for (const i of imports) {
    for (const s of i.signers) {
      if (seen.has(s.hex)) continue;
      seen.add(s.hex);
      signatures.push(s.signature);
    }
  }
  const tokens = new Map<string, SnapshotToken>();
  for (const i of imports) for (const t of i.tokens) if (!tokens.has(t.id)) tokens.set(t.id, t);
  const notes = [...new Set(imports.map((i) => i.note).filter((n) => n !== ''))];
  const file = {
    format: HANDOFF.format,
    version: HANDOFF.version,
    transaction: { ...first.transaction, ...(signatures.length > 0 ? { signature: signatures } : {}) },
    permission,
    tokens: [...tokens.values()],
    note: notes.join('\n').slice(0, MAX_NOTE_LENGTH),
  };
  return fileOf(readHandoff(JSON.parse(stringifyJson(file)), { now: options.now }));
}

/**
 * checkWeight, with its refusal of a stranger's signature said for a person: the node's words
 * quote the whole signature and read "is not contained of permission"; a file's reader needs to
 * know which signature, whose key it is, and the likely cause (made for another transaction).
 */
function countSigners(
  p: Parameters<typeof checkWeight>[0],
  signatures: Uint8Array[],
  txId: Uint8Array,
  owner: string,
  permissionId: number,
): ReturnType<typeof checkWeight> {
  try {
    return checkWeight(p, signatures, txId);
  } catch (e) {
    const signer = e instanceof AirlockError ? e.details?.signer : undefined;
    const field = e instanceof AirlockError ? e.details?.field : undefined;
    if (!(e instanceof AirlockError) || e.code !== 'PERMISSION' || typeof signer !== 'string' || typeof field !== 'string') throw e;
    const n = Number(/\d+/.exec(field)?.[0] ?? 0) + 1;
    fail(
      'PERMISSION',
      `signature ${n} does not belong: over this transaction it is the signature of ${signer}, which is not a key of permission ${permissionId} of ${owner}. It was made for another transaction, or by a key outside the permission.`,
      { field, signer },
    );
  }
}
