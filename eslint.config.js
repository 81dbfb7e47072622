// Lint configuration. Besides the usual TypeScript checks it enforces the runtime boundaries of
// STYLE.md habit 1 and docs/decisions.md §6: the folder says which process a file runs in, so
// - `shared/` (the protocol core that runs in Node, in the browser and in Electron) imports only
//   itself and its pure npm dependencies: no Electron, no `node:*` builtin, no native module, no
//   DOM or Node global, no other folder;
// - `renderer/` imports only `shared/` (never its signing module `shared/chain/keys.ts`, which no other
//   shared/ module imports, nor a curve library) and no Electron, Node builtin or other folder;
// - `devnet/` and `cli/` never import each other;
// - only electron/shell/main.ts and preload.ts import `electron`, so station/ never does;
// and, inside the folders, the import layers of docs/decisions.md §15 (the local rule `airlock/layers` below):
// - shared/ layers gen < base < chain < contracts < approval < views < files < api: a runtime import
//   goes down or sideways, never up;
// - station/: a feature folder (any folder but store/, vault/, node/, core/) never imports another
//   feature nor the composition root station.ts; only station/store/ (and devnet/, the local node
//   with its own store) imports better-sqlite3, only station/vault/ imports @napi-rs/keyring, and only
//   station/node/ calls the global `fetch`;
// - renderer/: a feature folder never imports another feature; ui/ and forms/ import no feature;
//   app/ (the root) may import them all. The rule reads the <script> of .svelte files too.
// test/repo/lint-boundary.test.ts proves each rule fires.
import { dirname, join, relative, sep } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const NODE_BUILTINS = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'module',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'readline',
  'stream',
  'timers',
  'tls',
  'url',
  'util',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
];

/** Import bans for the protocol core; exported so a test can prove each one fires. */
export const sharedBoundary = {
  patterns: [
    { group: ['node:*'], message: 'shared/ runs everywhere: no Node builtins (STYLE.md habit 1).' },
    { group: ['electron', 'electron/*'], message: 'shared/ may not import Electron.' },
    {
      group: ['better-sqlite3', '@napi-rs/*', 'keytar', '*.node'],
      message: 'shared/ may not import native modules.',
    },
    {
      group: ['**/devnet/**', '**/electron/**', '**/station/**', '**/cli/**', '**/renderer/**', '**/test/**', '**/scripts/**', '**/bench/**', '**/bin/**'],
      message: 'shared/ imports only shared/ and pure packages.',
    },
    {
      // The renderer may import any other shared/ module; through one of them it would reach signing.
      group: ['./keys', './keys.ts', './keys.js', '**/chain/keys', '**/chain/keys.ts', '**/chain/keys.js'],
      message: 'no shared/ module imports the signing module shared/chain/keys.ts: the renderer imports shared/ modules, and must not get signing with one.',
    },
    {
      // An allow-list: anything that is not a relative import inside shared/ or one of shared/'s
      // npm dependencies (package.json) is refused.
      regex:
        '^(?!\\.\\.?/|@bufbuild/protobuf(/|$)|@noble/hashes/|@noble/secp256k1$|@scure/base$|tiny-secp256k1$|valibot$|@ngraveio/bc-ur$|@paulmillr/qr(/decode\\.js)?$)',
      message:
        'shared/ imports only shared/ and its pure npm dependencies (@bufbuild/protobuf, @noble/*, @scure/base, tiny-secp256k1, valibot, @ngraveio/bc-ur, @paulmillr/qr).',
    },
  ],
  paths: NODE_BUILTINS.map((name) => ({ name, message: 'shared/ runs everywhere: no Node builtins.' })),
};

const NODE_BUILTIN_NAMES = NODE_BUILTINS.map((name) => ({ name, message: 'renderer/ runs in a sandboxed page: no Node builtins.' }));

/** Import bans for the UI: it reaches the host only through shared/ (views, the API contract). */
export const rendererBoundary = {
  patterns: [
    {
      group: ['electron', 'electron/*', '**/electron/**'],
      message: 'renderer/ may not import electron/ or Electron: it talks only to the typed API in shared/.',
    },
    { group: ['node:*'], message: 'renderer/ runs in a sandboxed page: no Node builtins.' },
    { group: ['**/devnet/**', '**/cli/**', '**/bin/**', '**/scripts/**', '**/bench/**', '**/test/**'], message: 'renderer/ imports only shared/.' },
    {
      group: ['**/shared/chain/keys', '**/shared/chain/keys.ts', '**/shared/chain/keys.js'],
      message: 'renderer/ never imports the signing module shared/chain/keys.ts: keys live in the vault, behind the API.',
    },
    {
      group: ['@noble/secp256k1', '@noble/secp256k1/*', 'tiny-secp256k1'],
      message: 'renderer/ never signs: no curve library; views and checks come from shared/.',
    },
  ],
  paths: NODE_BUILTIN_NAMES,
};

/** devnet/ is the local node; it never imports the command line. */
export const devnetBoundary = {
  patterns: [{ group: ['**/cli/**', '../cli/*'], message: 'devnet/ and cli/ never import each other: both build on shared/.' }],
};

/** cli/ is a client of any node; it never imports the devnet. */
export const cliBoundary = {
  patterns: [{ group: ['**/devnet/**', '../devnet/*'], message: 'devnet/ and cli/ never import each other: both build on shared/.' }],
};

export const sharedDomGlobals = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'fetch',
  'XMLHttpRequest',
  'HTMLElement',
  'process',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
].map((name) => ({ name, message: `shared/ runs everywhere: no ${name} (STYLE.md habit 1).` }));

/**
 * Only the two Electron entry files may import `electron`: every other file under electron/ holds
 * logic that tests load, and the Electron binary cannot run on our machines (STYLE.md habit 10).
 */
export const ELECTRON_ENTRY_FILES = ['electron/shell/main.ts', 'electron/shell/preload.ts'];
const ELECTRON_BAN_MESSAGE = 'Only electron/shell/main.ts and preload.ts import Electron; pass its objects in (STYLE.md habit 10).';
export const electronImportBan = {
  paths: [{ name: 'electron', message: ELECTRON_BAN_MESSAGE }],
  // The package's subpaths (electron/main, electron/renderer), not our own electron/ folder.
  patterns: [{ regex: '^electron/', message: ELECTRON_BAN_MESSAGE }],
};

/** shared/ layers, lowest first: a runtime import may name its own layer or a lower one. */
export const SHARED_LAYERS = ['gen', 'base', 'chain', 'contracts', 'approval', 'views', 'devices', 'files', 'api'];
/** station/ folders every feature may use; any other folder under station/ is a feature. */
export const STATION_INFRA = ['store', 'vault', 'node', 'devices', 'core'];
/**
 * The infrastructure's own order: store/, vault/, node/ and devices/ are the bottom, each on its own
 * (none imports another at runtime), and core/ stands on all four; nothing under core/ reaches up into it.
 */
export const STATION_BOTTOM = ['store', 'vault', 'node', 'devices'];
/** renderer/ folders that are not features: app/ is the root, ui/ and forms/ are shared by features. */
export const RENDERER_COMMON = ['app', 'ui', 'forms'];
/**
 * Imports that break a layer today, each with why it is tolerated. The list may only shrink: the
 * owner of the file moves the code and deletes the line (reported to the lead in the reshape).
 */
export const LAYER_EXCEPTIONS = [
  // display.ts renders any JSON value for the UI and names addresses and inputs by kind; it belongs
  // in chain/ or views/ (engineer D's one-home-per-fact step moves it).
  { from: 'shared/base/display.ts', to: 'shared/chain/address.ts' },
  { from: 'shared/base/display.ts', to: 'shared/chain/input.ts' },
];

/** Repo-relative path with forward slashes. */
const repoPath = (cwd, file) => relative(cwd, file).split(sep).join('/');

/** [top folder, second folder] of a repo path: 'station/tokens/x.ts' → ['station', 'tokens']. */
function folderOf(path) {
  const parts = path.split('/');
  return [parts[0], parts.length > 2 ? parts[1] : null];
}

/**
 * Why `from` may not import `target` at runtime, or null. `target` is a repo path for relative
 * specifiers and the bare package name otherwise.
 */
export function layerProblem(from, target, relativeSpecifier) {
  const [top, sub] = folderOf(from);
  if (!relativeSpecifier) {
    const pkg = target.startsWith('@') ? target.split('/').slice(0, 2).join('/') : target.split('/')[0];
    if (pkg === 'better-sqlite3' && !from.startsWith('station/store/') && top !== 'devnet') {
      return 'only station/store/ (and devnet/, the local node) imports better-sqlite3: go through the store.';
    }
    if (pkg === '@napi-rs/keyring' && !from.startsWith('station/vault/')) {
      return 'only station/vault/ imports @napi-rs/keyring: go through the vault.';
    }
    return null;
  }
  if (LAYER_EXCEPTIONS.some((e) => e.from === from && e.to === target)) return null;
  const [ttop, tsub] = folderOf(target);
  if (top === 'shared' && ttop === 'shared' && sub && tsub) {
    const [a, b] = [SHARED_LAYERS.indexOf(sub), SHARED_LAYERS.indexOf(tsub)];
    if (a >= 0 && b > a) {
      return `shared/${sub}/ may not import shared/${tsub}/ at runtime: layers go ${SHARED_LAYERS.join(' < ')} and an import never goes up.`;
    }
  }
  if (top === 'station' && sub && !STATION_INFRA.includes(sub) && ttop === 'station' && tsub !== sub) {
    if (!tsub) return `station/${sub}/ is a feature: it may not import the composition root ${target}.`;
    if (!STATION_INFRA.includes(tsub)) {
      return `station/${sub}/ is a feature and may not import the feature station/${tsub}/: features use only ${STATION_INFRA.map((f) => `station/${f}/`).join(', ')} and shared/.`;
    }
  }
  // The infrastructure under the features never reaches up into one (station/README.md): core/,
  // store/, vault/ and node/ are what every feature stands on, so a feature's change cannot break them.
  if (top === 'station' && sub && STATION_INFRA.includes(sub) && ttop === 'station' && tsub !== sub && (!tsub || !STATION_INFRA.includes(tsub))) {
    return tsub
      ? `station/${sub}/ is infrastructure the features use and may not import the feature station/${tsub}/.`
      : `station/${sub}/ is infrastructure the features use and may not import the composition root ${target}.`;
  }
  if (top === 'station' && STATION_BOTTOM.includes(sub) && ttop === 'station' && tsub !== sub && STATION_INFRA.includes(tsub)) {
    return tsub === 'core'
      ? `station/${sub}/ sits below station/core/ and may not import it: core/ stands on store/, vault/ and node/, never the other way.`
      : `station/${sub}/ may not import station/${tsub}/ at runtime: store/, vault/ and node/ each stand alone under core/.`;
  }
  if (top === 'renderer' && sub && sub !== 'app' && ttop === 'renderer' && tsub && tsub !== sub && !RENDERER_COMMON.includes(tsub)) {
    return RENDERER_COMMON.includes(sub)
      ? `renderer/${sub}/ is shared by the features and may not import the feature renderer/${tsub}/.`
      : `renderer/${sub}/ is a feature and may not import the feature renderer/${tsub}/: features use renderer/app/, ui/, forms/ and shared/.`;
  }
  if (top === 'renderer' && sub === 'ui' && tsub === 'forms') return 'renderer/ui/ may not import renderer/forms/: forms build on ui, not the other way.';
  return null;
}

/**
 * Type-only imports may cross every layer: they are erased before the code runs, so they add no
 * load order, no cycle and no runtime dependency (a lower layer may name the shape of a higher one's
 * value, e.g. a view type, without calling it).
 */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** The local plugin: the import-layer rule and a processor that lets it read .svelte scripts. */
export const airlock = {
  rules: {
    layers: {
      meta: { type: 'problem', schema: [], docs: { description: 'import layers per folder (issue 15)' } },
      create(context) {
        const from = repoPath(context.cwd, context.physicalFilename);
        function check(node, source) {
          if (!source || typeof source.value !== 'string') return;
          const spec = source.value;
          const rel = spec.startsWith('./') || spec.startsWith('../');
          const target = rel ? repoPath(context.cwd, join(dirname(join(context.cwd, from)), spec)) : spec;
          const problem = layerProblem(from, target, rel);
          if (problem && !(rel && typeOnly(node))) context.report({ node: source, message: problem });
        }
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
        };
      },
    },
  },
  processors: {
    // Keeps only the <script> blocks, every other character blanked (newlines kept), so positions
    // in the virtual .ts file are the .svelte file's own.
    svelte: {
      meta: { name: 'airlock-svelte-script' },
      supportsAutofix: false,
      preprocess(text) {
        let out = '';
        let at = 0;
        for (const m of text.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
          const start = m.index + m[1].length;
          out += text.slice(at, start).replace(/[^\n]/g, ' ') + m[2];
          at = start + m[2].length;
        }
        out += text.slice(at).replace(/[^\n]/g, ' ');
        return [{ text: out, filename: 'script.ts' }];
      },
      postprocess: (messages) => messages.flat(),
    },
  },
};

/** Shipped code: tests, benchmarks and scripts drive every part and are not layered. */
const LAYERED_CODE = ['shared/**/*.ts', 'station/**/*.ts', 'electron/**/*.ts', 'cli/**/*.ts', 'devnet/**/*.ts', 'renderer/**/*.ts', 'bin/**/*.mjs'];
const NOT_LAYERED = ['**/*.test.ts', '**/*.types.ts', 'station/store/store-crash-child.ts'];

/** Every rule the recommended sets switch on, switched off for the .svelte script blocks. */
const RECOMMENDED_OFF = Object.fromEntries(
  [js.configs.recommended, ...tseslint.configs.recommended].flatMap((c) => Object.keys(c.rules ?? {})).map((r) => [r, 'off']),
);

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'shared/gen/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    // Unit tests stand beside their module and run in Node only; the module rules are for shipped code.
    ignores: ['shared/**/*.test.ts', 'shared/**/*.types.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', sharedBoundary],
      'no-restricted-globals': ['error', ...sharedDomGlobals],
    },
  },
  {
    files: ['electron/**/*.ts', 'station/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts', '**/*.test.ts'],
    ignores: ELECTRON_ENTRY_FILES,
    rules: { 'no-restricted-imports': ['error', electronImportBan] },
  },
  {
    files: ['renderer/**/*'],
    // Component tests stand beside their component and run in Node under jsdom with the test helpers.
    ignores: ['renderer/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', rendererBoundary] },
  },
  {
    files: ['devnet/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', devnetBoundary] },
  },
  {
    files: ['cli/**/*.ts', 'bin/**/*.mjs'],
    rules: { 'no-restricted-imports': ['error', cliBoundary] },
  },
  {
    files: LAYERED_CODE,
    ignores: NOT_LAYERED,
    plugins: { airlock },
    rules: { 'airlock/layers': 'error' },
  },
  {
    // Only the node client talks to a node over HTTP: every other part asks it (docs/decisions.md §15).
    files: ['station/**/*.ts', 'electron/**/*.ts', 'cli/**/*.ts', 'devnet/**/*.ts'],
    // station/devices/speculos-transport.ts talks to the Ledger emulator's HTTP API on loopback (docs/decisions.md §23).
    ignores: ['station/node/**', 'station/devices/speculos-transport.ts', ...NOT_LAYERED],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'only station/node/ calls fetch: ask the node client.' }],
      'no-restricted-properties': ['error', { object: 'globalThis', property: 'fetch', message: 'only station/node/ calls fetch: ask the node client.' }],
    },
  },
  {
    // No test is ever skipped (docs/decisions.md §15, CONTRIBUTING's honest tests): a missing prerequisite is a
    // failure that says what to install (scripts/run-tests.mjs), never a skip, and nothing is left
    // focused with .only. ctx.skip() and it.skipIf/runIf are the conditional forms.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    ignores: ['test/fixtures/runner/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['it', 'test', 'describe', 'suite', 'bench'].flatMap((object) =>
          ['skip', 'skipIf', 'runIf', 'todo', 'only'].map((property) => ({
            object,
            property,
            message: `no ${object}.${property}: tests never skip; a missing prerequisite fails.`,
          })),
        ),
        { property: 'skip', message: 'no ctx.skip(): tests never skip; a missing prerequisite fails.' },
      ],
    },
  },
  {
    // The components' <script> blocks: only the import rules apply (the template uses what the
    // script declares, so the TypeScript rules would misfire; svelte-check types them).
    files: ['renderer/**/*.svelte'],
    plugins: { airlock },
    processor: 'airlock/svelte',
  },
  {
    files: ['renderer/**/*.svelte/*.ts'],
    plugins: { airlock },
    rules: { ...RECOMMENDED_OFF, 'airlock/layers': 'error', 'no-restricted-imports': ['error', rendererBoundary] },
  },
);
