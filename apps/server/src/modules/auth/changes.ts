import { isStaffRole, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_ACCOUNT_FAILURES, LOGIN_MAX_FAILURES, type CompanyRole, type Role } from '@agency/schema';
import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { readerLocale } from '../../i18n/index.js';
import { mailDateTime, mailT } from '../../integrations/mail-locale.js';
import { loginFailures, mfaRecoveryCodes, sessions, users, userTotp } from '../../db/schema.js';
import { matchesRecoveryCode, verifyTotp } from './mfa.js';
import { hashPassword } from './passwords.js';
import type { UserRow } from './queries.js';
import { generateToken, hashToken, normalizeEmail } from './tokens.js';

export type RequestMeta = { ip?: string; userAgent?: string };

export type SecondFactor = { code?: string; recovery_code?: string };

export type NewAccount = {
  name: string;
  email: string;
  password: string;
  role: Role;
  company?: string;
  phone?: string;
  /** A client's company and role there (every client has both). */
  membership?: { companyId: number; companyRole: CompanyRole };
};
/** An account whose password was hashed earlier (a confirmed sign-up request). */
export type HashedAccount = Omit<NewAccount, 'password'> & { passwordHash: string };

/** An address the account signed in from this recently is its owner's: the account-wide lock does not apply to it. */
const TRUSTED_ADDRESS_MS = 30 * 86_400_000;

function lockedOut(oldestCounted: Date, now: Date) {
  const retryAfter = Math.max(1, Math.ceil((oldestCounted.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000));
  return new AppError('TOO_MANY_ATTEMPTS', 'Too many failed sign-in attempts; try again later', { 'retry-after': String(retryAfter) });
}

function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e?.code ? e : e?.cause;
  if (pgErr?.code !== '23505') return false;
  return !constraint || pgErr.constraint === constraint;
}

export async function insertUser(db: DbOrTx, account: NewAccount | HashedAccount) {
  const passwordHash = 'passwordHash' in account ? account.passwordHash : await hashPassword(account.password);
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
        companyId: account.membership?.companyId ?? null,
        companyRole: account.membership?.companyRole ?? null,
      })
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_normalized_key')) throw new AppError('EMAIL_TAKEN');
    if (isUniqueViolation(err, 'users_single_superadmin_key')) throw new AppError('SETUP_KEY_REQUIRED');
    throw err;
  }
}

export async function startSession(ctx: AppContext, db: DbOrTx, userId: number, meta: RequestMeta) {
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
  // Signing in ends the sessions opened from e-mailed document links: the person has their whole account now.
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.documentLinkId), isNull(sessions.revokedAt)));
  return token;
}

/** Every session of a user ends; the `session.revoked` event clears the session memo after commit. */
export async function revokeAll(ctx: AppContext, tx: DbOrTx, publish: Publish, userId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  publish({ type: 'session.revoked', userId });
}

/**
 * Counts a sign-in attempt (a password or a second-factor code) before it is checked, or refuses it when the
 * account is locked for this address: see `login`.
 */
export async function countAttempt(ctx: AppContext, emailNormalized: string, ip: string): Promise<number> {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${emailNormalized}`}))`);
    const recent = and(eq(loginFailures.emailNormalized, emailNormalized), gte(loginFailures.attemptedAt, windowStart));
    const fromHere = await tx
      .select({ at: loginFailures.attemptedAt })
      .from(loginFailures)
      .where(and(recent, eq(loginFailures.ip, ip)))
      .orderBy(asc(loginFailures.attemptedAt));
    if (fromHere.length >= LOGIN_MAX_FAILURES) throw lockedOut(fromHere[fromHere.length - LOGIN_MAX_FAILURES].at, now);
    const [trusted] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(eq(users.emailNormalized, emailNormalized), eq(sessions.ip, ip), gte(sessions.createdAt, new Date(now.getTime() - TRUSTED_ADDRESS_MS))),
      )
      .limit(1);
    if (!trusted) {
      const everywhere = await tx.select({ at: loginFailures.attemptedAt }).from(loginFailures).where(recent).orderBy(asc(loginFailures.attemptedAt));
      if (everywhere.length >= LOGIN_MAX_ACCOUNT_FAILURES) throw lockedOut(everywhere[everywhere.length - LOGIN_MAX_ACCOUNT_FAILURES].at, now);
    }
    const [attempt] = await tx.insert(loginFailures).values({ emailNormalized, ip, attemptedAt: now }).returning({ id: loginFailures.id });
    return attempt.id;
  });
}

/** A sign-in succeeded: this address's failures (and this attempt) are cleared; other addresses' stay counted. */
export async function clearFailures(db: DbOrTx, emailNormalized: string, ip: string, attemptId: number) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.emailNormalized, emailNormalized), or(eq(loginFailures.ip, ip), eq(loginFailures.id, attemptId))));
}

/**
 * Checks a second factor of an enrolled account and uses it up: an app code's time step is recorded (a code
 * never works twice), a recovery code is marked used. Both with conditional updates, so two requests racing
 * with one code cannot both pass. Returns which factor passed, or null.
 */
export async function checkSecondFactor(ctx: AppContext, userId: number, factor: SecondFactor, now: Date): Promise<'code' | 'recovery_code' | null> {
  const [totp] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  if (!totp?.confirmedAt) return null;
  if (factor.code !== undefined) {
    const step = await verifyTotp(totp.secret, factor.code, now, totp.lastTimeStep);
    if (step === null) return null;
    const [taken] = await ctx.db
      .update(userTotp)
      .set({ lastTimeStep: step })
      .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastTimeStep), lt(userTotp.lastTimeStep, step))))
      .returning({ userId: userTotp.userId });
    return taken ? 'code' : null;
  }
  if (factor.recovery_code !== undefined) {
    const unused = await ctx.db
      .select()
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    const match = unused.find((row) => matchesRecoveryCode(factor.recovery_code!, row));
    if (!match) return null;
    const [taken] = await ctx.db
      .update(mfaRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(mfaRecoveryCodes.id, match.id), isNull(mfaRecoveryCodes.usedAt)))
      .returning({ id: mfaRecoveryCodes.id });
    return taken ? 'recovery_code' : null;
  }
  return null;
}

/** Whether a staff account must enrol before anything else; only said when it must. */
export function enrolmentOf(ctx: AppContext, role: Role, hasSecondFactor: boolean): { mfa_enrolment_required?: true } {
  return ctx.config.requireStaff2fa && isStaffRole(role) && !hasSecondFactor ? { mfa_enrolment_required: true } : {};
}

/** Security mail: sent whatever the person's notification preferences. */
export async function mailPasswordChanged(
  ctx: AppContext,
  tx: DbOrTx,
  publish: Publish,
  user: Pick<UserRow, 'email' | 'name' | 'locale'>,
  meta: RequestMeta,
) {
  const brand = ctx.brand.current().agencyName;
  const locale = readerLocale(user.locale, ctx.config.defaultLocale);
  const t = mailT(locale);
  const date = mailDateTime(ctx.now(), locale);
  await ctx.mailer.enqueue(tx, publish, [
    {
      to: user.email,
      subject: t('passwordChanged.subject', { brand }),
      text: [
        t('helloName', { name: user.name }),
        '',
        meta.ip ? t('passwordChanged.changedFrom', { brand, ip: meta.ip, date }) : t('passwordChanged.changed', { brand, date }),
        t('passwordChanged.notYou'),
      ].join('\n'),
      locale,
    },
  ]);
}
