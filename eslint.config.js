// Lint configuration. Besides the usual TypeScript checks it enforces the runtime boundaries of
// STYLE.md habit 1: the folder says which process a file runs in, so `shared/` (the protocol core
// that runs in Node, in the browser and in Electron) may import no Electron, no `node:*` builtin,
// no native module and no DOM global, and nothing outside `shared/` itself.
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
      group: ['../electron/*', '../devnet/*', '../renderer/*', '../cli/*', '../../*'],
      message: 'shared/ imports only shared/ and pure packages.',
    },
  ],
  paths: NODE_BUILTINS.map((name) => ({ name, message: 'shared/ runs everywhere: no Node builtins.' })),
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
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', sharedBoundary],
      'no-restricted-globals': ['error', ...sharedDomGlobals],
    },
  },
  {
    files: ['electron/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
    ignores: ELECTRON_ENTRY_FILES,
    rules: { 'no-restricted-imports': ['error', electronImportBan] },
  },
  {
    files: ['renderer/**/*'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/electron/*', 'electron', 'node:*'], message: 'renderer/ talks only to the typed API in shared/.' }],
      }],
    },
  },
);
