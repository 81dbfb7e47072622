/**
 * What the station knows about a token beyond the `tokens` table's columns (docs/decisions.md §10 "Tokens",
 * `tokenShow`): the sale (price `coin_num`/`num`, window), the cded supply schedule and the free
 * bandwidth limits of its AssetIssueContract (spec §4.5, PROTOCOL.md §1.5, §6.1), and the token
 * view the station API returns.
 *
 * Where it is kept: the `tokens` table (migration 1) has no column for these, and this round's one
 * migration belongs to another change, so until a migration adds columns the sale is kept as one
 * plain-JSON entry in the `settings` table under `token-sale:<id>` (int64 as decimal text), written
 * in the same store transaction as the token's row. Nothing lists settings, so the entry is seen
 * only here. Moving it to columns changes this file alone.
 *
 * Invariants: a stored entry is re-checked when read (a hand-edited database gives "not known",
 * never a wrong price); a token from a source that did not carry the sale (a handoff file, an old
 * snapshot whose coin_num is 0) has the sale `null`, never zeros; text in the view is escaped
 * (shared/base/escape.ts), so a name or description cannot reorder or hide what a person reads.
 */
import { escapeText, hasUnsafeText } from '../../shared/base/escape.ts';
import { formatUnits } from '../../shared/base/display.ts';
import { INT64_MAX } from '../../shared/base/int64.ts';
import { MAX_CDED_SUPPLY_ENTRIES } from '../../shared/base/limits.ts';
import { isRecord } from '../../shared/chain/input.ts';
import type { SnapshotToken } from '../../shared/files/snapshot.ts';
import { formatDuration } from '../../shared/base/duration.ts';
import type { TokenSale } from '../node/token-sale.ts';
import type { Store } from '../store/store.ts';
import type { TokenRecord } from '../store/tokens.ts';
import type { Provenance } from '../../shared/api/provenance-schema.ts';

/** The settings key a token's sale is kept under (see the file's note). */
export const TOKEN_SALE_KEY_PREFIX = 'token-sale:';

export interface TokenSourceView {
  kind: 'node' | 'file' | 'exporter';
  text: string;
}

/** The station API's TOKEN_VIEW (shared/api/station-api.ts), JSON-safe. */
export interface TokenView {
  id: string;
  /** Escaped with escapeText. */
  name: string;
  abbreviation: string;
  description: string;
  url: string;
  /** True when any of the four texts had a character that had to be escaped. */
  hiddenCharacters: boolean;
  precision: number;
  owner: string;
  /** Smallest units, decimal. */
  totalSupply: string;
  /** In whole tokens ("1000.5"). */
  totalSupplyTokens: string;
  /** null when the station has not read the sale from a node or a snapshot. */
  sale: (TokenSale & { open: boolean; state: 'before' | 'open' | 'ended' }) | null;
  source: TokenSourceView;
  /** The description judged (docs/decisions.md §16): observed from the node or claimed by a file, its age; amounts shown with it say so. */
  provenance: Provenance;
  storedAt: number;
  ageMs: number;
  age: string;
}

const INT64_TEXT = /^(0|[1-9][0-9]{0,18})$/;

function int64Text(value: unknown): value is string {
  return typeof value === 'string' && INT64_TEXT.test(value) && BigInt(value) <= INT64_MAX;
}

function positiveInt32(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2 ** 31 - 1;
}

function epochMs(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** The sale a snapshot or handoff file carries, or null when it carries none (coin_num 0: written before files kept it). */
export function saleOfSnapshotToken(t: SnapshotToken): TokenSale | null {
  if (!positiveInt32(t.coin_num) || !positiveInt32(t.num) || !epochMs(t.start_time) || !epochMs(t.end_time)) return null;
  return {
    coinNum: t.coin_num,
    num: t.num,
    startTime: t.start_time,
    endTime: t.end_time,
    cdedSupply: null,
    freeAssetNetLimit: null,
    publicFreeAssetNetLimit: null,
  };
}

/** Re-checks a stored entry; anything off reads as "not known". */
function readSale(value: unknown): TokenSale | null {
  if (!isRecord(value)) return null;
  const { coinNum, num, startTime, endTime, cdedSupply, freeAssetNetLimit, publicFreeAssetNetLimit } = value;
  if (!positiveInt32(coinNum) || !positiveInt32(num) || !epochMs(startTime) || !epochMs(endTime)) return null;
  let cded: TokenSale['cdedSupply'] = null;
  if (Array.isArray(cdedSupply)) {
    if (cdedSupply.length > MAX_CDED_SUPPLY_ENTRIES || !cdedSupply.every((e) => isRecord(e) && int64Text(e.amount) && int64Text(e.days))) return null;
    cded = cdedSupply.map((e) => ({ amount: (e as { amount: string }).amount, days: (e as { days: string }).days }));
  } else if (cdedSupply !== null) return null;
  const limit = (x: unknown): string | null | undefined => (x === null ? null : int64Text(x) ? x : undefined);
  const free = limit(freeAssetNetLimit);
  const pub = limit(publicFreeAssetNetLimit);
  if (free === undefined || pub === undefined) return null;
  return { coinNum, num, startTime, endTime, cdedSupply: cded, freeAssetNetLimit: free, publicFreeAssetNetLimit: pub };
}

export function getTokenSale(store: Store, id: string): TokenSale | null {
  return readSale(store.getSetting(TOKEN_SALE_KEY_PREFIX + id));
}

/**
 * Keeps `sale` for token `id`. A sale with fewer facts (a snapshot's, without the schedule) does not
 * erase the schedule and limits a node gave for the same price and window.
 */
export function putTokenSale(store: Store, id: string, sale: TokenSale): void {
  const known = getTokenSale(store, id);
  const same = known && known.coinNum === sale.coinNum && known.num === sale.num && known.startTime === sale.startTime && known.endTime === sale.endTime;
  const merged: TokenSale = {
    ...sale,
    cdedSupply: sale.cdedSupply ?? (same ? known.cdedSupply : null),
    freeAssetNetLimit: sale.freeAssetNetLimit ?? (same ? known.freeAssetNetLimit : null),
    publicFreeAssetNetLimit: sale.publicFreeAssetNetLimit ?? (same ? known.publicFreeAssetNetLimit : null),
  };
  store.setSetting(TOKEN_SALE_KEY_PREFIX + id, { ...merged, cdedSupply: merged.cdedSupply });
}

/** The view of a stored token; `sourceText` is the station's words for where it came from, `provenance` its judgement. */
export function tokenView(t: TokenRecord, sale: TokenSale | null, ownerBase58: string, sourceText: string, provenance: Provenance, now: number): TokenView {
  const texts = [t.name, t.abbreviation, t.description, t.url];
  const state = sale === null ? null : now < sale.startTime ? 'before' : now < sale.endTime ? 'open' : 'ended';
  return {
    id: t.id,
    name: escapeText(t.name),
    abbreviation: escapeText(t.abbreviation),
    description: escapeText(t.description),
    url: escapeText(t.url),
    hiddenCharacters: texts.some(hasUnsafeText),
    precision: t.precision,
    owner: ownerBase58,
    totalSupply: t.totalSupply,
    totalSupplyTokens: formatUnits(BigInt(t.totalSupply), t.precision),
    sale: sale === null || state === null ? null : { ...sale, open: state === 'open', state },
    source: { kind: t.source.kind, text: sourceText },
    provenance,
    storedAt: t.storedAt,
    ageMs: now - t.storedAt,
    age: formatDuration(Math.max(0, now - t.storedAt)),
  };
}
