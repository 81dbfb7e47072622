/**
 * The read-aloud checksum of a txID (shared/views/read-aloud.ts, docs/decisions.md §9): five Crockford base32
 * characters from sha256 of the txID's bytes, spoken with the NATO alphabet.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { readAloudChecksum } from './read-aloud.ts';

const TX = '94cfab2f36b036ff278e04a3aa78abacf6b7c4c4e536d5deabcd183b44da7b5c';

describe('readAloudChecksum', () => {
  it('is the first 25 bits of sha256(txID bytes) in Crockford base32, as ABC-DE with spoken words', () => {
    const digest = sha256(Buffer.from(TX, 'hex'));
    const bits = BigInt(`0x${Buffer.from(digest.subarray(0, 4)).toString('hex')}`) >> 7n;
    const expected = bits
      .toString(32)
      .padStart(5, '0')
      .toUpperCase()
      .replace(/[A-V]/g, (c) => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[parseInt(c, 32)]!);
    const r = readAloudChecksum(TX);
    expect(r.code.replace('-', '')).toBe(expected);
    expect(r.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{2}$/);
    expect(r.words).toHaveLength(5);
  });

  it('ignores the case of the txID and changes when any digit changes', () => {
    expect(readAloudChecksum(TX.toUpperCase())).toEqual(readAloudChecksum(TX));
    const last = `${TX.slice(0, 63)}${TX[63] === 'c' ? 'd' : 'c'}`;
    expect(readAloudChecksum(last).code).not.toBe(readAloudChecksum(TX).code);
  });

  it('refuses something that is not a txID', () => {
    expect(() => readAloudChecksum('abcd')).toThrow(/32 bytes/);
  });
});
