import {
  DEFAULT_NOTIFICATION_CHANNEL,
  EMAIL_CHANGE_TTL_MS,
  isStaffRole,
  notificationCategoriesFor,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreference,
  type Locale,
  type Profile,
  type Session,
  type UpdateNotificationPreferencesInput,
} from '@agency/schema';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { readerLocale } from '../../i18n/index.js';
import { mailT } from '../../integrations/mail-locale.js';
import { emailChanges, mfaRecoveryCodes, notificationPreferences, sessions, users, userTotp } from '../../db/schema.js';
import { describeDevice } from '../../lib/user-agent.js';
import type { MailMessage } from '../../integrations/mailer.js';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl, qrDataUrl, verifyTotp } from '../auth/mfa.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { AuthService, RequestMeta } from '../auth/service.js';
import { generateToken, hashToken, isSessionActive, normalizeEmail } from '../auth/tokens.js';

export const CONFIRM_EMAIL_PATH = '/confirm-email';

type UserRow = typeof users.$inferSelect;

/** The signed-in person's own account: profile, e-mail, password, sessions, notification preferences, second factor. */
export function createAccountService(ctx: AppContext, auth: AuthService) {
  async function loadUser(db: DbOrTx, id: number, lock = false): Promise<UserRow> {
    const query = db.select().from(users).where(eq(users.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('UNAUTHENTICATED');
    return row;
  }

  async function assertPassword(user: UserRow, password: string) {
    if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('WRONG_PASSWORD');
  }

  async function totpOf(db: DbOrTx, userId: number) {
    const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
    return row ?? null;
  }

  async function pendingEmail(userId: number) {
    const [row] = await ctx.db
      .select({ email: emailChanges.newEmail })
      .from(emailChanges)
      .where(
        and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), isNull(emailChanges.cancelledAt), gt(emailChanges.expiresAt, ctx.now())),
      )
      .orderBy(desc(emailChanges.id))
      .limit(1);
    return row?.email ?? null;
  }

  function changed(publish: Publish, userId: number) {
    publish({ type: 'account.updated', userId });
  }

  async function profile(actor: Actor): Promise<Profile> {
    assertCan(actor, 'profile:own', null);
    const user = await loadUser(ctx.db, actor.id);
    const totp = await totpOf(ctx.db, actor.id);
    const enabled = Boolean(totp?.confirmedAt);
    return {
      id: String(user.id),
      name: user.name,
      email: user.email,
      role: user.role,
      locale: user.locale,
      created_at: user.createdAt.toISOString(),
      pending_email: await pendingEmail(user.id),
      mfa: {
        available: isStaffRole(user.role),
        enabled,
        enabled_at: totp?.confirmedAt?.toISOString() ?? null,
        recovery_codes_left: enabled ? await auth.recoveryCodesLeft(ctx.db, user.id) : 0,
        required: ctx.config.requireStaff2fa && isStaffRole(user.role) && !enabled,
      },
    };
  }

  return {
    profile,

    /** The name and/or the language; a language of null follows the browser again. */
    async updateProfile(actor: Actor, input: { name?: string; locale?: Locale | null }) {
      assertCan(actor, 'profile:own', null);
      await ctx.transaction(async (tx, publish) => {
        await tx
          .update(users)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.locale !== undefined ? { locale: input.locale } : {}),
            updatedAt: ctx.now(),
          })
          .where(eq(users.id, actor.id));
        changed(publish, actor.id);
      });
      return profile(actor);
    },

    /**
     * A new address counts only once the link sent to it is opened; the current address is told at once, so a
     * stranger with a borrowed session cannot move the account away unnoticed. Needs the current password.
     */
    async requestEmailChange(actor: Actor, input: { email: string; password: string }) {
      assertCan(actor, 'profile:own', null);
      const user = await loadUser(ctx.db, actor.id);
      await assertPassword(user, input.password);
      const newNormalized = normalizeEmail(input.email);
      if (newNormalized === user.emailNormalized) throw new AppError('CONFLICT', 'That is already your e-mail address');
      const token = generateToken();
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MS);
      const brand = ctx.brand.current().agencyName;
      // An address that has an account already is answered as any other, and looks the same afterwards (a change is
      // pending): the answer must not tell who has an account. Its owner gets a note instead of a link, so the
      // change can never complete (the confirmation would refuse the taken address anyway).
      const [owner] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.emailNormalized, newNormalized)).limit(1);
      const taken = owner !== undefined;
      // Each mail in its reader's language: the taken address's owner's, else the person asking.
      const locale = readerLocale(user.locale, ctx.config.defaultLocale);
      const t = mailT(locale);
      const ownerLocale = owner ? readerLocale(owner.locale, ctx.config.defaultLocale) : locale;
      const forOwner = mailT(ownerLocale);
      await ctx.transaction(async (tx, publish) => {
        // One pending change at a time: a new request replaces the last.
        await tx
          .update(emailChanges)
          .set({ cancelledAt: now })
          .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt), isNull(emailChanges.cancelledAt)));
        await tx.insert(emailChanges).values({
          userId: user.id,
          newEmail: input.email.trim(),
          newEmailNormalized: newNormalized,
          tokenHash: hashToken(token),
          createdAt: now,
          expiresAt,
        });
        const confirmLink = `${ctx.config.appUrl}${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
        const toNewAddress: MailMessage = taken
          ? {
              to: input.email.trim(),
              subject: forOwner('emailChange.taken.subject', { brand }),
              text: [forOwner('hello'), '', forOwner('emailChange.taken.attempt', { brand }), forOwner('ignoreIfNotYou')].join('\n'),
              locale: ownerLocale,
            }
          : {
              to: input.email.trim(),
              subject: t('emailChange.confirm.subject', { brand }),
              text: [
                t('helloName', { name: user.name }),
                '',
                t('emailChange.confirm.open', { brand, link: confirmLink }),
                '',
                t('emailChange.confirm.expiry'),
              ].join('\n'),
              action: { label: t('emailChange.confirm.action'), url: confirmLink },
              locale,
            };
        await ctx.mailer.enqueue(tx, publish, [
          toNewAddress,
          {
            to: user.email,
            subject: t('emailChange.pending.subject', { brand }),
            text: [
              t('helloName', { name: user.name }),
              '',
              t('emailChange.pending.asked', { brand, email: input.email.trim() }),
              t('emailChange.pending.when'),
              t('emailChange.pending.notYou'),
            ].join('\n'),
            locale,
          },
        ]);
      });
      return profile(actor);
    },

    /** The link from the new address: no session needed, the token is the proof. */
    async confirmEmailChange(token: string, meta: RequestMeta) {
      const now = ctx.now();
      const [change] = await ctx.db
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.tokenHash, hashToken(token)))
        .limit(1);
      if (!change || change.usedAt || change.cancelledAt || change.expiresAt.getTime() <= now.getTime()) throw new AppError('LINK_INVALID');
      return ctx.transaction(async (tx, publish) => {
        const [claimed] = await tx
          .update(emailChanges)
          .set({ usedAt: now })
          .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.usedAt), isNull(emailChanges.cancelledAt)))
          .returning({ id: emailChanges.id });
        if (!claimed) throw new AppError('LINK_INVALID');
        const user = await loadUser(tx, change.userId, true);
        if (user.status !== 'active') throw new AppError('LINK_INVALID');
        if (await auth.emailExists(tx, change.newEmail)) throw new AppError('EMAIL_TAKEN');
        await tx
          .update(users)
          .set({ email: change.newEmail, emailNormalized: change.newEmailNormalized, updatedAt: now })
          .where(eq(users.id, user.id));
        await recordAudit(
          tx,
          { id: user.id, role: user.role, ip: meta.ip },
          'email.changed',
          { type: 'user', id: user.id, before: { email: user.email }, after: { email: change.newEmail } },
          now,
        );
        const brand = ctx.brand.current().agencyName;
        const locale = readerLocale(user.locale, ctx.config.defaultLocale);
        const t = mailT(locale);
        await ctx.mailer.enqueue(tx, publish, [
          {
            to: user.email,
            subject: t('emailChange.done.subject', { brand }),
            text: [
              t('helloName', { name: user.name }),
              '',
              t('emailChange.done.moved', { brand, email: change.newEmail }),
              t('emailChange.done.notYou'),
            ].join('\n'),
            locale,
          },
        ]);
        changed(publish, user.id);
        return { email: change.newEmail };
      });
    },

    /** Needs the current password; every other session ends, this one stays. */
    async changePassword(actor: Actor, input: { current_password: string; password: string }, meta: RequestMeta) {
      assertCan(actor, 'profile:own', null);
      const user = await loadUser(ctx.db, actor.id);
      await assertPassword(user, input.current_password);
      const passwordHash = await hashPassword(input.password);
      await ctx.transaction(async (tx, publish) => {
        const now = ctx.now();
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
        await revokeOthers(tx, publish, actor);
        await recordAudit(tx, actor, 'password.changed', { type: 'user', id: user.id }, now);
        await auth.mailPasswordChanged(tx, publish, user, meta);
      });
    },

    async listSessions(actor: Actor): Promise<Session[]> {
      assertCan(actor, 'session:own', null);
      const now = ctx.now();
      const rows = await ctx.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, actor.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
        .limit(200);
      return rows
        .filter((row) => isSessionActive(row, now, ctx.config.sessionIdleMs))
        .map((row) => ({
          id: String(row.id),
          device: describeDevice(row.userAgent),
          ip: row.ip,
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt.toISOString(),
          current: row.id === actor.sessionId,
        }));
    },

    async revokeOtherSessions(actor: Actor) {
      assertCan(actor, 'session:own', null);
      return ctx.transaction(async (tx, publish) => ({ revoked: await revokeOthers(tx, publish, actor) }));
    },

    async revokeSession(actor: Actor, id: number) {
      assertCan(actor, 'session:own', null);
      await ctx.transaction(async (tx, publish) => {
        const [row] = await tx
          .update(sessions)
          .set({ revokedAt: ctx.now() })
          .where(and(eq(sessions.id, id), eq(sessions.userId, actor.id), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        // Someone else's session is answered like a missing one.
        if (!row) throw new AppError('NOT_FOUND', 'Session not found');
        publish({ type: 'session.revoked', sessionId: id });
      });
    },

    async preferences(actor: Actor): Promise<NotificationPreference[]> {
      assertCan(actor, 'profile:own', null);
      const rows = await ctx.db
        .select({ category: notificationPreferences.category, channel: notificationPreferences.channel })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, actor.id));
      const chosen = new Map<NotificationCategory, NotificationChannel>(rows.map((r) => [r.category, r.channel]));
      return notificationCategoriesFor(actor.role).map((c) => ({
        category: c.id,
        label: c.label,
        channel: chosen.get(c.id) ?? DEFAULT_NOTIFICATION_CHANNEL,
      }));
    },

    async setPreferences(actor: Actor, input: UpdateNotificationPreferencesInput) {
      assertCan(actor, 'profile:own', null);
      const entries = Object.entries(input.preferences ?? {}) as [NotificationCategory, NotificationChannel][];
      if (entries.length > 0) {
        const now = ctx.now();
        await ctx.db
          .insert(notificationPreferences)
          .values(entries.map(([category, channel]) => ({ userId: actor.id, category, channel, updatedAt: now })))
          .onConflictDoUpdate({
            target: [notificationPreferences.userId, notificationPreferences.category],
            set: { channel: sqlExcluded('channel'), updatedAt: now },
          });
      }
      return this.preferences(actor);
    },

    /** A new secret, pending until a first code confirms it; asking again replaces a pending one. */
    async startMfaSetup(actor: Actor) {
      assertCan(actor, 'mfa:manage', null);
      const existing = await totpOf(ctx.db, actor.id);
      if (existing?.confirmedAt) throw new AppError('MFA_ALREADY_ENABLED');
      const secret = await newTotpSecret();
      await ctx.db
        .insert(userTotp)
        .values({ userId: actor.id, secret, createdAt: ctx.now() })
        .onConflictDoUpdate({
          target: userTotp.userId,
          set: { secret, createdAt: ctx.now(), lastTimeStep: null },
          where: isNull(userTotp.confirmedAt),
        });
      const url = await otpauthUrl(ctx.brand.current().agencyName, actor.email, secret);
      return { secret, otpauth_url: url, qr_data_url: await qrDataUrl(url) };
    },

    /** The first code turns it on, and the ten recovery codes are shown, this once. */
    async confirmMfa(actor: Actor, code: string) {
      assertCan(actor, 'mfa:manage', null);
      const totp = await totpOf(ctx.db, actor.id);
      if (!totp) throw new AppError('MFA_NOT_ENABLED', 'Start the set-up first');
      if (totp.confirmedAt) throw new AppError('MFA_ALREADY_ENABLED');
      const now = ctx.now();
      const step = await verifyTotp(totp.secret, code, now, totp.lastTimeStep);
      if (step === null) throw new AppError('INVALID_MFA_CODE');
      const codes = newRecoveryCodes();
      await ctx.transaction(async (tx, publish) => {
        const [confirmed] = await tx
          .update(userTotp)
          .set({ confirmedAt: now, lastTimeStep: step })
          .where(and(eq(userTotp.userId, actor.id), isNull(userTotp.confirmedAt), eq(userTotp.secret, totp.secret)))
          .returning({ userId: userTotp.userId });
        if (!confirmed) throw new AppError('STALE_STATE', 'The set-up changed meanwhile; start again');
        await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, actor.id));
        await tx.insert(mfaRecoveryCodes).values(
          codes.map((c) => {
            const { salt, hash } = hashRecoveryCode(c);
            return { userId: actor.id, salt, codeHash: hash, createdAt: now };
          }),
        );
        await recordAudit(tx, actor, 'mfa.enabled', { type: 'user', id: actor.id, before: { mfa: false }, after: { mfa: true } }, now);
        await mailSecurityNotice(tx, publish, actor, 'mfaOn');
        changed(publish, actor.id);
      });
      return { recovery_codes: codes };
    },

    /** Needs the password and a current code (or a recovery code). */
    async disableMfa(actor: Actor, input: { password: string; code?: string; recovery_code?: string }) {
      assertCan(actor, 'mfa:manage', null);
      const user = await loadUser(ctx.db, actor.id);
      const totp = await totpOf(ctx.db, actor.id);
      if (!totp?.confirmedAt) throw new AppError('MFA_NOT_ENABLED');
      await assertPassword(user, input.password);
      const now = ctx.now();
      if (!(await auth.checkSecondFactor(actor.id, input, now))) throw new AppError('INVALID_MFA_CODE');
      await ctx.transaction(async (tx, publish) => {
        await tx.delete(userTotp).where(eq(userTotp.userId, actor.id));
        await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, actor.id));
        await recordAudit(tx, actor, 'mfa.disabled', { type: 'user', id: actor.id, before: { mfa: true }, after: { mfa: false } }, now);
        await mailSecurityNotice(tx, publish, actor, 'mfaOff');
        changed(publish, actor.id);
      });
    },
  };

  /** Ends every session of the actor but the one making the request. */
  async function revokeOthers(tx: DbOrTx, publish: Publish, actor: Actor) {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(sessions.userId, actor.id), isNull(sessions.revokedAt), ne(sessions.id, actor.sessionId)))
      .returning({ id: sessions.id });
    for (const row of rows) publish({ type: 'session.revoked', sessionId: row.id });
    return rows.length;
  }

  /** Security mail, sent whatever the person's notification preferences. */
  async function mailSecurityNotice(tx: DbOrTx, publish: Publish, actor: Actor, notice: 'mfaOn' | 'mfaOff') {
    const locale = readerLocale(actor.locale, ctx.config.defaultLocale);
    const t = mailT(locale);
    await ctx.mailer.enqueue(tx, publish, [
      {
        to: actor.email,
        subject: t('security.subject', { what: t(`security.${notice}.title`), brand: ctx.brand.current().agencyName }),
        text: [t('helloName', { name: actor.name }), '', t(`security.${notice}.body`), '', t('security.notYou')].join('\n'),
        locale,
      },
    ]);
  }
}

function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}

export type AccountService = ReturnType<typeof createAccountService>;
