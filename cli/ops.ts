/**
 * `airlock ops encode | decode | list`: permission operations masks (spec §2.2, §4.9; PROTOCOL.md §8),
 * and the operations in words (docs/decisions.md §26: shared/chain/operation-catalogue.ts; encode and decode also
 * say the mask's operations by group in plain names).
 * Encode takes contract types by id or name (`2`, `TransferAsset`, `TransferAssetContract`), as
 * separate arguments or comma-separated, and refuses ids that are not contract types (the node
 * would refuse the mask). Decode reports set bits that are not contract types as `unknown`, but
 * refuses, without echoing it, a mask with any bit past id 63: no contract type of any chain is
 * there, and 64 hex digits with such bits are far more likely a pasted private key, whose bits
 * `ids` would print back (docs/decisions.md §6, "secrets in error text").
 */
import { bytesToHex, hexToBytes } from '../shared/base/bytes.ts';
import { excerpt, fail } from '../shared/base/errors.ts';
import { decodeOperations, encodeOperations, OPERATIONS_LENGTH } from '../shared/chain/operations.ts';
import { groupOperations, OPERATION_CATALOGUE, OPERATION_GROUPS } from '../shared/chain/operation-catalogue.ts';

/** The mask's operations by group, in plain names: [{group, operations: ['Transfer', …]}]. */
function inWords(names: readonly string[]) {
  return groupOperations(names).map((g) => ({ group: g.group, operations: g.operations.map((o) => o.name) }));
}

/**
 * Every operation in words, by group: `{groups: [{group, operations: [{id, type, name, meaning}]}]}`.
 * `search` keeps those whose plain name, java-tron name, group or meaning contains it (any case).
 */
export function opsListCommand(search?: string) {
  const needle = (search ?? '').trim().toLowerCase();
  if (needle.length > 100) fail('INVALID_INPUT', `search: at most 100 characters, got ${excerpt(needle)}`, { field: 'search' });
  const groups = OPERATION_GROUPS.map((group) => ({
    group,
    operations: OPERATION_CATALOGUE.filter((o) => o.group === group && [o.name, o.type, o.group, o.meaning].some((t) => t.toLowerCase().includes(needle))).map(
      (o) => ({ id: o.id, type: o.type, name: o.name, meaning: o.meaning }),
    ),
  })).filter((g) => g.operations.length > 0);
  if (groups.length === 0) fail('NOT_FOUND', `search: no operation matches ${excerpt(search ?? '')}`, { field: 'search' });
  return { groups };
}

export function opsEncodeCommand(types: readonly string[]) {
  const list = types
    .flatMap((t) => t.split(','))
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
  const mask = encodeOperations(list);
  const { ids, names } = decodeOperations(mask);
  return { hex: bytesToHex(mask), ids, names, groups: inWords(names) };
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
  const decoded = decodeOperations(bytes);
  return { hex: bytesToHex(bytes), ...decoded, groups: inWords(decoded.names) };
}
