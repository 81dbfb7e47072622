/**
 * `npm run bench:station`: the station store (electron/station/store.ts) on a real file in a
 * temporary directory, with its production settings (WAL, synchronous=FULL).
 * Rows: inserts/s with one commit (one fsync) per transaction, as `airlock build` does; inserts/s
 * grouped in one commit per 1,000 (store.atomic, as a CSV batch may); signatures/s, each committed
 * before the call returns; then, over 10,000 stored transactions with 0-3 signatures each, the time
 * to list them all with status and signature counts (issue 7's target: ≤ 50 ms), a filtered page,
 * and a walk of the whole audit chain. Figures are for information only: nothing here asserts a speed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { txIdOf } from '../shared/transaction.ts';
import { openStore, TX_STATUSES, type TransactionInput } from '../electron/station/store.ts';

const TOTAL = 10_000;
const SINGLE_COMMITS = 1_000;
const SIGNATURE_COMMITS = 1_000;
const LIST_RUNS = 30;

function address(): Uint8Array {
  const a = new Uint8Array(randomBytes(21));
  a[0] = 0x41;
  return a;
}

const accounts = Array.from({ length: 20 }, address);

function transaction(i: number): TransactionInput {
  const raw = new Uint8Array(randomBytes(160));
  return {
    txId: txIdOf(raw), raw, kind: 'TransferAssetContract', account: accounts[i % accounts.length]!, permissionId: 2,
    expiration: Date.now() + 3_600_000, status: TX_STATUSES[i % 4]!, note: `row ${i}`,
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
const store = openStore({ dataDir: dir });
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
