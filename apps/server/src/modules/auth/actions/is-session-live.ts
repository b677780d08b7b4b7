import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { sessions, users } from '../../../db/schema.js';
import { isApiTokenLive } from '../../api-tokens/resolve.js';
import { isSessionActive } from '../tokens.js';

/**
 * Whether a session may still act: not revoked, not expired, not idle too long, its account active. A negative id is
 * an API token's (core/actor.ts).
 */
export function isSessionLive(ctx: AppContext) {
  return async (sessionId: number) => {
    if (sessionId < 0) return isApiTokenLive(ctx, -sessionId);
    const [row] = await ctx.db
      .select({ lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, status: users.status })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return Boolean(row && row.status === 'active' && isSessionActive(row, ctx.now(), ctx.config.sessionIdleMs));
  };
}
