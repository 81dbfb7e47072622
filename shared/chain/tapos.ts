/**
 * TaPoS: the reference block a transaction names (PROTOCOL.md §7 "TaPoS details"). The node
 * accepts a transaction only while its reference block is one of the last RECENT_BLOCKS blocks and
 * `ref_block_hash` matches that block's id. One function derives both fields from a block's number
 * and id, so the devnet's builder, the online station and the offline station (from a snapshot
 * file) all write the same two fields (docs/decisions.md §6: "the TaPoS reference from a block is one shared
 * function").
 */
import { bytesInput, int64Input, within } from './input.ts';

/** How many recent blocks the node keeps for TaPoS (RecentBlockStore, PROTOCOL.md §7). */
export const RECENT_BLOCKS = 65_536;
/** The protocol's block interval: one block every 3 s (spec §4.10). */
export const BLOCK_INTERVAL_MS = 3_000;

export interface TaposBlock {
  /** The block number (a safe integer). */
  number: number;
  /** The 32-byte block id, as bytes or hex. */
  id: Uint8Array | string;
}

export interface Tapos {
  /** The last two bytes of the big-endian block number. */
  refBlockBytes: Uint8Array;
  /** Bytes 8..16 of the block id. */
  refBlockHash: Uint8Array;
}

/**
 * The TaPoS fields that reference `block`. A bad block is INVALID_INPUT (BAD_HEX for bad hex)
 * naming the field, `block.number` or `block.id`.
 */
export function taposOf(block: TaposBlock): Tapos {
  return within('taposOf', () => {
    const number = int64Input(block?.number, 'block.number', { min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) });
    const id = bytesInput(block.id, 'block.id', 32);
    const numberBytes = new Uint8Array(8);
    new DataView(numberBytes.buffer).setBigUint64(0, number);
    return { refBlockBytes: numberBytes.slice(6, 8), refBlockHash: id.slice(8, 16) };
  });
}
