import type { AppContext } from '../../context.js';
import type { TimeService } from './service.js';

export const TIMESHEET_REMINDER_QUEUE = 'timesheet-reminder';
export const TIME_RELEASE_QUEUE = 'time-release';
export const TIME_SWEEP_QUEUE = 'time-sweep';

/**
 * Time tracking in the background, on the shared runner (pg-boss), each job keyed by what it is about:
 * - a reminder per person and unsubmitted week (`timesheet-reminder:7:2026-W48`), whose handler claims a row under a
 *   primary key before it notifies, so a person is reminded of a week once;
 * - the release of a void invoice's time and expenses (`time-release:invoice:42`), queued by the void's event;
 * - the monthly totals of the profitability report, recounted after each invoice event;
 * - a sweep every ten minutes: reminders due since Monday noon, releases a lost event left, and the totals of the
 *   invoices changed in the last half hour recounted (an event lost to a crash is made good).
 */
export function registerTimeJobs(ctx: AppContext, time: TimeService) {
  ctx.jobs.define<{ userId: number; week: string }>(
    TIMESHEET_REMINDER_QUEUE,
    async ({ userId, week }) => void (await time.sendReminder(userId, week)),
    {
      policy: 'stately',
      retryLimit: 5,
    },
  );
  ctx.jobs.define<{ invoiceId: number }>(TIME_RELEASE_QUEUE, async ({ invoiceId }) => void (await time.releaseInvoice(invoiceId)), {
    policy: 'stately',
    retryLimit: 10,
  });
  ctx.jobs.define(TIME_SWEEP_QUEUE, async () => void (await sweepTime(ctx, time)), { cron: '*/10 * * * *', retryLimit: 1, policy: 'singleton' });

  ctx.events.subscribe('invoice.status_changed', async (event) => {
    if (event.to === 'void') await queueRelease(ctx, event.invoiceId);
  });
  // What an invoice adds to its project-month's totals (the profitability report) is recounted after each of its events.
  for (const type of ['invoice.created', 'invoice.status_changed', 'invoice.payment_recorded'] as const) {
    ctx.events.subscribe(type, async (event) => time.recountInvoice(event.invoiceId));
  }
}

/** How far back the sweep looks for changed invoices: three of its runs, so a missed one is covered too. */
const INVOICE_RECOUNT_WINDOW_MS = 30 * 60_000;

function queueRelease(ctx: AppContext, invoiceId: number) {
  return ctx.jobs.send(TIME_RELEASE_QUEUE, { invoiceId }, { singletonKey: `time-release:invoice:${invoiceId}` });
}

/** Queues the reminders due now and the releases a missed event left; also what the cron runs. */
export async function sweepTime(ctx: AppContext, time: TimeService) {
  const due = await time.dueReminders();
  for (const userId of due.userIds) {
    await ctx.jobs.send(TIMESHEET_REMINDER_QUEUE, { userId, week: due.week }, { singletonKey: `timesheet-reminder:${userId}:${due.week}` });
  }
  const releases = await time.invoicesToRelease();
  for (const invoiceId of releases) await queueRelease(ctx, invoiceId);
  const recounted = await time.recountInvoicesChangedSince(new Date(ctx.now().getTime() - INVOICE_RECOUNT_WINDOW_MS));
  return { week: due.week, reminders: due.userIds, releases, recounted };
}
