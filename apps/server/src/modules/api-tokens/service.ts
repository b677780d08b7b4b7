import { API_SCOPES, API_TOKENS_PER_PERSON_MAX, type ApiScope, type ApiToken, type CreateApiTokenInput, type StaffApiToken } from '@agency/schema';
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { mayHoldScope } from '../../core/api-scopes.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import { apiTokens, users } from '../../db/schema.js';
import { generateApiToken, hashToken } from '../auth/tokens.js';

type TokenRow = typeof apiTokens.$inferSelect;

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: String(row.id),
    name: row.name,
    scopes: row.scopes as ApiScope[],
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Creating, listing and revoking tokens is for a signed-in session only: a token never makes or ends another. */
function assertSession(actor: Actor) {
  if (actor.apiToken) throw new AppError('SESSION_REQUIRED');
}

export function createApiTokenService(ctx: AppContext) {
  /** Tokens that still work: not revoked, not expired. */
  const live = (now: Date) => and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)));

  async function revoke(actor: Actor, row: TokenRow) {
    await ctx.transaction(async (tx) => {
      const now = ctx.now();
      const revoked = await tx
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.id, row.id), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      if (revoked.length === 0) return;
      await recordAudit(
        tx,
        actor,
        'api_token.revoked',
        { type: 'api_token', id: row.id, before: { name: row.name, owner_id: String(row.userId) } },
        now,
      );
    });
  }

  return {
    /** A new token for the caller; its secret is in the answer only. Scopes beyond the caller's role are refused. */
    async create(actor: Actor, input: CreateApiTokenInput): Promise<{ token: string; api_token: ApiToken }> {
      assertCan(actor, 'api_token:own', null);
      assertSession(actor);
      const scopes = [...new Set(input.scopes)];
      const refused = scopes.filter((scope) => !mayHoldScope(actor, scope));
      if (refused.length > 0) {
        throw new AppError('SCOPE_NOT_ALLOWED', `Your role cannot use ${refused.length === 1 ? 'the scope' : 'the scopes'} ${refused.join(', ')}`);
      }
      const now = ctx.now();
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new AppError('VALIDATION_FAILED', 'expires_at: the expiry must be in the future');
      const token = generateApiToken();
      const row = await ctx.transaction(async (tx) => {
        // One at a time per person, so that the cap holds under concurrent creations.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(apiTokens)
          .where(and(eq(apiTokens.userId, actor.id), live(now)));
        if ((held?.n ?? 0) >= API_TOKENS_PER_PERSON_MAX) {
          throw new AppError('CONFLICT', `You already have ${API_TOKENS_PER_PERSON_MAX} API tokens; revoke one first`);
        }
        const [created] = await tx
          .insert(apiTokens)
          .values({ userId: actor.id, name: input.name, tokenHash: hashToken(token), scopes, createdAt: now, expiresAt })
          .returning();
        await recordAudit(
          tx,
          actor,
          'api_token.created',
          { type: 'api_token', id: created!.id, after: { name: input.name, scopes, expires_at: input.expires_at ?? null } },
          now,
        );
        return created!;
      });
      return { token, api_token: toApiToken(row) };
    },

    /** The caller's tokens that still work, newest first, and the scopes the caller's role may give a token. */
    async listOwn(actor: Actor): Promise<{ items: ApiToken[]; available_scopes: ApiScope[] }> {
      assertCan(actor, 'api_token:own', null);
      assertSession(actor);
      const rows = await ctx.db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, actor.id), live(ctx.now())))
        .orderBy(desc(apiTokens.id));
      return { items: rows.map(toApiToken), available_scopes: API_SCOPES.filter((scope) => mayHoldScope(actor, scope)) };
    },

    /** Revokes one of the caller's tokens; another person's is answered like a missing one. */
    async revokeOwn(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'api_token:own', null);
      assertSession(actor);
      const [row] = await ctx.db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.id), isNull(apiTokens.revokedAt)));
      if (!row) throw new AppError('NOT_FOUND', 'No such API token');
      await revoke(actor, row);
    },

    /** Staff: every person's tokens that still work, newest first, with their owners. */
    async listAll(actor: Actor): Promise<StaffApiToken[]> {
      assertCan(actor, 'api_token:manage', null);
      assertSession(actor);
      const rows = await ctx.db
        .select({ token: apiTokens, owner: { id: users.id, name: users.name, email: users.email, role: users.role } })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(live(ctx.now()))
        .orderBy(desc(apiTokens.id));
      return rows.map(({ token, owner }) => ({
        ...toApiToken(token),
        revoked_at: token.revokedAt?.toISOString() ?? null,
        owner: { id: String(owner.id), name: owner.name, email: owner.email, role: owner.role },
      }));
    },

    /** Staff: revoke anyone's token. */
    async revokeAny(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'api_token:manage', null);
      assertSession(actor);
      const [row] = await ctx.db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
      if (!row) throw new AppError('NOT_FOUND', 'No such API token');
      await revoke(actor, row);
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;
