/**
 * The store's `key_proofs` table (docs/decisions.md §10, proofs of possession; shared/files/proof.ts): the
 * challenges this station made for a key to prove it is held, and the proof that answered each.
 *
 * Invariants: a nonce is used for one challenge only (CONFLICT otherwise); a challenge is
 * answered once, and only a challenge made here can be (NOT_FOUND otherwise); `signature` and
 * `verifiedAt` are set together; every write is one transaction with its audit entry.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { SIGNATURE_LENGTH } from '../../shared/chain/verify.ts';
import { checkAddressField, checkBytes, checkInteger, checkNonNegative, checkRecord, checkText } from './row-checks.ts';
import { u8, type StoreContext } from './table.ts';
import { MAX_FILE_NAME_LENGTH } from '../../shared/base/limits.ts';

/** A challenge for a key to prove it is held (docs/decisions.md §10, shared/files/proof.ts), as made by this station. */
export interface KeyProofInput {
  nonce: Uint8Array;
  account: Uint8Array;
  permissionHash: Uint8Array;
  key: Uint8Array;
  createdAt: number;
  expiresAt: number;
}

/** A challenge and, once a proof answered it, the proof: `signature` and `verifiedAt` are set together. */
export interface KeyProofRecord extends KeyProofInput {
  signature: Uint8Array | null;
  verifiedAt: number | null;
  fileName: string | null;
}

interface KeyProofRow {
  nonce: Uint8Array;
  account: Uint8Array;
  permission_hash: Uint8Array;
  key: Uint8Array;
  created_at: number;
  expires_at: number;
  signature: Uint8Array | null;
  verified_at: number | null;
  file_name: string | null;
}

function proofFromRow(r: KeyProofRow): KeyProofRecord {
  return {
    nonce: u8(r.nonce),
    account: u8(r.account),
    permissionHash: u8(r.permission_hash),
    key: u8(r.key),
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    signature: r.signature === null ? null : u8(r.signature),
    verifiedAt: r.verified_at,
    fileName: r.file_name,
  };
}

export type ProofTable = ReturnType<typeof proofTable>;

export function proofTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    insertProof: db.prepare('INSERT INTO key_proofs (nonce, account, permission_hash, key, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)'),
    getProof: db.prepare<[Uint8Array], KeyProofRow>('SELECT * FROM key_proofs WHERE nonce = ?'),
    answerProof: db.prepare('UPDATE key_proofs SET signature = ?, verified_at = ?, file_name = ? WHERE nonce = ? AND signature IS NULL'),
    listProofs: db.prepare<[], KeyProofRow>('SELECT * FROM key_proofs WHERE signature IS NOT NULL ORDER BY verified_at, nonce'),
    listProofsOf: db.prepare<[Uint8Array], KeyProofRow>('SELECT * FROM key_proofs WHERE signature IS NOT NULL AND account = ? ORDER BY verified_at, nonce'),
  };

  return {
    /** Stores a challenge this station made, pending until a proof answers it. CONFLICT for a nonce already used. */
    addProofChallenge(input: KeyProofInput): KeyProofRecord {
      const fn = 'store.addProofChallenge';
      const v = checkRecord(input, fn, 'input', ['nonce', 'account', 'permissionHash', 'key', 'createdAt', 'expiresAt']);
      const nonce = checkBytes(v.nonce, fn, 'nonce', 32);
      const account = checkAddressField(v.account, fn, 'account');
      const permissionHash = checkBytes(v.permissionHash, fn, 'permissionHash', 32);
      const key = checkAddressField(v.key, fn, 'key');
      const createdAt = checkNonNegative(v.createdAt, fn, 'createdAt');
      const expiresAt = checkInteger(v.expiresAt, fn, 'expiresAt', createdAt + 1, Number.MAX_SAFE_INTEGER);
      return atomic(() => {
        if (stmts.getProof.get(nonce)) fail('CONFLICT', `${fn}: a challenge with this nonce is already stored`, { field: 'nonce' });
        stmts.insertProof.run(nonce, account, permissionHash, key, createdAt, expiresAt);
        audit(
          now(),
          'proof.challenge',
          bytesToHex(nonce),
          JSON.stringify({ account: bytesToHex(account), key: bytesToHex(key), permissionHash: bytesToHex(permissionHash), expiresAt }),
        );
        return { nonce, account, permissionHash, key, createdAt, expiresAt, signature: null, verifiedAt: null, fileName: null };
      });
    },

    getProof(nonce: Uint8Array): KeyProofRecord | undefined {
      const row = stmts.getProof.get(checkBytes(nonce, 'store.getProof', 'nonce', 32));
      return row && proofFromRow(row);
    },

    /**
     * Records the verified proof that answers the pending challenge `nonce` (the caller has checked
     * the signature). NOT_FOUND without such a challenge; CONFLICT when it was answered already.
     */
    recordProof(input: { nonce: Uint8Array; signature: Uint8Array; fileName: string }): KeyProofRecord {
      const fn = 'store.recordProof';
      const v = checkRecord(input, fn, 'input', ['nonce', 'signature', 'fileName']);
      const nonce = checkBytes(v.nonce, fn, 'nonce', 32);
      const signature = checkBytes(v.signature, fn, 'signature', SIGNATURE_LENGTH);
      const fileName = checkText(v.fileName, fn, 'fileName', MAX_FILE_NAME_LENGTH, false);
      return atomic(() => {
        const row = stmts.getProof.get(nonce);
        if (!row) fail('NOT_FOUND', `${fn}: no challenge with this nonce was made here`, { field: 'nonce' });
        const at = now();
        if (stmts.answerProof.run(signature, at, fileName, nonce).changes === 0)
          fail('CONFLICT', `${fn}: this challenge was answered already`, { field: 'nonce' });
        audit(
          at,
          'proof.verified',
          bytesToHex(nonce),
          JSON.stringify({
            account: bytesToHex(u8(row.account)),
            key: bytesToHex(u8(row.key)),
            permissionHash: bytesToHex(u8(row.permission_hash)),
            file: fileName,
          }),
        );
        return proofFromRow(stmts.getProof.get(nonce)!);
      });
    },

    /** Answered challenges (proved keys), oldest first; of one account when given. */
    listProofs(account?: Uint8Array): KeyProofRecord[] {
      const rows = account === undefined ? stmts.listProofs.all() : stmts.listProofsOf.all(checkAddressField(account, 'store.listProofs', 'account'));
      return rows.map(proofFromRow);
    },
  };
}
