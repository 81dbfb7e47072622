import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Two projects: everything in Node as before, and the renderer's component tests (renderer/**/*.test.ts,
// beside their components; their set-up in test/helpers/renderer/),
// which compile .svelte files and resolve packages with the browser condition, so Svelte's client
// runtime (not its server renderer) is what they mount. Each component test file asks for jsdom.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts', 'shared/**/*.test.ts', 'station/**/*.test.ts', 'electron/**/*.test.ts', 'devnet/**/*.test.ts', 'cli/**/*.test.ts'],
        },
      },
      {
        extends: true,
        plugins: [svelte({ configFile: false })],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.ts'],
          setupFiles: ['test/helpers/renderer/jsdom-setup.ts'],
        },
      },
    ],
  },
});
