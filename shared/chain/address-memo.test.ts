// addressToBase58 keeps the texts it computed (shared/chain/address.ts): each answer is the address's
// own Base58Check, by the bytes' content and never by the array object (an array changed in place
// gets its new address's text), past the memo's size (BASE58_MEMO_ENTRIES) as before it; the memo
// never makes a bad address pass.
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { BASE58_MEMO_ENTRIES } from '../base/limits.ts';
import { addressToBase58, addressFromBase58 } from './address.ts';

/** A second Base58Check encoder: @scure/base's own, over the same 21 bytes. */
const check = createBase58check(sha256);

function address(n: number): Uint8Array {
  const a = new Uint8Array(21);
  a[0] = 0x41;
  new DataView(a.buffer).setUint32(17, n);
  a[1] = n % 251;
  return a;
}

describe('addressToBase58 keeps its texts', () => {
  it('answers each address its own text, by content, before and after the memo fills', () => {
    for (let n = 0; n < BASE58_MEMO_ENTRIES * 2 + 10; n += 7) {
      const a = address(n);
      expect(addressToBase58(a)).toBe(check.encode(a));
      // Asked again (from the memo), the same text.
      expect(addressToBase58(address(n))).toBe(check.encode(a));
    }
  });

  it('answers an array changed in place with its new address', () => {
    const a = address(1);
    const first = addressToBase58(a);
    a[20] = a[20]! ^ 0xff;
    const second = addressToBase58(a);
    expect(second).not.toBe(first);
    expect(second).toBe(check.encode(a));
    expect(addressFromBase58(second)).toEqual(a);
  });

  it('still refuses a bad address once its good neighbours are known', () => {
    const a = address(2);
    addressToBase58(a);
    expect(() => addressToBase58(a.subarray(0, 20))).toThrow(/21 bytes/);
    const wrong = a.slice();
    wrong[0] = 0x42;
    expect(() => addressToBase58(wrong)).toThrow(/0x41/);
  });
});
