/**
 * The queue as the desktop app shows it (docs/decisions.md §8 "the queue"): a page of the queue with
 * each row's amount, labels and the keys that could still sign. A transaction's own answer in the API
 * table's shape is station/core/transaction-api.ts. The API handlers pass these through unchanged.
 *
 * Invariants: the queue recovers no signature (each was checked against the permission when it was
 * stored); labels come from one LabelIndex read per call; amounts use the stored token's precision.
 */
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { equalBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { transactionView } from '../../shared/views/view.ts';
import { decodeRawShowingUnknown } from '../../shared/chain/transaction.ts';
import type { QueueEntry } from '../../shared/api/station-api.ts';

import type { StationContext } from '../core/context.ts';
import { type LabelIndex } from '../core/labels.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import type { ListEntryView } from '../core/views.ts';
import { entriesOf } from './status.ts';
import { queueAssets, queueRecipient } from './queue-payment.ts';
import { queueAmount } from './queue-amount.ts';
import { LIST_DEFAULT_LIMIT, type TxStatus } from '../../shared/base/limits.ts';

/** The statuses a signature can still be added in (status.ts `sign`). */
const SIGNABLE: readonly TxStatus[] = ['draft', 'collecting', 'ready'];

export function queueFeature(ctx: StationContext, book: TransactionBook) {
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
    /**
     * One page of the queue, newest first, filtered by status (as shown now) and account, with every
     * account that has a transaction of that status: the API's `list`, which the window and
     * `airlock list` both call. The store filters, orders, cuts and counts in SQL: only the page's
     * rows are read and made into entries.
     */
    list(args: { status?: TxStatus; account?: string; offset?: number; limit?: number } = {}): { total: number; entries: QueueEntry[]; accounts: string[] } {
      const { status, account, offset = 0, limit = LIST_DEFAULT_LIMIT } = args;
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
