/**
 * Claims a handoff file made about a transaction that disagree with what the station holds (issue
 * 16, "a claim that disagrees with what the station holds is shown as a conflict on the screens
 * that use it, never silently taken"): a token description other than the stored one, a version of
 * the signing permission other than the one the signers count against. The import keeps them here
 * and the transaction's view (transaction-book.ts) shows each one that still disagrees.
 *
 * Where they are kept: no migration is this change's to take, so, as the token sale does
 * (token-details.ts), each transaction's claims are one plain-JSON entry in the `settings` table
 * under `claims:<txid hex>`, written in the import's store transaction. Nothing lists settings.
 *
 * Invariants: a claim is kept only, never applied; an entry is re-checked when read (a hand-edited
 * database drops the odd entry, never shows a wrong one); at most MAX_CLAIMS_PER_TRANSACTION are kept
 * per transaction, the first ones, and the same claim from the same file is kept once.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { MAX_CLAIMS_PER_TRANSACTION, MAX_PRECISION } from '../../shared/base/limits.ts';
import { isRecord } from '../../shared/chain/input.ts';
import type { JsonValue } from '../store/row-checks.ts';
import type { Store } from '../store/store.ts';

/** The settings key a transaction's claims are kept under (see the file's note). */
export const CLAIMS_KEY_PREFIX = 'claims:';

export type HeldClaim =
  | { kind: 'token'; file: string; tokenId: string; name: string; abbreviation: string; precision: number }
  | { kind: 'permission'; file: string; permissionId: number; permissionHex: string };

function readClaim(value: unknown): HeldClaim | null {
  if (!isRecord(value) || typeof value.file !== 'string') return null;
  const { file } = value;
  if (value.kind === 'token') {
    const { tokenId, name, abbreviation, precision } = value;
    if (typeof tokenId !== 'string' || typeof name !== 'string' || typeof abbreviation !== 'string') return null;
    if (typeof precision !== 'number' || !Number.isInteger(precision) || precision < 0 || precision > MAX_PRECISION) return null;
    return { kind: 'token', file, tokenId, name, abbreviation, precision };
  }
  if (value.kind === 'permission') {
    const { permissionId, permissionHex } = value;
    if (typeof permissionId !== 'number' || !Number.isInteger(permissionId) || typeof permissionHex !== 'string' || !/^([0-9a-f]{2})*$/.test(permissionHex))
      return null;
    return { kind: 'permission', file, permissionId, permissionHex };
  }
  return null;
}

/** The claims kept for transaction `txId`, re-checked; entries that do not read are left out. */
export function claimsOf(store: Store, txId: Uint8Array): HeldClaim[] {
  const value = store.getSetting(CLAIMS_KEY_PREFIX + bytesToHex(txId));
  if (!Array.isArray(value)) return [];
  return value.map(readClaim).filter((c): c is HeldClaim => c !== null);
}

/** Keeps `claim` for `txId` (once per file and content, the first MAX_CLAIMS_PER_TRANSACTION); applies nothing. */
export function keepClaim(store: Store, txId: Uint8Array, claim: HeldClaim): void {
  const held = claimsOf(store, txId);
  const same = (c: HeldClaim) => JSON.stringify(c) === JSON.stringify(claim);
  if (held.length >= MAX_CLAIMS_PER_TRANSACTION || held.some(same)) return;
  store.setSetting(CLAIMS_KEY_PREFIX + bytesToHex(txId), [...held, claim] as unknown as JsonValue);
}
