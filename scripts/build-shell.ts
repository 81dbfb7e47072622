/**
 * `npm run build:shell`: builds the Electron main process and the preload with Vite into plain
 * JavaScript (docs/decisions.md §8), so the desktop app never runs TypeScript through tsx.
 *
 *   out/main/main.js         ES module, Node target; npm dependencies stay external (they ship in
 *                            the app's node_modules, native ones unpacked from the asar)
 *   out/preload/preload.cjs  one CommonJS file with everything bundled; its only import is
 *                            `electron`, because a sandboxed preload can require nothing else
 *   out/renderer/            the Svelte UI (scripts/build-renderer.ts), served at app://station
 *
 * `--out-dir DIR` builds somewhere else (the build test uses a temporary directory).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { buildRenderer } from './build-renderer.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function buildShell(outDir: string): Promise<void> {
  const common = { configFile: false, root, logLevel: 'warn', publicDir: false } as const;
  await build({
    ...common,
    build: {
      ssr: 'electron/shell/main.ts',
      outDir: `${outDir}/main`,
      emptyOutDir: true,
      target: 'node22',
      minify: false,
      sourcemap: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: 'main.js' } },
    },
  });
  await build({
    ...common,
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: 'electron/shell/preload.ts',
      outDir: `${outDir}/preload`,
      emptyOutDir: true,
      target: 'chrome140',
      minify: false,
      sourcemap: false,
      rolldownOptions: {
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: 'preload.cjs', codeSplitting: false },
      },
    },
  });
  await buildRenderer(`${outDir}/renderer`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'out' } } });
  // Absolute: the renderer's Vite root is renderer/, where a relative out dir would land.
  await buildShell(resolve(values['out-dir']!));
  console.log(`built ${values['out-dir']}/main/main.js, ${values['out-dir']}/preload/preload.cjs and ${values['out-dir']}/renderer/`);
}
