// The store's transactions and signatures (docs/decisions.md §7, "Store"): bytes and permission kept, listing
// newest first with signature counts kept by triggers, txID = sha256(raw), status rules, a
// duplicate signer as a no-op, the foreign key, and thousands of rows. Real SQLite files.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { newTransaction, permissionBytes, randomAddress, randomSignature, T0 } from '../../test/helpers/store-helpers.ts';
import { useTestStore } from '../../test/helpers/store-fixture.ts';

const { clock, store, refused } = useTestStore();

describe('store: transactions', () => {
  it('stores the bytes and the permission the signers saw, and lists newest first with signature counts', () => {
    const account = randomAddress();
    const permission = permissionBytes([randomAddress(), randomAddress()]);
    const a = store.insertTransaction(newTransaction({ account, permission, note: 'rent' }));
    clock.advance(1);
    const b = store.insertTransaction(newTransaction({ account, status: 'collecting' }));
    clock.advance(1);
    const c = store.insertTransaction(newTransaction());
    store.addSignature({ txId: b.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'local key' } });
    store.addSignature({ txId: b.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'file', file: 'x.json' } });
    expect(store.getTransaction(a.txId)).toEqual(a);
    expect(a.permission).toEqual(permission);
    const all = store.listTransactions();
    expect(all.map((t) => bytesToHex(t.txId))).toEqual([c, b, a].map((t) => bytesToHex(t.txId)));
    expect(all.map((t) => t.signatureCount)).toEqual([0, 2, 0]);
    expect(store.listTransactions({ account }).map((t) => t.status)).toEqual(['collecting', 'draft']);
    expect(store.listTransactions({ status: 'collecting' })).toHaveLength(1);
    expect(store.listTransactions({ status: ['draft', 'collecting'], limit: 2 })).toHaveLength(2);
    expect(store.listTransactions({ limit: 2, offset: 2 }).map((t) => bytesToHex(t.txId))).toEqual([bytesToHex(a.txId)]);
    expect(store.getTransaction(b.txId)!.signatureCount).toBe(2);
  });

  it('lists transactions stored in the same millisecond newest first, in the order they were stored', () => {
    const ids = Array.from({ length: 20 }, () => bytesToHex(store.insertTransaction(newTransaction()).txId));
    expect(store.listTransactions().map((t) => bytesToHex(t.txId))).toEqual(ids.reverse());
  });

  it('keeps the signature count exact when rows change outside the store (triggers)', () => {
    const tx = store.insertTransaction(newTransaction());
    for (let i = 0; i < 3; i++) store.addSignature({ txId: tx.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'local key' } });
    const db = new Database(store.file);
    try {
      db.prepare('DELETE FROM signatures WHERE signer = (SELECT signer FROM signatures LIMIT 1)').run();
    } finally {
      db.close();
    }
    expect(store.getTransaction(tx.txId)!.signatureCount).toBe(2);
    expect(store.listTransactions()[0]!.signatureCount).toBe(2);
  });

  it('refuses a txID that is not the sha256 of the raw bytes, and a txID already stored', () => {
    const tx = newTransaction();
    refused(() => store.insertTransaction({ ...tx, txId: new Uint8Array(32) }), 'BAD_TRANSACTION', 'txId');
    store.insertTransaction(tx);
    refused(() => store.insertTransaction({ ...tx, note: 'from a file' }), 'CONFLICT', 'txId');
  });

  it('refuses bad fields one by one, naming each', () => {
    const tx = newTransaction();
    refused(() => store.insertTransaction({ ...tx, kind: 'Transfer Contract' }), 'INVALID_INPUT', 'kind');
    refused(() => store.insertTransaction({ ...tx, permissionId: -1 }), 'INVALID_INPUT', 'permissionId');
    refused(() => store.insertTransaction({ ...tx, expiration: 1.5 }), 'INVALID_INPUT', 'expiration');
    refused(() => store.insertTransaction({ ...tx, status: 'signed' as never }), 'INVALID_INPUT', 'status');
    refused(() => store.insertTransaction({ ...tx, permission: new Uint8Array([0x0a, 0xff]) }), 'INVALID_INPUT', 'permission');
    refused(() => store.insertTransaction({ ...tx, raw: new Uint8Array(0) }), 'INVALID_INPUT', 'raw');
    refused(() => store.insertTransaction({ ...tx, account: new Uint8Array(21) }), 'BAD_ADDRESS', 'account');
    refused(() => store.listTransactions({ status: 'pending' as never }), 'INVALID_INPUT', 'status');
    refused(() => store.listTransactions({ limit: 1e9 }), 'INVALID_INPUT', 'limit');
  });

  it("records each transaction's origin once (default imported), refuses an unknown one or a built one without a permission, and lists it with each signature", () => {
    const permission = permissionBytes([randomAddress()]);
    const imported = store.insertTransaction(newTransaction({ permission }));
    expect(imported.origin).toBe('imported');
    const built = store.insertTransaction({ ...newTransaction({ permission }), origin: 'built-observed' });
    expect(store.getTransaction(built.txId)!.origin).toBe('built-observed');
    expect(store.getTransaction(imported.txId)!.origin).toBe('imported');
    const tx = newTransaction();
    refused(() => store.insertTransaction({ ...tx, origin: 'built' as never }), 'INVALID_INPUT', 'origin');
    refused(() => store.insertTransaction({ ...tx, origin: 'built-claimed' }), 'INVALID_INPUT', 'permission');
    const signer = randomAddress();
    store.addSignature({ txId: built.txId, signer, signature: randomSignature(), origin: { kind: 'file', file: 'back.json' } });
    store.addSignature({ txId: imported.txId, signer, signature: randomSignature(), origin: { kind: 'file', file: 'x.json' } });
    const listed = store.listSignedKeys().map((k) => [bytesToHex(k.txId), k.origin, k.permission && bytesToHex(k.permission)]);
    expect(listed).toEqual(
      expect.arrayContaining([
        [bytesToHex(built.txId), 'built-observed', bytesToHex(permission)],
        [bytesToHex(imported.txId), 'imported', bytesToHex(permission)],
      ]),
    );
    // SQL refuses an origin outside the three, whoever writes the row.
    const db = new Database(store.file);
    try {
      expect(() => db.prepare("UPDATE transactions SET origin = 'trusted'").run()).toThrow(/CHECK constraint/);
    } finally {
      db.close();
    }
  });

  it('discards a transaction with its signatures and one audit entry; never one broadcast or confirmed (issue 18)', () => {
    const tx = store.insertTransaction(newTransaction({ status: 'collecting' }));
    const signer = randomAddress();
    store.addSignature({ txId: tx.txId, signer, signature: randomSignature(), origin: { kind: 'local key' } });
    clock.advance(5);
    expect(store.discardTransaction(tx.txId, 'command line').signatureCount).toBe(1);
    expect(store.getTransaction(tx.txId)).toBeUndefined();
    expect(store.listSignatures(tx.txId)).toEqual([]);
    expect(store.listAudit().at(-1)).toMatchObject({
      action: 'transaction.discard',
      at: T0 + 5,
      subject: bytesToHex(tx.txId),
      details: { status: 'collecting', signatures: 1, signers: [bytesToHex(signer)], by: 'command line' },
    });
    refused(() => store.discardTransaction(tx.txId, 'command line'), 'NOT_FOUND', 'txId');
    const sent = store.insertTransaction(newTransaction());
    store.setStatus(sent.txId, 'broadcast');
    refused(() => store.discardTransaction(sent.txId, 'command line'), 'CONFLICT', 'txId');
    store.setStatus(sent.txId, 'confirmed');
    refused(() => store.discardTransaction(sent.txId, 'command line'), 'CONFLICT', 'txId');
  });

  it('moves status forward, keeps the node answer, and treats confirmed and expired as final', () => {
    const tx = store.insertTransaction(newTransaction());
    clock.advance(7);
    const sent = store.setStatus(tx.txId, 'broadcast', { nodeAnswer: 'SUCCESS' });
    expect(sent).toMatchObject({ status: 'broadcast', nodeAnswer: 'SUCCESS', updatedAt: T0 + 7, createdAt: T0 });
    expect(store.setStatus(tx.txId, 'confirmed').nodeAnswer).toBe('SUCCESS');
    refused(() => store.setStatus(tx.txId, 'ready'), 'CONFLICT', 'status');
    const other = store.insertTransaction(newTransaction({ status: 'collecting' }));
    refused(() => store.setStatus(other.txId, 'draft'), 'CONFLICT', 'status');
    store.setStatus(other.txId, 'expired');
    refused(() => store.setStatus(other.txId, 'collecting'), 'CONFLICT', 'status');
    refused(() => store.setStatus(new Uint8Array(32), 'ready'), 'NOT_FOUND', 'txId');
    expect(
      store
        .listAudit()
        .filter((e) => e.action === 'transaction.status')
        .map((e) => e.details),
    ).toEqual([
      { from: 'draft', to: 'broadcast', nodeAnswer: 'SUCCESS' },
      { from: 'broadcast', to: 'confirmed' },
      { from: 'collecting', to: 'expired' },
    ]);
  });
});

describe('store: signatures', () => {
  it('stores a signature with its origin and an audit entry in the same commit', () => {
    const tx = store.insertTransaction(newTransaction());
    const signer = randomAddress();
    const signature = randomSignature();
    clock.advance(3);
    const r = store.addSignature({ txId: tx.txId, signer, signature, origin: { kind: 'merge', file: 'b.airlock.json' } });
    expect(r).toEqual({ added: true, signature: { txId: tx.txId, signer, signature, origin: { kind: 'merge', file: 'b.airlock.json' }, signedAt: T0 + 3 } });
    expect(store.listSignatures(tx.txId)).toEqual([r.signature]);
    const last = store.listAudit().at(-1)!;
    expect(last).toMatchObject({
      action: 'signature.add',
      subject: bytesToHex(tx.txId),
      details: { signer: bytesToHex(signer), origin: 'merge', file: 'b.airlock.json' },
    });
  });

  it('treats the same signer again as a no-op reported as such: one row, one audit entry, the first signature kept', () => {
    const tx = store.insertTransaction(newTransaction());
    const signer = randomAddress();
    const first = store.addSignature({ txId: tx.txId, signer, signature: randomSignature(), origin: { kind: 'local key' } });
    const auditBefore = store.listAudit().length;
    const again = store.addSignature({ txId: tx.txId, signer, signature: randomSignature(), origin: { kind: 'file', file: 'f' } });
    expect(again).toEqual({ added: false, signature: first.signature });
    expect(store.listSignatures(tx.txId)).toHaveLength(1);
    expect(store.listAudit()).toHaveLength(auditBefore);
  });

  it('refuses a signature for an unknown transaction, of the wrong length, or from nowhere', () => {
    const tx = store.insertTransaction(newTransaction());
    const ok = { txId: tx.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'local key' as const } };
    refused(() => store.addSignature({ ...ok, txId: new Uint8Array(32).fill(9) }), 'NOT_FOUND', 'txId');
    refused(() => store.addSignature({ ...ok, signature: new Uint8Array(64) }), 'INVALID_INPUT', 'signature');
    refused(() => store.addSignature({ ...ok, origin: { kind: 'file' } as never }), 'INVALID_INPUT', 'origin.file');
    refused(() => store.addSignature({ ...ok, origin: { kind: 'telepathy' } as never }), 'INVALID_INPUT', 'origin.kind');
  });

  it('is backed by a foreign key: no signature row can point at a missing transaction', () => {
    const db = new Database(store.file);
    try {
      db.pragma('foreign_keys = ON');
      expect(() => db.prepare("INSERT INTO signatures VALUES (zeroblob(32), zeroblob(21), zeroblob(65), 0, 'local key', NULL)").run()).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
  });
});

describe('store: many transactions', () => {
  it('holds thousands of rows: 3,000 transactions with 2 signatures each list with the right counts', () => {
    const txs = store.atomic(() =>
      Array.from({ length: 3_000 }, (_, i) => {
        clock.advance(1);
        const tx = store.insertTransaction(newTransaction({ status: i % 3 === 0 ? 'ready' : 'collecting' }));
        for (let s = 0; s < 2; s++) store.addSignature({ txId: tx.txId, signer: randomAddress(), signature: randomSignature(), origin: { kind: 'local key' } });
        return tx;
      }),
    );
    const all = store.listTransactions();
    expect(all).toHaveLength(3_000);
    expect(all.every((t) => t.signatureCount === 2)).toBe(true);
    expect(bytesToHex(all[0]!.txId)).toBe(bytesToHex(txs.at(-1)!.txId));
    expect(store.listTransactions({ status: 'ready' })).toHaveLength(1_000);
    expect(store.verifyAudit()).toEqual({ ok: true, entries: 9_000 });
  });
});
