import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaffRole } from '@agency/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../core/actor.js';
import { AppError } from '../core/errors.js';
import type { AppContext } from '../context.js';
import { tokenRequirement } from '../core/api-scopes.js';
import { documentLinks, sessions, users, userTotp } from '../db/schema.js';
import { scopeAllows } from '../modules/document-links/scope.js';
import { resolveApiToken, type TokenUse } from '../modules/api-tokens/resolve.js';
import { hashToken, isApiTokenFormat, isSessionActive, SESSION_TOUCH_INTERVAL_MS, shouldTouchSession } from '../modules/auth/tokens.js';
import '../lib/route-guards.js';

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The actor of a token from the one-second memo, without waiting: the memo is keyed by the token itself, so a hit
 * costs a map lookup rather than a SHA-256; it lives in this process only, beside the request that carried the
 * token anyway. A cached session is used only while it needs no touch: last_used_at is written at most once a minute.
 */
function memoActor(ctx: AppContext, token: string, now: Date): Actor | undefined {
  const cached = ctx.sessionCache.get(token);
  if (!cached) return undefined;
  // isSessionActive (a memoised session is not revoked: revocations clear it) and not yet shouldTouchSession.
  const t = now.getTime();
  const fresh = t < cached.expiresAt.getTime() && t - cached.lastUsedAt.getTime() < Math.min(ctx.config.sessionIdleMs, SESSION_TOUCH_INTERVAL_MS);
  return fresh ? cached.actor : undefined;
}

export async function resolveActor(ctx: AppContext, token: string, use?: TokenUse): Promise<Actor | null> {
  const now = ctx.now();
  const memo = memoActor(ctx, token, now);
  if (memo) return memo;
  // API tokens are never memoised: each use is looked up, so a revocation or an expiry holds at once on every node.
  if (isApiTokenFormat(token)) return resolveApiToken(ctx, token, use);
  const tokenHash = hashToken(token);
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
      companyId: users.companyId,
      companyRole: users.companyRole,
      locale: users.locale,
      totpConfirmedAt: userTotp.confirmedAt,
      documentLinkId: sessions.documentLinkId,
      linkKind: documentLinks.kind,
      linkDocumentId: documentLinks.documentId,
      linkExpiresAt: documentLinks.expiresAt,
      linkRevokedAt: documentLinks.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .leftJoin(documentLinks, eq(documentLinks.id, sessions.documentLinkId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.status !== 'active') return null;
  if (!isSessionActive(row, now, ctx.config.sessionIdleMs)) return null;
  // A session from a document link ends with its link (revoked, expired).
  if (row.documentLinkId !== null && (!row.linkKind || row.linkRevokedAt || !row.linkExpiresAt || row.linkExpiresAt <= now)) return null;
  let lastUsedAt = row.lastUsedAt;
  if (shouldTouchSession(row.lastUsedAt, now)) {
    await ctx.db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
    lastUsedAt = now;
  }
  const actor: Actor = {
    id: row.userId,
    role: row.role,
    name: row.name,
    email: row.email,
    sessionId: row.sessionId,
    companyId: row.companyId,
    companyRole: row.companyRole,
    locale: row.locale,
    mfaEnrolmentRequired: ctx.config.requireStaff2fa && isStaffRole(row.role) && !row.totpConfirmedAt,
    // No address in the memo; the slot is there so that each request's copy (admit, below) has the same shape as this
    // object: a spread that adds a property takes V8's slow path, about a microsecond on every poll.
    ip: undefined,
    documentScope:
      row.documentLinkId !== null && row.linkKind && row.linkDocumentId !== null
        ? { linkId: row.documentLinkId, kind: row.linkKind, documentId: row.linkDocumentId }
        : undefined,
  };
  ctx.sessionCache.set(token, { actor, lastUsedAt, expiresAt: row.expiresAt });
  return actor;
}

/** A token reaches only the routes of its scopes, and never a session-only route (the account, sign-in, tokens). */
function checkTokenScope(request: FastifyRequest, scopes: readonly string[]): AppError | undefined {
  const need = tokenRequirement(request.method, request.routeOptions.url ?? '');
  switch (need.kind) {
    case 'open':
      return undefined;
    case 'session':
      return new AppError('SESSION_REQUIRED', 'API tokens cannot be used on this route: it needs a signed-in session');
    case 'scope':
      return scopes.includes(need.scope) ? undefined : new AppError('TOKEN_SCOPE_MISSING', `This API token lacks the scope ${need.scope}`);
    default:
      return need satisfies never;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stays open to a staff session that must enrol in two-factor authentication first. */
    mfaEnrolment?: boolean;
  }
}

/**
 * Resolves the bearer token (if any) to an actor on every request; routes then demand what they need. A staff
 * session that still owes its second factor (REQUIRE_STAFF_2FA) reaches only the routes marked `mfaEnrolment`.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;
  // Revoked sessions leave the one-second memo at once, on every node (remote events come through
  // LISTEN/NOTIFY); so do sessions whose account changed.
  ctx.events.subscribe(
    'session.revoked',
    (event) => {
      ctx.sessionCache.deleteWhere((s) => s.actor.sessionId === event.sessionId || s.actor.id === event.userId);
    },
    { remote: true },
  );
  ctx.events.subscribe(
    'account.updated',
    (event) => {
      ctx.sessionCache.deleteWhere((s) => s.actor.id === event.userId);
    },
    { remote: true },
  );
  app.decorateRequest('actor', null);
  const admit = (request: FastifyRequest, actor: Actor | null): AppError | undefined => {
    // The memo holds the session's actor; the address is this request's own.
    request.actor = actor && { ...actor, ip: request.ip };
    if (actor?.mfaEnrolmentRequired && request.url.startsWith('/api/') && !request.routeOptions.config?.mfaEnrolment) {
      return new AppError('MFA_ENROLMENT_REQUIRED');
    }
    // A session opened from a document link reaches that document only: anything else is answered as to a stranger.
    if (
      actor?.documentScope &&
      request.url.startsWith('/api/') &&
      !scopeAllows(actor.documentScope, request.method, request.routeOptions.url, request.params)
    ) {
      return new AppError('UNAUTHENTICATED', 'This link opens one document only: sign in to see the rest');
    }
    if (actor?.apiToken && request.url.startsWith('/api/') && request.routeOptions.url) return checkTokenScope(request, actor.apiToken.scopes);
    return undefined;
  };
  // A callback hook: a session in the memo is admitted without a promise (the polls' hot path); any other token
  // is looked up in the database.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = readBearer(request);
    if (!token) return done();
    const memo = memoActor(ctx, token, ctx.now());
    if (memo) return done(admit(request, memo));
    resolveActor(ctx, token, { ip: request.ip, method: request.method, route: request.routeOptions.url ?? null }).then(
      (actor) => done(admit(request, actor)),
      (err: Error) => done(err),
    );
  });
});
