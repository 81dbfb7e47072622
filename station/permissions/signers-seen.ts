/**
 * Which keys this station has seen sign (issue 10 lockout guard; issue 16 "seen signing means
 * proved"): the ONE place that decides it. The lockout guard (shared/approval/lockout.ts) counts an
 * owner key as reachable only when it is among these; `permissionCheck`, `buildPermissionUpdate`
 * and `knownSigners` all read this function.
 *
 * Invariant: random (r, s, v) recovers to SOME key, so a signature proves possession only of a key
 * that was named before the signature was made. A key counts as seen when this station holds it,
 * when it answered a proof-of-possession challenge made here (the challenge named it first), or when
 * it signed a stored transaction whose permission, as this station observed it from the node (the
 * owner's account fetched here: source kind 'node'), names it. A permission that a file claims (a
 * handoff, a snapshot, a plain transaction of an unknown account) proves nothing: its author wrote
 * it around whatever key the bytes recover to.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { AccountSchema, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import type { Address } from '../../shared/chain/address.ts';
import { accountPermissionsFromAccount, resolvePermission, type AccountPermissions } from '../../shared/approval/authorization.ts';
import { bytesToHex, equalBytes } from '../../shared/base/bytes.ts';
import { recoverSigner } from '../../shared/chain/verify.ts';
import type { Store } from '../store/store.ts';

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
 * The signers of stored signatures that prove their key is held: the key is named in the permission
 * its transaction is counted against, in the owner's account as this station fetched it from the
 * node, and the signature recovers to it over the txID. The permission stored with a transaction
 * does not say where it came from, so only the observed account is trusted; a signature whose key
 * the node has since dropped stops counting, which errs towards "needs override".
 */
function provedBySignature(store: Store): Address[] {
  const out = new Map<string, Address>();
  const observed = new Map<string, AccountPermissions | null>();
  for (const s of store.listSignedKeys()) {
    const hex = bytesToHex(s.signer);
    if (out.has(hex)) continue;
    const accountHex = bytesToHex(s.account);
    let permissions = observed.get(accountHex);
    if (permissions === undefined) {
      const stored = store.getAccount(s.account);
      permissions = stored && stored.source.kind === 'node' ? accountPermissionsFromAccount(fromBinary(AccountSchema, stored.account)) : null;
      observed.set(accountHex, permissions);
    }
    if (permissions === null) continue;
    let permission: Permission;
    try {
      permission = resolvePermission(permissions, s.account, s.permissionId, 'broadcast');
    } catch {
      continue; // the observed account has no such permission (any more)
    }
    if (!permission.keys.some((k) => equalBytes(k.address, s.signer))) continue;
    if (!recoversTo(s.signature, s.txId, s.signer)) continue;
    out.set(hex, s.signer);
  }
  return [...out.values()];
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
