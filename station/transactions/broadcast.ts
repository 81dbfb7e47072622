/**
 * Re-issue, the dry run and broadcast (docs/decisions.md §7 "reissue, broadcast", docs/decisions.md §8 `preflight`). Broadcast
 * first runs the dry run: the node's permissions now against the copy the signers counted against,
 * and the node's getsignweight; it broadcasts only when the node says the signatures are enough.
 *
 * Invariants: a transaction the node (or this station) already saw in a block is refused first,
 * saying "already on chain in block N; nothing was sent" (docs/decisions.md §18); an expired, broadcast or
 * confirmed transaction is never broadcast; re-issuing makes a NEW transaction (signatures do not
 * carry over) and is refused for a broadcast or confirmed one, which could pay twice, and for one
 * with more than REISSUE_WINDOW_MS left.
 */
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import type { HandoffPermission } from '../../shared/files/handoff.ts';
import { formatDuration } from '../../shared/base/duration.ts';
import { decodeRaw, type SignedTransaction } from '../../shared/chain/transaction.ts';
import type { SignWeightView } from '../node/node-client.ts';
import { comparePermissions, type PermissionComparison } from '../node/permission-comparison.ts';
import type { TransactionRecord } from '../store/transactions.ts';
import type { StationContext } from '../core/context.ts';
import { contractCall, replacePermission, sourceToFile } from '../core/records.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import { refuseIfOnChain } from './status-refresh.ts';
import { transactionProvenance } from '../core/transaction-provenance.ts';
import type { TransactionMaker } from '../core/transaction-maker.ts';
import type { BroadcastView, PreflightView, ReissueView } from '../core/views.ts';
import { REISSUE_WINDOW_MS, type TxStatus } from '../../shared/base/limits.ts';

/** The dry run's two parts in the API table's shape (int64 as text), for preflight and broadcast alike. */
function dryRunView({ comparison: c, signWeight: w }: { comparison: PermissionComparison; signWeight: SignWeightView }): PreflightView {
  return {
    comparison: { changed: c.changed, changes: c.changes, text: c.text },
    signWeight: {
      code: w.code,
      message: w.message,
      approved: w.approved,
      weight: String(w.weight),
      threshold: w.threshold === null ? null : String(w.threshold),
      enough: w.enough,
    },
  };
}

export function broadcastFeature(ctx: StationContext, book: TransactionBook, maker: TransactionMaker) {
  /** What preflight and broadcast both run first; refuses what could never be broadcast. */
  const dryRun = async (r: TransactionRecord): Promise<{ tx: SignedTransaction; comparison: PermissionComparison; signWeight: SignWeightView }> => {
    // docs/decisions.md §18: a transaction already on chain says so first, before expiry or permissions.
    await refuseIfOnChain(ctx, r);
    const now = ctx.now();
    const id = bytesToHex(r.txId);
    if (now >= r.expiration)
      fail('EXPIRED', `txid: transaction ${id} expired ${formatDuration(now - r.expiration)} ago; re-issue it to make a new one`, { field: 'txid' });
    if (r.status === 'broadcast' || r.status === 'confirmed') fail('CONFLICT', `txid: the transaction is ${r.status} already`, { field: 'txid' });
    const tx = book.signed(r);
    if (tx.signatures.length === 0) fail('PERMISSION', `txid: transaction ${id} has no signature yet; sign it first`, { field: 'txid' });
    const nowAccount = await ctx.online((node) => node.account(addressToBase58(r.account)));
    const node = await ctx.nodeReady();
    const seen =
      r.permission === null ? nowAccount.permissions : replacePermission(nowAccount.permissions, r.permissionId, book.permissionFromBytes(r.permission));
    const stored = ctx.store.getAccount(r.account);
    // docs/decisions.md §18: the source named is the one of the permission the signers counted against (the
    // transaction screen's provenance: the file that claimed it), not the file the stored account
    // came from, which may be another (a snapshot imported before the handoff).
    const claimedBy = transactionProvenance(ctx.store, r, decodeRaw(r.raw).contract, ctx.now()).permission.file;
    const snapshot: HandoffPermission = {
      address: nowAccount.address,
      permissions: seen,
      source: claimedBy !== null ? { file: claimedBy } : stored ? sourceToFile(stored.source) : { file: 'unknown' },
      at: stored?.fetchedAt ?? r.createdAt,
    };
    return { tx, comparison: comparePermissions(snapshot, nowAccount, tx), signWeight: await node.signWeight(tx) };
  };

  return {
    /** A NEW transaction with the same contract and fresh TaPoS and times; signatures do not carry over. */
    async reissue(args: { txId: string; expiresIn?: string }): Promise<ReissueView> {
      const r = book.record(args.txId);
      const left = r.expiration - ctx.now();
      if (left > REISSUE_WINDOW_MS)
        fail(
          'CONFLICT',
          `txid: the transaction has ${formatDuration(left)} left; reissue is for one that has expired or has less than ${formatDuration(REISSUE_WINDOW_MS)} left`,
          { field: 'txid' },
        );
      if (r.status === 'broadcast' || r.status === 'confirmed')
        fail('CONFLICT', `txid: the transaction is ${r.status}; re-issuing it could pay twice`, { field: 'txid' });
      const decoded = decodeRaw(r.raw);
      const built = await maker.buildCall(contractCall(decoded), r.account, {
        permissionId: r.permissionId,
        note: r.note,
        ...(args.expiresIn !== undefined && { expiresIn: args.expiresIn }),
      });
      if (left <= 0 && r.status !== 'expired' && r.status !== 'failed') ctx.store.setStatus(r.txId, 'expired');
      ctx.store.appendAudit({ action: 'transaction.reissue', subject: built.txId, details: { old: bytesToHex(r.txId) } });
      const n = r.signatureCount;
      return {
        old: bytesToHex(r.txId),
        ...built,
        text: `New transaction ${built.txId} replaces ${bytesToHex(r.txId)}. Earlier signatures do not carry over: ${n === 0 ? 'it had none' : `the ${n} signature${n === 1 ? '' : 's'} on the old one must be made again`} on the new one.`,
      };
    },

    /**
     * The dry run before broadcast, the same step broadcast runs first: the node's permissions now
     * against the copy the signers counted against, and getsignweight. Reads the node; stores
     * nothing but what the node says of a transaction already on chain (docs/decisions.md §18), which it refuses.
     */
    async preflight(args: { txId: string }): Promise<PreflightView> {
      return dryRunView(await dryRun(book.record(args.txId)));
    },

    async broadcast(args: { txId: string }): Promise<BroadcastView> {
      const r = book.record(args.txId);
      const { tx, comparison, signWeight } = await dryRun(r);
      if (!signWeight.enough) {
        fail(
          'PERMISSION',
          `the node's dry run says the signatures are not enough: ${signWeight.code}${signWeight.message ? ` (${signWeight.message})` : ''}, weight ${signWeight.weight} of ${signWeight.threshold ?? '?'}. ${comparison.text} Nothing was broadcast.`,
          { field: 'txid', signWeight, comparison },
        );
      }
      const answer = await (await ctx.nodeReady()).broadcast(tx);
      const status: TxStatus = answer.accepted ? 'broadcast' : 'failed';
      ctx.store.setStatus(r.txId, status, { nodeAnswer: answer.text });
      return {
        txId: bytesToHex(r.txId),
        accepted: answer.accepted,
        status,
        text: `${comparison.changed ? `${comparison.text} ` : ''}${answer.text}`,
        ...dryRunView({ comparison, signWeight }),
      };
    },
  };
}
