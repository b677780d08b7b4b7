// The settings every test run shares, read by the runner (scripts/test.mjs) and by vitest.config.ts.

/** Dates shown in local time read the same on every machine unless TZ names another zone. */
export const DEFAULT_TEST_TZ = 'UTC';

/**
 * Tests run in shuffled order, so a test that reads what another left behind fails. The seed is fixed, so a
 * failing order can be replayed; TEST_SEED picks another order.
 */
export const DEFAULT_TEST_SEED = 20260607;

/** `{ TZ, TEST_SEED }` for a test run: the caller's own values when set, else the defaults. */
export function testEnv(env = process.env) {
  const seed = env.TEST_SEED?.trim() || String(DEFAULT_TEST_SEED);
  if (!/^\d+$/.test(seed)) throw new Error(`TEST_SEED must be a whole number, not "${seed}"`);
  return { TZ: env.TZ || DEFAULT_TEST_TZ, TEST_SEED: seed };
}
