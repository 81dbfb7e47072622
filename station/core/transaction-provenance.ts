/**
 * What a transaction's screen rests on, and where each part came from (docs/decisions.md §16, "Provenance on
 * every fact"): the permission its weights count against (observed from the node, claimed by a
 * file, or unknown), the token description its amount is shown with, and every claim that
 * disagrees with what the station holds. TransactionBook.view puts it in every transaction view.
 *
 * Invariants: trust is judged through isObserved (provenance.ts) only; a stored permission that
 * differs from the one this station observed from the node is a conflict in words, never replaced
 * or hidden; a file's claim kept at import (claims.ts) shows while it still disagrees; texts from a
 * file are escaped before they are quoted.
 */
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { AccountSchema, PermissionSchema, type Permission } from '../../shared/gen/protocol/core_pb.ts';
import { accountPermissionsFromAccount } from '../../shared/approval/authorization.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, equalBytes, hexToBytes } from '../../shared/base/bytes.ts';
import { escapeText } from '../../shared/base/escape.ts';
import type { Provenance, TransactionProvenance } from '../../shared/api/provenance-schema.ts';
import type { Store } from '../store/store.ts';
import type { TransactionRecord } from '../store/transactions.ts';
import { claimsOf } from './claims.ts';
import { isObserved } from './provenance.ts';
import { provenanceOf } from './records.ts';

/** A permission in a few words: `2 of TA… (1), TB… (1)` (a key's weight shown when it is not 1). */
function permissionWords(p: Permission): string {
  return `${p.threshold} of ${p.keys.map((k) => `${addressToBase58(k.address)}${k.weight === 1n ? '' : ` (weight ${k.weight})`}`).join(', ')}`;
}

/** A token description in a few words, escaped: `"Gold" (GLD), precision 2`. */
function tokenWords(t: { name: string; abbreviation: string; precision: number }): string {
  return `"${escapeText(t.name)}"${t.abbreviation ? ` (${escapeText(t.abbreviation)})` : ''}, precision ${t.precision}`;
}

/** The id a contract's token is named by, or null (a transfer of coin, a permission change). */
export function tokenIdOf(contract: unknown): string | null {
  const name = (contract as { assetName?: Uint8Array }).assetName;
  const id = name ? new TextDecoder().decode(name) : '';
  return /^[1-9][0-9]{0,18}$/.test(id) ? id : null;
}

export function transactionProvenance(store: Store, r: TransactionRecord, contract: unknown, now: number): TransactionProvenance {
  const conflicts: string[] = [];
  const id = r.permissionId;
  const account = store.getAccount(r.account);
  const observedAccount = account && isObserved(account.source) ? account : undefined;
  let observed: Permission | null = null;
  if (observedAccount) {
    const ap = accountPermissionsFromAccount(fromBinary(AccountSchema, observedAccount.account));
    observed = (id === 0 ? ap.owner : ap.actives.find((x) => x.id === id)) ?? null;
  }
  const observedText = observedAccount && provenanceOf(observedAccount.source, observedAccount.fetchedAt, now);
  const claims = claimsOf(store, r.txId);

  let permission: Provenance;
  if (r.permission === null) {
    permission = { ...provenanceOf(null, null, now), text: 'unknown: this station does not know the permission the signers count against' };
  } else {
    const stored = fromBinary(PermissionSchema, r.permission);
    const sameAsObserved = observed !== null && equalBytes(toBinary(PermissionSchema, observed), r.permission);
    if (sameAsObserved && observedAccount) {
      permission = provenanceOf(observedAccount.source, observedAccount.fetchedAt, now);
    } else if (r.origin === 'built-observed') {
      permission = { ...provenanceOf(null, r.createdAt, now), trust: 'observed', text: 'observed from the node when this transaction was built' };
    } else {
      // A claim: the first file that claimed this very permission, else the one that brought the
      // first signature, else the file the account came from.
      const hex = bytesToHex(r.permission);
      const claimedBy = claims.find((c) => c.kind === 'permission' && c.permissionHex === hex)?.file;
      const fromSignature = store.listSignatures(r.txId).find((s) => s.origin.kind !== 'local key')?.origin;
      const file =
        claimedBy ??
        (fromSignature && 'file' in fromSignature ? fromSignature.file : account && account.source.kind === 'file' ? account.source.file : 'unknown');
      permission = provenanceOf({ kind: 'file', file }, account && !sameAsObserved ? account.fetchedAt : r.createdAt, now);
    }
    if (observedAccount && observedText) {
      if (observed === null) {
        conflicts.push(`the node shows no permission ${id} for this account (${observedText.text}, ${observedText.age} old); it will refuse this transaction`);
      } else if (!sameAsObserved) {
        conflicts.push(
          r.origin === 'built-observed'
            ? `permission ${id} has changed on the node since this transaction was built: now ${permissionWords(observed)} (${observedText.text}, ${observedText.age} old), here ${permissionWords(stored)}; the node counts against its own`
            : `permission ${id} as ${permission.text} (${permissionWords(stored)}) disagrees with what this station observed from the node: ${permissionWords(observed)} (${observedText.text}, ${observedText.age} old); the weights shown count against the claim and the node will count against its own`,
        );
      }
    }
  }

  const tokenId = tokenIdOf(contract);
  const token = tokenId === null ? undefined : store.getToken(tokenId);
  let tokenProvenance: Provenance | null = null;
  if (tokenId !== null) {
    tokenProvenance = token
      ? provenanceOf(token.source, token.storedAt, now)
      : { ...provenanceOf(null, null, now), text: `unknown: this station holds no description of token ${tokenId}; the amount is in smallest units` };
  }

  for (const c of claims) {
    if (c.kind === 'permission') {
      if (r.permission !== null && c.permissionId === id && c.permissionHex !== bytesToHex(r.permission)) {
        const claimed = fromBinary(PermissionSchema, hexToBytes(c.permissionHex));
        conflicts.push(
          `file ${escapeText(c.file)} claims permission ${id} as ${permissionWords(claimed)}; the weights count against ${permissionWords(fromBinary(PermissionSchema, r.permission))} (${permission.text}), and the file's claim was not taken`,
        );
      }
    } else if (token && c.tokenId === token.id) {
      const differs = c.name !== token.name || c.abbreviation !== token.abbreviation || c.precision !== token.precision;
      if (differs && tokenProvenance) {
        conflicts.push(
          `file ${escapeText(c.file)} describes token ${c.tokenId} as ${tokenWords(c)}; the amount is shown with ${tokenWords(token)} (${tokenProvenance.text}), and the file's claim was not taken`,
        );
      }
    }
  }
  return { permission, token: tokenProvenance, conflicts };
}
