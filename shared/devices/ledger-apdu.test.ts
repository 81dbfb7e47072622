/**
 * The TRON Ledger app's commands (ledger-apdu.ts) and status words (ledger-status.ts): paths the app
 * derives, chunks cut only at top-level fields and never over 250 bytes, hostile answers refused.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex, concatBytes } from '../base/bytes.ts';
import {
  encodeLedgerPath,
  formatLedgerPath,
  ledgerPathForAccount,
  parseLedgerPath,
  personalMessageApdus,
  readAddressAnswer,
  readSignatureAnswer,
  signChunks,
  splitAnswer,
  topLevelFields,
} from './ledger-apdu.ts';
import { checkStatusWord, statusWordText } from './ledger-status.ts';

const path = parseLedgerPath("44'/195'/0'/0/0");
/** A field 10 (bytes) of `n` bytes of payload, as the raw's memo is written. */
const memo = (n: number): Uint8Array => {
  const len = n < 128 ? Uint8Array.of(n) : Uint8Array.of((n & 0x7f) | 0x80, n >> 7);
  return concatBytes(Uint8Array.of(0x52), len, new Uint8Array(n).fill(0x61));
};
const small = Uint8Array.of(0x0a, 0x02, 0x01, 0x02); // field 1, 2 bytes

describe('derivation paths', () => {
  it('reads the default path, an h for the apostrophe and a leading m/, and writes it back', () => {
    expect(formatLedgerPath(path)).toBe("44'/195'/0'/0/0");
    expect(parseLedgerPath('m/44h/195h/3h/0/0')).toEqual(parseLedgerPath(ledgerPathForAccount(3)));
    expect(bytesToHex(encodeLedgerPath(path))).toBe('058000002c800000c3800000000000000000000000');
  });

  it.each([
    ["44'/60'/0'/0/0", 'only under'],
    ["44'", 'only under'],
    ["44'/195'/x/0", 'step 3'],
    ["44'/195'/2147483648/0", 'step 3'],
    ["44'/195'/0'/0/0/0/0/0/0/0/0", 'at most 10'],
    ['', 'expected a derivation path'],
  ])('refuses %j in words', (text, words) => {
    expect(() => parseLedgerPath(text)).toThrow(words);
  });

  it('refuses an account index that is not a whole number below 2^31', () => {
    for (const n of [-1, 1.5, 2 ** 31, Number.NaN]) expect(() => ledgerPathForAccount(n)).toThrow('account');
  });
});

describe('chunks', () => {
  it('cuts only between top-level fields, keeps every chunk within 250 bytes, and loses no byte', () => {
    const raw = concatBytes(small, memo(200), memo(120), small, memo(240));
    const chunks = signChunks(path, raw)!;
    expect(chunks.every((c) => c.length <= 250)).toBe(true);
    expect(bytesToHex(concatBytes(...chunks))).toBe(bytesToHex(concatBytes(encodeLedgerPath(path), raw)));
    const bounds = new Set(topLevelFields(raw).map(([s]) => s));
    let at = -encodeLedgerPath(path).length;
    for (const c of chunks.slice(0, -1)) {
      at += c.length;
      expect(bounds.has(at)).toBe(true);
    }
  });

  it('gives up (sign by hash) when one field cannot fit in a chunk of its own', () => {
    expect(signChunks(path, concatBytes(small, memo(250)))).toBeNull();
    expect(signChunks(path, concatBytes(small, memo(246)))).not.toBeNull();
  });

  it('refuses bytes that are not whole fields', () => {
    expect(() => topLevelFields(Uint8Array.of(0x52, 0x05, 0x01))).toThrow('ends early');
    expect(() => topLevelFields(Uint8Array.of(0x0e))).toThrow('wire type 6');
  });

  it('cuts a personal message into 250-byte commands, the path and length in the first', () => {
    const apdus = personalMessageApdus(path, new Uint8Array(600).fill(1));
    expect(apdus.map((a) => a[2])).toEqual([0x00, 0x80, 0x80]);
    expect(apdus.every((a) => a.length - 5 <= 250)).toBe(true);
    expect(() => personalMessageApdus(path, new Uint8Array(0))).toThrow('message');
  });
});

describe('answers', () => {
  it('refuses an address answer whose address is not the one its key makes', () => {
    const key = Uint8Array.from([0x04, ...new Uint8Array(64).fill(3)]);
    const wrong = new TextEncoder().encode('TWdnWBzFdBP1b8sqZ5RcFDbkV3sBmnxsYu');
    expect(() => readAddressAnswer(concatBytes(Uint8Array.of(65), key, Uint8Array.of(34), wrong))).toThrow('not the one its public key makes');
    expect(() => readAddressAnswer(Uint8Array.of(1, 2))).toThrow('65-byte public key');
  });

  it('refuses a signature of any length but 65', () => {
    for (const n of [0, 64, 66, 200]) expect(() => readSignatureAnswer(new Uint8Array(n))).toThrow(`${n} bytes, not 65`);
  });

  it('needs at least a status word', () => {
    expect(() => splitAnswer(Uint8Array.of(0x90))).toThrow('fewer than 2 bytes');
    expect(splitAnswer(Uint8Array.of(1, 0x69, 0x85))).toMatchObject({ statusWord: 0x6985 });
  });
});

describe('status words', () => {
  it('say what to do for each the app sends', () => {
    expect(statusWordText(0x9000)).toBeNull();
    expect(statusWordText(0x6985)).toContain('declined');
    expect(statusWordText(0x6a8b)).toContain('"Allow data"');
    expect(statusWordText(0x6a8c)).toContain('"Sign by hash"');
    expect(statusWordText(0x6a8d)).toContain('"Custom contracts"');
    expect(statusWordText(0x6e00)).toContain('open the TRON app');
    expect(statusWordText(0x5515)).toContain('locked');
  });

  it('name a word never seen in hex as unknown, as a DEVICE error', () => {
    expect(() => checkStatusWord(0x1234)).toThrow(expect.objectContaining({ code: 'DEVICE', message: expect.stringContaining('0x1234') }));
  });
});
