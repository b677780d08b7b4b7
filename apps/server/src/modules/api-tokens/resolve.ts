import { API_SCOPES, isStaffRole, type ApiScope } from '@agency/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { mayHoldScope } from '../../core/api-scopes.js';
import { recordAudit } from '../../core/audit.js';
import type { AppContext } from '../../context.js';
import { apiTokens, users, userTotp } from '../../db/schema.js';
import { hashToken, SESSION_TOUCH_INTERVAL_MS } from '../auth/tokens.js';

/** The request a token came with: the audit entry of its use names the address and the route. */
export type TokenUse = { ip: string; method: string; route: string | null };

/**
 * The actor of a personal API token, or null (unknown, revoked, expired, or its owner's account disabled). Its use
 * is written down at most once a minute per token: `last_used_at` and an `api_token.used` entry in the audit log.
 */
export async function resolveApiToken(ctx: AppContext, token: string, use?: TokenUse): Promise<Actor | null> {
  const now = ctx.now();
  const [row] = await ctx.db
    .select({
      tokenId: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      role: users.role,
      userName: users.name,
      email: users.email,
      status: users.status,
      companyId: users.companyId,
      companyRole: users.companyRole,
      totpConfirmedAt: userTotp.confirmedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.status !== 'active' || row.revokedAt) return null;
  if (row.expiresAt && now.getTime() >= row.expiresAt.getTime()) return null;
  const actor: Actor = {
    id: row.userId,
    role: row.role,
    name: row.userName,
    email: row.email,
    sessionId: -row.tokenId,
    companyId: row.companyId,
    companyRole: row.companyRole,
    mfaEnrolmentRequired: ctx.config.requireStaff2fa && isStaffRole(row.role) && !row.totpConfirmedAt,
    ip: undefined,
    // Checked against the person's role now, not only when the token was made: a person whose role (or role in their
    // company) was lowered since keeps a token no wider than the new role.
    apiToken: { id: row.tokenId, scopes: row.scopes.filter(isApiScope).filter((scope) => mayHoldScope(row, scope)) },
  };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await ctx.db.transaction(async (tx) => {
      const touched = await tx
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(and(eq(apiTokens.id, row.tokenId), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      if (touched.length === 0) return;
      await recordAudit(
        tx,
        { id: row.userId, role: row.role, ip: use?.ip },
        'api_token.used',
        { type: 'api_token', id: row.tokenId, after: { name: row.name, method: use?.method ?? null, route: use?.route ?? null } },
        now,
      );
    });
  }
  return actor;
}

function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/** Whether the API token of this id still acts (download links it was given check this): not revoked or expired, its owner active. */
export async function isApiTokenLive(ctx: AppContext, tokenId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ expiresAt: apiTokens.expiresAt, revokedAt: apiTokens.revokedAt, status: users.status })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, tokenId))
    .limit(1);
  return Boolean(row && row.status === 'active' && !row.revokedAt && (!row.expiresAt || ctx.now().getTime() < row.expiresAt.getTime()));
}
