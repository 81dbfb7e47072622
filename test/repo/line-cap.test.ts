/**
 * The line cap of docs/decisions.md §15: no tracked code file outside shared/gen/ (generated) is over 600 lines,
 * so each file keeps to one concept. The files over the cap when the rule came in are listed below
 * with their count that day; the list may only shrink. The test fails when a file not on the list
 * goes over the cap, when a listed file grows past its count, and when a listed file is back under
 * the cap or gone (then delete its line, so it cannot grow again). To lower a count after trimming
 * a listed file, write the new count here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const LINE_CAP = 600;

/** Code, as opposed to data, docs and lock files: what a contributor reads and edits. */
const CODE = /\.(ts|tsx|js|mjs|cjs|svelte|css)$/;

/** Today's offenders and their line counts (24 Nov 2026). May only shrink. */
const OFFENDERS: Record<string, number> = {};

function trackedCode(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0');
  return files.filter((f) => CODE.test(f) && !f.startsWith('shared/gen/'));
}

/** Lines as `wc -l` counts them, plus a last line with no newline. */
function lineCount(path: string): number | null {
  let text: string;
  try {
    text = readFileSync(`${repoRoot}${path}`, 'utf8');
  } catch {
    return null; // tracked but deleted in the work tree
  }
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe(`no code file outside shared/gen/ is over ${LINE_CAP} lines`, () => {
  const counts = new Map(trackedCode().map((f) => [f, lineCount(f)] as const));

  it('the check sees the code (git lists it)', () => {
    expect(counts.size).toBeGreaterThan(100);
    expect(counts.get('eslint.config.js')).toBe(readFileSync(`${repoRoot}eslint.config.js`, 'utf8').split('\n').length - 1);
  });

  it('no file that is not on the list is over the cap', () => {
    const over = [...counts].filter(([f, n]) => n !== null && n > LINE_CAP && !(f in OFFENDERS)).map(([f, n]) => `${f}: ${n} lines`);
    expect(over, `split these files (cap ${LINE_CAP} lines)`).toEqual([]);
  });

  it('no listed file has grown', () => {
    const grown = Object.entries(OFFENDERS)
      .filter(([f, max]) => (counts.get(f) ?? 0) > max)
      .map(([f, max]) => `${f}: ${counts.get(f)} lines, listed at ${max}`);
    expect(grown, 'a listed file may only shrink: split it instead').toEqual([]);
  });

  it('every listed file is still over the cap (delete the line of a file that was split or removed)', () => {
    const done = Object.keys(OFFENDERS)
      .filter((f) => (counts.get(f) ?? 0) <= LINE_CAP)
      .map((f) => `${f}: ${counts.get(f) ?? 'gone'}`);
    expect(done, 'remove these from OFFENDERS in test/repo/line-cap.test.ts').toEqual([]);
  });
});
