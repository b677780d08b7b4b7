import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { passwordResets, users } from '../../../db/schema.js';
import { readerLocale } from '../../../i18n/index.js';
import { mailT } from '../../../integrations/mail-locale.js';
import { generateToken, hashToken } from '../tokens.js';
import type { PasswordResetJob } from './request-password-reset.js';

export const RESET_PASSWORD_PATH = '/reset-password';

/** The job: a link for an active account, mailed once however often the job runs. */
export function mailPasswordReset(ctx: AppContext) {
  return async (job: PasswordResetJob) => {
    await ctx.transaction(async (tx, publish) => {
      const [user] = await tx.select().from(users).where(eq(users.emailNormalized, job.email)).limit(1);
      if (!user || user.status !== 'active') return;
      const token = generateToken();
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + ctx.config.passwordResetTtlMs);
      const [created] = await tx
        .insert(passwordResets)
        .values({ userId: user.id, tokenHash: hashToken(token), requestId: job.requestId, ip: job.ip, createdAt: now, expiresAt })
        .onConflictDoNothing({ target: passwordResets.requestId })
        .returning({ id: passwordResets.id });
      if (!created) return;
      const minutes = Math.round(ctx.config.passwordResetTtlMs / 60_000);
      const link = `${ctx.config.appUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
      const brand = ctx.brand.current().agencyName;
      const locale = readerLocale(user.locale, ctx.config.defaultLocale);
      const t = mailT(locale);
      await ctx.mailer.enqueue(tx, publish, [
        {
          to: user.email,
          subject: t('passwordReset.subject', { brand }),
          text: [
            t('helloName', { name: user.name }),
            '',
            t('passwordReset.asked', { brand }),
            t('passwordReset.choose', { link }),
            '',
            t('passwordReset.expiry', { count: minutes }),
          ].join('\n'),
          action: { label: t('passwordReset.action'), url: link },
          locale,
        },
      ]);
    });
  };
}
