/**
 * Which keys this station has seen sign (docs/decisions.md §10 lockout guard; docs/decisions.md §16 "seen signing means
 * proved"): the ONE place that decides it. The lockout guard (shared/approval/lockout.ts) counts an
 * owner key as reachable only when it is among these; `permissionCheck`, `buildPermissionUpdate`,
 * `knownSigners` and the signer's view of a stored transaction (signer-view.ts, docs/decisions.md §18) all read
 * this function, which is why it lives in core/ and not in the permissions feature.
 *
 * Invariant: random (r, s, v) recovers to SOME key, so a signature proves possession only of a key
 * that was named before the signature was made. A key counts as seen when this station holds it,
 * when it answered a proof-of-possession challenge made here (the challenge named it first), or when
 * it signed a stored transaction that (1) this station BUILT (origin 'built-observed', never
 * 'imported'), (2) against a permission it had OBSERVED from the node at build time, where (3) that
 * stored permission names the key, and (4) the signature recovers to it over the txID. This station
 * chose the transaction's bytes (fresh timestamp, reference block) after the key was named, so no
 * one could fit a key to a signature. A permission named later proves nothing: an attacker can
 * forge a signature over their own transaction first, learn the key it recovers to, and name that
 * key on chain afterwards; nor does one a file claims (a handoff, a snapshot, an offline build).
 *
 * docs/decisions.md §24: a signature this station verified on a transaction it knows was ACCEPTED on chain
 * (status confirmed, result SUCCESS, as observed from a node, never as a file claims) counts too,
 * whatever its origin, when the permission stored with the transaction (the one it was read with)
 * names the key and the signature recovers to it: the chain itself counted that key's weight under
 * a permission that named it before the transaction ran, so the key's holder signed it.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { PermissionSchema, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import type { Address } from '../../shared/chain/address.ts';
import { bytesToHex, equalBytes } from '../../shared/base/bytes.ts';
import { recoverSigner } from '../../shared/chain/verify.ts';
import type { Store } from '../store/store.ts';
import type { SignedKeyRecord } from '../store/transactions.ts';
import { isObserved } from './provenance.ts';

export interface SignersSeen {
  /** Keys this station holds. */
  local: Address[];
  /** Every key seen sign: `signed` then `proved` (may repeat). */
  seen: Address[];
  /** Signers of stored signatures that prove their key is held (`provedBySignature`). */
  signed: Address[];
  /** Keys with a verified proof of possession. */
  proved: Address[];
}

export function signersSeen(store: Store): SignersSeen {
  const local = store.listKeys().map((k) => k.address);
  const signed = provedBySignature(store);
  const proved = store.listProofs().map((p) => p.key);
  return { local, seen: [...signed, ...proved], signed, proved };
}

/**
 * The signers of stored signatures that prove their key is held: the transaction was built here
 * against a permission observed from the node ('built-observed'), the permission stored with it at
 * build names the key, and the signature recovers to it over the txID. The stored permission is the
 * one the station had observed BEFORE choosing the bytes; the account as fetched later is not used,
 * since a key named afterwards may have been fitted to a signature that already existed.
 */
function provedBySignature(store: Store): Address[] {
  const out = new Map<string, Address>();
  const decoded = new Map<string, Permission | null>();
  for (const s of store.listSignedKeys()) {
    const hex = bytesToHex(s.signer);
    if (out.has(hex)) continue;
    if (s.permission === null || (s.origin !== 'built-observed' && !acceptedOnChain(s))) continue; // (1) and (2), or accepted on chain
    const permissionHex = bytesToHex(s.permission);
    let permission = decoded.get(permissionHex);
    if (permission === undefined) {
      try {
        permission = fromBinary(PermissionSchema, s.permission);
      } catch {
        permission = null; // the store checks the bytes at insert; a row edited by hand proves nothing
      }
      decoded.set(permissionHex, permission);
    }
    if (permission === null) continue;
    if (!permission.keys.some((k) => equalBytes(k.address, s.signer))) continue; // (3)
    if (!recoversTo(s.signature, s.txId, s.signer)) continue; // (4)
    out.set(hex, s.signer);
  }
  return [...out.values()];
}

/** A transaction this station knows the chain accepted: confirmed, SUCCESS, reported by a node (this station's or a pinned exporter's), not a file's claim. */
function acceptedOnChain(s: SignedKeyRecord): boolean {
  return s.status === 'confirmed' && s.chain !== null && s.chain.result === 'SUCCESS' && isObserved(s.chain.source);
}

/** Recovered signatures, remembered: the same bytes always recover to the same key. */
const recovered = new Map<string, boolean>();

function recoversTo(signature: Uint8Array, txId: Uint8Array, signer: Address): boolean {
  const key = `${bytesToHex(txId)}${bytesToHex(signature)}${bytesToHex(signer)}`;
  let ok = recovered.get(key);
  if (ok === undefined) {
    try {
      ok = equalBytes(recoverSigner(signature, txId), signer);
    } catch {
      ok = false;
    }
    if (recovered.size > 10_000) recovered.clear();
    recovered.set(key, ok);
  }
  return ok;
}
