/**
 * The two Node globals @ngraveio/bc-ur needs in the page (docs/decisions.md §19): `Buffer` (the package and its
 * CBOR and hash dependencies build Buffers) and `process.env` (the `util` package that its `assert`
 * dependency pulls in reads it at load). The page has neither; without them every UR call throws.
 * Imported first by renderer/main.ts, so both exist before any module that uses bc-ur is evaluated.
 * package.json declares every module free of side effects, so a bare `import './node-globals.ts'`
 * would be dropped from the bundle: main.ts reads `NODE_GLOBALS`, which keeps this module, and its
 * place first in main.ts's imports keeps it first in the bundle.
 * `buffer/` (trailing slash) names the npm package, which bc-ur's dependencies already bundle, not
 * Node's builtin; nothing else of Node comes in, and `process` holds only an empty `env`.
 *
 * Invariant: existing globals are never replaced (in jsdom tests, Node's own stay).
 */
import { Buffer } from 'buffer/';

function install(): readonly string[] {
  const g = globalThis as { Buffer?: unknown; process?: unknown };
  g.Buffer ??= Buffer;
  g.process ??= { env: {} };
  return ['Buffer', 'process'];
}

/** The globals present once this module has run. */
export const NODE_GLOBALS = install();
