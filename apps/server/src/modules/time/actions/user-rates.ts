import type { UserRates } from '@agency/schema';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { DbOrTx } from '../../../db/client.js';
import { timeEntries, userRates, users } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { lockPerson } from '../queries.js';
import { refreshTotals, totalsKey } from '../totals.js';

const PERSON_NOT_FOUND = 'Person not found';

/** Someone whose time is tracked: cost rates are for team leads and members. */
async function requireTracked(db: DbOrTx, userId: number) {
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  if (user.role !== 'teamlead' && user.role !== 'teammember') throw new AppError('UNPROCESSABLE', 'Cost rates are set for team leads and members');
  return user;
}

async function present(db: DbOrTx, userId: number): Promise<UserRates> {
  const [rate] = await db.select().from(userRates).where(eq(userRates.userId, userId));
  return {
    user_id: String(userId),
    cost_rate: rate?.costRate ?? null,
    currency: rate?.currency ?? 'GBP',
    updated_at: rate?.updatedAt.toISOString() ?? null,
  };
}

/** What an hour of a person costs the agency (staff only; never shown to clients or to the person's colleagues). */
export function getUserRates({ ctx }: TimeDeps) {
  return async (actor: Actor, userId: number) => {
    assertCan(actor, 'rates:manage', null);
    await requireTracked(ctx.db, userId);
    return present(ctx.db, userId);
  };
}

/**
 * Sets a person's cost rate. Entries keep the cost they were written with; `apply_from` re-costs the person's time from
 * that day on at the new rate (half-up per entry, as `chargeForMinutes`), and the monthly totals with it.
 */
export function setUserRates(deps: TimeDeps) {
  const { ctx } = deps;
  return async (actor: Actor, userId: number, input: { cost_rate: number | null; currency?: UserRates['currency']; apply_from?: string }) => {
    assertCan(actor, 'rates:manage', null);
    await requireTracked(ctx.db, userId);
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
    return present(ctx.db, userId);
  };
}
