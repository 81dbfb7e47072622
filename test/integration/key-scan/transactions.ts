/**
 * The key-bytes scan's cases for one transaction and the queue: the methods of shared/api/tables/transactions.ts, in the order they
 * run (test/integration/station-api-key-scan.test.ts runs the features' cases in its own order).
 */
import type { ScanCases, ScanContext } from './scan-case.ts';

export const TRANSACTIONS_CASES = (t: ScanContext): ScanCases<'transactions'> => ({
  status: { expect: 'ok', args: () => ({ txId: t.got.txId }) },
  transactionCost: { expect: 'ok', args: () => ({ txId: t.got.txId }) },
  batchCost: { expect: 'ok', args: () => ({ txIds: [t.got.txId!] }) },
  sign: { expect: 'ok', args: () => ({ txId: t.got.txId }) },
  exportHandoff: {
    expect: 'ok',
    args: () => ({ txId: t.got.txId }),
    keep: (v) => (t.got.handoff = { fileName: v.fileName as string, text: v.text as string }),
  },
  saveHandoffFile: { expect: 'ok', args: () => ({ txId: t.got.txId }) },
  openHandoffFiles: { expect: 'ok', args: () => undefined },
  importFiles: { expect: 'ok', args: () => ({ files: [{ name: t.got.handoff!.fileName, text: t.got.handoff!.text }] }) },
  preflight: { expect: 'ok', args: () => ({ txId: t.got.txId }) },
  broadcast: { expect: 'ok', args: () => ({ txId: t.got.txId }) },
  // 11.5 h on, the batch's first transfer has half an hour left: reissue makes a fresh one.
  reissue: {
    expect: 'ok',
    before: () => t.node.block(11.5 * 3_600_000),
    args: () => ({ txId: t.got.spareTxId, expiresIn: '1h' }),
    keep: (v) => (t.got.reissuedTxId = v.txId as string),
  },
  // The transfer just re-issued was never broadcast: discarding it leaves the new one.
  discard: { expect: 'ok', args: () => ({ txId: t.got.spareTxId }) },
  list: { expect: 'ok', args: () => ({}) },
  transactionsRefreshStatus: { expect: 'ok', args: () => undefined },
  // docs/decisions.md §18: the batch of two (the broadcast one and the reissued one) and their total.
  queueBatch: { expect: 'ok', args: () => ({ action: 'export', txIds: [t.got.txId, t.got.reissuedTxId], merged: true }) },
  queueTotals: { expect: 'ok', args: () => ({ txIds: [t.got.txId, t.got.reissuedTxId] }) },
});
