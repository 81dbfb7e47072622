/**
 * The transactions as the desktop app shows them (docs/decisions.md §8 "the queue", the transaction screen): a
 * page of the queue with each row's amount, labels and the keys that could still sign, and a
 * transaction's view in the API table's shape (shared/api/station-api.ts StationTransaction) with
 * labels and look-alike warnings. The API handlers pass these through unchanged.
 *
 * Invariants: the queue recovers no signature (each was checked against the permission when it was
 * stored); labels come from one LabelIndex read per call; amounts use the stored token's precision.
 */
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { equalBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { addressView } from '../../shared/base/display.ts';
import { escapeJsonText } from '../../shared/base/escape.ts';
import { transactionView } from '../../shared/views/view.ts';
import { decodeRawShowingUnknown } from '../../shared/chain/transaction.ts';
import type { QueueEntry, StationTransaction } from '../../shared/api/station-api.ts';

import type { StationContext } from '../core/context.ts';
import { addressesIn, type LabelIndex } from '../core/labels.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import type { BatchView, BuildView, ListEntryView, StationTransactionView } from '../core/views.ts';
import { REISSUE_WINDOW_MS } from './broadcast.ts';
import { entriesOf } from './status.ts';
import { queueAssets, queueRecipient } from './queue-payment.ts';
import { queueAmount } from './queue-amount.ts';
import { type TxStatus } from '../../shared/base/limits.ts';

/** The statuses a signature can still be added in (status.ts `sign`). */
const SIGNABLE: readonly TxStatus[] = ['draft', 'collecting', 'ready'];

export function queueFeature(ctx: StationContext, book: TransactionBook) {
  const apiTransaction = (t: StationTransactionView): StationTransaction => {
    const labels = ctx.labels();
    const signer = (address: string, weight: string, signed: boolean) => ({
      address: addressView(parseAddress(address)),
      weight,
      label: labels.labelOf(address),
      signed,
      local: labels.isLocal(address),
    });
    const named = addressesIn(t.details);
    const final = t.status === 'broadcast' || t.status === 'confirmed';
    return {
      view: t.details,
      approval: t.approval,
      // Without a known permission the weights are unknown ('?'): the schema's signers are the
      // permission's keys, so none are listed and `approval` is null (docs/decisions.md §16: this answered INTERNAL).
      signers:
        t.approval === null ? [] : [...t.signers.map((s) => signer(s.address, s.weight, true)), ...t.couldSign.map((s) => signer(s.address, s.weight, false))],
      status: t.status,
      note: t.note,
      nodeAnswer: t.nodeAnswer,
      chain: t.chain,
      createdAt: t.createdAt,
      expiresInMs: t.expiresInMs,
      nodeJson: escapeJsonText(JSON.stringify(t.contract, null, 2)),
      reissuable: !final && (t.status === 'expired' || t.expiresInMs < REISSUE_WINDOW_MS),
      labels: [...new Set([...named, ...t.signers.map((s) => s.address), ...t.couldSign.map((s) => s.address)])].flatMap((address) => {
        const label = labels.labelOf(address);
        return label === null ? [] : [{ address, label }];
      }),
      lookalikes: named.flatMap((address) => {
        const l = labels.lookalike(address);
        return l === null ? [] : [{ address, imitates: l.imitates, label: l.label }];
      }),
      provenance: t.provenance,
      signer: t.signer,
    };
  };

  const queueEntry = (e: ListEntryView, labels: LabelIndex): QueueEntry => {
    const txId = hexToBytes(e.txId);
    const record = ctx.store.getTransaction(txId)!;
    // With the stored token's precision and abbreviation, so the queue says "12.5 GLD" as the transaction screen does.
    const decoded = decodeRawShowingUnknown(record.raw);
    const view = transactionView({ rawBytes: record.raw, signatures: [] }, { tokens: book.tokenInfos(decoded) });
    // Signers are read only for a row that offers keys and has signatures (most rows of a long queue do not).
    const open = SIGNABLE.includes(e.status) && record.permission !== null;
    const signed = open && e.signatureCount > 0 ? ctx.store.listSignatures(txId).map((s) => s.signer) : [];
    const permission = open ? book.permissionFromBytes(record.permission!) : null;
    return {
      txId: e.txId,
      kind: view.kind,
      title: view.title,
      account: e.account,
      accountLabel: labels.labelOf(record.account),
      amount: queueAmount(ctx, view, decoded),
      amountClaimed: queueAssets(ctx, decoded).some((a) => a.provenance === 'claimed'),
      status: e.status,
      weight: e.weight,
      threshold: e.threshold,
      signatureCount: e.signatureCount,
      // docs/decisions.md §26: only a transaction that may still be signed offers signers; a confirmed, expired,
      // broadcast or failed one keeps its final weight and offers none.
      canStillSign: (permission?.keys ?? [])
        .filter((k) => !signed.some((s) => equalBytes(s, k.address)))
        .map((k) => ({ address: addressToBase58(k.address), weight: k.weight.toString(), local: labels.isLocal(k.address), label: labels.labelOf(k.address) })),
      expiration: e.expiration,
      note: e.note,
      chain: e.chain,
      failure: e.status === 'failed' ? (record.chain?.reason ?? record.nodeAnswer) : null,
      recipient: queueRecipient(decoded, labels),
    };
  };

  return {
    /** A transaction's view in the API table's shape, with its labels and look-alike warnings. */
    apiTransaction,

    /** A build's result in the API table's shape. */
    apiBuilt: (b: BuildView) => ({ txId: b.txId, transaction: apiTransaction(b.transaction), basis: b.basis, block: b.block, warnings: b.warnings }),

    /** A batch's result in the API table's shape: one row per transaction. */
    apiBatch: (r: BatchView) => ({
      count: r.count,
      signed: r.signed,
      basis: r.basis,
      warnings: r.warnings,
      rows: r.txIds.map((txId, i) => ({ row: r.rows[i]!, txId, status: r.statuses[i]! })),
    }),

    /**
     * One page of the queue, filtered by status (as shown now) and account, with every account that
     * has a transaction of that status. The store filters, orders, cuts and counts in SQL: only the
     * page's rows are read and made into entries.
     */
    queue(args: { status?: TxStatus; account?: string; offset?: number; limit?: number }): { total: number; entries: QueueEntry[]; accounts: string[] } {
      const { status, account, offset = 0, limit = 250 } = args;
      const now = ctx.now();
      const shown = status === undefined ? {} : { status, now };
      const filter = account === undefined ? shown : { ...shown, account: parseAddress(account.trim(), 'account') };
      const rows = ctx.store.listTransactionRows({ ...filter, offset, limit });
      const accounts = ctx.store
        .listTransactionAccounts(shown)
        .map((hex) => addressToBase58(hexToBytes(hex)))
        .sort();
      const labels = ctx.labels();
      return {
        total: ctx.store.countTransactionRows(filter),
        entries: entriesOf(ctx, book, rows, now).map((e) => queueEntry(e, labels)),
        accounts,
      };
    },
  };
}
