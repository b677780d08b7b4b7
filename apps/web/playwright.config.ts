import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
// Runs on another port (E2E_PORT) keep their own report and results, so that concurrent runs do not clash.
const SUFFIX = PORT === 3210 ? '' : `-${PORT}`;

export default defineConfig({
  testDir: './e2e',
  // Files run two at a time (a file's tests in order, in one browser): every journey makes its own people and records,
  // so none depends on another's. E2E_WORKERS=1 runs the files one at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? `../../.tmp/playwright${SUFFIX}.json` }]],
  outputDir: `../../.tmp/e2e-results${SUFFIX}`,
  use: {
    baseURL: BASE_URL,
    // A trace records every action's page and costs a journey about 40 % more time: E2E_TRACE=1 keeps one per failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The super admin is created through the UI on the empty database first; other journeys reuse it.
    { name: 'bootstrap', testMatch: /bootstrap\.setup\.ts/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'chromium', testIgnore: /\.setup\.ts/, dependencies: ['bootstrap'], use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'node ../../scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
