/**
 * The exporter signature of a snapshot or handoff file (docs/decisions.md §16, "Trusted exporters for offline
 * stations"): an online station signs the files it exports with its station identity key (a
 * secp256k1 key its vault keeps, station/vault/exporter-identity.ts), and an offline station that
 * pinned that key treats what the file says the exporter observed from its node as observed.
 *
 * Format: the file's JSON object gains one optional member, `"exporter": {"publicKey": <33-byte
 * compressed key, hex>, "signature": <r‖s‖v, 65 bytes, hex>}`. The signed body is every other
 * member of the file exactly as parsed (int64 values above 2^53 kept exact), written back as compact
 * JSON in the file's own member order (`bodyDigestOf`): a changed value, member or order changes the
 * digest; white space between tokens is not part of it. The signature is over
 * sha256(EXPORTER_DOMAIN ‖ sha256(body)): the domain tag makes an exporter signature unusable as a
 * transaction's (a txID is sha256 of Transaction.raw, and the tag's first byte cannot open one) or as
 * a proof of possession's (another tag), and the vault signs nothing else with this key.
 *
 * Fingerprint: the first 10 bytes (80 bits) of sha256 of the compressed public key, shown as 20 hex
 * digits and as 16 Crockford base32 characters in four groups, each read aloud with the word list of
 * shared/views/read-aloud.ts (NATO alphabet and digit names): two people compare it by voice before
 * one pins the other.
 *
 * Invariant: a file that carries an exporter section is accepted only when the signature recovers to
 * the key it names over this very body; otherwise it is refused whole with "the exporter signature
 * does not match the file: it was changed after signing". Kept apart from snapshot.ts and handoff.ts
 * because recovery loads libsecp256k1 (WebAssembly), which the renderer does not need.
 */
import * as secp from '@noble/secp256k1';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, equalBytes, hexToBytes, utf8ToBytes } from '../base/bytes.ts';
import { AirlockError, fail } from '../base/errors.ts';
import { isRecord } from '../chain/input.ts';
import { parseJson, stringifyJson } from '../base/json.ts';
import { recoverPublicKey, SIGNATURE_LENGTH } from '../chain/verify.ts';
import { CROCKFORD, SPOKEN } from '../views/read-aloud.ts';
import { EXPORTER_MEMBER, strictObject } from './envelope.ts';

/** The domain tag every exporter signature opens with; its first byte ('A') cannot open Transaction.raw. */
export const EXPORTER_DOMAIN = 'Airlock exporter signature v1\0';
/** A compressed secp256k1 public key: 33 bytes. */
export const EXPORTER_KEY_LENGTH = 33;
/** How many bytes of sha256(public key) the fingerprint keeps: 80 bits, 16 base32 characters. */
export const FINGERPRINT_BYTES = 10;
/** The message of a file whose exporter signature does not verify. */
export const EXPORTER_MISMATCH = 'the exporter signature does not match the file: it was changed after signing';

export interface ExporterSection {
  /** 33 bytes, hex. */
  publicKey: string;
  /** r‖s‖v, 65 bytes, hex. */
  signature: string;
}

export interface ExporterFingerprint {
  /** 20 hex digits. */
  hex: string;
  /** `ABCD-EFGH-JKMN-PQRS` */
  code: string;
  /** One word per character of `code`, in order. */
  words: string[];
}

/** The fingerprint of an exporter's public key (any encoding of the point gives the same one). */
export function exporterFingerprint(publicKey: Uint8Array): ExporterFingerprint {
  return fingerprintOfHex(bytesToHex(sha256(compressedKey(publicKey, 'publicKey')).subarray(0, FINGERPRINT_BYTES)));
}

/** The code and words of a fingerprint given as its 20 hex digits. */
export function fingerprintOfHex(hex: string): ExporterFingerprint {
  const bytes = hexToBytes(hex, 'fingerprint');
  if (bytes.length !== FINGERPRINT_BYTES) fail('INVALID_INPUT', `fingerprint: expected ${FINGERPRINT_BYTES * 2} hex digits`, { field: 'fingerprint' });
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let chars = '';
  for (let i = FINGERPRINT_BYTES * 8 - 5; i >= 0; i -= 5) chars += CROCKFORD[Number((bits >> BigInt(i)) & 31n)];
  return { hex: bytesToHex(bytes), code: chars.match(/.{4}/g)!.join('-'), words: [...chars].map((c) => SPOKEN[c]!) };
}

/** A fingerprint typed as its code (`ABCD-EFGH-…`, any case, dashes and spaces optional), as its 20 hex digits; null when it is not one. */
export function fingerprintHexOfCode(text: string): string | null {
  const chars = text.toUpperCase().replace(/[\s-]/g, '');
  if (chars.length !== (FINGERPRINT_BYTES * 8) / 5 || [...chars].some((c) => !CROCKFORD.includes(c))) return null;
  let bits = 0n;
  for (const c of chars) bits = (bits << 5n) | BigInt(CROCKFORD.indexOf(c));
  return bits.toString(16).padStart(FINGERPRINT_BYTES * 2, '0');
}

/** The 33-byte compressed form of a public key (33 or 65 bytes); INVALID_INPUT naming `what` when it is no point of the curve. */
export function compressedKey(publicKey: Uint8Array, what: string): Uint8Array {
  try {
    return secp.Point.fromBytes(publicKey).toBytes(true);
  } catch {
    fail('INVALID_INPUT', `${what}: not a secp256k1 public key`, { field: what });
  }
}

/** sha256 of a file's body: every member but `exporter`, as parsed, written back as compact JSON in the file's order. */
export function bodyDigestOf(value: Record<string, unknown>): Uint8Array {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== EXPORTER_MEMBER) body[k] = v;
  return sha256(utf8ToBytes(stringifyJson(body)));
}

/** What the identity key signs for a body: sha256(EXPORTER_DOMAIN ‖ body digest). The vault computes it itself. */
export function exporterDigest(bodyDigest: Uint8Array): Uint8Array {
  if (!(bodyDigest instanceof Uint8Array) || bodyDigest.length !== 32) fail('INVALID_INPUT', 'bodyDigest: expected 32 bytes', { field: 'bodyDigest' });
  return sha256(concatBytes(utf8ToBytes(EXPORTER_DOMAIN), bodyDigest));
}

/** Signs an exporter body: what the station's vault does with its identity key. */
export type ExporterSigner = (bodyDigest: Uint8Array) => Promise<{ publicKey: Uint8Array; signature: Uint8Array }>;

/**
 * The text of a file (`bodyText`, as snapshot.ts or handoff.ts wrote it) with an exporter section
 * added by `sign`, checked to verify as a receiving station will check it.
 */
export async function signFileText(bodyText: string, sign: ExporterSigner): Promise<string> {
  const body = parseJson(bodyText, 'file');
  if (!isRecord(body) || body[EXPORTER_MEMBER] !== undefined) fail('INTERNAL', 'signFileText: expected an unsigned file object');
  const { publicKey, signature } = await sign(bodyDigestOf(body));
  const signed = { ...body, [EXPORTER_MEMBER]: { publicKey: bytesToHex(compressedKey(publicKey, 'publicKey')), signature: bytesToHex(signature) } };
  const text = `${stringifyJson(signed, 2)}\n`;
  readExporter(parseJson(text, 'file'), 'file');
  return text;
}

export interface VerifiedExporter {
  /** The compressed public key, hex. */
  publicKey: string;
  fingerprint: ExporterFingerprint;
}

/**
 * The exporter of a parsed file, verified: null when the file carries no exporter section (an
 * unsigned file, read as a claim); the key and its fingerprint when the signature recovers to the
 * named key over the body; otherwise PERMISSION with EXPORTER_MISMATCH (a damaged section is
 * BAD_JSON naming its field).
 */
export function readExporter(value: unknown, what: string): VerifiedExporter | null {
  if (!isRecord(value) || value[EXPORTER_MEMBER] === undefined) return null;
  const path = `${what}.${EXPORTER_MEMBER}`;
  const section = strictObject(value[EXPORTER_MEMBER], path, ['publicKey', 'signature']);
  const hex = (v: unknown, field: string, length: number): Uint8Array => {
    if (typeof v !== 'string' || !new RegExp(`^[0-9a-fA-F]{${length * 2}}$`).test(v))
      fail('BAD_JSON', `${path}.${field}: expected ${length} bytes as ${length * 2} hex digits`, { field: `${path}.${field}` });
    return hexToBytes(v, `${path}.${field}`);
  };
  const named = hex(section.publicKey, 'publicKey', EXPORTER_KEY_LENGTH);
  const signature = hex(section.signature, 'signature', SIGNATURE_LENGTH);
  let key: Uint8Array;
  try {
    key = compressedKey(named, `${path}.publicKey`);
  } catch (e) {
    if (e instanceof AirlockError) fail('BAD_JSON', e.message, { field: `${path}.publicKey` });
    throw e;
  }
  let signer: Uint8Array | null;
  try {
    signer = compressedKey(recoverPublicKey(signature, exporterDigest(bodyDigestOf(value))), 'signer');
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
    signer = null;
  }
  if (signer === null || !equalBytes(signer, key)) fail('PERMISSION', `${what}: ${EXPORTER_MISMATCH}`, { field: `${path}.signature` });
  return { publicKey: bytesToHex(key), fingerprint: exporterFingerprint(key) };
}
