import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = {
  /** Never throws: a mail that cannot be delivered is recorded with its error and logged. */
  send(message: MailMessage): Promise<void>;
};

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const transport =
    config.mail.transport === 'smtp' && config.mail.smtp
      ? nodemailer.createTransport({
          host: config.mail.smtp.host,
          port: config.mail.smtp.port,
          secure: config.mail.smtp.secure,
          auth: config.mail.smtp.user ? { user: config.mail.smtp.user, pass: config.mail.smtp.password } : undefined,
        })
      : null;

  return {
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, transport: transport ? 'smtp' : 'log' })
        .returning({ id: mailOutbox.id });
      if (!transport) {
        log.info({ mail: { to: message.to, subject: message.subject } }, 'mail stored in outbox (log transport)');
        return;
      }
      try {
        await transport.sendMail({ from: config.mail.from, ...message });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (err) {
        log.error({ err, mail: { to: message.to, subject: message.subject } }, 'mail delivery failed');
        await db
          .update(mailOutbox)
          .set({ error: err instanceof Error ? err.message : String(err) })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
