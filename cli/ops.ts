/**
 * `airlock ops encode | decode`: permission operations masks (spec §2.2, §4.9; PROTOCOL.md §8).
 * Encode takes contract types by id or name (`2`, `TransferAsset`, `TransferAssetContract`), as
 * separate arguments or comma-separated, and refuses ids that are not contract types (the node
 * would refuse the mask). Decode reports set bits that are not contract types as `unknown`, but
 * refuses, without echoing it, a mask with any bit past id 63: no contract type of any chain is
 * there, and 64 hex digits with such bits are far more likely a pasted private key, whose bits
 * `ids` would print back (issue 6, "secrets in error text").
 */
import { bytesToHex, hexToBytes } from '../shared/base/bytes.ts';
import { fail } from '../shared/base/errors.ts';
import { decodeOperations, encodeOperations, OPERATIONS_LENGTH } from '../shared/chain/operations.ts';

export function opsEncodeCommand(types: readonly string[]) {
  const list = types
    .flatMap((t) => t.split(','))
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
  const mask = encodeOperations(list);
  const { ids, names } = decodeOperations(mask);
  return { hex: bytesToHex(mask), ids, names };
}

/** Contract type ids run 0..59 on mainnet: every one fits in the mask's first 8 bytes (ids 0..63). */
const CONTRACT_TYPE_BYTES = 8;

export function opsDecodeCommand(hex: string) {
  const bytes = hexToBytes(hex.trim(), 'operations');
  if (bytes.length === OPERATIONS_LENGTH && bytes.subarray(CONTRACT_TYPE_BYTES).some((b) => b !== 0)) {
    fail(
      'INVALID_INPUT',
      'operations: sets bits past contract type id 63, which no chain has: not an operations mask (a private key has this shape; the text is not shown)',
      {
        field: 'operations',
      },
    );
  }
  return { hex: bytesToHex(bytes), ...decodeOperations(bytes) };
}
