import { defineConfig } from 'vitest/config';

// One run for the whole tree; database-backed suites loop over every dialect that
// TEST_DATABASE_URL makes available (see packages/server/test/helpers/databases.ts).
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
