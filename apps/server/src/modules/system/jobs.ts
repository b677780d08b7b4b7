import { lt } from 'drizzle-orm';
import { LOGIN_FAILURE_WINDOW_MS } from '@agency/schema';
import type { AppContext } from '../../context.js';
import { loginFailures } from '../../db/schema.js';
import { deleteExpiredRateLimits } from '../../integrations/rate-limit-store.js';

/** Hourly housekeeping on one node: rate-limit counters and sign-in failures whose window has long passed. */
export function registerHousekeepingJobs(ctx: AppContext) {
  ctx.jobs.define(
    'housekeeping',
    async () => {
      await deleteExpiredRateLimits(ctx.database);
      await ctx.db.delete(loginFailures).where(lt(loginFailures.attemptedAt, new Date(ctx.now().getTime() - 24 * LOGIN_FAILURE_WINDOW_MS)));
    },
    { cron: '17 * * * *', policy: 'singleton', retryLimit: 1 },
  );
}
