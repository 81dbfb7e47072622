/**
 * Every `npx airlock` example in README.md can be pasted as it is (docs/decisions.md §6 part 5: the example
 * `ops decode 7fff1fc0033e000…` failed when copied). The lines of each README code block that holds
 * an `npx airlock` line are run in order, as a new user would paste them from the repository root:
 * in a temporary folder holding a copy of examples/, with `npx airlock` standing for the real
 * bin/airlock.mjs run by Node 22. Each line must exit 0.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The lines of every fenced block that has an `npx airlock` line, block by block. */
function exampleBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] | undefined;
  let walkthrough = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      if (current) {
        // The station walkthrough needs a node: test/repo/readme-walkthrough.test.ts runs those blocks.
        if (!walkthrough && current.some((l) => l.startsWith('npx airlock'))) blocks.push(current);
        current = undefined;
      } else {
        current = [];
        walkthrough = line.trim() === '```sh walkthrough';
      }
    } else if (current && line.trim() !== '') {
      current.push(line);
    }
  }
  return blocks;
}

const blocks = exampleBlocks(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
const quote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
const AIRLOCK = `${quote(process.execPath)} ${quote(join(repoRoot, 'bin/airlock.mjs'))}`;

describe('README.md examples', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'airlock-readme-'));
    cpSync(join(repoRoot, 'examples'), join(dir, 'examples'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has the examples this test is for', () => {
    const lines = blocks.flat().filter((l) => l.startsWith('npx airlock'));
    expect(lines.length).toBeGreaterThanOrEqual(7);
    for (const group of ['tx encode', 'tx sign', 'tx inspect', 'ops encode', 'ops decode', 'address']) {
      expect(
        lines.some((l) => l.startsWith(`npx airlock ${group}`)),
        group,
      ).toBe(true);
    }
  });

  for (const [b, block] of blocks.entries()) {
    it(`block ${b + 1}: every line exits 0, in order`, () => {
      for (const line of block) {
        const command = line.replace(/^npx airlock\b/, AIRLOCK);
        const r = spawnSync('bash', ['-c', command], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
        expect({ line, status: r.status, stderr: r.stderr }).toEqual({ line, status: 0, stderr: '' });
      }
    });
  }
});
