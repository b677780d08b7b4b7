import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['apps/server/test/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file boots its own app on its own database; two at a time suits a two-core machine.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Whole processes: the server binary against its own PostgreSQL server, which the tests stop and restart.
          name: 'system',
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['apps/server/test/system/**/*.sys.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
