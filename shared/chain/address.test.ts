/**
 * Hex and address rules (shared/base/bytes.ts, shared/chain/address.ts; PROTOCOL.md §2 "Address" and
 * "Base58Check"): an address is 21 bytes starting 0x41, written as 42 hex digits or 34 Base58Check
 * characters; every parser refuses a bad length, prefix, alphabet or checksum with a coded error
 * that says which. Each test asserts the exact code and message, so dropping a rule fails it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import {
  addressFromBase58,
  addressFromHex,
  addressFromPublicKey,
  addressToBase58,
  addressToHex,
  checkAddress,
  describeAddress,
  isAddressBytes,
  parseAddress,
} from './address.ts';
import { bytesToHex, concatBytes, equalBytes, hexToBytes, hexToFixedBytes, tryUtf8, bytesToUtf8, utf8ToBytes, wipe } from '../base/bytes.ts';
import type { ErrorCode } from '../base/errors.ts';

/** Asserts `fn` throws an AirlockError with exactly this code and message. */
const expectCoded = (fn: () => unknown, code: ErrorCode, message: string) =>
  expect(fn).toThrow(expect.objectContaining({ name: 'AirlockError', code, message }));

const HEX = '412e988a386a799f506693793c6a5af6b54dfaabfb';
const B58 = 'TEDapYSVvAZ3aYH7w8N9tMEEFKaNKUD5Bp';

/** Base58Check of any payload, valid checksum: lets a test isolate the length and prefix rules. */
function base58Check(payload: Uint8Array): string {
  return base58.encode(concatBytes(payload, sha256(sha256(payload)).subarray(0, 4)));
}

describe('hex (bytes.ts)', () => {
  it('an odd number of digits is BAD_HEX naming the count', () => {
    expectCoded(() => hexToBytes('abc'), 'BAD_HEX', 'hex: hex has an odd number of digits (3)');
  });

  it('a non-hex digit is BAD_HEX, and the message names what was parsed', () => {
    expectCoded(() => hexToBytes('zz', 'ref_block_hash'), 'BAD_HEX', 'ref_block_hash: not a hex string');
  });

  it('a non-string is a TypeError', () => {
    expect(() => hexToBytes(12 as unknown as string)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'hex: expected a hex string, got number' }),
    );
  });

  it('accepts upper case and an optional 0x, and always writes plain lower case', () => {
    expect(Array.from(hexToBytes('0xABcd'))).toEqual([0xab, 0xcd]);
    expect(Array.from(hexToBytes('0XABcd'))).toEqual([0xab, 0xcd]);
    expect(bytesToHex(new Uint8Array([0xab, 0xcd, 0x01]))).toBe('abcd01');
    expect(hexToBytes('')).toHaveLength(0);
  });

  it('every byte value round-trips, in either case of digit', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(hexToBytes(bytesToHex(all))).toEqual(all);
    expect(hexToBytes(bytesToHex(all).toUpperCase())).toEqual(all);
  });

  it('a character that only looks like a digit, or is beyond ASCII, is BAD_HEX', () => {
    // Arabic-Indic one, fullwidth A, a letter past f, a space, and a code unit whose low byte is '1' (0x131).
    for (const text of ['\u0661\u0661', '\uff21a', 'ag', 'a ', '\u0131\u0131', '0x0\u0661']) {
      expectCoded(() => hexToBytes(text, 'value'), 'BAD_HEX', 'value: not a hex string');
    }
  });

  it('hexToFixedBytes refuses the wrong length', () => {
    expectCoded(() => hexToFixedBytes('00'.repeat(31), 32, 'txID'), 'BAD_HEX', 'txID: expected 32 bytes, got 31');
    expect(hexToFixedBytes('00'.repeat(32), 32, 'txID')).toHaveLength(32);
  });

  it('strict UTF-8: bytesToUtf8 throws on invalid sequences, tryUtf8 returns undefined', () => {
    expect(() => bytesToUtf8(new Uint8Array([0xff]))).toThrow();
    expect(tryUtf8(new Uint8Array([0xff]))).toBeUndefined();
    expect(tryUtf8(utf8ToBytes('1000001'))).toBe('1000001');
  });

  it('equalBytes compares length and content; wipe zeroes in place', () => {
    expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(equalBytes(new Uint8Array([1]), new Uint8Array([1, 0]))).toBe(false);
    const secret = new Uint8Array([9, 9, 9]);
    wipe(secret);
    expect(Array.from(secret)).toEqual([0, 0, 0]);
  });
});

describe('address: 21 bytes starting 0x41 (PROTOCOL.md §2, DecodeUtil.addressValid)', () => {
  it('checkAddress refuses 20 bytes', () => {
    expectCoded(() => checkAddress(new Uint8Array(20).fill(0x41)), 'BAD_ADDRESS', 'address: an address is 21 bytes, got 20');
  });

  it('checkAddress refuses 22 bytes', () => {
    expectCoded(() => checkAddress(hexToBytes(HEX + '00'), 'to_address'), 'BAD_ADDRESS', 'to_address: an address is 21 bytes, got 22');
  });

  it('checkAddress refuses the testnet prefix 0xa0', () => {
    expectCoded(() => checkAddress(hexToBytes('a0' + HEX.slice(2))), 'BAD_ADDRESS', 'address: an address starts with 0x41, got 0xa0');
  });

  it('checkAddress refuses a non-bytes value with a TypeError', () => {
    expect(() => checkAddress('41' as unknown as Uint8Array)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: 'address: expected bytes' }));
  });

  it('isAddressBytes says the same without throwing', () => {
    expect(isAddressBytes(hexToBytes(HEX))).toBe(true);
    expect(isAddressBytes(hexToBytes(HEX.slice(0, 40)))).toBe(false);
    expect(isAddressBytes(hexToBytes('a0' + HEX.slice(2)))).toBe(false);
  });
});

describe('address, hex form', () => {
  it('reads 42 hex digits', () => {
    expect(bytesToHex(addressFromHex(HEX))).toBe(HEX);
    expect(addressToHex(addressFromHex(HEX.toUpperCase()))).toBe(HEX);
  });

  it('wrong length is BAD_ADDRESS', () => {
    expectCoded(() => addressFromHex(HEX.slice(0, 40)), 'BAD_ADDRESS', 'address: an address is 21 bytes, got 20');
  });

  it('wrong prefix is BAD_ADDRESS', () => {
    expectCoded(() => addressFromHex('a0' + HEX.slice(2)), 'BAD_ADDRESS', 'address: an address starts with 0x41, got 0xa0');
  });

  it('odd hex is BAD_ADDRESS (not BAD_HEX: the caller asked for an address)', () => {
    expectCoded(() => addressFromHex(HEX.slice(0, 41)), 'BAD_ADDRESS', 'address: hex has an odd number of digits (41)');
  });

  it('non-hex digits are BAD_ADDRESS', () => {
    expectCoded(() => addressFromHex(HEX.slice(0, 40) + 'zz'), 'BAD_ADDRESS', 'address: not a hex string');
  });
});

describe('address, Base58Check form', () => {
  it('reads the 34-character form and writes it back', () => {
    expect(bytesToHex(addressFromBase58(B58))).toBe(HEX);
    expect(addressToBase58(hexToBytes(HEX))).toBe(B58);
  });

  it('a character outside the Bitcoin alphabet (0, O, I, l) is BAD_ADDRESS naming the alphabet', () => {
    for (const bad of ['0', 'O', 'I', 'l']) {
      const text = B58.slice(0, 33) + bad;
      // A Base58 string is 34 characters: only a cut prefix is quoted (it might be a pasted key).
      expectCoded(() => addressFromBase58(text), 'BAD_ADDRESS', `address: "${text.slice(0, 6)}…" is not Base58 (allowed: 1-9, A-H, J-N, P-Z, a-k, m-z)`);
    }
  });

  it('a changed character breaks the checksum', () => {
    expectCoded(() => addressFromBase58(B58.slice(0, 33) + 'q'), 'BAD_ADDRESS', 'address: Base58 checksum does not match (a mistyped character?)');
  });

  it('a truncated string decodes to the wrong length', () => {
    expectCoded(() => addressFromBase58(B58.slice(0, 32)), 'BAD_ADDRESS', 'address: Base58 address decodes to 24 bytes, expected 25');
  });

  it('a 20-byte payload with a valid checksum is refused by length', () => {
    const text = base58Check(hexToBytes(HEX.slice(0, 40)));
    expectCoded(() => addressFromBase58(text), 'BAD_ADDRESS', 'address: Base58 address decodes to 24 bytes, expected 25');
  });

  it('a 0xa0 (testnet) payload with a valid checksum is refused by prefix', () => {
    const text = base58Check(hexToBytes('a0' + HEX.slice(2)));
    expectCoded(() => addressFromBase58(text), 'BAD_ADDRESS', 'address: an address starts with 0x41, got 0xa0');
  });

  it('the address returned does not alias the decoded buffer', () => {
    const a = addressFromBase58(B58);
    expect(a.byteOffset).toBe(0);
    expect(a.buffer.byteLength).toBe(21);
  });
});

describe('parseAddress: either form', () => {
  it('reads hex, 0x-hex and Base58, trimming whitespace', () => {
    for (const text of [HEX, `0x${HEX}`, ` ${B58} `, `\n${HEX}\n`]) expect(bytesToHex(parseAddress(text))).toBe(HEX);
  });

  it('an empty string is BAD_ADDRESS', () => {
    expectCoded(() => parseAddress('  ', 'to'), 'BAD_ADDRESS', 'to: empty');
  });

  it('bad hex lengths fall to the hex rules, other text to the Base58 rules', () => {
    expectCoded(() => parseAddress(HEX.slice(0, 40)), 'BAD_ADDRESS', 'address: an address is 21 bytes, got 20');
    expectCoded(() => parseAddress('T-not-an-address'), 'BAD_ADDRESS', 'address: "T-not-an-address" is not Base58 (allowed: 1-9, A-H, J-N, P-Z, a-k, m-z)');
  });

  it('a non-string is a TypeError', () => {
    expect(() => parseAddress(42 as unknown as string)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'address: expected a string, got number' }),
    );
  });

  it('describeAddress gives both forms', () => {
    expect(describeAddress(hexToBytes(HEX))).toEqual({ hex: HEX, base58: B58 });
  });
});

describe('addressFromPublicKey (Keccak-256 of X‖Y, last 20 bytes, 0x41 prefix)', () => {
  const pub = hexToBytes('04e90c7d3640a1568839c31b70a893ab6714ef8415b9de90cedfc1c8f353a6983e625529392df7fa514bdd65a2003f6619567d79bee89830e63e932dbd42362d34');

  it('takes the 65-byte 0x04 form and the bare 64-byte form alike', () => {
    expect(bytesToHex(addressFromPublicKey(pub))).toBe(HEX);
    expect(bytesToHex(addressFromPublicKey(pub.subarray(1)))).toBe(HEX);
  });

  it('refuses a compressed key', () => {
    expect(() => addressFromPublicKey(new Uint8Array(33))).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'addressFromPublicKey: expected an uncompressed public key, got 33 bytes' }),
    );
  });

  it('refuses 65 bytes without the 0x04 prefix', () => {
    const bad = pub.slice();
    bad[0] = 0x02;
    expect(() => addressFromPublicKey(bad)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});
