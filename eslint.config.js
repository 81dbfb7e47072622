// Lint configuration. Besides the usual TypeScript checks it enforces the runtime boundaries of
// STYLE.md habit 1 and issue 6: the folder says which process a file runs in, so
// - `shared/` (the protocol core that runs in Node, in the browser and in Electron) imports only
//   itself and its pure npm dependencies: no Electron, no `node:*` builtin, no native module, no
//   DOM or Node global, no other folder;
// - `renderer/` imports only `shared/` (never its signing module `shared/chain/keys.ts`, which no other
//   shared/ module imports, nor a curve library) and no Electron, Node builtin or other folder;
// - `devnet/` and `cli/` never import each other;
// - only electron/shell/main.ts and preload.ts import `electron`, so station/ never does.
// test/repo/lint-boundary.test.ts proves each rule fires.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const NODE_BUILTINS = [
  'assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs',
  'fs/promises', 'http', 'http2', 'https', 'module', 'net', 'os', 'path', 'perf_hooks', 'process',
  'readline', 'stream', 'timers', 'tls', 'url', 'util', 'v8', 'vm', 'worker_threads', 'zlib',
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
      regex: '^(?!\\.\\.?/|@bufbuild/protobuf(/|$)|@noble/hashes/|@noble/secp256k1$|@scure/base$|tiny-secp256k1$|valibot$)',
      message: 'shared/ imports only shared/ and its pure npm dependencies (@bufbuild/protobuf, @noble/*, @scure/base, tiny-secp256k1, valibot).',
    },
  ],
  paths: NODE_BUILTINS.map((name) => ({ name, message: 'shared/ runs everywhere: no Node builtins.' })),
};

const NODE_BUILTIN_NAMES = NODE_BUILTINS.map((name) => ({ name, message: 'renderer/ runs in a sandboxed page: no Node builtins.' }));

/** Import bans for the UI: it reaches the host only through shared/ (views, the API contract). */
export const rendererBoundary = {
  patterns: [
    { group: ['electron', 'electron/*', '**/electron/**'], message: 'renderer/ may not import electron/ or Electron: it talks only to the typed API in shared/.' },
    { group: ['node:*'], message: 'renderer/ runs in a sandboxed page: no Node builtins.' },
    { group: ['**/devnet/**', '**/cli/**', '**/bin/**', '**/scripts/**', '**/bench/**', '**/test/**'], message: 'renderer/ imports only shared/.' },
    { group: ['**/shared/chain/keys', '**/shared/chain/keys.ts', '**/shared/chain/keys.js'], message: 'renderer/ never imports the signing module shared/chain/keys.ts: keys live in the vault, behind the API.' },
    { group: ['@noble/secp256k1', '@noble/secp256k1/*', 'tiny-secp256k1'], message: 'renderer/ never signs: no curve library; views and checks come from shared/.' },
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
  'window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'fetch',
  'XMLHttpRequest', 'HTMLElement', 'process', 'Buffer', 'require', '__dirname', '__filename',
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
);
