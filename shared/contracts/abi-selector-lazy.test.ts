/**
 * A function's selector is hashed when first read (shared/contracts/abi-types.ts `abiFunction`;
 * bench/README.md "Every click fast"): loading the TRC-20 table (abi-calls.ts), as the renderer's first
 * paint does, hashes nothing; the first read hashes once and keeps it, and the selector reads as a
 * plain property everywhere data is copied (JSON, a spread, a deep comparison).
 */
import { describe, expect, it, vi } from 'vitest';

const hashed = vi.hoisted(() => ({ count: 0 }));
vi.mock('@noble/hashes/sha3.js', async (original) => {
  const real = await original<typeof import('@noble/hashes/sha3.js')>();
  return {
    ...real,
    keccak_256: (bytes: Uint8Array) => {
      hashed.count += 1;
      return real.keccak_256(bytes);
    },
  };
});

describe('the selector of an ABI function', () => {
  it('is not hashed when the TRC-20 table loads, and once when first read', async () => {
    const { TRC20 } = await import('./abi-calls.ts');
    expect(hashed.count).toBe(0);
    expect(TRC20.transfer.selector).toBe('a9059cbb');
    expect(hashed.count).toBe(1);
    expect(TRC20.transfer.selector).toBe('a9059cbb');
    expect(hashed.count).toBe(1);
    expect(JSON.parse(JSON.stringify(TRC20.balanceOf)).selector).toBe('70a08231');
    expect({ ...TRC20.approve }).toEqual({ ...TRC20.approve, selector: '095ea7b3' });
  });
});
