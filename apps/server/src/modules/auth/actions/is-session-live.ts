import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { sessions, users } from '../../../db/schema.js';
import { isSessionActive } from '../tokens.js';

/** Whether a session may still act: not revoked, not expired, not idle too long, its account active. */
export function isSessionLive(ctx: AppContext) {
  return async (sessionId: number) => {
    const [row] = await ctx.db
      .select({ lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, status: users.status })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return Boolean(row && row.status === 'active' && isSessionActive(row, ctx.now(), ctx.config.sessionIdleMs));
  };
}
