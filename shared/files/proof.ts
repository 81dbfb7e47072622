/**
 * Proof of possession (docs/decisions.md §10, "Proof of possession"; file formats in docs/handoff.md): before a
 * key is written into an account's permissions, the station proposing the change sends its holder a
 * short challenge, and the holder's station signs it. A key that answers is held by someone who
 * can sign; a key typed with one wrong character, or copied from the wrong line, never answers.
 *
 * The challenge file: `{version: 1, kind: "airlock-proof-challenge", account, permissionHash, key,
 * nonce, createdAt, expiresAt}`. `account` and `key` are canonical Base58 addresses, `nonce` 32
 * random bytes and `permissionHash` 32 bytes, both lowercase hex, the times ms since the epoch.
 * The proof file: `{version: 1, kind: "airlock-proof", challenge, signature}` (65 bytes, hex).
 *
 * `permissionHash` is sha256 of the protobuf encoding of the whole proposed
 * AccountPermissionUpdateContract (owner, executive, actives): the exact bytes the update
 * transaction carries in `contract[0].parameter.value`. It binds the proof to the complete new set
 * of permissions, not to one of them, because whether an account can be locked out depends on all.
 *
 * The signed 32 bytes are `sha256("Airlock proof of possession v1\0" || challengeBytes)`, where
 * `challengeBytes` is the UTF-8 of the challenge as compact JSON with its members in the order
 * above (the strict reader accepts only values whose writing is unique, so a challenge has exactly
 * one such text). Why this can never be a transaction the holder would sign:
 * - A txID is sha256 of Transaction.raw's bytes. For the proof digest to equal a txID, the raw
 *   bytes would have to be the signed message itself (anything else is a sha256 collision).
 * - The message starts with "A" (0x41), which as a protobuf tag is field 8 with wire type 1
 *   (64-bit). Field 8 of Transaction.raw is `expiration`, an int64, always written with wire type 0;
 *   the station's reader (shared/chain/transaction.ts decodeRaw) accepts only bytes that re-encode
 *   identically, so it refuses these, and the station never signs a txID it did not derive from
 *   bytes that reader accepted. The challenge's JSON on its own starts with "{" (0x7b: field 15,
 *   a group), which Transaction.raw does not have either. shared/files/proof.test.ts feeds both to the reader.
 * - Conversely, a transaction or handoff file handed to the challenge reader is refused by name
 *   before any field is read, and the vault signs a proof digest only from a challenge it has read
 *   itself (station/vault/vault.ts `proofDigestToSign`), never 32 bytes it is handed.
 *
 * Invariant: nothing in a file is believed. Reading is strict (size first, then version and kind,
 * every member exactly once, no others, `__proto__` included), each fault with its own message.
 * Checking a proof's signature is in shared/files/proof-signature.ts, which recovers the signer
 * (shared/chain/verify.ts): kept apart so the renderer, which only reads challenges to show them, does
 * not load the WebAssembly recovery.
 */
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { sha256 } from '@noble/hashes/sha2.js';
import { AccountPermissionUpdateContractSchema, type AccountPermissionUpdateContract } from '../gen/protocol/contract_pb.ts';
import { addressToBase58, parseAddress, type Address } from '../chain/address.ts';
import { bytesToHex, concatBytes, equalBytes, utf8ToBytes } from '../base/bytes.ts';
import { excerpt, fail } from '../base/errors.ts';
import { parseBoundedJson, safeInteger, strictObject } from './envelope.ts';
import { isRecord } from '../chain/input.ts';
import { messageFromNodeJson } from '../chain/node-json.ts';
import { validatePermissionUpdate } from '../contracts/permission/rules.ts';
import { MAX_PROOF_FILE_BYTES, MAX_CHALLENGE_LIFETIME_MS, DEFAULT_CHALLENGE_LIFETIME_MS } from '../base/limits.ts';

export const PROOF_VERSION = 1;
export const CHALLENGE_KIND = 'airlock-proof-challenge';
export const PROOF_KIND = 'airlock-proof';
/** The domain tag that opens every signed message; its first byte keeps it from reading as Transaction.raw. */
export const PROOF_DOMAIN = 'Airlock proof of possession v1\0';
export const NONCE_LENGTH = 32;

const CHALLENGE_MEMBERS = ['version', 'kind', 'account', 'permissionHash', 'key', 'nonce', 'createdAt', 'expiresAt'] as const;
export const PROOF_MEMBERS = ['version', 'kind', 'challenge', 'signature'] as const;
const HASH_RE = /^[0-9a-f]{64}$/;

export interface ProofChallenge {
  version: 1;
  kind: typeof CHALLENGE_KIND;
  /** The account whose permissions change, Base58. */
  account: string;
  /** sha256 of the proposed AccountPermissionUpdateContract's bytes, lowercase hex. */
  permissionHash: string;
  /** The key asked to prove it is held, Base58. */
  key: string;
  /** 32 random bytes, lowercase hex: a proof answers one challenge only. */
  nonce: string;
  createdAt: number;
  expiresAt: number;
}

export interface ProofFile {
  version: 1;
  kind: typeof PROOF_KIND;
  challenge: ProofChallenge;
  /** r‖s‖v over `proofDigest(challenge)`, lowercase hex. */
  signature: string;
}

// ---------------------------------------------------------------------------------------------
// The proposed permissions

/** The node's AccountPermissionUpdateContract JSON (hex addresses, or Base58 with `"visible": true`), validated as the node would. */
export function permissionUpdateFromJson(json: unknown, field = 'permissionJson'): AccountPermissionUpdateContract {
  if (!isRecord(json)) fail('BAD_JSON', `${field}: expected the node's AccountPermissionUpdateContract JSON object`, { field });
  const { visible, ...rest } = json;
  if (visible !== undefined && typeof visible !== 'boolean') fail('BAD_JSON', `${field}.visible: expected true or false`, { field: `${field}.visible` });
  const c = messageFromNodeJson<AccountPermissionUpdateContract>(AccountPermissionUpdateContractSchema, rest, { visible: visible === true, path: field });
  validatePermissionUpdate(c, { isExecutive: c.executive !== undefined });
  return c;
}

/** The permission hash of a proposed update: sha256 of its protobuf bytes, lowercase hex. */
export function permissionHashOf(contract: AccountPermissionUpdateContract): string {
  return bytesToHex(sha256(toBinary(AccountPermissionUpdateContractSchema, contract)));
}

/** The permission hash of an update transaction's contract bytes (`contract[0].parameter.value`). */
export function permissionHashOfBytes(contractBytes: Uint8Array): string {
  // Decoded and re-encoded, so the hash is of the canonical bytes whatever order the file had.
  return permissionHashOf(fromBinary(AccountPermissionUpdateContractSchema, contractBytes));
}

/** Every key address (Base58) named anywhere in the update, each once. */
export function keysOfUpdate(contract: AccountPermissionUpdateContract): string[] {
  const all = [contract.owner, contract.executive, ...contract.actives].flatMap((p) => p?.keys ?? []);
  return [...new Set(all.map((k) => addressToBase58(k.address)))];
}

// ---------------------------------------------------------------------------------------------
// Making a challenge

export interface ChallengeInput {
  account: Address;
  key: Address;
  contract: AccountPermissionUpdateContract;
  /** 32 bytes from a CSPRNG. */
  nonce: Uint8Array;
  now: number;
  lifetimeMs?: number;
}

/** A challenge for `key` to prove it is held, for the update `contract` of `account`. */
export function makeChallenge(input: ChallengeInput): ProofChallenge {
  const account = addressToBase58(input.account);
  const key = addressToBase58(input.key);
  if (!equalBytes(input.contract.ownerAddress, input.account)) {
    fail('PERMISSION', `permissionJson: the proposed permissions are for ${addressToBase58(input.contract.ownerAddress)}, not for the account ${account}`, {
      field: 'permissionJson',
    });
  }
  if (!keysOfUpdate(input.contract).includes(key)) {
    fail('PERMISSION', `key: ${key} is not a key of the proposed permissions; only a key being added or kept needs to prove it is held`, { field: 'key' });
  }
  if (!(input.nonce instanceof Uint8Array) || input.nonce.length !== NONCE_LENGTH)
    fail('INVALID_INPUT', `nonce: expected ${NONCE_LENGTH} random bytes`, { field: 'nonce' });
  const lifetime = input.lifetimeMs ?? DEFAULT_CHALLENGE_LIFETIME_MS;
  if (!Number.isSafeInteger(lifetime) || lifetime <= 0 || lifetime > MAX_CHALLENGE_LIFETIME_MS) {
    fail('INVALID_INPUT', 'lifetime: from 1 ms to 30 days', { field: 'lifetime' });
  }
  const challenge: ProofChallenge = {
    version: PROOF_VERSION,
    kind: CHALLENGE_KIND,
    account,
    permissionHash: permissionHashOf(input.contract),
    key,
    nonce: bytesToHex(input.nonce),
    createdAt: input.now,
    expiresAt: input.now + lifetime,
  };
  // Through the reader, so nothing is written that a receiving station would refuse.
  return readChallenge(challenge, 'challenge');
}

/** The challenge's canonical bytes: compact JSON, members in the fixed order. */
export function challengeBytes(c: ProofChallenge): Uint8Array {
  const { version, kind, account, permissionHash, key, nonce, createdAt, expiresAt } = c;
  return utf8ToBytes(JSON.stringify({ version, kind, account, permissionHash, key, nonce, createdAt, expiresAt }));
}

/** The domain-separated message a proof signs, before hashing. */
export function proofMessage(c: ProofChallenge): Uint8Array {
  return concatBytes(utf8ToBytes(PROOF_DOMAIN), challengeBytes(c));
}

/** The 32 bytes the key signs for `c`. */
export function proofDigest(c: ProofChallenge): Uint8Array {
  return sha256(proofMessage(c));
}

/**
 * What a key on a hardware signer signs for `c` instead (docs/decisions.md §23): a Ledger signs no chosen 32
 * bytes but a personal message, which its app hashes with the TRON message prefix
 * (shared/chain/tron-message.ts). The message is this text, naming the digest above, so it binds
 * the same challenge and can never read as a transaction.
 */
export function proofPersonalMessage(c: ProofChallenge): Uint8Array {
  return utf8ToBytes(`${PROOF_DOMAIN.slice(0, -1)}: ${bytesToHex(proofDigest(c))}`);
}

export function stringifyChallenge(c: ProofChallenge): string {
  return `${JSON.stringify(readChallenge(c, 'challenge'), null, 2)}\n`;
}

export function stringifyProof(p: ProofFile): string {
  return `${JSON.stringify(p, null, 2)}\n`;
}

/** A short file name for a challenge or proof: its kind, the key's start and the nonce's start. */
export function proofFileName(c: ProofChallenge, kind: 'challenge' | 'proof'): string {
  return `${kind}-${c.key.slice(0, 8)}-${c.nonce.slice(0, 8)}.airlock-${kind}.json`;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** What a file that is not the one asked for is, in words, for the refusal. */
function foreignFile(v: Record<string, unknown>, wanted: string): string | null {
  if (v.format === 'airlock.handoff' || v.raw_data_hex !== undefined || v.raw_data !== undefined || v.txID !== undefined) {
    return `a transaction or handoff file, not ${wanted}; a proof never signs a transaction`;
  }
  if (typeof v.format === 'string') return `an Airlock file of another kind (${excerpt(v.format)}), not ${wanted}`;
  return null;
}

/** Checks what a file is before any member is read: not a transaction, version 1, the `kind` wanted. Exported for shared/files/proof-signature.ts. */
export function checkVersionAndKind(value: unknown, what: string, kind: string, wrongKind: Record<string, string>): Record<string, unknown> {
  if (!isRecord(value)) fail('BAD_JSON', `${what}: expected a JSON object`, { field: what });
  const foreign = foreignFile(value, kind === CHALLENGE_KIND ? 'a proof challenge' : 'a proof');
  if (foreign !== null) fail('UNSUPPORTED_VERSION', `${what}: this is ${foreign}`, { field: `${what}.kind` });
  const version = value.version;
  if (version === undefined) fail('BAD_JSON', `${what}.version: missing`, { field: `${what}.version` });
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1)
    fail('BAD_JSON', `${what}.version: expected a whole number of 1 or more`, { field: `${what}.version` });
  if (version !== PROOF_VERSION) {
    fail(
      'UNSUPPORTED_VERSION',
      `${what}.version: version ${version} is ${version > PROOF_VERSION ? 'newer than' : 'not'} the version this Airlock reads (${PROOF_VERSION})${version > PROOF_VERSION ? '; update Airlock to read it' : ''}`,
      { field: `${what}.version`, version, supported: PROOF_VERSION },
    );
  }
  const k = value.kind;
  if (k !== kind) {
    const said = typeof k === 'string' ? wrongKind[k] : undefined;
    if (said !== undefined) fail('UNSUPPORTED_VERSION', `${what}.kind: ${said}`, { field: `${what}.kind` });
    const shown = typeof k === 'string' ? excerpt(k) : k === undefined ? 'missing' : typeof k;
    fail('UNSUPPORTED_VERSION', `${what}.kind: expected "${kind}", got ${shown}`, { field: `${what}.kind` });
  }
  return value;
}

function canonicalAddress(v: unknown, path: string): string {
  if (typeof v !== 'string') fail('BAD_JSON', `${path}: expected a Base58 address`, { field: path });
  const b58 = addressToBase58(parseAddress(v, path));
  if (b58 !== v) fail('BAD_JSON', `${path}: expected the address in Base58 (T…), as Airlock writes it`, { field: path });
  return b58;
}

function hash32(v: unknown, path: string): string {
  if (typeof v !== 'string' || !HASH_RE.test(v)) fail('BAD_JSON', `${path}: expected 64 lowercase hex digits`, { field: path });
  return v;
}

/**
 * Reads a challenge from parsed JSON (or an object in memory), strictly. With `now`, an expired
 * challenge is refused. The result is a fresh object with exactly the members of a challenge.
 */
export function readChallenge(value: unknown, what = 'challenge', now?: number): ProofChallenge {
  checkVersionAndKind(value, what, CHALLENGE_KIND, {
    [PROOF_KIND]: 'this is a proof file (a challenge already answered); import it with proof import, do not sign it again',
  });
  const v = strictObject(value, what, CHALLENGE_MEMBERS);
  const createdAt = safeInteger(v.createdAt, `${what}.createdAt`, 0);
  const expiresAt = safeInteger(v.expiresAt, `${what}.expiresAt`, 0);
  if (expiresAt <= createdAt) fail('BAD_JSON', `${what}.expiresAt: must be after createdAt`, { field: `${what}.expiresAt` });
  if (expiresAt - createdAt > MAX_CHALLENGE_LIFETIME_MS) {
    fail('BAD_JSON', `${what}.expiresAt: a challenge lives at most 30 days`, { field: `${what}.expiresAt` });
  }
  const c: ProofChallenge = {
    version: PROOF_VERSION,
    kind: CHALLENGE_KIND,
    account: canonicalAddress(v.account, `${what}.account`),
    permissionHash: hash32(v.permissionHash, `${what}.permissionHash`),
    key: canonicalAddress(v.key, `${what}.key`),
    nonce: hash32(v.nonce, `${what}.nonce`),
    createdAt,
    expiresAt,
  };
  if (now !== undefined) checkNotExpired(c, now, what);
  return c;
}

function checkNotExpired(c: ProofChallenge, now: number, what: string): void {
  if (now >= c.expiresAt) {
    fail('EXPIRED', `${what}: the challenge expired at ${new Date(c.expiresAt).toISOString()}; ask for a new one`, {
      field: `${what}.expiresAt`,
      expiresAt: c.expiresAt,
    });
  }
}

/** Reads a challenge file's text, refusing an expired one. */
export function parseChallenge(text: unknown, now: number): ProofChallenge {
  return readChallenge(parseBoundedJson(text, 'challenge', MAX_PROOF_FILE_BYTES), 'challenge', now);
}

/** What signing `c` means, in words, for the person about to sign it. */
export function describeChallenge(c: ProofChallenge): string[] {
  return [
    `The key ${c.key} proves it is held, for a change to the permissions of the account ${c.account}.`,
    `It proves the proposed permissions with hash ${c.permissionHash}, asked on ${new Date(c.createdAt).toISOString()}, answerable until ${new Date(c.expiresAt).toISOString()}.`,
    'This is not a transaction: it moves nothing, changes nothing on chain, and cannot be broadcast.',
  ];
}
