/**
 * Live status (issue 18, "Stations that agree with the chain"): the station asks the node, by
 * txID, what became of every transaction it holds that may be on chain, whoever broadcast it, and
 * marks it confirmed (block, result, fee paid) or failed (the node's reason in words). One pass is
 * `transactionsRefreshStatus` (the API, the CLI's `status refresh`); a station opened with
 * `statusRefreshMs` also runs passes by itself on that interval, so a queue turns confirmed
 * without a click. Before a dry run or a broadcast, `refuseIfOnChain` says "already on chain in
 * block N; nothing was sent" instead of comparing permissions.
 *
 * Invariants:
 * - Passes never overlap: a pass asked for while one runs joins it (the timer schedules the next
 *   one only after the last has ended).
 * - A pass asks about at most MAX_STATUS_LOOKUPS_PER_PASS transactions, least recently asked first,
 *   and only ones still open (collecting, ready, broadcast, or failed without a block) that expired
 *   less than STATUS_LOOKBACK_MS ago: the rest wait for the next pass.
 * - Only the node's answer moves a status (station/core/chain-report.ts); an unreachable node
 *   changes nothing and ends the pass.
 * - After the station closes, no pass starts and a pass under way writes nothing more.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { MAX_STATUS_LOOKUPS_PER_PASS, MAX_STATUS_REFRESH_MS, MIN_STATUS_REFRESH_MS, STATUS_LOOKBACK_MS, type TxStatus } from '../../shared/base/limits.ts';
import type { NodeClient } from '../node/node-client.ts';
import { lookUpTransaction, type TransactionFate } from '../node/transaction-fate.ts';
import type { TransactionRecord } from '../store/transactions.ts';
import { applyChainReport } from '../core/chain-report.ts';
import type { StationContext } from '../core/context.ts';
import { isObserved } from '../core/provenance.ts';

/** Statuses whose transaction may be on chain without this station knowing it yet. */
const OPEN_STATUSES: readonly TxStatus[] = ['collecting', 'ready', 'broadcast', 'failed'];

/** What one pass did. */
export interface RefreshStatusView {
  /** How many transactions the node was asked about. */
  asked: number;
  /** Each transaction whose status this pass changed, with the fact in words. */
  changes: { txId: string; status: TxStatus; block: number; text: string }[];
  /** Asked about and not yet in a block (the node holds it, or does not know it). */
  waiting: number;
  text: string;
}

const nodeDown = (e: unknown): boolean => e instanceof AirlockError && (e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT');

/** Reads `statusRefreshMs` from the station's options: undefined or 0 is off, else a bounded interval. */
function refreshInterval(ctx: StationContext): number | null {
  const ms = ctx.options.statusRefreshMs;
  if (ms === undefined || ms === 0) return null;
  if (!Number.isSafeInteger(ms) || ms < MIN_STATUS_REFRESH_MS || ms > MAX_STATUS_REFRESH_MS)
    fail('INVALID_INPUT', `status refresh: the interval must be 0 (off) or ${MIN_STATUS_REFRESH_MS} to ${MAX_STATUS_REFRESH_MS} ms`, {
      field: 'statusRefreshMs',
    });
  return ms;
}

/** Records the node's answer about `r`; returns the status it moved to, or null when nothing changed. */
function record(ctx: StationContext, node: NodeClient, r: TransactionRecord, fate: TransactionFate): TxStatus | null {
  if (fate.kind !== 'in block') return null;
  const { kind: _kind, ...report } = fate;
  const changed = applyChainReport(ctx, r.txId, report, { kind: 'node', url: node.baseUrl, blockNumber: fate.block });
  return changed ? ctx.store.getTransaction(r.txId)!.status : null;
}

/**
 * Refuses, saying so first, a dry run or broadcast of a transaction already on chain: as this
 * station saw it, or as the node answers now (recording the answer). Offline, it leaves the
 * decision to the dry run.
 */
export async function refuseIfOnChain(ctx: StationContext, r: TransactionRecord): Promise<void> {
  const seen = r.chain !== null && isObserved(r.chain.source) ? r.chain : null;
  let block = seen?.block ?? null;
  if (block === null) {
    const fate = await fateNow(ctx, r);
    if (fate === null) return;
    if (fate.kind === 'pending')
      fail('CONFLICT', 'txid: the node already holds this transaction and puts it in its next block; nothing was sent', { field: 'txid' });
    if (fate.kind === 'in block') block = fate.block;
  }
  if (block !== null) fail('CONFLICT', `txid: already on chain in block ${block}; nothing was sent`, { field: 'txid', block });
}

/**
 * What the node answers now about `r`, recording a block it names (the dry run's and broadcast's
 * check, and discard's, issue 18); null when the node cannot be reached.
 */
export async function fateNow(ctx: StationContext, r: TransactionRecord): Promise<TransactionFate | null> {
  try {
    const node = await ctx.nodeReady();
    const fate = await lookUpTransaction(node, bytesToHex(r.txId));
    record(ctx, node, r, fate);
    return fate;
  } catch (e) {
    if (nodeDown(e)) return null;
    throw e;
  }
}

/** Asks the node about one stored transaction and records a block it names (the single-transaction `status`). */
export async function refreshOne(ctx: StationContext, r: TransactionRecord): Promise<void> {
  try {
    const node = await ctx.nodeReady();
    record(ctx, node, r, await lookUpTransaction(node, bytesToHex(r.txId)));
  } catch (e) {
    // Offline or a bad reply: the status shown is the stored one.
    if (!(e instanceof AirlockError) || !e.code.startsWith('NODE_')) throw e;
  }
}

export function statusRefreshFeature(ctx: StationContext) {
  let running: Promise<RefreshStatusView> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const pass = async (): Promise<RefreshStatusView> => {
    const ids = ctx.store.listUnsettled({
      statuses: OPEN_STATUSES,
      expiredAfter: Math.max(0, ctx.now() - STATUS_LOOKBACK_MS),
      limit: MAX_STATUS_LOOKUPS_PER_PASS,
    });
    const out: RefreshStatusView = { asked: 0, changes: [], waiting: 0, text: '' };
    if (ids.length > 0) {
      const node = await ctx.online((n) => Promise.resolve(n));
      const unchanged: Uint8Array[] = [];
      for (const id of ids) {
        if (closed) break;
        const r = ctx.store.getTransaction(id);
        if (!r) continue;
        const hex = bytesToHex(id);
        // The first unreachable lookup is the caller's error (ctx.online words it); none is recorded.
        const fate = await ctx.online(() => lookUpTransaction(node, hex));
        out.asked += 1;
        if (closed) break;
        const status = record(ctx, node, r, fate);
        if (status === null) {
          if (fate.kind !== 'in block') out.waiting += 1;
          unchanged.push(id);
          continue;
        }
        const chain = ctx.store.getTransaction(id)!.chain!;
        out.changes.push({ txId: hex, status, block: chain.block, text: `${hex}: ${status} in block ${chain.block}` });
      }
      if (!closed && unchanged.length > 0) ctx.store.markChainChecked(unchanged);
    }
    out.text =
      out.asked === 0
        ? 'No open transaction to ask the node about.'
        : `Asked the node about ${out.asked} transaction(s): ${out.changes.length} changed${out.changes.length ? ` (${out.changes.map((c) => c.text).join('; ')})` : ''}, ${out.waiting} not in a block yet.`;
    return out;
  };

  /** One pass, or the one already under way. */
  const refresh = (): Promise<RefreshStatusView> => {
    if (closed) fail('CONFLICT', 'the station is closed', { field: 'station' });
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  const interval = refreshInterval(ctx);
  const schedule = (): void => {
    if (closed || interval === null) return;
    timer = setTimeout(() => {
      timer = null;
      // A pass run by the station itself reports to no one: an offline node or a bad reply waits for the next.
      refresh()
        .catch(() => undefined)
        .finally(schedule);
    }, interval);
    // The timer never keeps a process alive on its own (a CLI run, a test).
    timer.unref();
  };
  schedule();

  return {
    /** One pass: asks the node about every open transaction (bounded per pass) and records what it says. */
    async transactionsRefreshStatus(): Promise<RefreshStatusView> {
      return refresh();
    },

    /** Stops the passes the station runs by itself (the station calls it as it closes). */
    stopStatusRefresh(): void {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
