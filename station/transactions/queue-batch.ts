/**
 * Batch work on the queue (docs/decisions.md §18, "Batch: sign, export ... and broadcast all selected rows at
 * once, with progress and a total per asset"): one action over several transactions, each row run
 * through the station's own `sign`, `exportHandoff` or `broadcast`, so every rule of a single row
 * (the signing-risk overrides, the lockout guard, the dry run before broadcast) applies to each row
 * unchanged; and the total per asset of a set of rows.
 *
 * Invariants:
 * - A refusal of one row is that row's result, in words, and the batch goes on: a batch never stops
 *   at the first refusal, and never signs a row that needs an override (a batch names no risk, so a
 *   row whose screen cannot say what it does is skipped with the reason, not signed blind).
 * - Every argument is checked before any row runs: a bad or repeated txID refuses the whole call and
 *   nothing is signed, exported or broadcast.
 * - A broadcast runs its rows in dependency order (batch-order.ts: a stake before the delegation and
 *   the vote that use it, a permission update before a row its stored permission does not allow yet), and a row that depends on
 *   another is sent only once that row is in a block (the node asked every BATCH_WAIT_POLL_MS, at
 *   most BATCH_WAIT_MAX_MS): a row whose dependency was refused, failed or is not in a block by then
 *   is left unsent, in words naming the row it waited for. Each row says which rows it waited for.
 * - Totals are summed in smallest units per asset (queue-payment.ts) and written with thousands
 *   separators; a token whose description a file only claimed says so beside its total.
 */
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { COIN_DECIMALS, formatGrouped, groupDigits } from '../../shared/base/amount.ts';
import { decodeRawShowingUnknown } from '../../shared/chain/transaction.ts';
import { bundleHandoffs } from '../../shared/files/handoff-bundle.ts';
import { BATCH_WAIT_MAX_MS, BATCH_WAIT_POLL_MS, MAX_QUEUE_BATCH, type TxStatus } from '../../shared/base/limits.ts';
import { addressToHex } from '../../shared/chain/address.ts';
import { permissionAllows } from '../../shared/chain/operations.ts';
import { operationWords } from '../../shared/chain/operation-catalogue.ts';
import { planBroadcast, type BatchItem } from './batch-order.ts';
import type { StationContext } from '../core/context.ts';
import type { TransactionBook } from '../core/transaction-book.ts';
import type { HandoffFileView } from '../core/views.ts';
import { queueAssets } from './queue-payment.ts';
import { txIdArg } from '../../shared/chain/input.ts';

export const QUEUE_BATCH_ACTIONS = ['sign', 'export', 'broadcast'] as const;
export type QueueBatchAction = (typeof QUEUE_BATCH_ACTIONS)[number];

/** One row's outcome: done or refused, with the station's words and the row's status after. */
export interface QueueBatchRow {
  txId: string;
  ok: boolean;
  /** The status after the action; null when the station holds no such transaction. */
  status: TxStatus | null;
  /** What happened, in words: who signed, the file's name, the node's answer, or why the row was refused. */
  text: string;
  /** The station's refusal code (shared/base/errors.ts); null when done or when the node itself refused (`text` has its answer). */
  code: string | null;
  /** Broadcast only (docs/decisions.md §26): the rows of this batch it waited for to be in a block first; empty for the others. */
  waitsFor: string[];
}

export interface QueueBatchView {
  action: QueueBatchAction;
  rows: QueueBatchRow[];
  /** The files written by an export: one per row, or one merged file. */
  files: { fileName: string; text: string }[];
  done: number;
  refused: number;
  text: string;
}

export interface QueueTotal {
  /** "TRX", "token:<id>", "trc20:<address>". */
  asset: string;
  /** The total with its unit: "1,234.5 TRX". */
  amount: string;
  /** Where the unit's description came from: the chain's own coin, observed from a node, or a file's claim. */
  provenance: 'node' | 'observed' | 'claimed' | 'unknown';
  /** How many of the rows pay this asset. */
  rows: number;
}

/** The single-row operations a batch runs (the station's own, from status.ts, handoff.ts and broadcast.ts). */
export interface QueueRowOperations {
  sign(args: { txId: string }): Promise<{ signed: string[]; status: TxStatus }>;
  exportHandoff(args: { txId: string }): Promise<HandoffFileView>;
  broadcast(args: { txId: string }): Promise<{ accepted: boolean; status: TxStatus; text: string }>;
  /** The status after asking the node once more about a broadcast transaction (status.ts `status`). */
  status(args: { txId: string }): Promise<{ status: TxStatus }>;
}

/** The txIDs of a batch: 1 to MAX_QUEUE_BATCH, each 64 hex digits, none twice (checked before any row runs). */
function batchTxIds(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) fail('INVALID_INPUT', 'txIds: choose at least one transaction', { field: 'txIds' });
  if (value.length > MAX_QUEUE_BATCH) fail('INVALID_INPUT', `txIds: at most ${MAX_QUEUE_BATCH} transactions at once`, { field: 'txIds' });
  const seen = new Set<string>();
  return value.map((t, i) => {
    const hex = bytesToHex(txIdArg(t, `txIds[${i}]`));
    if (seen.has(hex)) fail('INVALID_INPUT', `txIds[${i}]: the same transaction is chosen twice`, { field: `txIds[${i}]` });
    seen.add(hex);
    return hex;
  });
}

/** A refusal in the row's words: the station's message without the "txid: " it names the single argument by. */
function refusalWords(e: AirlockError): string {
  return e.message.replace(/^txid: /, '');
}

export function queueBatchFeature(ctx: StationContext, book: TransactionBook, ops: QueueRowOperations) {
  const statusOf = (txId: string): TxStatus | null => {
    const r = ctx.store.getTransaction(txIdArg(txId));
    return r ? book.shownStatus(r.status, r.expiration, ctx.now()) : null;
  };

  const runRow = async (action: QueueBatchAction, txId: string, files: HandoffFileView[]): Promise<QueueBatchRow> => {
    try {
      if (action === 'sign') {
        const r = await ops.sign({ txId });
        return { txId, ok: true, status: r.status, text: `Signed by ${r.signed.join(', ')}; now ${r.status}.`, code: null, waitsFor: [] };
      }
      if (action === 'export') {
        const f = await ops.exportHandoff({ txId });
        files.push(f);
        return { txId, ok: true, status: statusOf(txId), text: `Exported with ${f.signatures} signature(s).`, code: null, waitsFor: [] };
      }
      const r = await ops.broadcast({ txId });
      return { txId, ok: r.accepted, status: r.status, text: r.text, code: null, waitsFor: [] };
    } catch (e) {
      // A refusal is this row's result; anything else is a fault of the station and stops the batch.
      if (!(e instanceof AirlockError)) throw e;
      return { txId, ok: false, status: statusOf(txId), text: refusalWords(e), code: e.code, waitsFor: [] };
    }
  };

  /** What the order needs of a row; a row the station does not hold or cannot read depends on nothing. */
  const itemOf = (txId: string): BatchItem => {
    const r = ctx.store.getTransaction(txIdArg(txId));
    if (!r) return { txId, kind: null, owner: '', permissionId: 0, allowedNow: true };
    const d = decodeRawShowingUnknown(r.raw);
    const stored = r.permission === null ? null : book.permissionFromBytes(r.permission);
    const allowedNow = stored !== null && permissionAllows(stored, d.contractTypeId);
    return { txId, kind: d.contractType, owner: addressToHex(d.ownerAddress), permissionId: d.permissionId, allowedNow };
  };
  const kindWords = (item: BatchItem): string => (item.kind === null ? 'transaction' : (operationWords(item.kind)?.name.toLowerCase() ?? item.kind));
  const pollMs = ctx.options.batchWaitPollMs ?? BATCH_WAIT_POLL_MS;

  /** Asks the node about `txId` until it is in a block (confirmed or failed) or BATCH_WAIT_MAX_MS pass; its status then. */
  const untilInBlock = async (txId: string): Promise<TxStatus> => {
    const polls = Math.max(1, Math.ceil(BATCH_WAIT_MAX_MS / pollMs));
    for (let i = 0; ; i++) {
      const { status } = await ops.status({ txId });
      if (status !== 'broadcast' || i >= polls) return status;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };

  /** Broadcasts in dependency order, each row after the rows it waits for are in a block; rows in the order sent. */
  const broadcastInOrder = async (txIds: string[], progress?: (done: number, total: number) => void): Promise<QueueBatchRow[]> => {
    const items = txIds.map(itemOf);
    const plan = planBroadcast(items);
    const results = new Map<number, QueueBatchRow>();
    const rowName = (j: number): string => `row ${txIds.indexOf(items[j]!.txId) + 1} (${kindWords(items[j]!)} ${items[j]!.txId.slice(0, 8)})`;
    for (const i of plan.order) {
      const txId = txIds[i]!;
      const deps = plan.waitsFor[i]!;
      const waitsFor = deps.map((j) => txIds[j]!);
      let blocked: string | null = null;
      for (const j of deps) {
        const dep = results.get(j)!;
        if (!dep.ok) {
          blocked = `Not broadcast: it waits for ${rowName(j)}, which was not sent.`;
          break;
        }
        const status = await untilInBlock(txIds[j]!);
        if (status !== 'confirmed') {
          blocked =
            status === 'broadcast'
              ? `Not broadcast: it waits for ${rowName(j)}, which is not in a block after ${BATCH_WAIT_MAX_MS / 1000} s; broadcast it again once that one is confirmed.`
              : `Not broadcast: it waits for ${rowName(j)}, which is ${status}.`;
          break;
        }
      }
      const row: QueueBatchRow = blocked
        ? { txId, ok: false, status: statusOf(txId), text: blocked, code: 'CONFLICT', waitsFor }
        : { ...(await runRow('broadcast', txId, [])), waitsFor };
      if (!blocked && deps.length > 0) row.text = `After ${deps.map(rowName).join(' and ')} was in a block: ${row.text}`;
      results.set(i, row);
      progress?.(results.size, txIds.length);
    }
    return plan.order.map((i) => results.get(i)!);
  };

  return {
    /**
     * Signs, exports or broadcasts each of `txIds` in turn with the single-row operation, reporting
     * every row (a broadcast in dependency order, rows reported in the order sent); `merged` puts the exported files in one merged handoff file. `progress` (for the
     * command line) hears after each row.
     */
    async queueBatch(args: {
      action: QueueBatchAction;
      txIds: unknown;
      merged?: boolean;
      progress?: (done: number, total: number) => void;
    }): Promise<QueueBatchView> {
      if (!(QUEUE_BATCH_ACTIONS as readonly unknown[]).includes(args.action))
        fail('INVALID_INPUT', `action: one of ${QUEUE_BATCH_ACTIONS.join(', ')}`, { field: 'action' });
      if (args.merged !== undefined && typeof args.merged !== 'boolean') fail('INVALID_INPUT', 'merged: yes or no', { field: 'merged' });
      if (args.merged === true && args.action !== 'export') fail('INVALID_INPUT', 'merged: only an export writes a merged file', { field: 'merged' });
      const txIds = batchTxIds(args.txIds);
      const exported: HandoffFileView[] = [];
      const rows: QueueBatchRow[] = [];
      if (args.action === 'broadcast') rows.push(...(await broadcastInOrder(txIds, args.progress)));
      else
        for (const txId of txIds) {
          rows.push(await runRow(args.action, txId, exported));
          args.progress?.(rows.length, txIds.length);
        }
      const files =
        args.merged === true && exported.length > 0
          ? [
              {
                fileName: `batch-${exported.length}-${exported[0]!.txId.slice(0, 8)}.airlock.json`,
                text: bundleHandoffs(exported.map((f) => ({ name: f.fileName, text: f.text }))),
              },
            ]
          : exported.map((f) => ({ fileName: f.fileName, text: f.text }));
      const done = rows.filter((r) => r.ok).length;
      const verb = args.action === 'sign' ? 'signed' : args.action === 'export' ? 'exported' : 'broadcast';
      return {
        action: args.action,
        rows,
        files,
        done,
        refused: rows.length - done,
        text: `${done} of ${rows.length} ${verb}${done < rows.length ? `; ${rows.length - done} refused` : ''}.`,
      };
    },

    /** The total per asset of `txIds` (what they pay out), with thousands separators and the asset's provenance. */
    queueTotals(args: { txIds: unknown }): { totals: QueueTotal[]; staked: string | null; text: string } {
      const sums = new Map<string, { unit: string; decimals: number | null; units: bigint; provenance: QueueTotal['provenance']; rows: number }>();
      // docs/decisions.md §26: a stake pays nothing out, but a total of "nothing" beside a 5,000 TRX stake misleads.
      let staked = 0n;
      for (const txId of batchTxIds(args.txIds)) {
        const decoded = decodeRawShowingUnknown(book.record(txId).raw);
        if ((decoded.contractType === 'FreezeBalanceV2Contract' || decoded.contractType === 'FreezeBalanceContract') && 'contract' in decoded)
          staked += (decoded.contract as unknown as { frozenBalance: bigint }).frozenBalance;
        for (const a of queueAssets(ctx, decoded)) {
          const sum = sums.get(a.key) ?? { unit: a.unit, decimals: a.decimals, units: 0n, provenance: a.provenance, rows: 0 };
          sum.units += a.units;
          sum.rows += 1;
          sums.set(a.key, sum);
        }
      }
      const totals = [...sums].map(([asset, s]): QueueTotal => {
        const amount = `${s.decimals === null ? groupDigits(s.units.toString()) : formatGrouped(s.units, s.decimals)} ${s.unit}`;
        return {
          asset,
          amount: s.provenance === 'claimed' ? `${amount}, as a file describes the token (not read from a node)` : amount,
          provenance: s.provenance,
          rows: s.rows,
        };
      });
      const stakedText = staked === 0n ? null : `${formatGrouped(staked, COIN_DECIMALS)} TRX`;
      const paid = totals.length === 0 ? 'Nothing is paid out' : totals.map((t) => t.amount).join('; ');
      return { totals, staked: stakedText, text: stakedText === null ? (totals.length === 0 ? `${paid}.` : paid) : `${paid}; stakes ${stakedText}.` };
    },
  };
}
