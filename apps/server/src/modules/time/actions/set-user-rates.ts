import type { UserRates } from '@agency/schema';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { assertCan } from '../../../core/policy.js';
import { timeEntries, userRates } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { lockPerson } from '../queries.js';
import { refreshTotals, totalsKey } from '../totals.js';
import { presentUserRates, requireTrackedPerson } from '../rates.js';

/**
 * Sets a person's cost rate. Entries keep the cost they were written with; `apply_from` re-costs the person's time from
 * that day on at the new rate (half-up per entry, as `chargeForMinutes`), and the monthly totals with it.
 */
export function setUserRates(deps: TimeDeps) {
  const { ctx } = deps;
  return async (actor: Actor, userId: number, input: { cost_rate: number | null; currency?: UserRates['currency']; apply_from?: string }) => {
    assertCan(actor, 'rates:manage', null);
    await requireTrackedPerson(ctx.db, userId);
    await ctx.transaction(async (tx, publish) => {
      await lockPerson(tx, userId);
      const now = ctx.now();
      const [before] = await tx.select().from(userRates).where(eq(userRates.userId, userId));
      const currency = input.currency ?? before?.currency ?? 'GBP';
      const rate = input.cost_rate;
      await tx
        .insert(userRates)
        .values({ userId, costRate: rate, currency, updatedBy: actor.id, updatedAt: now })
        .onConflictDoUpdate({ target: userRates.userId, set: { costRate: rate, currency, updatedBy: actor.id, updatedAt: now } });
      if (input.apply_from) {
        // minutes x rate / 60, half-up: (2 x minutes x rate + 60) / 120 in whole numbers (never negative here).
        const touched = await tx
          .update(timeEntries)
          .set(
            rate === null
              ? { costRate: null, costCurrency: null, cost: 0 }
              : { costRate: rate, costCurrency: currency, cost: sql`(2 * ${timeEntries.minutes}::bigint * ${rate}::bigint + 60) / 120` },
          )
          .where(and(eq(timeEntries.userId, userId), gte(timeEntries.workDate, input.apply_from)))
          .returning({ projectId: timeEntries.projectId, day: timeEntries.workDate });
        await refreshTotals(
          deps,
          tx,
          publish,
          touched.map((t) => totalsKey(t.projectId, t.day)),
        );
      }
      await recordAudit(
        tx,
        actor,
        'rates.user_updated',
        {
          type: 'user',
          id: userId,
          before: { cost_rate: before?.costRate ?? null, currency: before?.currency ?? null },
          after: { cost_rate: rate, currency, apply_from: input.apply_from ?? null },
        },
        now,
      );
    });
    return presentUserRates(ctx.db, userId);
  };
}
