/**
 * Every bound in one module (docs/decisions.md §15 "every bound and status list in one module", §27 "every
 * bound in limits.ts"): in the station, the shared core, the CLI, the shell and the renderer (tests and
 * the generated shared/gen/ aside), no file but shared/base/limits.ts declares a constant that
 * reads as a bound (a `MAX_`, `MIN_` or `DEFAULT_` name, or one ending `_MS`, `_MAX`, `_ROWS`,
 * `_CHUNK`, `_LIMIT`, `_WINDOW` or `PAGE_SIZE`) with a number for its value, and no file declares again a
 * name limits.ts exports. Before this rule the re-issue window, the proof challenge's lifetime,
 * the queue's page size, the batch's chunk and the error excerpt lengths lived in their modules.
 *
 * NOT_BOUNDS lists the few such names that are not a bound at all: a unit of time, a fact of the
 * protocol's clock, a type's range; NOT_MOVED_YET the bounds still in a file another branch was
 * rewriting when this rule landed. Both may only shrink: a name listed that no longer exists fails.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const LIMITS = 'shared/base/limits.ts';
const ROOTS = ['shared/', 'station/', 'cli/', 'electron/', 'renderer/'];

/** `file NAME`: numeric constants with a bound's name that are not bounds, and why. */
const NOT_BOUNDS: Record<string, string> = {
  'shared/base/duration.ts SECOND_MS': 'a unit of time (duration.ts holds the units, limits.ts the bounds)',
  'shared/chain/tapos.ts BLOCK_INTERVAL_MS': "the protocol's block clock: one block every 3 s",
  'shared/contracts/abi-amount.ts MAX_UINT256': 'the range of the ABI type uint256',
  'shared/base/int64.ts INT64_MAX': 'the range of a protobuf int64',
  'shared/base/int64.ts INT32_MAX': 'the range of a protobuf int32',
};

/** `file NAME`: bounds left where they are for now, and why; move them to limits.ts and delete the line. */
const NOT_MOVED_YET: Record<string, string> = {};

const BOUND_NAME = /^(MAX|MIN|DEFAULT)_|_(MS|MAX|ROWS|CHUNK|LIMIT|WINDOW)$|PAGE_SIZE$/;
/** A `const NAME = <value>;` at the start of a line (a `.svelte` file's script too). */
const DECLARATION = /^[ \t]*(?:export[ \t]+)?const[ \t]+([A-Za-z_$][A-Za-z0-9_$]*)[ \t]*(?::[^=\n]+)?=[ \t]*([^;\n]*);?/gm;
/** Digits, `_` separators, a bigint `n`, arithmetic and shifts: a number written out. */
const NUMBER = /^[-+*/%() \t0-9_.n<>]+$/;

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...ROOTS], { cwd: repoRoot, encoding: 'utf8' });
  return listed.split('\n').filter((f) => /\.(ts|svelte)$/.test(f) && !/\.test\.ts$/.test(f) && !f.startsWith('shared/gen/') && f !== LIMITS);
}

/** The constants `text` declares: name and value as written. */
function declaredConstants(text: string): { name: string; value: string }[] {
  return [...text.matchAll(DECLARATION)].map((m) => ({ name: m[1]!, value: m[2]!.trim() }));
}

/** The `file NAME` of every constant that reads as a bound and is not in limits.ts. */
function boundsOutside(files: Record<string, string>, limitsNames: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const { name, value } of declaredConstants(text)) {
      if (limitsNames.has(name) || (BOUND_NAME.test(name) && NUMBER.test(value) && /[0-9]/.test(value))) out.push(`${file} ${name}`);
    }
  }
  return out.sort();
}

function limitsNames(): Set<string> {
  const text = readFileSync(`${repoRoot}${LIMITS}`, 'utf8');
  return new Set([...text.matchAll(/^export const ([A-Z][A-Z0-9_]*)/gm)].map((m) => m[1]!));
}

describe('every bound in shared/base/limits.ts', () => {
  it('no other module declares a bound, or a name limits.ts exports', () => {
    const files = Object.fromEntries(sourceFiles().map((f) => [f, readFileSync(`${repoRoot}${f}`, 'utf8')]));
    const found = boundsOutside(files, limitsNames());
    const listed = { ...NOT_BOUNDS, ...NOT_MOVED_YET };
    expect(found.filter((f) => !(f in listed))).toEqual([]);
    // The lists only shrink: every entry still names a constant that is there.
    expect(Object.keys(listed).filter((k) => !found.includes(k))).toEqual([]);
  });

  it('finds a bound written back into its old module, and a name of limits.ts declared again', () => {
    const names = new Set(['REISSUE_WINDOW_MS', 'MAX_VOTES']);
    const files = {
      'station/transactions/broadcast.ts': 'export const REISSUE_WINDOW_MS = 60 * 60 * 1000;\n',
      'renderer/queue/queue.svelte.ts': 'const PAGE_SIZE = 250;\n',
      'shared/base/errors.ts': 'const EXCERPT_WHOLE_MAX: number = 24n;\n',
      'renderer/stake/Votes.svelte': '<script lang="ts">\n  const MAX_VOTES = 30;\n</script>\n',
      'shared/base/display.ts': "const DEFAULT_LABEL = 'none';\nconst MAX_OF = Math.max(1, 2);\nconst FORMAT_VERSION = 1;\n",
    };
    expect(boundsOutside(files, names)).toEqual([
      'renderer/queue/queue.svelte.ts PAGE_SIZE',
      'renderer/stake/Votes.svelte MAX_VOTES',
      'shared/base/errors.ts EXCERPT_WHOLE_MAX',
      'station/transactions/broadcast.ts REISSUE_WINDOW_MS',
    ]);
  });
});
