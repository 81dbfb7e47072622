/**
 * Accounts (docs/decisions.md §7 "accounts"): read an account from the node and store it, show a stored one with
 * its permissions, labels, source and age, list the stored ones and remove one (docs/decisions.md §24). Offline, the station works
 * from what it stored (fetched earlier, or from a snapshot: station/accounts/snapshots.ts).
 *
 * Invariant: an account is shown with where it came from and how old it is, never as if current:
 * its provenance (docs/decisions.md §16) says observed from the node or claimed by a file, and flags it stale.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { AccountSchema, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { accountPermissionsFromAccount } from '../../shared/approval/authorization.ts';
import { permissionView } from '../../shared/views/view.ts';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { formatDuration } from '../../shared/base/duration.ts';
import type { StationContext } from '../core/context.ts';
import { provenanceOf, putSnapshotAccount, sourceFromFile, sourceView } from '../core/records.ts';
import { noCopyOfAccount } from '../core/transaction-maker.ts';
import type { AccountRecord } from '../store/accounts.ts';
import type { AccountEntryView, StationAccountView, PermissionEntryView } from '../core/views.ts';
import { addressTextInput } from '../../shared/chain/input.ts';

export function accountsFeature(ctx: StationContext) {
  const accountShow = (args: { address: string }): StationAccountView => {
    const a = addressTextInput(args.address, 'address');
    const r = ctx.store.getAccount(a);
    if (!r) fail('NOT_FOUND', `address: ${noCopyOfAccount(a)}`, { field: 'address' });
    const account = fromBinary(AccountSchema, r.account);
    const p = accountPermissionsFromAccount(account);
    const labels = ctx.labels();
    const entry = (slot: PermissionEntryView['slot'], permission: Permission): PermissionEntryView => {
      const view = permissionView(permission);
      return { slot, ...view, keys: view.keys.map((k) => ({ ...k, label: labels.labelOf(hexToBytes(k.address.hex)) })) };
    };
    const permissions: PermissionEntryView[] = [
      ...(p.owner ? [entry('owner', p.owner)] : []),
      ...(p.executive ? [entry('executive', p.executive)] : []),
      ...p.actives.map((x) => entry('active', x)),
    ];
    const ageMs = ctx.now() - r.fetchedAt;
    return {
      address: addressToBase58(a),
      hex: bytesToHex(a),
      label: labels.labelOf(a),
      balance: account.balance.toString(),
      tokens: Object.entries(account.assetV2).map(([id, b]) => ({ id, balance: b.toString() })),
      permissions,
      source: sourceView(r.source),
      provenance: provenanceOf(r.source, r.fetchedAt, ctx.now()),
      fetchedAt: r.fetchedAt,
      ageMs,
      age: formatDuration(ageMs),
    };
  };

  const entryOf = (r: AccountRecord, now: number, labels = ctx.labels()): AccountEntryView => ({
    address: addressToBase58(r.address),
    label: labels.labelOf(r.address),
    source: sourceView(r.source),
    provenance: provenanceOf(r.source, r.fetchedAt, now),
    fetchedAt: r.fetchedAt,
    ageMs: now - r.fetchedAt,
    age: formatDuration(now - r.fetchedAt),
  });

  return {
    accountShow,

    async accountFetch(args: { address: string }): Promise<StationAccountView> {
      const a = addressTextInput(args.address, 'address');
      const account = await ctx.online((node) => node.account(addressToBase58(a)));
      putSnapshotAccount(ctx.store, account, sourceFromFile(account.source));
      return accountShow({ address: account.address });
    },

    /**
     * Removes the stored copy of `address` (docs/decisions.md §24): a copy a file dated wrongly, or one no longer
     * wanted, goes; online, the next fetch reads it again. Transactions keep the permission stored with each.
     */
    accountRemove(args: { address: string }): { removed: AccountEntryView } {
      const a = addressTextInput(args.address, 'address');
      const now = ctx.now();
      const r = ctx.store.removeAccount(a);
      if (!r) fail('NOT_FOUND', `address: this station has no copy of account ${addressToBase58(a)}; nothing was removed`, { field: 'address' });
      return { removed: entryOf(r, now) };
    },

    /** The stored accounts, newest read first: address, label, where each came from and its age (under `accounts`). */
    accountsList(): { accounts: AccountEntryView[] } {
      const now = ctx.now();
      const labels = ctx.labels();
      return {
        accounts: ctx.store
          .listAccounts()
          .sort((a, b) => b.fetchedAt - a.fetchedAt)
          .map((r) => entryOf(r, now, labels)),
      };
    },
  };
}
