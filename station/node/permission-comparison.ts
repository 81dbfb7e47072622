/**
 * Whether an account's permissions changed since the snapshot its signers saw (docs/decisions.md §7 "broadcast":
 * the dry run before a broadcast), and what the transaction's signatures weigh under the permissions
 * the node has now. Pure: both sides are given; NodeClient.comparePermissions reads the node's side.
 */
import { accountPermissionsFromJson, diffPermissions, type SnapshotAccount } from '../../shared/files/snapshot.ts';
import type { HandoffPermission } from '../../shared/files/handoff.ts';
import type { SignedTransaction } from '../../shared/chain/transaction.ts';
import { approvalView } from '../../shared/views/view.ts';
import { jsonSafe } from '../../shared/base/json.ts';

export interface PermissionComparison {
  changed: boolean;
  changes: string[];
  /** Where the signers' snapshot came from. */
  snapshotSource: HandoffPermission['source'];
  /** The comparison in words. */
  text: string;
  /** With a transaction: its signatures weighed under the permissions the node has now. */
  weightNow?: { code: string; message: string; weight: number | string; threshold: number | string | null; missing: number | string; enough: boolean };
}

/** The pure part of NodeClient.comparePermissions, for callers that already hold both sides. */
export function comparePermissions(snapshot: HandoffPermission | SnapshotAccount, now: SnapshotAccount, tx?: SignedTransaction): PermissionComparison {
  if (snapshot.address !== now.address) throw new RangeError(`comparePermissions: the snapshot is for ${snapshot.address}, the account for ${now.address}`);
  const diff = diffPermissions(snapshot.permissions, now.permissions);
  const from = 'node' in snapshot.source ? `${snapshot.source.node} at block ${snapshot.source.block}` : `file ${snapshot.source.file}`;
  const out: PermissionComparison = {
    changed: diff.changed,
    changes: diff.changes,
    snapshotSource: snapshot.source,
    text: diff.changed
      ? `The permissions of ${now.address} changed since the snapshot the signers saw (${from}): ${diff.changes.join('; ')}.`
      : `The permissions of ${now.address} are the same as in the snapshot the signers saw (${from}).`,
  };
  if (tx) {
    const s = approvalView(tx, now.exists ? accountPermissionsFromJson(now.address, now.permissions) : undefined);
    const enough = s.enough;
    out.weightNow = {
      code: s.result.code,
      message: s.result.message ?? '',
      weight: jsonSafe(BigInt(s.weight)) as number | string,
      threshold: s.threshold === null ? null : (jsonSafe(BigInt(s.threshold)) as number | string),
      missing: jsonSafe(BigInt(s.missing)) as number | string,
      enough,
    };
    if (diff.changed) {
      out.text += enough
        ? ` Under the current permissions the signatures weigh ${out.weightNow.weight} of ${out.weightNow.threshold}: still enough.`
        : ` Under the current permissions: ${s.result.code}${s.result.message ? ` (${s.result.message})` : ''}, weight ${out.weightNow.weight} of ${out.weightNow.threshold ?? '?'}.`;
    }
  }
  return out;
}
