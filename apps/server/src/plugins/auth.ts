import { ROLES, type Role } from '@agency/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.js';
import { sessions, users } from '../db/schema.js';
import { hashToken, isSessionActive, shouldTouchSession } from '../modules/auth/tokens.js';
import { AppError } from './errors.js';

export type Actor = {
  id: number;
  role: Role;
  name: string;
  email: string;
  sessionId: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export async function resolveActor(ctx: AppContext, token: string): Promise<Actor | null> {
  const tokenHash = hashToken(token);
  const now = ctx.now();
  const cached = ctx.sessionCache.get(tokenHash);
  // A cached session is used only while it needs no touch: last_used_at is written at most once a minute.
  if (cached && isSessionActive({ ...cached, revokedAt: null }, now, ctx.config.sessionIdleMs) && !shouldTouchSession(cached.lastUsedAt, now)) {
    return cached.actor;
  }
  const [row] = await ctx.db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userId: users.id,
      role: users.role,
      name: users.name,
      email: users.email,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.status !== 'active') return null;
  if (!isSessionActive(row, now, ctx.config.sessionIdleMs)) return null;
  let lastUsedAt = row.lastUsedAt;
  if (shouldTouchSession(row.lastUsedAt, now)) {
    await ctx.db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
    lastUsedAt = now;
  }
  const actor: Actor = { id: row.userId, role: row.role, name: row.name, email: row.email, sessionId: row.sessionId };
  ctx.sessionCache.set(tokenHash, { actor, lastUsedAt, expiresAt: row.expiresAt });
  return actor;
}

/** Forget cached sessions after a revocation, so this process refuses the tokens at once. */
export function forgetSessions(ctx: AppContext, match: { sessionId?: number; userId?: number }) {
  ctx.sessionCache.deleteWhere((s) => s.actor.sessionId === match.sessionId || s.actor.id === match.userId);
}

/** Resolves the bearer token (if any) to an actor on every request; routes then demand what they need. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const token = readBearer(request);
    if (token) request.actor = await resolveActor(opts.ctx, token);
  });
});

/** The signed-in actor, or 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/** An onRequest hook (access is decided before the body is even read): 401 when not signed in, 403 when the role may not call the route. */
export function allowRoles(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    const actor = requireActor(request);
    if (!roles.includes(actor.role)) throw new AppError('FORBIDDEN');
  };
}

export function assertRole(actor: Actor, ...roles: Role[]): void {
  if (!roles.includes(actor.role)) throw new AppError('FORBIDDEN');
}

/** onRequest hook for routes open to every signed-in role. */
export const requireSignIn = allowRoles(...ROLES);
