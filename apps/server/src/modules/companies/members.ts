import { and, count, eq, ne } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { assertCan } from '../../core/policy.js';
import type { Tx } from '../../db/client.js';
import { clientCompanies, users } from '../../db/schema.js';

/**
 * A person of the caller's company, for its owner to change, with the company's row locked: changes to a company's
 * people are made one at a time, so two owners demoting each other at once cannot leave it without one. Anyone
 * else's person is answered like a missing one.
 */
export async function lockMember(tx: Tx, actor: Actor, userId: number) {
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!target || target.role !== 'client' || target.companyId === null) throw new AppError('NOT_FOUND', 'Member not found');
  assertCan(actor, 'company:manage', { companyId: target.companyId }, 'Member not found');
  await tx.select({ id: clientCompanies.id }).from(clientCompanies).where(eq(clientCompanies.id, target.companyId)).for('update');
  // Read again under the lock: another change may have committed meanwhile.
  const [current] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  return { ...current, companyId: target.companyId };
}

/** A company keeps at least one active owner: refuses a change that would take away its last one (409 LAST_OWNER). */
export async function assertAnotherOwner(tx: Tx, companyId: number, leaving: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.companyRole, 'owner'), eq(users.status, 'active'), ne(users.id, leaving)));
  if (Number(row?.n ?? 0) === 0) throw new AppError('LAST_OWNER');
}
