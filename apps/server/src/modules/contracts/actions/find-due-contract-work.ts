import { and, eq, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { contracts, projects } from '../../../db/schema.js';
import type { ContractDeps } from '../deps.js';

/**
 * What the scheduler has to do now: sent contracts due one reminder, sent contracts past their expiry, and
 * approved projects without any contract (their drafts were never generated).
 */
export function findDueContractWork({ ctx }: ContractDeps) {
  return async () => {
    const now = ctx.now();
    const remindBefore = new Date(now.getTime() - ctx.config.contractReminderMs);
    const [remind, expire, generate] = await Promise.all([
      ctx.db
        .select({ id: contracts.id })
        .from(contracts)
        .where(
          and(
            eq(contracts.status, 'sent'),
            isNull(contracts.remindedAt),
            lte(contracts.sentAt, remindBefore),
            or(isNull(contracts.expiresAt), sql`${contracts.expiresAt} > ${now.toISOString()}::timestamptz`),
          ),
        )
        .limit(500),
      ctx.db
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(eq(contracts.status, 'sent'), lte(contracts.expiresAt, now)))
        .limit(500),
      ctx.db
        .select({ id: projects.id })
        .from(projects)
        .where(
          and(
            eq(projects.status, 'approved'),
            notExists(ctx.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.projectId, projects.id))),
          ),
        )
        .limit(100),
    ]);
    return { remind: remind.map((r) => r.id), expire: expire.map((r) => r.id), generate: generate.map((r) => r.id) };
  };
}
