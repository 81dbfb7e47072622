/**
 * Keys and signatures (shared/chain/keys.ts; DESIGN.md decision 3; PROTOCOL.md §2 "Signing" and
 * "Verification"): private keys are scalars in [1, n), messages never echo key material; signatures
 * are r‖s‖v over the bare txID with RFC 6979 nonces, low S and v = recovery id. Recovery is tested in
 * shared/chain/verify.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { AirlockError, type ErrorCode } from '../base/errors.ts';
import { addressOfPrivateKey, checkPrivateKey, generatePrivateKey, privateKeyFromHex, publicKeyOf, signDigest } from './keys.ts';
import { isLowS, recoverSigner } from './verify.ts';

/** Asserts `fn` throws an AirlockError with exactly this code and message. */
const expectCoded = (fn: () => unknown, code: ErrorCode, message: string) =>
  expect(fn).toThrow(expect.objectContaining({ name: 'AirlockError', code, message }));

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const KEY_11 = '11'.repeat(32);
const ADDR_11 = '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a';
/** The txID of the §9.3 TransferContract vector, signed by KEY_11. */
const TXID = hexToBytes('65a9d072f9fce3094d757b9bd96206ca4b04af5d88f46a204cf8dc6db2ab5612');
const SIG = '4caff20440f9b03d6dd017d8aef23cfdfaf9435acff44f3658444a4b07004eb85987a1309f47213adb7602b117596a8567aca9da3f47a813181eac89177d8d9a01';

function hex32(n: bigint): string {
  return n.toString(16).padStart(64, '0');
}

describe('private keys: a scalar in [1, n)', () => {
  const BAD_SCALAR = 'private key: not a valid secp256k1 key (zero or not below the curve order)';

  it('zero is BAD_KEY', () => {
    expectCoded(() => privateKeyFromHex('00'.repeat(32)), 'BAD_KEY', BAD_SCALAR);
  });

  it('n (the curve order) is BAD_KEY', () => {
    expectCoded(() => privateKeyFromHex(hex32(N)), 'BAD_KEY', BAD_SCALAR);
  });

  it('above n is BAD_KEY', () => {
    expectCoded(() => privateKeyFromHex('ff'.repeat(32)), 'BAD_KEY', BAD_SCALAR);
  });

  it('1 and n-1 are accepted', () => {
    expect(bytesToHex(privateKeyFromHex(hex32(1n)))).toBe(hex32(1n));
    expect(bytesToHex(privateKeyFromHex(hex32(N - 1n)))).toBe(hex32(N - 1n));
  });

  it('31 bytes is BAD_KEY naming the length', () => {
    expectCoded(() => privateKeyFromHex('11'.repeat(31)), 'BAD_KEY', 'private key: expected 32 bytes, got 31');
  });

  it('33 bytes is BAD_KEY naming the length', () => {
    expectCoded(() => checkPrivateKey(new Uint8Array(33).fill(1), 'key file'), 'BAD_KEY', 'key file: expected 32 bytes, got 33');
  });

  it('odd or non-hex text is BAD_KEY with a fixed message', () => {
    expectCoded(() => privateKeyFromHex('1'.repeat(63)), 'BAD_KEY', 'private key: expected 64 hex digits');
    expectCoded(() => privateKeyFromHex('zz'.repeat(32)), 'BAD_KEY', 'private key: expected 64 hex digits');
  });

  it('no message ever contains the key text, or any part of it', () => {
    const secret = 'c0ffee'.repeat(10) + 'beef';
    const attempts = [secret + 'x', secret.slice(1), secret + '00', 'g' + secret.slice(1), hex32(N)];
    for (const text of attempts) {
      let e: unknown;
      try {
        privateKeyFromHex(text);
      } catch (thrown) {
        e = thrown;
      }
      expect(e).toBeInstanceOf(AirlockError);
      const { code, message, details } = e as AirlockError;
      expect(code).toBe('BAD_KEY');
      expect(message).not.toContain(text.slice(0, 8));
      expect(JSON.stringify(details ?? {})).not.toContain(text.slice(0, 8));
    }
  });

  it('surrounding whitespace and an 0x prefix are tolerated', () => {
    expect(bytesToHex(privateKeyFromHex(`  0x${KEY_11}\n`))).toBe(KEY_11);
  });

  it('checkPrivateKey refuses a non-bytes value with a TypeError', () => {
    expect(() => checkPrivateKey('aa' as unknown as Uint8Array)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'private key: expected bytes' }),
    );
  });

  it('generatePrivateKey gives valid, distinct keys', () => {
    const a = generatePrivateKey();
    const b = generatePrivateKey();
    expect(checkPrivateKey(a)).toHaveLength(32);
    expect(bytesToHex(a)).not.toBe(bytesToHex(b));
  });

  it('publicKeyOf: uncompressed by default (65 bytes, 0x04), compressed on request (33 bytes)', () => {
    const key = privateKeyFromHex(KEY_11);
    const full = publicKeyOf(key);
    const short = publicKeyOf(key, true);
    expect(full).toHaveLength(65);
    expect(full[0]).toBe(4);
    expect(short).toHaveLength(33);
    expect(bytesToHex(short.subarray(1))).toBe(bytesToHex(full.subarray(1, 33)));
    expect(bytesToHex(addressOfPrivateKey(key))).toBe(ADDR_11);
  });
});

describe('signing: RFC 6979, low S, v = recovery id, the bare txID (no second hash)', () => {
  const key = privateKeyFromHex(KEY_11);

  it('reproduces the §9.3 vector byte for byte', () => {
    expect(bytesToHex(signDigest(TXID, key))).toBe(SIG);
  });

  it('is deterministic', () => {
    expect(bytesToHex(signDigest(TXID, key))).toBe(bytesToHex(signDigest(TXID, key)));
  });

  it('always emits low S and v of 0 or 1', () => {
    for (let i = 0; i < 32; i++) {
      const digest = new Uint8Array(32).fill(i);
      const sig = signDigest(digest, key);
      expect(sig).toHaveLength(65);
      expect(isLowS(sig)).toBe(true);
      expect([0, 1]).toContain(sig[64]);
      expect(bytesToHex(recoverSigner(sig, digest))).toBe(ADDR_11);
    }
  });

  it('refuses a digest that is not 32 bytes', () => {
    expect(() => signDigest(new Uint8Array(31), key)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'signDigest: txID must be 32 bytes, got 31' }),
    );
  });

  it('refuses an invalid key', () => {
    expectCoded(() => signDigest(TXID, new Uint8Array(32)), 'BAD_KEY', 'private key: not a valid secp256k1 key (zero or not below the curve order)');
  });
});
