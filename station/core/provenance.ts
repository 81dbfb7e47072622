/**
 * Where a fact the station holds came from, judged once (docs/decisions.md §16, "Provenance on every fact"), and
 * which of two versions of a fact wins (docs/decisions.md §24, "Facts are ordered by the chain"): an account, a
 * permission, a token description, a contract's TRC-20 facts or a block is either observed (read by
 * this station from a node, or by a pinned exporter that signed the file) or claimed (carried in by
 * a file or typed by a caller). Every screen that counts weight, shows an amount in token units or
 * offers to sign asks this module, never the raw source.
 *
 * Invariants: only an observation counts as proof; a claim never replaces an observation; between
 * two observations the one read at the higher block wins, whatever dates they carry (a date is the
 * writer's word, the block is the chain's); a date decides only between two claims, or between two
 * observations of which neither names its block (rows stored before blocks were recorded).
 */
import type { NodeClient } from '../node/node-client.ts';
import type { Source } from '../store/row-checks.ts';

/**
 * True when this station read the fact from a node itself, or when a file signed by an exporter
 * this station pinned says that exporter read it from a node (docs/decisions.md §16, "Trusted exporters"); never
 * when an unsigned file or an unpinned exporter says so. A source dated after this station's clock
 * never gets this far: every reader of a file refuses it (core/future-dates.ts).
 */
export function isObserved(source: Source): boolean {
  return source.kind === 'node' || source.kind === 'exporter';
}

/** The block a fact was read at, when its source names one (an observation's only; a claim has none that counts). */
export function blockOf(source: Source): number | null {
  if (source.kind === 'file') return null;
  return source.blockNumber ?? null;
}

/** One version of a fact: where it came from and the date its source gave it (read or stored). */
export interface FactVersion {
  source: Source;
  at: number;
}

/**
 * Whether `incoming` may replace `held` (docs/decisions.md §24): an observation replaces a claim; a claim never
 * replaces an observation; between observations the higher block wins (one that names a block
 * outranks one that names none; equal blocks keep the held one: the chain said the same); between
 * two claims, or two observations without blocks, the later date wins.
 */
export function outranks(incoming: FactVersion, held: FactVersion): boolean {
  const inObserved = isObserved(incoming.source);
  const heldObserved = isObserved(held.source);
  if (inObserved !== heldObserved) return inObserved;
  if (inObserved) {
    const inBlock = blockOf(incoming.source);
    const heldBlock = blockOf(held.source);
    if (inBlock !== null && heldBlock !== null) return inBlock > heldBlock;
    if (inBlock !== null || heldBlock !== null) return inBlock !== null;
  }
  return incoming.at > held.at;
}

/** The words for why `held` was kept over `incoming` (outranks said no), for the import's result; `heldText` names its source. */
export function keptBecause(incoming: FactVersion, held: FactVersion, heldText: string): string {
  if (!isObserved(held.source)) return `this station's copy (${heldText}) is as new or newer; kept it`;
  if (isObserved(incoming.source)) return `this station's observation (${heldText}) is as new or newer; kept it`;
  const whose = held.source.kind === 'node' ? 'this station observed it from the node' : 'this station holds an observation';
  return `${whose} (${heldText}); a file's claim does not replace that`;
}

/**
 * The block an offline build references, from the stored blocks highest first (docs/decisions.md §24: "an
 * unsigned snapshot's block is used for offline builds ahead of observed ones"): the highest
 * observed block (a pinned exporter's), else the highest claimed one; undefined when none is stored.
 */
export function blockForBuilds<T extends { source: Source }>(highestFirst: readonly T[]): T | undefined {
  return highestFirst.find((r) => isObserved(r.source)) ?? highestFirst[0];
}

/**
 * The source of a fact this station is about to read from `node` (docs/decisions.md §24: every fact carries the
 * block it was read at): the node's head block, asked first, so the fact read after it is at least
 * that new.
 */
export async function nodeSourceAtHead(node: Pick<NodeClient, 'latestBlock'>, url: string): Promise<Source> {
  const head = await node.latestBlock();
  return { kind: 'node', url, blockNumber: head.number };
}
