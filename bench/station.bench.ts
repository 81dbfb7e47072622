/**
 * `npm run bench:station`: the station store (station/store/store.ts) on a real file in a
 * temporary directory, with its production settings (WAL, synchronous=FULL).
 * Rows: inserts/s with one commit (one fsync) per transaction, as `airlock build` does; inserts/s
 * grouped in one commit per 1,000 (store.atomic, as a CSV batch may); signatures/s, each committed
 * before the call returns; then, over 10,000 stored transactions with 0-3 signatures each, the time
 * to list them all with status and signature counts (docs/decisions.md §7's target: ≤ 50 ms), a filtered page,
 * and a walk of the whole audit chain. Then the station services (services.ts) against docs/decisions.md §7's
 * targets: a 5-signature handoff import, a signed 10,000-row CSV batch, a list of 10,000 with weights.
 * And the keyed audit chain's cost per write: one-row commits bare, with the chain, with its anchor file.
 * Figures are for information only: nothing here asserts a speed.
 */
import { fileAuditSeal } from '../station/vault/audit-seal.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { txIdOf } from '../shared/chain/transaction.ts';
import { openStore } from '../station/store/store.ts';
import { type TransactionInput } from '../station/store/transactions.ts';
import { MAX_LIST_LIMIT, TX_STATUSES } from '../shared/base/limits.ts';
import { sized } from './smoke.ts';

const TOTAL = sized(10_000, 200);
const SINGLE_COMMITS = sized(1_000, 50);
const SIGNATURE_COMMITS = sized(1_000, 50);
const LIST_RUNS = sized(30, 1);

function address(): Uint8Array {
  const a = new Uint8Array(randomBytes(21));
  a[0] = 0x41;
  return a;
}

const accounts = Array.from({ length: 20 }, address);

function transaction(i: number): TransactionInput {
  const raw = new Uint8Array(randomBytes(160));
  return {
    txId: txIdOf(raw),
    raw,
    kind: 'TransferAssetContract',
    account: accounts[i % accounts.length]!,
    permissionId: 2,
    expiration: Date.now() + 3_600_000,
    status: TX_STATUSES[i % 4]!,
    note: `row ${i}`,
  };
}

function rate(n: number, ms: number): string {
  return `${n} in ${ms.toFixed(0)} ms = ${Math.round((n / ms) * 1000).toLocaleString('en')}/s`;
}

function stats(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, min ${s[0]!.toFixed(1)} ms (${s.length} runs)`;
}

const dir = mkdtempSync(join(tmpdir(), 'airlock-bench-store-'));
const store = openStore({ dataDir: dir }, { seal: () => fileAuditSeal(dir) });
try {
  let t = performance.now();
  const txIds: Uint8Array[] = [];
  for (let i = 0; i < SINGLE_COMMITS; i++) txIds.push(store.insertTransaction(transaction(i)).txId);
  console.log(`insertTransaction, one commit each:       ${rate(SINGLE_COMMITS, performance.now() - t)}`);

  t = performance.now();
  for (let done = SINGLE_COMMITS; done < TOTAL; done += 1_000) {
    store.atomic(() => {
      for (let i = done; i < Math.min(TOTAL, done + 1_000); i++) txIds.push(store.insertTransaction(transaction(i)).txId);
    });
  }
  console.log(`insertTransaction, 1,000 per commit:      ${rate(TOTAL - SINGLE_COMMITS, performance.now() - t)}`);

  t = performance.now();
  for (let i = 0; i < SIGNATURE_COMMITS; i++) {
    store.addSignature({ txId: txIds[i]!, signer: address(), signature: new Uint8Array(randomBytes(65)), origin: { kind: 'local key' } });
  }
  console.log(`addSignature, one commit each:            ${rate(SIGNATURE_COMMITS, performance.now() - t)}`);

  store.atomic(() => {
    for (let i = SIGNATURE_COMMITS; i < TOTAL; i++) {
      for (let s = 0; s < i % 4; s++) {
        store.addSignature({ txId: txIds[i]!, signer: address(), signature: new Uint8Array(randomBytes(65)), origin: { kind: 'file', file: 'b.json' } });
      }
    }
  });

  const full: number[] = [];
  let listed = 0;
  let signatures = 0;
  for (let r = 0; r < LIST_RUNS + 3; r++) {
    t = performance.now();
    const rows = store.listTransactions();
    const ms = performance.now() - t;
    if (r >= 3) full.push(ms);
    listed = rows.length;
    signatures = rows.reduce((sum, row) => sum + row.signatureCount, 0);
  }
  console.log(`listTransactions(), ${listed.toLocaleString('en')} rows, ${signatures.toLocaleString('en')} signatures counted: ${stats(full)}`);

  const page: number[] = [];
  for (let r = 0; r < LIST_RUNS; r++) {
    t = performance.now();
    store.listTransactions({ status: 'collecting', account: accounts[1], limit: 100 });
    page.push(performance.now() - t);
  }
  console.log(`listTransactions({status, account, limit: 100}): ${stats(page)}`);

  t = performance.now();
  const verdict = store.verifyAudit();
  console.log(`verifyAudit over ${verdict.entries.toLocaleString('en')} entries: ${(performance.now() - t).toFixed(0)} ms (${verdict.ok ? 'ok' : 'BROKEN'})`);
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// The keyed audit chain's cost per write (docs/decisions.md §16): the same 1,000 one-commit inserts of one row
// (a) in a bare SQLite file with the store's settings and no audit at all, (b) through the store
// with its MACed chain and the anchor kept in memory (the MAC and the audit row), (c) through the
// store with the anchor written durably to the keystore's owner-only file after each commit, as a
// keystore station does (the keychain's anchor is an OS call instead). (b) - (a) is the chain's
// cost, (c) - (b) the anchor's.
{
  const { default: Database } = await import('better-sqlite3');
  const { memoryAuditSeal } = await import('../station/vault/audit-seal.ts');
  const N = sized(1_000, 50);
  const perWrite = (label: string, ms: number) => console.log(`${label}${rate(N, ms)}, ${((ms * 1000) / N).toFixed(0)} µs per write`);

  const bareDir = mkdtempSync(join(tmpdir(), 'airlock-bench-bare-'));
  const db = new Database(join(bareDir, 'bare.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (tx_id BLOB PRIMARY KEY, raw BLOB NOT NULL, kind TEXT NOT NULL, account BLOB NOT NULL, note TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (tx_id, raw, kind, account, note) VALUES (?, ?, ?, ?, ?)');
    const rows = Array.from({ length: N }, (_, i) => transaction(i));
    const t0 = performance.now();
    for (const r of rows) db.transaction(() => insert.run(r.txId, r.raw, r.kind, r.account, r.note))();
    perWrite('one row per commit, bare SQLite, no audit:            ', performance.now() - t0);
  } finally {
    db.close();
    rmSync(bareDir, { recursive: true, force: true });
  }

  for (const [label, seal] of [
    ['insertTransaction, keyed audit, anchor in memory:     ', () => memoryAuditSeal()],
    ['insertTransaction, keyed audit, anchor file (0600):   ', (d: string) => fileAuditSeal(d)],
  ] as const) {
    const d = mkdtempSync(join(tmpdir(), 'airlock-bench-audit-'));
    const made = seal(d);
    const s = openStore({ dataDir: d }, { seal: () => made });
    try {
      const rows = Array.from({ length: N }, (_, i) => transaction(i));
      const t0 = performance.now();
      for (const r of rows) s.insertTransaction(r);
      perWrite(label, performance.now() - t0);
    } finally {
      s.close();
      rmSync(d, { recursive: true, force: true });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The station services (station/station.ts), docs/decisions.md §7's targets: import and verify a
// 5-signature handoff file (≤ 20 ms), build and sign 10,000 transfers from a CSV, stored
// (≥ 1,000/s), list 10,000 stored transactions with their status and weight (≤ 50 ms). An offline
// station built from a snapshot file, a keystore vault at the production scrypt cost (derived once).
{
  const { readFileSync, writeFileSync } = await import('node:fs');
  const { create } = await import('@bufbuild/protobuf');
  const { PermissionSchema, PermissionType } = await import('../shared/gen/protocol/core_pb.ts');
  const { addressOfPrivateKey, addSignature, generatePrivateKey } = await import('../shared/chain/keys.ts');
  const { addressToBase58 } = await import('../shared/chain/address.ts');
  const { bytesToHex } = await import('../shared/base/bytes.ts');
  const { defaultOwnerPermission } = await import('../shared/contracts/permission/rules.ts');
  const { defaultActiveOperations } = await import('../shared/chain/operations.ts');
  const { exportSnapshot, permissionsToJson, stringifySnapshot } = await import('../shared/files/snapshot.ts');
  const { exportHandoff, stringifyHandoff } = await import('../shared/files/handoff.ts');
  const { createTransaction } = await import('../shared/chain/transaction.ts');
  const { buildTransfer } = await import('../shared/contracts/transfer.ts');
  const { taposOf } = await import('../shared/chain/tapos.ts');
  const { openStation } = await import('../station/station.ts');

  const work = mkdtempSync(join(tmpdir(), 'airlock-bench-services-'));
  const now = Date.now();
  const block = { number: 1_000, id: (1_000).toString(16).padStart(16, '0') + bytesToHex(new Uint8Array(randomBytes(24))), timestamp: now - 60_000 };
  const keys = Array.from({ length: 5 }, () => generatePrivateKey());
  const owner = addressOfPrivateKey(generatePrivateKey());
  const permissionOf = (threshold: bigint, signers: Uint8Array[]) =>
    create(PermissionSchema, {
      type: PermissionType.Active,
      id: 2,
      permissionName: 'treasury',
      threshold,
      operations: defaultActiveOperations(),
      keys: signers.map((k) => ({ address: addressOfPrivateKey(k), weight: 1n })),
    });
  const snapshotFile = (threshold: bigint, signers: Uint8Array[]) => {
    const permissions = permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [permissionOf(threshold, signers)] });
    const account = {
      address: addressToBase58(owner),
      exists: true,
      permissions,
      balance: '1000000000000',
      tokens: [],
      source: { node: 'http://127.0.0.1:8090', block: block.number },
      at: now,
    };
    const file = join(work, `snapshot-${threshold}.json`);
    writeFileSync(file, stringifySnapshot(exportSnapshot({ node: 'http://127.0.0.1:8090', block, accounts: [account], exportedAt: now })));
    return { file, permissions };
  };
  const passphrase = async () => new TextEncoder().encode('benchmark passphrase');
  try {
    // 1. Import and verify 5-signature handoff files, each a new transaction.
    const five = snapshotFile(5n, keys);
    // A keystore vault, as the batch station below: the keychain's default needs a D-Bus session a bench run may not have.
    const importer = openStation({ dataDir: join(work, 'importer'), nodeUrl: 'http://127.0.0.1:9', clock: () => now, vault: 'keystore', passphrase });
    importer.snapshotImport({ fileName: 'snapshot-5.json', text: readFileSync(five.file, 'utf8') });
    const files: string[] = [];
    for (let i = 0; i < sized(50, 8); i++) {
      const tapos = taposOf(block);
      let tx: { rawBytes: Uint8Array; signatures: Uint8Array[] } = createTransaction(
        { type: 'TransferContract', value: buildTransfer({ owner, to: addressOfPrivateKey(generatePrivateKey()), amount: i + 1 }), permissionId: 2 },
        { ...tapos, expiration: now + 3_600_000, timestamp: now },
      );
      for (const k of keys) tx = addSignature(tx, k);
      const file = join(work, `handoff-${i}.json`);
      writeFileSync(
        file,
        stringifyHandoff(
          exportHandoff({ tx, permission: { address: addressToBase58(owner), permissions: five.permissions, source: { file: 'snapshot' }, at: now }, now }),
        ),
      );
      files.push(file);
    }
    const imports: number[] = [];
    for (const file of files) {
      const t0 = performance.now();
      const [r] = importer.importFiles({ files: [{ name: `handoff-${imports.length}.json`, text: readFileSync(file, 'utf8') }] }).results;
      imports.push(performance.now() - t0);
      if (r!.added.length !== 5) throw new Error('expected five signatures imported');
    }
    console.log(`station import of a 5-signature handoff file (read, recover 5 signers, store): ${stats(imports.slice(5))}`);
    importer.close();

    // 2. Build and sign 10,000 transfers from a CSV, stored.
    const single = snapshotFile(1n, [keys[0]!]);
    const station = openStation({ dataDir: join(work, 'batch'), nodeUrl: 'http://127.0.0.1:9', clock: () => now, vault: 'keystore', passphrase });
    station.snapshotImport({ fileName: 'snapshot-1.json', text: readFileSync(single.file, 'utf8') });
    await station.keysImport({ secret: keys[0]!.slice() });
    const csv = join(work, 'batch.csv');
    const to = addressToBase58(addressOfPrivateKey(generatePrivateKey()));
    writeFileSync(csv, `to,amount,token,note\n${Array.from({ length: TOTAL }, (_, i) => `${to},${i + 1},,row ${i}`).join('\n')}\n`);
    const warm = join(work, 'warm.csv');
    writeFileSync(warm, `to,amount,token,note\n${to},1,,warm-up\n`);
    await station.buildBatch({ csv: readFileSync(warm, 'utf8'), from: addressToBase58(owner), sign: true, permissionId: 2, expiresIn: '1h' }); // derives the keystore key once
    const t0 = performance.now();
    const batch = await station.buildBatch({ csv: readFileSync(csv, 'utf8'), from: addressToBase58(owner), sign: true, permissionId: 2, expiresIn: '2h' });
    console.log(`station build batch --sign from a CSV, stored:  ${rate(batch.count, performance.now() - t0)}`);

    // 3. List the stored transactions with status, weight and time left.
    const lists: number[] = [];
    let n = 0;
    for (let r = 0; r < LIST_RUNS + 3; r++) {
      const t1 = performance.now();
      n = station.list({ limit: MAX_LIST_LIMIT }).entries.length;
      if (r >= 3) lists.push(performance.now() - t1);
    }
    console.log(`station list, ${n.toLocaleString('en')} transactions with status and weight: ${stats(lists)}`);
    station.close();
  } finally {
    if (process.env.AIRLOCK_BENCH_KEEP) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}
