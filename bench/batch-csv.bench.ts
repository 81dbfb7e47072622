/**
 * `npm run bench:batch-csv` (docs/decisions.md §9 "Batch"): how long the Batch screen's preview takes for the
 * largest batch the station takes (10,000 rows): reading the CSV (shared/files/batch-csv.ts
 * readBatchSheet), checking every row as the station will (checkBatchSheet, with From known, so
 * each row's contract is built), and cutting it into 200-row chunks. The preview runs again when
 * the CSV or From changes. Figures are printed for information only: nothing here asserts a speed.
 */
import { addressFromHex, addressToBase58 } from '../shared/chain/address.ts';
import { batchChunks, checkBatchSheet, readBatchSheet } from '../shared/files/batch-csv.ts';
import { MAX_BATCH_ROWS } from '../shared/base/limits.ts';
import { sized } from './smoke.ts';

const to = addressToBase58(addressFromHex(`41${'22'.repeat(20)}`));
const from = addressFromHex(`41${'11'.repeat(20)}`);
const csv = `to,amount,token,note\n${Array.from({ length: MAX_BATCH_ROWS }, (_, i) => `${to},${1000 + i},${i % 4 === 3 ? '1000001' : ''},note ${i}`).join('\n')}\n`;

for (let run = 1; run <= sized(5, 1); run++) {
  const t0 = performance.now();
  const sheet = readBatchSheet(csv);
  const t1 = performance.now();
  const check = checkBatchSheet(sheet, from);
  const t2 = performance.now();
  const chunks = batchChunks(sheet, 200);
  const t3 = performance.now();
  console.log(
    `run ${run}: ${check.count} rows (${(csv.length / 1024).toFixed(0)} KB) read in ${(t1 - t0).toFixed(0)} ms, checked in ${(t2 - t1).toFixed(0)} ms ` +
      `(${check.problemRows} problems), ${chunks.length} chunks in ${(t3 - t2).toFixed(1)} ms; preview ${(t3 - t0).toFixed(0)} ms`,
  );
}
