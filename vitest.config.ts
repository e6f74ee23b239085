import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// One run for the whole tree; database-backed suites loop over every dialect that
// TEST_DATABASE_URL makes available (see packages/server/test/helpers/databases.ts).
// Workspace packages resolve to their TypeScript sources (the `source` export condition), so tests
// never need a build; the forked workers get the same condition for anything Node resolves itself.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Without `module`, which Node itself never reads: Vitest hands these conditions to its workers' Node, and with
  // `module` Node would load the AWS SDK's ES build, whose extensionless imports only a bundler resolves.
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')] },
  },
  test: {
    include: [
      'packages/*/test/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
      'bench/test/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    pool: 'forks',
    // Most suites wait on processes, browsers and sockets rather than compute, so three files at a time keep
    // two cores busy (Vitest's default on two cores is one file at a time: over 16 minutes for the suite).
    poolOptions: { forks: { execArgv: ['--conditions=source'], maxForks: 3, minForks: 1 } },
    // A test that runs a dozen CLI or platform processes takes over 30 s when three such files share two cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits on a page or a process, which a loaded machine can keep past Vitest's 1 s default.
    expect: { poll: { timeout: 15_000 } },
    reporters: ['default'],
  },
});
