/**
 * The account at a glance as this station keeps it from a snapshot (docs/decisions.md §25), for an offline
 * station to show: imported with the snapshot's other facts (snapshots.ts), checked there as claims
 * (the dates and blocks here), ordered against the one held by core/provenance.ts `outranks`.
 *
 * Where it is kept: one plain-JSON entry per account in the `settings` table under
 * `account-glance:<Base58 address>` (the facts, the node, block and time they were read at, their
 * Source), as token-details.ts keeps a token's sale; nothing lists settings, so the entry is seen only
 * here, and moving it to a table of its own changes this file alone. The facts are bounded
 * (shared/base/limits.ts MAX_GLANCE_*), so an entry stays within the store's MAX_JSON_LENGTH.
 *
 * Invariants: a stored entry is read again strictly when used (shared/files/snapshot-glance.ts, the
 * store's checkSource): a hand-edited one is "not known", never shown as figures; a glance read at a
 * block after its snapshot's block, or dated (read time, block time) past this clock plus
 * MAX_FUTURE_SKEW_MS, is refused with the whole file, before anything is stored; a glance of an account
 * the file does not carry is refused too; a claim never replaces what this station holds as observed,
 * and of two observations the higher block wins.
 */
import { fail } from '../../shared/base/errors.ts';
import { readGlanceFacts, glanceFactsOf, type GlanceFacts } from '../../shared/files/snapshot-glance.ts';
import type { ChainSnapshot } from '../../shared/files/snapshot.ts';
import { isRecord } from '../../shared/chain/input.ts';
import type { StationContext } from '../core/context.ts';
import { refuseFutureDate } from '../core/future-dates.ts';
import { keptBecause, outranks } from '../core/provenance.ts';
import { sourceView } from '../core/records.ts';
import { sourceOfSigned, type ExporterJudgement } from '../core/exporter-trust.ts';
import { checkSource, type JsonValue, type Source } from '../store/row-checks.ts';
import { sourceToJson } from '../store/table.ts';
import type { Store } from '../store/store.ts';

/** The settings key an account's glance is kept under (see the file's note). */
export const GLANCE_KEY_PREFIX = 'account-glance:';

export interface StoredGlance {
  /** Base58. */
  address: string;
  /** The node the facts were read from (as the file says) and the block it was at, with that block's time. */
  node: string;
  block: number;
  blockTime: number;
  source: Source;
  /** When they were read (ms). */
  at: number;
  facts: GlanceFacts;
}

/** The glance this station holds for `address` (Base58), or null: none, or an entry that does not read back. */
export function getGlance(store: Store, address: string): StoredGlance | null {
  const v = store.getSetting(GLANCE_KEY_PREFIX + address);
  if (!isRecord(v)) return null;
  try {
    const { node, block, blockTime, at } = v;
    if (v.address !== address || typeof node !== 'string') return null;
    if (![block, blockTime, at].every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0)) return null;
    return {
      address,
      node,
      block: block as number,
      blockTime: blockTime as number,
      at: at as number,
      source: checkSource(v.source, 'getGlance', 'source'),
      facts: readGlanceFacts(v.facts, 'glance').facts,
    };
  } catch {
    return null;
  }
}

function putGlance(store: Store, g: StoredGlance): void {
  const entry = { ...g, source: sourceToJson(g.source), facts: glanceFactsOf(g.facts) };
  store.setSetting(GLANCE_KEY_PREFIX + g.address, entry as unknown as JsonValue);
}

/**
 * Refuses the file (before anything is stored) when a glance is dated ahead of this clock, was read at
 * a block after the snapshot's own, names a block its source does not, or is of an account the file
 * does not carry.
 */
export function checkSnapshotGlances(now: number, snapshot: ChainSnapshot, file: string): void {
  const accounts = new Set(snapshot.accounts.map((a) => a.address));
  (snapshot.glances ?? []).forEach((g, i) => {
    const at = `glances[${i}]`;
    refuseFutureDate(now, g.at, `${at}.at`, file);
    refuseFutureDate(now, g.blockTime, `${at}.blockTime`, file);
    if (g.block > snapshot.block.number)
      fail('INVALID_INPUT', `${file}: ${at}.block: read at block ${g.block}, after the snapshot's block ${snapshot.block.number}; nothing was stored`, {
        field: `${at}.block`,
        file,
      });
    if ('block' in g.source && g.source.block !== g.block)
      fail('INVALID_INPUT', `${file}: ${at}.source.block: ${g.source.block} is not the glance's block ${g.block}; nothing was stored`, {
        field: `${at}.source.block`,
        file,
      });
    if (!accounts.has(g.address))
      fail('INVALID_INPUT', `${file}: ${at}.address: ${g.address} is not among the snapshot's accounts; nothing was stored`, { field: `${at}.address`, file });
  });
}

/** Stores the file's glances (inside the import's store transaction): the ones taken, and the ones kept over them with why. */
export function storeSnapshotGlances(
  ctx: StationContext,
  snapshot: ChainSnapshot,
  judged: ExporterJudgement | null,
  file: string,
): { stored: string[]; kept: { address: string; reason: string }[] } {
  const stored: string[] = [];
  const kept: { address: string; reason: string }[] = [];
  for (const g of snapshot.glances ?? []) {
    const from = sourceOfSigned(ctx, judged, file, g.source, g.at);
    const held = getGlance(ctx.store, g.address);
    const incoming = { source: from, at: g.at };
    if (held && !outranks(incoming, { source: held.source, at: held.at })) {
      kept.push({ address: g.address, reason: keptBecause(incoming, { source: held.source, at: held.at }, sourceView(held.source).text) });
      continue;
    }
    const node = 'node' in g.source ? g.source.node : snapshot.node;
    putGlance(ctx.store, { address: g.address, node, block: g.block, blockTime: g.blockTime, source: from, at: g.at, facts: glanceFactsOf(g) });
    stored.push(g.address);
  }
  return { stored, kept };
}
