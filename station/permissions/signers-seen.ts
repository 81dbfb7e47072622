/**
 * Which keys this station has seen sign (issue 10 lockout guard): the ONE place that decides it.
 * The lockout guard (shared/approval/lockout.ts) counts an owner key as reachable only when it is
 * among these; `permissionCheck`, `buildPermissionUpdate` and `knownSigners` all read this function.
 *
 * Invariant: a key counts as seen only from evidence the station verified before storing it: its own
 * keys, the signer of a signature stored with a transaction (each recovered over the txID before it
 * was stored), and the key of a verified proof of possession (its signature recovered over the
 * challenge's digest before it was stored).
 */
import type { Address } from '../../shared/chain/address.ts';
import type { Store } from '../store/store.ts';

export interface SignersSeen {
  /** Keys this station holds. */
  local: Address[];
  /** Every key seen sign: `signed` then `proved` (may repeat). */
  seen: Address[];
  /** Signers of stored signatures. */
  signed: Address[];
  /** Keys with a verified proof of possession. */
  proved: Address[];
}

export function signersSeen(store: Store): SignersSeen {
  const local = store.listKeys().map((k) => k.address);
  const signed = store.listSigners();
  const proved = store.listProofs().map((p) => p.key);
  return { local, seen: [...signed, ...proved], signed, proved };
}
