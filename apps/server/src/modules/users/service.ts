import { type AccountStatus } from '@agency/schema';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan, can } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { STAFF_GROUP_ROLES, type StaffGroup } from './groups.js';
import { presentAccount } from './present.js';

/**
 * What disabling an account needs of the sign-in module (the auth service): ending every session of the user in
 * the same transaction. Named here so that this module, which the sign-in module builds on, does not import it back.
 */
type SessionRevoker = { revokeAllSessions(tx: DbOrTx, publish: Publish, userId: number): Promise<void> };

export function createUserService(ctx: AppContext, auth: SessionRevoker) {
  return {
    async list(actor: Actor, group: StaffGroup, page: { cursor?: string; limit: number }) {
      // Staff manage the accounts of the roles they may invite: the super admin admins and employees, admins employees.
      const roles = STAFF_GROUP_ROLES[group].filter((role) => can(actor, 'account:list', { role }));
      if (roles.length === 0) throw new AppError('FORBIDDEN');
      const after = decodeCursor(page.cursor);
      const rows = await ctx.db
        .select()
        .from(users)
        .where(and(inArray(users.role, roles), after ? lt(users.id, after) : undefined))
        .orderBy(desc(users.id))
        .limit(page.limit + 1);
      return toPage(rows, page.limit, presentAccount);
    },

    async setStatus(actor: Actor, id: number, status: AccountStatus) {
      return ctx.transaction(async (tx, publish) => {
        const [target] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
        if (!target) throw new AppError('NOT_FOUND', 'User not found');
        assertCan(actor, 'account:set_status', { role: target.role, id: target.id }, 'User not found');
        const [updated] = await tx.update(users).set({ status, updatedAt: ctx.now() }).where(eq(users.id, id)).returning();
        // A disabled user's tokens stop working at once.
        if (status === 'disabled') await auth.revokeAllSessions(tx, publish, id);
        if (target.status !== status) {
          await recordAudit(
            tx,
            actor,
            status === 'disabled' ? 'account.disabled' : 'account.enabled',
            { type: 'user', id, before: { status: target.status, email: target.email, role: target.role }, after: { status } },
            ctx.now(),
          );
        }
        return presentAccount(updated);
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
