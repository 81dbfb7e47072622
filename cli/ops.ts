/**
 * `airlock ops encode | decode`: permission operations masks (spec §2.2, §4.9; PROTOCOL.md §8).
 * Encode takes contract types by id or name (`2`, `TransferAsset`, `TransferAssetContract`), as
 * separate arguments or comma-separated, and refuses ids that are not contract types (the node
 * would refuse the mask). Decode reports set bits that are not contract types as `unknown`.
 */
import { bytesToHex, hexToBytes } from '../shared/bytes.ts';
import { decodeOperations, encodeOperations } from '../shared/operations.ts';

export function opsEncodeCommand(types: readonly string[]) {
  const list = types.flatMap((t) => t.split(',')).map((t) => t.trim()).filter((t) => t.length > 0);
  const mask = encodeOperations(list);
  const { ids, names } = decodeOperations(mask);
  return { hex: bytesToHex(mask), ids, names };
}

export function opsDecodeCommand(hex: string) {
  const bytes = hexToBytes(hex.trim(), 'operations');
  return { hex: bytesToHex(bytes), ...decodeOperations(bytes) };
}
