// The TaPoS reference from a block (shared/chain/tapos.ts; PROTOCOL.md §7): the last two bytes of the
// number and bytes 8..16 of the id, one function for the devnet, the station and the snapshot;
// a bad block is a coded error naming the field (docs/decisions.md §6: a bad argument to a shared function).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex, hexToBytes } from '../base/bytes.ts';
import { taposOf } from './tapos.ts';

/** A block id as the node makes one: 8 bytes of number, then 24 bytes of header hash. */
function blockId(number: bigint, tail = 'ab'.repeat(24)): string {
  return number.toString(16).padStart(16, '0') + tail;
}

describe('taposOf', () => {
  it("block 55533 (0xd8ed): ref_block_bytes d8ed, ref_block_hash the id's bytes 8..16", () => {
    const id = blockId(0xd8edn, '2e066c3259e756f5' + 'cd'.repeat(16));
    const ref = taposOf({ number: 0xd8ed, id });
    expect(bytesToHex(ref.refBlockBytes)).toBe('d8ed');
    expect(bytesToHex(ref.refBlockHash)).toBe('2e066c3259e756f5');
    expect(taposOf({ number: 0xd8ed, id: hexToBytes(id) })).toEqual(ref);
  });

  it('any number: its last two bytes, big-endian', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(bytesToHex(taposOf({ number: n, id: blockId(BigInt(n)) }).refBlockBytes)).toBe((n & 0xffff).toString(16).padStart(4, '0'));
      }),
    );
  });

  it('refuses a wrong-length id, bad hex, a negative or fractional number, naming the field', () => {
    expect(() => taposOf({ number: 7, id: blockId(7n).slice(2) })).toThrow(expect.objectContaining({ code: 'BAD_HEX', details: { field: 'block.id' } }));
    expect(() => taposOf({ number: 7, id: 'zz'.repeat(32) })).toThrow(expect.objectContaining({ code: 'BAD_HEX', details: { field: 'block.id' } }));
    expect(() => taposOf({ number: 7, id: new Uint8Array(31) })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'taposOf: block.id: expected 32 bytes, got 31' }),
    );
    expect(() => taposOf({ number: -1, id: blockId(0n) })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'block.number' } }));
    expect(() => taposOf({ number: 1.5, id: blockId(0n) })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: 'block.number' } }));
  });
});
