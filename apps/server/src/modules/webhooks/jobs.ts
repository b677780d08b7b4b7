import type { AppContext } from '../../context.js';
import { WEBHOOK_SOURCE_EVENTS } from './events.js';
import { WEBHOOK_DELIVER_QUEUE, WEBHOOK_DELIVERY_RETENTION_MS, type DeliverJob, type WebhookService } from './service.js';

const WEBHOOK_SWEEP_QUEUE = 'webhook-sweep';
export const WEBHOOK_PRUNE_QUEUE = 'webhook-prune';

/**
 * Webhook deliveries leave through the job runner: one job per attempt, keyed by the delivery and its round, so a
 * copy of a job or a second node sends nothing twice. The handler schedules the next attempt itself (the backoff
 * spans 24 hours), so the runner's own retries only cover a crash inside a handler.
 */
export function registerWebhookJobs(ctx: AppContext, webhooks: WebhookService) {
  ctx.jobs.define<DeliverJob>(WEBHOOK_DELIVER_QUEUE, async (job) => webhooks.attempt(job), {
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
  });
  ctx.jobs.define(WEBHOOK_SWEEP_QUEUE, async () => webhooks.sweep(), { cron: '* * * * *', retryLimit: 0, policy: 'singleton' });
  // Once a day: deliveries older than 30 days, with their attempts (the cron runs one job however many nodes there are).
  ctx.jobs.define(
    WEBHOOK_PRUNE_QUEUE,
    async () => {
      const removed = await webhooks.prune(new Date(ctx.now().getTime() - WEBHOOK_DELIVERY_RETENTION_MS));
      if (removed > 0) ctx.log.info({ webhooks: { pruned: removed } }, 'old webhook deliveries pruned');
    },
    { cron: '23 3 * * *', retryLimit: 2, policy: 'singleton' },
  );
  // Only on the node that made the change (not `remote`): each event is fanned out once.
  for (const type of WEBHOOK_SOURCE_EVENTS) ctx.events.subscribe(type, (event) => webhooks.fanOut(event));
}
