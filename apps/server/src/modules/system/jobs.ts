import { lt } from 'drizzle-orm';
import { LOGIN_FAILURE_WINDOW_MS } from '@agency/schema';
import type { AppContext } from '../../context.js';
import { eventLog, loginFailures, signupRequests } from '../../db/schema.js';
import { EVENT_LOG_RETENTION_MS } from '../realtime/service.js';
import { deleteExpiredRateLimits } from '../../integrations/rate-limit-store.js';

/**
 * Hourly housekeeping on one node: rate-limit counters and sign-in failures whose window has long passed, and sign-up
 * requests whose link has expired (each holds a password hash nobody will use).
 */
export function registerHousekeepingJobs(ctx: AppContext) {
  ctx.jobs.define(
    'housekeeping',
    async () => {
      await deleteExpiredRateLimits(ctx.database);
      await ctx.db.delete(eventLog).where(lt(eventLog.createdAt, new Date(ctx.now().getTime() - EVENT_LOG_RETENTION_MS)));
      await ctx.db.delete(loginFailures).where(lt(loginFailures.attemptedAt, new Date(ctx.now().getTime() - 24 * LOGIN_FAILURE_WINDOW_MS)));
      await ctx.db.delete(signupRequests).where(lt(signupRequests.expiresAt, ctx.now()));
    },
    { cron: '17 * * * *', policy: 'singleton', retryLimit: 1 },
  );
}
