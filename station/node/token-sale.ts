/**
 * A token's sale as a node reports it (getassetissuebyid: price `coin_num`/`num`, window, cded
 * supply schedule, free bandwidth limits; spec §4.5, PROTOCOL.md §1.5), and whether a file format
 * can carry a token the node returned. The node client reads these; station/core/token-details.ts
 * stores and shows them.
 *
 * Invariant: this folder sits below station/core/ (eslint.config.js `airlock/layers`), so what the
 * node client needs of a token lives here, never in core/.
 */
import type { AssetIssueContract } from '../../shared/gen/protocol/contract_pb.ts';
import type { SnapshotToken } from '../../shared/files/snapshot.ts';
import { readToken } from '../../shared/files/snapshot.ts';

export interface TokenSale {
  /** Price: coinNum sun buy num smallest token units (both int32 > 0 on chain). */
  coinNum: number;
  num: number;
  /** The sale window, ms since the epoch. */
  startTime: number;
  endTime: number;
  /** null when the source did not carry the schedule (a snapshot file). */
  cdedSupply: { amount: string; days: string }[] | null;
  freeAssetNetLimit: string | null;
  publicFreeAssetNetLimit: string | null;
}

/**
 * True when the handoff and snapshot formats accept `t` as it is (shared/files/snapshot.ts readToken).
 * They refuse control and bidi characters, which a token's chain texts may hold; such a token is
 * left out of a file rather than blocking its export (the token is metadata, the rest is not).
 */
export function fileCarriesToken(t: SnapshotToken): boolean {
  try {
    readToken(t, 'token');
    return true;
  } catch {
    return false;
  }
}

/** The sale of an AssetIssueContract as the node stores it (getassetissuebyid). */
export function saleOfAssetIssue(c: AssetIssueContract): TokenSale {
  return {
    coinNum: c.coinNum,
    num: c.num,
    startTime: Number(c.startTime),
    endTime: Number(c.endTime),
    cdedSupply: c.cdedSupply.map((e) => ({ amount: e.cdedAmount.toString(), days: e.cdedDays.toString() })),
    freeAssetNetLimit: c.freeAssetNetLimit.toString(),
    publicFreeAssetNetLimit: c.publicFreeAssetNetLimit.toString(),
  };
}
