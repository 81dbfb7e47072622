/**
 * The TRON Ledger app's APDU protocol (docs/decisions.md §23), pure: the commands the station sends a Ledger with
 * the TRON app open and the readers of its answers. Learned from LedgerHQ/app-tron 0.7.x
 * (src/handlers/*.c) and @ledgerhq/hw-app-trx (Trx.ts); written here, not copied.
 *
 * - Every command is CLA 0xE0, INS, P1, P2, Lc, data (Lc ≤ 255). INS 0x02 address (P1 1 = show it
 *   on the screen), 0x04 sign a transaction, 0x05 sign a txID ("sign by hash"), 0x06 the app's
 *   configuration, 0x08 sign a personal message.
 * - A derivation path is its depth (1 byte, 1 to 10) then each index as 4 bytes big-endian; the
 *   app's manifest lets it derive only under 44'/195'.
 * - A transaction's raw_data goes in chunks of at most 250 bytes (the first carries the path too),
 *   cut only at TOP-LEVEL field boundaries: the app decodes every chunk on its own as a partial
 *   Transaction.raw, so a field split across two chunks cannot be read. A field that cannot fit in a
 *   chunk by itself (a permission update with several keys) makes the transaction signable only by
 *   hash. P1: 0x10 the only chunk; else 0x00 first, 0x80 more, 0x90 last.
 * - A personal message is its length (4 bytes big-endian) then its bytes, cut anywhere: P1 0x00
 *   first (with the path), 0x80 after.
 * - Answers end in a 2-byte status word; a signature is r‖s‖v, 65 bytes, v = 0/1.
 *
 * Invariants: a command never exceeds 255 data bytes; chunks concatenated give back the raw bytes
 * exactly (nothing re-encoded); an address answer is believed only when the address it names is the
 * one its public key makes; a signature answer of any length but 65 is refused.
 */
import { addressFromPublicKey, addressToBase58 } from '../chain/address.ts';
import { bytesToHex, concatBytes } from '../base/bytes.ts';
import { fail } from '../base/errors.ts';
import { LEDGER_CHUNK_SIZE, LEDGER_MAX_ACCOUNT_INDEX, LEDGER_MAX_MESSAGE_BYTES, LEDGER_MAX_PATH_DEPTH } from '../base/limits.ts';

export const LEDGER_CLA = 0xe0;
export const LEDGER_INS = { address: 0x02, sign: 0x04, signHash: 0x05, configuration: 0x06, personalMessage: 0x08 } as const;
/** P1 of INS 0x04: the only chunk, the first of several, one in between, the last. */
export const LEDGER_SIGN_P1 = { only: 0x10, first: 0x00, more: 0x80, last: 0x90 } as const;
/** The status word of success. */
export const SW_OK = 0x9000;
/** The first account's path, what TronLink and Ledger Live use: 44'/195'/0'/0/0. */
export const DEFAULT_LEDGER_PATH = "44'/195'/0'/0/0";
const HARDENED = 0x8000_0000;

/** The path of account `n` as Ledger Live and TronLink number accounts: 44'/195'/n'/0/0. */
export function ledgerPathForAccount(n: unknown): string {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > LEDGER_MAX_ACCOUNT_INDEX)
    fail('INVALID_INPUT', `account: expected a whole number from 0 to ${LEDGER_MAX_ACCOUNT_INDEX}`, { field: 'account' });
  return `44'/195'/${n}'/0/0`;
}

/**
 * Reads a derivation path like 44'/195'/0'/0/0 (an `h` may stand for the apostrophe, an `m/` may
 * lead) into its indices; refuses one the TRON app would not derive (not under 44'/195', deeper
 * than 10, an index of 2^31 or more) in words, quoting at most its shape.
 */
export function parseLedgerPath(text: unknown, field = 'path'): number[] {
  if (typeof text !== 'string' || text.length === 0 || text.length > 120)
    fail('INVALID_INPUT', `${field}: expected a derivation path such as ${DEFAULT_LEDGER_PATH}`, { field });
  const parts = text.replace(/^m\//, '').split('/');
  if (parts.length > LEDGER_MAX_PATH_DEPTH)
    fail('INVALID_INPUT', `${field}: a derivation path has at most ${LEDGER_MAX_PATH_DEPTH} steps; this one has ${parts.length}`, { field });
  const indices = parts.map((p, i) => {
    const m = /^(\d{1,10})(['h]?)$/.exec(p);
    const n = m ? Number(m[1]) : NaN;
    if (!m || n >= HARDENED)
      fail(
        'INVALID_INPUT',
        `${field}: step ${i + 1} is not a number below 2147483648 with an optional ' (hardened); expected a path such as ${DEFAULT_LEDGER_PATH}`,
        {
          field,
        },
      );
    return m[2] ? n + HARDENED : n;
  });
  if (indices.length < 2 || indices[0] !== 44 + HARDENED || indices[1] !== 195 + HARDENED)
    fail('INVALID_INPUT', `${field}: the TRON app derives keys only under 44'/195' (a path such as ${DEFAULT_LEDGER_PATH})`, { field });
  return indices;
}

/** The path back as text, hardened steps with an apostrophe. */
export function formatLedgerPath(indices: readonly number[]): string {
  return indices.map((i) => (i >= HARDENED ? `${i - HARDENED}'` : `${i}`)).join('/');
}

/** depth ‖ each index as 4 bytes big-endian. */
export function encodeLedgerPath(indices: readonly number[]): Uint8Array {
  const out = new Uint8Array(1 + 4 * indices.length);
  out[0] = indices.length;
  const view = new DataView(out.buffer);
  indices.forEach((n, i) => view.setUint32(1 + 4 * i, n));
  return out;
}

/** One command: CLA, INS, P1, P2, Lc, data. */
export function ledgerApdu(ins: number, p1: number, p2: number, data: Uint8Array = new Uint8Array(0)): Uint8Array {
  if (data.length > 255) fail('INTERNAL', `ledger: an APDU carries at most 255 data bytes, not ${data.length}`);
  return concatBytes(Uint8Array.of(LEDGER_CLA, ins, p1, p2, data.length), data);
}

/** INS 0x06: the app's settings and version. */
export const configurationApdu = (): Uint8Array => ledgerApdu(LEDGER_INS.configuration, 0, 0);

/** INS 0x02: the public key and address at `path`; `show` asks the person to confirm it on the screen. */
export const addressApdu = (path: readonly number[], show: boolean): Uint8Array => ledgerApdu(LEDGER_INS.address, show ? 1 : 0, 0, encodeLedgerPath(path));

/** INS 0x05: sign a txID the device cannot read the transaction of (its "Sign by hash" setting). */
export function signHashApdu(path: readonly number[], txId: Uint8Array): Uint8Array {
  if (txId.length !== 32) fail('INTERNAL', 'ledger: a txID is 32 bytes');
  return ledgerApdu(LEDGER_INS.signHash, 0, 0, concatBytes(encodeLedgerPath(path), txId));
}

/**
 * The top-level fields of protobuf bytes as [start, end) ranges, in order. Refuses bytes that are
 * not a sequence of whole fields (the app would not read them either).
 */
export function topLevelFields(bytes: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  let at = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; shift < 64; shift += 7) {
      if (at >= bytes.length) fail('BAD_TRANSACTION', 'raw_data: a field ends early');
      const b = bytes[at++]!;
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return value;
    }
    fail('BAD_TRANSACTION', 'raw_data: a varint runs over 10 bytes');
  };
  while (at < bytes.length) {
    const start = at;
    const wire = varint() % 8;
    if (wire === 0) varint();
    else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else if (wire === 2) {
      const n = varint(); // read first: `at += varint()` would add to the position before the length
      at += n;
    } else fail('BAD_TRANSACTION', `raw_data: wire type ${wire} is not used by a transaction`);
    if (at > bytes.length) fail('BAD_TRANSACTION', 'raw_data: a field ends early');
    out.push([start, at]);
  }
  return out;
}

/**
 * The data of each INS 0x04 command for `raw` (the path first), or null when one top-level field
 * cannot fit in a chunk of its own: then the device can sign it only by hash.
 */
export function signChunks(path: readonly number[], raw: Uint8Array): Uint8Array[] | null {
  const head = encodeLedgerPath(path);
  const chunks: Uint8Array[] = [];
  let current: Uint8Array[] = [head];
  let size = head.length;
  let fieldsInCurrent = 0;
  for (const [s, e] of topLevelFields(raw)) {
    const n = e - s;
    if (size + n > LEDGER_CHUNK_SIZE) {
      // A chunk of the path alone would end the app's reading with nothing to sign.
      if (fieldsInCurrent === 0 || n > LEDGER_CHUNK_SIZE) return null;
      chunks.push(concatBytes(...current));
      current = [];
      size = 0;
      fieldsInCurrent = 0;
    }
    current.push(raw.subarray(s, e));
    size += n;
    fieldsInCurrent++;
  }
  if (fieldsInCurrent === 0) return null;
  chunks.push(concatBytes(...current));
  return chunks;
}

/** The INS 0x04 commands for `raw`, with their P1 in order; null as `signChunks`. */
export function signApdus(path: readonly number[], raw: Uint8Array): Uint8Array[] | null {
  const chunks = signChunks(path, raw);
  if (chunks === null) return null;
  if (chunks.length === 1) return [ledgerApdu(LEDGER_INS.sign, LEDGER_SIGN_P1.only, 0, chunks[0]!)];
  return chunks.map((c, i) =>
    ledgerApdu(LEDGER_INS.sign, i === 0 ? LEDGER_SIGN_P1.first : i === chunks.length - 1 ? LEDGER_SIGN_P1.last : LEDGER_SIGN_P1.more, 0, c),
  );
}

/** The INS 0x08 commands for a personal message (the app hashes it with the TRON message prefix). */
export function personalMessageApdus(path: readonly number[], message: Uint8Array): Uint8Array[] {
  if (message.length === 0 || message.length > LEDGER_MAX_MESSAGE_BYTES)
    fail('INVALID_INPUT', `message: expected 1 to ${LEDGER_MAX_MESSAGE_BYTES} bytes`, { field: 'message' });
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, message.length);
  const packed = concatBytes(encodeLedgerPath(path), length, message);
  const out: Uint8Array[] = [];
  for (let at = 0; at < packed.length; at += LEDGER_CHUNK_SIZE) {
    out.push(ledgerApdu(LEDGER_INS.personalMessage, at === 0 ? 0x00 : 0x80, 0, packed.subarray(at, at + LEDGER_CHUNK_SIZE)));
  }
  return out;
}

/** An answer split into its data and its status word; fewer than 2 bytes is refused. */
export function splitAnswer(answer: Uint8Array): { data: Uint8Array; statusWord: number } {
  if (answer.length < 2) fail('DEVICE', 'The device answered fewer than 2 bytes, not a status word; nothing was stored.', { statusWord: null });
  return { data: answer.subarray(0, answer.length - 2), statusWord: (answer[answer.length - 2]! << 8) | answer[answer.length - 1]! };
}

export interface LedgerConfiguration {
  version: string;
  allowData: boolean;
  customContracts: boolean;
  truncateAddress: boolean;
  signByHash: boolean;
}

/** Reads INS 0x06's answer: flags (bit 0 allow data, 1 custom contracts, 2 truncate, 3 sign by hash), major, minor, patch. */
export function readConfiguration(data: Uint8Array): LedgerConfiguration {
  if (data.length < 4)
    fail('DEVICE', `The device's configuration answer has ${data.length} bytes, not at least 4; is the TRON app open?`, { statusWord: null });
  const f = data[0]!;
  return {
    version: `${data[1]}.${data[2]}.${data[3]}`,
    allowData: (f & 1) !== 0,
    customContracts: (f & 2) !== 0,
    truncateAddress: (f & 4) !== 0,
    signByHash: (f & 8) !== 0,
  };
}

/**
 * Reads INS 0x02's answer: public key length (65), the uncompressed key, address length, the
 * address in ASCII. The address is believed only when it is the one the key makes.
 */
export function readAddressAnswer(data: Uint8Array): { publicKey: string; address: string } {
  const bad = (why: string): never => fail('DEVICE', `The device's address answer does not check out (${why}); nothing was stored.`, { statusWord: null });
  if (data.length < 1 + 65 + 1 || data[0] !== 65 || data[1] !== 0x04) bad('no 65-byte public key');
  const publicKey = data.subarray(1, 66);
  const n = data[66]!;
  if (data.length < 67 + n || n !== 34) bad('no 34-character address');
  const claimed = new TextDecoder('ascii').decode(data.subarray(67, 67 + n));
  const derived = addressToBase58(addressFromPublicKey(publicKey));
  if (claimed !== derived) bad('the address it names is not the one its public key makes');
  return { publicKey: bytesToHex(publicKey), address: derived };
}

/** Reads a signing answer: exactly r‖s‖v, 65 bytes. */
export function readSignatureAnswer(data: Uint8Array): Uint8Array {
  if (data.length !== 65)
    fail('DEVICE', `The device answered a signature of ${data.length} bytes, not 65 (r, s and v); nothing was stored.`, {
      statusWord: SW_OK,
      length: data.length,
    });
  return data.slice();
}
