/**
 * Which permission a transaction names (spec §2.4, PROTOCOL.md §1 `Permission_id`): 0 the owner,
 * 2 and up an active permission; 1 is the executive (block producing), which never signs a
 * transaction. One check for the builder (shared/chain/transaction.ts), the pre-sign checks, the
 * station, the CLI and the renderer's build forms. It imports only errors.ts, so the renderer can
 * check the field as it is typed without taking the transaction codec (and the signature
 * recovery it loads) into its bundle.
 *
 * Invariant: a permission id that passes is a whole number in 0..2^31-1 other than 1.
 */
import { fail } from '../base/errors.ts';

export function checkPermissionId(id: number, what = 'permission_id'): number {
  if (!Number.isInteger(id) || id < 0 || id > 2 ** 31 - 1) fail('INVALID_INPUT', `${what}: expected a whole number of 0 or more, got ${id}`);
  if (id === 1) fail('PERMISSION', `${what}: 1 is the executive permission, which never signs transactions (spec §2.4)`);
  return id;
}
