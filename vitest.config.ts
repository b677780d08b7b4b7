import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { testEnv } from './scripts/test-env.mjs';

// One time zone for every run unless TZ names another (tests that must hold in any zone are also run with, for
// example, TZ=Pacific/Kiritimati), and one shuffled order, replayed by its seed (scripts/test-env.mjs).
const { TZ, TEST_SEED } = testEnv();
process.env.TZ = TZ;
console.log(`Tests in shuffled order, seed ${TEST_SEED} (TEST_SEED=${TEST_SEED} replays it), TZ=${TZ}`);

const env = { TZ };

/**
 * The web test files that replace a module (`vi.mock`). The web and unit files run without isolation (one window
 * and one module cache per worker: a jsdom and the app's modules set up once, not once per file, which took three
 * quarters of the project's time); a replaced module would stay replaced for the files after it in the same worker,
 * so these files run isolated, in a project of their own.
 */
function filesThatMockModules(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file))
    .filter((file) => /\bvi\.mock\(/.test(fs.readFileSync(file, 'utf8')));
}
const webMocking = filesThatMockModules('apps/web/src');
const webTest = {
  environment: 'jsdom' as const,
  setupFiles: ['apps/web/src/test/setup.ts'],
  maxWorkers: 2,
  // Times are shown in the reader's zone: the expected texts are written for UTC.
  env: { TZ: 'UTC' },
};

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
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // Vitest's default is one worker fewer than the CPUs: one, on a two-core machine.
          maxWorkers: 2,
          // Pure functions: nothing a file changes outlives it, so the files share their workers' module cache.
          isolate: false,
        },
      },
      {
        test: {
          // The web app's tests: components and hooks rendered in jsdom with the network stubbed at the fetch and
          // XHR boundary (MSW), and its pure rules, all in the browser-like environment the code runs in.
          name: 'web',
          // A group of its own: a worker keeps its window and module cache only while it runs files of one project.
          sequence: { groupOrder: 1 },
          ...webTest,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: webMocking,
          // After each test the setup file unmounts what it rendered and resets the network stubs and storage; a
          // file that changes the window otherwise puts it back itself.
          isolate: false,
        },
      },
      {
        test: { name: 'web-mocks', sequence: { groupOrder: 0 }, ...webTest, include: webMocking },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 2 },
          env,
          environment: 'node',
          include: ['apps/server/test/**/*.int.test.ts'],
          // The files about the embedded database itself (its snapshot) never open the PostgreSQL server: the run on
          // PostgreSQL would only repeat them.
          exclude: process.env.TEST_DATABASE_URL ? ['apps/server/test/embedded-snapshot.int.test.ts'] : [],
          // Checks each file's log for the secrets its apps handed out (apps/server/test/log-sink.ts).
          setupFiles: ['apps/server/test/log-check.setup.ts'],
          // Every test app starts from a copy of one database set up once per run.
          globalSetup: ['apps/server/test/database-template.global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file boots its own app on its own database; two at a time suits a two-core machine.
          maxWorkers: 2,
          // The files of a worker share its module cache, as the requests of one server process do: each app keeps
          // its state in itself (its database, stores, logger), and loading the server's modules once per worker
          // instead of once per file cut this project from 326 to 256 s on two cores.
          isolate: false,
        },
      },
      {
        test: {
          // Whole processes: the server binary against its own PostgreSQL server, which the tests stop and restart.
          name: 'system',
          sequence: { groupOrder: 3 },
          environment: 'node',
          include: ['apps/server/test/system/**/*.sys.test.ts'],
          // The embedded database snapshot a build makes, which the tests that are not about creating a cluster unpack.
          globalSetup: ['apps/server/test/system/data-dir.global.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
      {
        test: {
          // The built app as a cluster (scripts/cluster.mjs): two nodes behind nginx on one PostgreSQL and one S3
          // stand-in. One cluster per file; its tests stop a node and crash the database under load.
          name: 'cluster',
          sequence: { groupOrder: 4 },
          environment: 'node',
          include: ['apps/server/test/cluster/**/*.cluster.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
