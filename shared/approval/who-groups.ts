/**
 * "Who can do what" by group (docs/decisions.md §26: the Accounts screen repeated all 45 contract types by
 * java-tron's names, one row each): the rows of `whoCanDo` gathered under the operation catalogue's
 * groups, and within a group the operations the same permissions allow in one row, so a default
 * active reads as eight rows, each expandable to its operations.
 *
 * Invariant: rows are merged only when the same permissions allow them (same slots and ids, in the
 * same order), so every cell of a merged row is exactly the cell each of its operations would have
 * had; nothing is dropped: every input row is in exactly one output row.
 */
import { OPERATION_GROUPS, type OperationGroup } from '../chain/operation-catalogue.ts';
import type { WhoRow } from './minimal-sets.ts';

export interface WhoGroupRow {
  /** The catalogue group, or null for "any other operation". */
  group: OperationGroup | null;
  /** The operations of this row, id order (at least one). */
  rows: WhoRow[];
  /** In words: "Payments: Transfer, Token transfer", "Staking and resources: 9 operations". */
  title: string;
}

/** At most this many plain names are listed in a row's title; more are counted. */
const NAMED_IN_TITLE = 3;

const permissionsKey = (r: WhoRow): string => r.permissions.map((p) => `${p.slot}:${p.id}`).join(',');

export function groupWhoRows(rows: readonly WhoRow[]): WhoGroupRow[] {
  const out: WhoGroupRow[] = [];
  for (const group of OPERATION_GROUPS) {
    const byPermissions = new Map<string, WhoRow[]>();
    for (const r of rows) {
      if (r.group !== group) continue;
      const key = permissionsKey(r);
      byPermissions.set(key, [...(byPermissions.get(key) ?? []), r]);
    }
    for (const list of byPermissions.values()) {
      const names = list.map((r) => r.title);
      const title = `${group}: ${names.length <= NAMED_IN_TITLE ? names.join(', ') : `${names.length} operations`}`;
      out.push({ group, rows: list, title });
    }
  }
  // Rows of no group: "any other operation", and any type the catalogue does not know, one row each.
  for (const r of rows) if (r.group === null) out.push({ group: null, rows: [r], title: r.title });
  return out;
}
