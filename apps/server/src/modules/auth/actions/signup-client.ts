import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { clientCompanies, signupRequests, users } from '../../../db/schema.js';
import { readerLocale } from '../../../i18n/index.js';
import { mailT } from '../../../integrations/mail-locale.js';
import { presentUser } from '../../users/present.js';
import { insertUser, startSession, type NewAccount, type RequestMeta } from '../changes.js';
import { hashPassword } from '../passwords.js';
import { generateToken, hashToken, normalizeEmail } from '../tokens.js';
import { RESET_PASSWORD_PATH } from './mail-password-reset.js';

/** The page a sign-up link opens; it confirms the request and signs the new client in. */
export const CONFIRM_SIGNUP_PATH = '/confirm-signup';
/** How long a sign-up link works. */
export const SIGNUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A client signs up: the account is made once the link mailed to the address is opened (confirmSignup). The answer
 * is the same whether the address is free or already has an account, so sign-up tells a stranger nothing about who
 * has one: the mail says what happened (a link to finish, or a note that the address has an account already, with
 * the ways in). Both ways hash the password and write one mail, so they also take the same time.
 */
export function signupClient(ctx: AppContext) {
  return async (input: Omit<NewAccount, 'role'>, meta: RequestMeta) => {
    const passwordHash = await hashPassword(input.password);
    const email = input.email.trim();
    const brand = ctx.brand.current().agencyName;
    await ctx.transaction(async (tx, publish) => {
      const [existing] = await tx
        .select({ locale: users.locale })
        .from(users)
        .where(eq(users.emailNormalized, normalizeEmail(email)))
        .limit(1);
      if (existing) {
        // Written in the language of the account's owner.
        const locale = readerLocale(existing.locale, ctx.config.defaultLocale);
        const t = mailT(locale);
        await ctx.mailer.enqueue(tx, publish, [
          {
            to: email,
            subject: t('signup.existing.subject', { brand }),
            text: [
              t('hello'),
              '',
              t('signup.existing.attempt', { brand }),
              t('signup.existing.ways', { loginUrl: `${ctx.config.appUrl}/loginpage`, resetUrl: `${ctx.config.appUrl}${RESET_PASSWORD_PATH}` }),
              t('ignoreIfNotYou'),
            ].join('\n'),
            locale,
          },
        ]);
        return;
      }
      const token = generateToken();
      const now = ctx.now();
      await tx.insert(signupRequests).values({
        name: input.name,
        email,
        emailNormalized: normalizeEmail(email),
        passwordHash,
        company: input.company ?? null,
        phone: input.phone ?? null,
        tokenHash: hashToken(token),
        ip: meta.ip ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SIGNUP_LINK_TTL_MS),
      });
      const link = `${ctx.config.appUrl}${CONFIRM_SIGNUP_PATH}?token=${encodeURIComponent(token)}`;
      // Nobody has chosen a language for an address without an account yet: the agency's default.
      const locale = ctx.config.defaultLocale;
      const t = mailT(locale);
      await ctx.mailer.enqueue(tx, publish, [
        {
          to: email,
          subject: t('signup.confirm.subject', { brand }),
          text: [t('helloName', { name: input.name }), '', t('signup.confirm.open', { brand, link }), '', t('signup.confirm.expiry')].join('\n'),
          action: { label: t('signup.confirm.action'), url: link },
          locale,
        },
      ]);
    });
    return { status: 'confirmation_sent' as const, email };
  };
}

/**
 * The link from a sign-up mail: the account is made and signed in, as the owner of a new company named after the
 * company the form gave or, without one, after the person. No session needed; the token is the proof.
 */
export function confirmSignup(ctx: AppContext) {
  return async (token: string, meta: RequestMeta) => {
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const [request] = await tx
        .update(signupRequests)
        .set({ usedAt: now })
        .where(and(eq(signupRequests.tokenHash, hashToken(token)), isNull(signupRequests.usedAt), gt(signupRequests.expiresAt, now)))
        .returning();
      if (!request) throw new AppError('LINK_INVALID');
      const [company] = await tx
        .insert(clientCompanies)
        .values({ name: request.company?.trim() || request.name, createdAt: now, updatedAt: now })
        .returning({ id: clientCompanies.id });
      // The address may have got an account since (another sign-up link opened first): the link holder owns the
      // mailbox, so saying so reveals nothing (the company goes with the rolled-back transaction).
      const user = await insertUser(tx, {
        name: request.name,
        email: request.email,
        passwordHash: request.passwordHash,
        role: 'client',
        company: request.company ?? undefined,
        phone: request.phone ?? undefined,
        membership: { companyId: company.id, companyRole: 'owner' },
      });
      const session = await startSession(ctx, tx, user.id, meta);
      return { token: session, user: presentUser(user) };
    });
  };
}
