import { defineConfig } from 'vitest/config';
import { testEnv } from './scripts/test-env.mjs';

// One time zone for every run unless TZ names another (tests that must hold in any zone are also run with, for
// example, TZ=Pacific/Kiritimati), and one shuffled order, replayed by its seed (scripts/test-env.mjs).
const { TZ, TEST_SEED } = testEnv();
process.env.TZ = TZ;
console.log(`Tests in shuffled order, seed ${TEST_SEED} (TEST_SEED=${TEST_SEED} replays it), TZ=${TZ}`);

const env = { TZ };

export default defineConfig({
  test: {
    // Order is a setting of the whole run, not of a project: files and the tests inside them are shuffled.
    sequence: { shuffle: { files: true, tests: true }, seed: Number(TEST_SEED) },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          env,
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          env,
          environment: 'node',
          include: ['apps/server/test/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file boots its own app on its own database; two at a time suits a two-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
