import { invitableRoles, type AccountStatus } from '@agency/schema';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { forgetSessions, type Actor } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import type { AuthService } from '../auth/service.js';
import type { InvitationGroup } from '../invitations/service.js';
import { presentAccount } from './present.js';

type ManagedRole = 'admin' | 'teamlead' | 'teammember';
const GROUP_ROLES: Record<InvitationGroup, ManagedRole[]> = { admin: ['admin'], employee: ['teamlead', 'teammember'] };

/** Staff manage the accounts of the roles they may invite: the super admin admins and employees, admins employees. */
function managedRoles(actor: Actor): ManagedRole[] {
  return invitableRoles(actor.role).filter((r): r is ManagedRole => r !== 'client' && r !== 'superadmin');
}

export function createUserService(ctx: AppContext, auth: AuthService) {
  return {
    async list(actor: Actor, group: InvitationGroup, page: { cursor?: string; limit: number }) {
      const roles = GROUP_ROLES[group].filter((r) => managedRoles(actor).includes(r));
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
      const roles = managedRoles(actor);
      if (roles.length === 0) throw new AppError('FORBIDDEN');
      const account = await ctx.db.transaction(async (tx) => {
        const [target] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
        if (!target || !roles.includes(target.role as ManagedRole) || target.id === actor.id) {
          throw new AppError('NOT_FOUND', 'User not found');
        }
        const [updated] = await tx.update(users).set({ status, updatedAt: ctx.now() }).where(eq(users.id, id)).returning();
        // A disabled user's tokens stop working at once.
        if (status === 'disabled') await auth.revokeAllSessions(tx, id);
        return presentAccount(updated);
      });
      // Again after commit: a request in between may have cached the session while it was still active.
      forgetSessions(ctx, { userId: id });
      return account;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
