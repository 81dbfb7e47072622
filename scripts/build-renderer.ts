/**
 * `npm run build:renderer`: builds the Svelte renderer (renderer/index.html, docs/decisions.md §9) with Vite into
 * out/renderer, which the window (app://station) and the loopback bridge serve under the same
 * Content-Security-Policy. CSS goes to its own file, because `style-src 'self'` allows no inline
 * <style>; no module-preload polyfill (it would be an inline script).
 *
 * The renderer recovers signers with noble (shared/chain/verify.ts): its CSP has no
 * 'wasm-unsafe-eval', so libsecp256k1's WebAssembly could never compile there. `tiny-secp256k1` is
 * therefore built as an empty module (`noWasm`): the page ships and parses none of its loader or its
 * 1.2 MB .wasm, and verify.ts finds no `recover` and takes noble at once, as it did after the CSP
 * refused the module.
 *
 * `--out-dir DIR` builds somewhere else (the benchmark and tests use a temporary directory).
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type InlineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export const RENDERER_ROOT = fileURLToPath(new URL('../renderer/', import.meta.url));

/** The module id the renderer gets for `tiny-secp256k1`: nothing in it (see the file's opening). */
const NO_WASM_ID = '\0airlock-no-wasm';

/** Resolves `tiny-secp256k1` to an empty module in the renderer's build. */
export function noWasm(): Plugin {
  return {
    name: 'airlock-no-wasm',
    enforce: 'pre',
    resolveId: (id) => (id === 'tiny-secp256k1' ? NO_WASM_ID : null),
    load: (id) => (id === NO_WASM_ID ? 'export {};' : null),
  };
}

export function rendererViteConfig(outDir: string): InlineConfig {
  return {
    configFile: false,
    root: RENDERER_ROOT,
    base: './',
    publicDir: false,
    logLevel: 'warn',
    plugins: [noWasm(), svelte({ configFile: false, emitCss: true })],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'chrome120',
      sourcemap: false,
      modulePreload: { polyfill: false },
      // One bundle read from the app's own files, never over a network: its size costs no download,
      // so Vite's 500 kB advice (split for the web) would only be noise in every build and test.
      chunkSizeWarningLimit: 2048,
      // Few files: what the first paint needs (everything the entry imports statically) is one
      // chunk, and what the screens loaded later share is another, beside each screen's own chunk.
      // Each file is a request the window (app://) or the bridge answers; 25 small ones cost more
      // than two.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'first-paint', tags: ['$initial'], priority: 2 },
              { name: 'later', priority: 1 },
            ],
          },
        },
      },
    },
  };
}

export async function buildRenderer(outDir: string): Promise<void> {
  await build(rendererViteConfig(outDir));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'out/renderer' } } });
  const outDir = fileURLToPath(new URL(`../${values['out-dir']!}`, import.meta.url));
  await buildRenderer(values['out-dir']!.startsWith('/') ? values['out-dir']! : outDir);
  console.log(`built ${values['out-dir']}/index.html`);
}
