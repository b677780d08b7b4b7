import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, type Role } from '@agency/schema';
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { loginFailures, sessions, users } from '../../db/schema.js';
import { presentUser } from '../users/present.js';
import { getDummyHash, hashPassword, verifyPassword } from './passwords.js';
import { generateToken, hashToken, isSessionActive, normalizeEmail, safeEqual } from './tokens.js';

export type RequestMeta = { ip?: string; userAgent?: string };

type NewAccount = { name: string; email: string; password: string; role: Role; company?: string; phone?: string };

function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e?.code ? e : e?.cause;
  if (pgErr?.code !== '23505') return false;
  return !constraint || pgErr.constraint === constraint;
}

export function createAuthService(ctx: AppContext) {
  async function insertUser(db: DbOrTx, account: NewAccount) {
    const passwordHash = await hashPassword(account.password);
    try {
      const [row] = await db
        .insert(users)
        .values({
          name: account.name,
          email: account.email.trim(),
          emailNormalized: normalizeEmail(account.email),
          role: account.role,
          passwordHash,
          company: account.company ?? null,
          phone: account.phone ?? null,
        })
        .returning();
      return row;
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_normalized_key')) throw new AppError('EMAIL_TAKEN');
      if (isUniqueViolation(err, 'users_single_superadmin_key')) throw new AppError('SETUP_KEY_REQUIRED');
      throw err;
    }
  }

  async function startSession(db: DbOrTx, userId: number, meta: RequestMeta) {
    const token = generateToken();
    const now = ctx.now();
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + ctx.config.sessionAbsoluteMs),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    });
    return token;
  }

  /** Every session of a user ends; the `session.revoked` event clears the session memo after commit. */
  async function revokeAll(tx: DbOrTx, publish: Publish, userId: number) {
    await tx
      .update(sessions)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    publish({ type: 'session.revoked', userId });
  }

  async function emailExists(db: DbOrTx, email: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.emailNormalized, normalizeEmail(email)))
      .limit(1);
    return Boolean(row);
  }

  return {
    insertUser,
    startSession,
    emailExists,

    async signupClient(input: Omit<NewAccount, 'role'>, meta: RequestMeta) {
      return ctx.db.transaction(async (tx) => {
        const user = await insertUser(tx, { ...input, role: 'client' });
        const token = await startSession(tx, user.id, meta);
        return { token, user: presentUser(user) };
      });
    },

    async superadminExists() {
      const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
      return Boolean(row);
    },

    /**
     * The first super admin signs up freely. Afterwards only a caller holding SUPERADMIN_SETUP_KEY may sign up,
     * and the role is handed over: there is always exactly one super admin, and the previous one becomes an
     * admin with every session revoked (recovery of a lost owner account).
     */
    async signupSuperadmin(input: Omit<NewAccount, 'role'> & { setup_key?: string }, meta: RequestMeta) {
      return ctx.transaction(async (tx, publish) => {
        const [existing] = await tx.select().from(users).where(eq(users.role, 'superadmin')).limit(1).for('update');
        if (existing) {
          const key = ctx.config.superadminSetupKey;
          if (!key || !input.setup_key || !safeEqual(key, input.setup_key)) throw new AppError('SETUP_KEY_REQUIRED');
          if (await emailExists(tx, input.email)) throw new AppError('EMAIL_TAKEN');
          await tx.update(users).set({ role: 'admin', updatedAt: ctx.now() }).where(eq(users.id, existing.id));
          await revokeAll(tx, publish, existing.id);
        }
        const user = await insertUser(tx, { ...input, role: 'superadmin' });
        const token = await startSession(tx, user.id, meta);
        return { token, user: presentUser(user) };
      });
    },

    async login(input: { email: string; password: string }, meta: RequestMeta) {
      const emailNormalized = normalizeEmail(input.email);
      const now = ctx.now();
      const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
      // Counted per account (not per address), so a spoofed X-Forwarded-For changes nothing.
      const failures = await ctx.db
        .select({ attemptedAt: loginFailures.attemptedAt })
        .from(loginFailures)
        .where(and(eq(loginFailures.emailNormalized, emailNormalized), gte(loginFailures.attemptedAt, windowStart)))
        .orderBy(asc(loginFailures.attemptedAt));
      if (failures.length >= LOGIN_MAX_FAILURES) {
        const unlockAt = failures[failures.length - LOGIN_MAX_FAILURES].attemptedAt.getTime() + LOGIN_FAILURE_WINDOW_MS;
        const retryAfter = Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000));
        throw new AppError('TOO_MANY_ATTEMPTS', 'Too many failed sign-in attempts; try again later', {
          'retry-after': String(retryAfter),
        });
      }
      const [user] = await ctx.db.select().from(users).where(eq(users.emailNormalized, emailNormalized)).limit(1);
      const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
      if (!user || !ok) {
        await ctx.db.insert(loginFailures).values({ emailNormalized, attemptedAt: now });
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      await ctx.db.delete(loginFailures).where(eq(loginFailures.emailNormalized, emailNormalized));
      const token = await startSession(ctx.db, user.id, meta);
      return { token, user: presentUser(user) };
    },

    async logout(actor: Actor) {
      await ctx.transaction(async (tx, publish) => {
        await tx.update(sessions).set({ revokedAt: ctx.now() }).where(eq(sessions.id, actor.sessionId));
        publish({ type: 'session.revoked', sessionId: actor.sessionId });
      });
    },

    revokeAllSessions: revokeAll,

    /** Whether a session may still act: not revoked, not expired, not idle too long, its account active. */
    async isSessionLive(sessionId: number) {
      const [row] = await ctx.db
        .select({ lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, status: users.status })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sessionId))
        .limit(1);
      return Boolean(row && row.status === 'active' && isSessionActive(row, ctx.now(), ctx.config.sessionIdleMs));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
