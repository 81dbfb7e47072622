/**
 * Notes that stay true: a comment or a README that names a path of this repository names one that
 * exists, and no code comment cites a round of work by its tracker number ("issue" and a number), which a reader
 * of the repository cannot open; a comment states the rule, or cites docs/decisions.md §N.
 *
 * A "named path" is a token such as `station/core/records.ts` or `station/store/` in a code comment or a
 * Markdown file git knows of. It is checked when its first folder is a folder of the repository's root
 * (resolved from the root), or a folder beside the file that names it (resolved from that file's
 * folder, as a README says `core/records.ts`). Other tokens (npm packages, public repositories, URLs)
 * are not this repository's paths and are left alone. A path with a wildcard or a placeholder is a
 * pattern, not a path.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ISSUE_CITATION = /\bissues? [0-9]+\b/i;

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const CODE = /\.(ts|mjs|js|svelte)$/;
const NOTE = /\.md$/;
/** A relative path of two segments or more, ending in a file name with an extension or in a slash. */
const PATH =
  /(?<![\w@.:/-])((?:\.\.?\/)?(?:[A-Za-z0-9_][\w.-]*\/)+(?:[\w-][\w.-]*\.(?:ts|svelte|mjs|js|json|md|proto|yml|yaml|sql|y4m|html|css)|))(?![\w/*{<-])/g;

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && existsSync(join(repoRoot, f)) && !f.startsWith('shared/gen/') && !f.startsWith('test/fixtures/'));
}

/** The comment text of a code file: line comments, block comments, and HTML comments in .svelte files. */
export function commentsOf(source: string): string[] {
  const out: string[] = [];
  const re = /\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->|(?<![:'"`\\])\/\/[^\n]*/g;
  for (const m of source.matchAll(re)) out.push(m[0]);
  return out;
}

const TRACKED = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' }).split('\n');
const ROOT_ENTRIES = new Set(TRACKED.map((f) => f.split('/')[0]!));
/** Folders git knows of: a build output beside a note (out/, dist/) is not the repository's. */
const TRACKED_FOLDERS = new Set(
  TRACKED.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

/** The named paths in a text that do not exist, as "file: path". */
export function stalePaths(file: string, text: string, exists: (p: string) => boolean = (p) => existsSync(join(repoRoot, p))): string[] {
  const stale: string[] = [];
  const here = dirname(file);
  for (const m of text.matchAll(PATH)) {
    const named = m[1]!;
    if (named.includes('node_modules/') || named.startsWith('../') || PLACEHOLDER.test(named)) continue;
    const bare = named.replace(/^\.\//, '');
    const first = bare.split('/')[0]!;
    const besideFile = posix.normalize(posix.join(here, bare));
    // Checked only when it starts at a folder of the root or at a folder beside the note.
    const checkable = ROOT_ENTRIES.has(first) || TRACKED_FOLDERS.has(posix.join(here, first));
    if (checkable && !exists(bare) && !exists(besideFile)) stale.push(`${file}: ${named}`);
  }
  return stale;
}

/** `x.ts`, `x.test.ts`: the file name a recipe uses for "your module". */
const PLACEHOLDER = /(^|\/)x(\.test)?\.[a-z]+$/;

describe('notes that stay true', () => {
  const files = trackedFiles();

  it('reads the comments of code and the Markdown notes', () => {
    expect(files.filter((f) => CODE.test(f)).length).toBeGreaterThan(100);
    expect(files.filter((f) => NOTE.test(f))).toContain('ARCHITECTURE.md');
  });

  it('finds a stale path, from the root and beside the file, and leaves other tokens alone', () => {
    const exists = (p: string) => p === 'station/core/records.ts' || p === 'station/README.md';
    expect(stalePaths('station/README.md', 'see `station/core/records.ts` and `station/core/gone.ts`', exists)).toEqual([
      'station/README.md: station/core/gone.ts',
    ]);
    expect(stalePaths('station/README.md', 'see @ledgerhq/hw-app-trx and tronprotocol/java-tron and https://a.b/c/d.ts', exists)).toEqual([]);
    expect(stalePaths('x.ts', '`station/*/x.ts` or `station/<feature>/x.ts`', exists)).toEqual([]);
  });

  it('every path a comment or a README names exists', () => {
    const stale: string[] = [];
    for (const file of files) {
      if (CODE.test(file)) stale.push(...stalePaths(file, commentsOf(readFileSync(join(repoRoot, file), 'utf8')).join('\n')));
      else if (NOTE.test(file)) stale.push(...stalePaths(file, readFileSync(join(repoRoot, file), 'utf8')));
    }
    expect(stale, 'correct the path, or the note that names it').toEqual([]);
  });

  it('no code comment cites a tracker issue by number', () => {
    const cited = files
      .filter((f) => CODE.test(f))
      .flatMap((f) =>
        commentsOf(readFileSync(join(repoRoot, f), 'utf8'))
          .filter((c) => ISSUE_CITATION.test(c))
          .map((c) => `${f}: ${ISSUE_CITATION.exec(c)![0]}`),
      );
    expect(cited, 'state the rule, or cite docs/decisions.md §N').toEqual([]);
  });

  it('every section a comment or a note cites is a section of docs/decisions.md', () => {
    const sections = new Set([...readFileSync(join(repoRoot, 'docs/decisions.md'), 'utf8').matchAll(/^## §([0-9]+) /gm)].map((m) => m[1]!));
    const cited = files
      .filter((f) => CODE.test(f) || NOTE.test(f))
      .flatMap((f) =>
        [
          ...(CODE.test(f) ? commentsOf(readFileSync(join(repoRoot, f), 'utf8')).join('\n') : readFileSync(join(repoRoot, f), 'utf8')).matchAll(
            /decisions\.md((?: §[0-9]+(?:,| and| or)?)+)/g,
          ),
        ].flatMap((m) => [...m[1]!.matchAll(/§([0-9]+)/g)].map((n) => `${f}: §${n[1]}`)),
      );
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter((c) => !sections.has(c.split('§')[1]!))).toEqual([]);
  });
});
