/**
 * Live status (docs/decisions.md §18, "Stations that agree with the chain"; docs/decisions.md §24, "a transaction's fate is
 * proven, not told"): the station asks the node, by txID, what became of every transaction it holds
 * that may be on chain, whoever broadcast it, and records it confirmed or failed only when the block
 * proves it (station/node/fate-proof.ts): the answer names the txID asked, the block is at or below
 * the node's head, holds the transaction under its recomputed transaction root, is signed by the
 * block key of an executive this station knows, and is at or below the solidified head; the result
 * is the block's `ret`. Until then the node's report is held in memory (station/core/fate-reports.ts)
 * as "reported by the node, unverified" or "in block N, not yet irreversible". One pass is
 * `transactionsRefreshStatus` (the API, the CLI's `status refresh`); a station opened with
 * `statusRefreshMs` also runs passes by itself on that interval.
 *
 * Invariants:
 * - Passes never overlap: a pass asked for while one runs joins it (the timer schedules the next
 *   one only after the last has ended).
 * - A pass asks about at most MAX_STATUS_LOOKUPS_PER_PASS transactions, least recently asked first,
 *   and only ones still open (collecting, ready, broadcast, or failed without a block) that expired
 *   less than STATUS_LOOKBACK_MS ago: the rest wait for the next pass.
 * - A pass reads the head, the solidified head and each block it needs once, however many of the
 *   station's transactions a block holds; the executive set is kept with the head it was read at
 *   and read again only when a block names a producer it does not hold.
 * - Only a proven, irreversible fate moves a status (station/core/chain-report.ts); an unreachable
 *   node changes nothing and ends the pass; a lie about one block changes nothing for anyone.
 * - Broadcast and the dry run are refused as "already on chain" only on a proven fate; an unproven
 *   report never stops a broadcast (the node answers a duplicate itself).
 * - After the station closes, no pass starts and a pass under way writes nothing more.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { MAX_STATUS_LOOKUPS_PER_PASS, MAX_STATUS_REFRESH_MS, MIN_STATUS_REFRESH_MS, STATUS_LOOKBACK_MS, type TxStatus } from '../../shared/base/limits.ts';
import type { NodeClient } from '../node/node-client.ts';
import { FateProver, readExecutiveSetOrWhy, readHead, readSolidHead, type ExecutiveSet } from '../node/fate-proof.ts';
import { lookUpTransaction, type TransactionFate } from '../node/transaction-fate.ts';
import { heldFates, heldFateText } from '../core/fate-reports.ts';
import type { TransactionRecord } from '../store/transactions.ts';
import { applyChainReport, type ChainReport } from '../core/chain-report.ts';
import type { Source } from '../store/row-checks.ts';
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
  /** Reported in a block but not (yet) settled: unverified, or not yet irreversible, with the words. */
  unverified: { txId: string; block: number; text: string }[];
  /** Blocks this pass read from the node (each at most once). */
  blocksRead: number;
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

/** The executive set each open station keeps, with the head block it was read at (in memory: the node's list is public and read again when needed). */
const executiveSets = new WeakMap<StationContext, ExecutiveSet>();

/** One pass's prover: the node's head and solidified head now, and the executive set (read once when none is held). */
async function proverFor(ctx: StationContext, node: NodeClient): Promise<FateProver> {
  const head = await readHead(node);
  const solid = await readSolidHead(node, head);
  let set = executiveSets.get(ctx);
  if (set === undefined || set.unreadable !== undefined) executiveSets.set(ctx, (set = await readExecutiveSetOrWhy(node, head)));
  return new FateProver(node, head, solid, set, (fresh) => executiveSets.set(ctx, fresh));
}

/** A fate to record: the block proved it and it is irreversible. */
interface ProvenFate {
  r: TransactionRecord;
  report: ChainReport;
  source: Source;
}

/**
 * Proves the node's answer about `r` with `prover`: returns the fate to record when proven and
 * irreversible; otherwise holds it in memory (or forgets a report the node no longer makes) and
 * returns null. Writes nothing to the store.
 */
async function judge(
  ctx: StationContext,
  node: NodeClient,
  prover: FateProver | null,
  r: TransactionRecord,
  fate: TransactionFate,
): Promise<ProvenFate | null> {
  const hex = bytesToHex(r.txId);
  const held = heldFates(ctx);
  if (fate.kind !== 'in block' || prover === null) {
    held.delete(hex);
    return null;
  }
  const proof = await prover.prove(hex, fate.id, fate.block);
  if (proof.kind === 'unverified') {
    held.set(hex, { kind: 'unverified', block: fate.block, result: fate.result, fee: fate.fee, url: node.baseUrl, why: proof.why });
    return null;
  }
  if (!proof.irreversible) {
    held.set(hex, { kind: 'not irreversible', block: proof.block, result: proof.result, fee: fate.fee, url: node.baseUrl, why: null });
    return null;
  }
  held.delete(hex);
  const reason =
    proof.result === 'SUCCESS'
      ? null
      : fate.result === proof.result && fate.reason !== null
        ? fate.reason
        : `It is in block ${proof.block} and failed there (${proof.result}). The fee was paid; nothing else changed on chain.`;
  return {
    r,
    report: { block: proof.block, result: proof.result, fee: fate.fee, reason },
    source: { kind: 'node', url: node.baseUrl, blockNumber: proof.block, blockId: proof.blockId },
  };
}

/** Records a proven fate; returns the status it moved to, or null when nothing changed. */
function record(ctx: StationContext, p: ProvenFate): TxStatus | null {
  return applyChainReport(ctx, p.r.txId, p.report, p.source) ? ctx.store.getTransaction(p.r.txId)!.status : null;
}

/** Proves and records the node's answer about one transaction (the single-transaction calls). */
async function settle(ctx: StationContext, node: NodeClient, r: TransactionRecord, fate: TransactionFate): Promise<void> {
  const proven = await judge(ctx, node, fate.kind === 'in block' ? await proverFor(ctx, node) : null, r, fate);
  if (proven) record(ctx, proven);
}

/**
 * Refuses, saying so first, a dry run or broadcast of a transaction proven on chain: as this
 * station recorded it, or as the node's answer now proves it (recording the proof). An unproven
 * report, or a node that holds the transaction without a block, refuses nothing: the node answers
 * a duplicate broadcast itself. Offline, it leaves the decision to the dry run.
 */
export async function refuseIfOnChain(ctx: StationContext, r: TransactionRecord): Promise<void> {
  const seen = r.chain !== null && isObserved(r.chain.source) ? r.chain : null;
  let block = seen?.block ?? null;
  if (block === null) {
    await fateNow(ctx, r);
    const after = ctx.store.getTransaction(r.txId)?.chain ?? null;
    if (after !== null && isObserved(after.source)) block = after.block;
  }
  if (block !== null) fail('CONFLICT', `txid: already on chain in block ${block}; nothing was sent`, { field: 'txid', block });
}

/**
 * What the node answers now about `r`, recording a fate its block proves (the dry run's and
 * broadcast's check, and discard's, docs/decisions.md §18); null when the node cannot be reached.
 */
export async function fateNow(ctx: StationContext, r: TransactionRecord): Promise<TransactionFate | null> {
  try {
    const node = await ctx.nodeReady();
    const fate = await lookUpTransaction(node, bytesToHex(r.txId));
    await settle(ctx, node, r, fate);
    return fate;
  } catch (e) {
    if (nodeDown(e)) return null;
    throw e;
  }
}

/** Asks the node about one stored transaction and records a fate its block proves (the single-transaction `status`). */
export async function refreshOne(ctx: StationContext, r: TransactionRecord): Promise<void> {
  try {
    const node = await ctx.nodeReady();
    await settle(ctx, node, r, await lookUpTransaction(node, bytesToHex(r.txId)));
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
    const out: RefreshStatusView = { asked: 0, changes: [], waiting: 0, unverified: [], blocksRead: 0, text: '' };
    if (ids.length > 0) {
      const node = await ctx.online((n) => Promise.resolve(n));
      // First every lookup, then each block once for all the transactions it holds.
      const answers: { r: TransactionRecord; fate: TransactionFate }[] = [];
      for (const id of ids) {
        if (closed) break;
        const r = ctx.store.getTransaction(id);
        if (!r) continue;
        // The first unreachable lookup is the caller's error (ctx.online words it); none is recorded.
        answers.push({ r, fate: await ctx.online(() => lookUpTransaction(node, bytesToHex(id))) });
        out.asked += 1;
      }
      const prover = !closed && answers.some((a) => a.fate.kind === 'in block') ? await ctx.online(() => proverFor(ctx, node)) : null;
      const proven: ProvenFate[] = [];
      const unchanged: Uint8Array[] = [];
      for (const { r, fate } of answers) {
        if (closed) break;
        const p = await ctx.online(() => judge(ctx, node, prover, r, fate));
        if (p !== null) {
          proven.push(p);
          continue;
        }
        const hex = bytesToHex(r.txId);
        const held = heldFates(ctx).get(hex);
        if (fate.kind !== 'in block') out.waiting += 1;
        else if (held !== undefined) out.unverified.push({ txId: hex, block: held.block, text: `${hex}: ${heldFateText(held)}` });
        unchanged.push(r.txId);
      }
      // Every proven fate of the pass in one store transaction (one commit, one audit anchor).
      if (!closed && proven.length > 0) {
        const moved = ctx.store.atomic(() => proven.map((p) => ({ p, status: record(ctx, p) })));
        for (const { p, status } of moved) {
          const hex = bytesToHex(p.r.txId);
          if (status === null) {
            unchanged.push(p.r.txId);
            continue;
          }
          out.changes.push({ txId: hex, status, block: p.report.block, text: `${hex}: ${status} in block ${p.report.block}` });
        }
      }
      out.blocksRead = prover?.blocksRead ?? 0;
      if (!closed && unchanged.length > 0) ctx.store.markChainChecked(unchanged);
    }
    const unsettled =
      out.unverified.length > 0 ? `, ${out.unverified.length} reported in a block but not settled (${out.unverified.map((u) => u.text).join('; ')})` : '';
    out.text =
      out.asked === 0
        ? 'No open transaction to ask the node about.'
        : `Asked the node about ${out.asked} transaction(s): ${out.changes.length} changed${out.changes.length ? ` (${out.changes.map((c) => c.text).join('; ')})` : ''}, ${out.waiting} not in a block yet${unsettled}.`;
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
