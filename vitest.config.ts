import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'shared/**/*.test.ts', 'devnet/**/*.test.ts', 'cli/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
