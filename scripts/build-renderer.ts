/**
 * `npm run build:renderer`: builds the Svelte renderer (renderer/index.html, docs/decisions.md §9) with Vite into
 * out/renderer, which the window (app://station) and the loopback bridge serve under the same
 * Content-Security-Policy. CSS goes to its own file, because `style-src 'self'` allows no inline
 * <style>; no module-preload polyfill (it would be an inline script).
 *
 * `--out-dir DIR` builds somewhere else (the benchmark and tests use a temporary directory).
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type InlineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export const RENDERER_ROOT = fileURLToPath(new URL('../renderer/', import.meta.url));

export function rendererViteConfig(outDir: string): InlineConfig {
  return {
    configFile: false,
    root: RENDERER_ROOT,
    base: './',
    publicDir: false,
    logLevel: 'warn',
    plugins: [svelte({ configFile: false, emitCss: true })],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'chrome120',
      sourcemap: false,
      modulePreload: { polyfill: false },
      // One bundle read from the app's own files, never over a network: its size costs no download,
      // so Vite's 500 kB advice (split for the web) would only be noise in every build and test.
      chunkSizeWarningLimit: 2048,
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
