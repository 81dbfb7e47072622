#!/usr/bin/env node
// `npm run bench:smoke`, part of `npm run check` (docs/decisions.md §27: a benchmark that rots unseen is worse
// than none): runs every bench/*.bench.ts once, one after another, in its short smoke mode
// (AIRLOCK_BENCH_SMOKE=1, bench/smoke.ts), through tsx as its `bench:*` script does.
//
// Invariant: every benchmark file is run, found by listing bench/ (a new one needs no entry here),
// and any that exits non-zero fails the whole run, naming it. No figure is read and no speed is
// asserted: a smoke run only proves that each benchmark still goes through all its steps.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const benches = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const failed = [];
for (const file of benches) {
  const started = Date.now();
  console.log(`\n== ${file} (smoke)`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join('bench', file)], {
    stdio: 'inherit',
    env: { ...process.env, AIRLOCK_BENCH_SMOKE: '1' },
    timeout: 10 * 60_000,
  });
  const ok = run.status === 0;
  console.log(
    `== ${file}: ${ok ? 'ran' : `FAILED (${run.error?.message ?? `exit ${run.status ?? run.signal}`})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!ok) failed.push(file);
}
console.log(`\nbenchmark smoke run: ${benches.length - failed.length} of ${benches.length} ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
