import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { mailOutbox } from '../../db/schema.js';
import { safeErrorMessage } from '../../lib/log-safety.js';

export const MAIL_DELIVER_QUEUE = 'mail-deliver';
export const MAIL_SWEEP_QUEUE = 'mail-sweep';
/** Retries of one mail: with backoff from the default 10 s this spans about three hours before the mail is given up. */
const MAIL_RETRY_LIMIT = 10;

/**
 * Mail leaves through the job runner: queued after the commit that stored it, delivered with retries and
 * backoff, and swept up once a minute if a crash came between the commit and the queueing.
 */
export function registerMailJobs(ctx: AppContext) {
  ctx.jobs.define<{ id: number }>(
    MAIL_DELIVER_QUEUE,
    async ({ id }, job) => {
      try {
        await ctx.mailer.deliver(id);
      } catch (err) {
        if (job.retryCount >= MAIL_RETRY_LIMIT) await ctx.mailer.giveUp(id, safeErrorMessage(err));
        throw err;
      }
    },
    {
      retryLimit: MAIL_RETRY_LIMIT,
      retryDelaySeconds: ctx.config.mail.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
      policy: 'stately',
    },
  );

  ctx.jobs.define(
    MAIL_SWEEP_QUEUE,
    async () => {
      const ids = await ctx.mailer.unqueued(new Date(ctx.now().getTime() - 60_000));
      await queue(ids);
    },
    { cron: '* * * * *', retryLimit: 0, policy: 'singleton' },
  );

  async function queue(ids: number[]) {
    if (ids.length === 0) return;
    for (const id of ids) await ctx.jobs.send(MAIL_DELIVER_QUEUE, { id }, { singletonKey: `mail:${id}` });
    await ctx.db.update(mailOutbox).set({ queuedAt: ctx.now() }).where(inArray(mailOutbox.id, ids));
  }

  ctx.events.subscribe('mail.queued', (event) => queue(event.outboxIds));
}
