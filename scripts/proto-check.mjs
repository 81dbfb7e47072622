#!/usr/bin/env node
// Regenerates the protobuf code into a scratch folder and fails if it differs from the committed
// shared/gen (STYLE.md: generated code is committed, regenerated in CI and diffed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const scratch = mkdtempSync(join(tmpdir(), 'airlock-proto-'));
try {
  const run = spawnSync('buf', ['generate', '-o', scratch], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error('proto:check: buf generate failed');
    process.exit(1);
  }
  const list = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? list(p) : [p];
    });
  const fresh = join(scratch, 'shared/gen');
  const committed = 'shared/gen';
  const a = list(fresh)
    .map((p) => relative(fresh, p))
    .sort();
  const b = list(committed)
    .map((p) => relative(committed, p))
    .sort();
  const problems = [];
  for (const f of new Set([...a, ...b])) {
    if (!a.includes(f)) problems.push(`${f}: committed but no longer generated`);
    else if (!b.includes(f)) problems.push(`${f}: generated but not committed`);
    else if (readFileSync(join(fresh, f), 'utf8') !== readFileSync(join(committed, f), 'utf8')) problems.push(`${f}: differs from a fresh generation`);
  }
  if (problems.length) {
    console.error(`proto:check: shared/gen is stale; run \`npm run proto\` and commit.\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`proto:check: shared/gen matches proto/ (${a.length} files)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
