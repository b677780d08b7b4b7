import type { Locale } from '@agency/schema';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Publish } from '../core/events.js';
import type { Db, DbOrTx } from '../db/client.js';
import { mailOutbox, type MailAction, type MailAttachment } from '../db/schema.js';
import { redactLinks, safeErrorMessage } from '../lib/log-safety.js';
import { brandLogoPng, resolveBrand, type Brand } from './brand.js';
import { LOGO_CID, renderMailHtml } from './mail-html.js';
import type { Storage } from './storage.js';

/**
 * `text` is the mail's words (its text part, and the paragraphs of its HTML part); `action` its main link, which the
 * text carries too and the HTML part draws as a button. `replyTo`: where the recipient's answer goes (a chat message's
 * per-person reply address). `locale`: the language the caller wrote the mail in (its recipient's), which the HTML
 * layout's own words and direction follow; British English when left out.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  action?: MailAction;
  attachments?: MailAttachment[];
  replyTo?: string;
  locale?: Locale;
};
/** `html`: the HTML part as sent; `inline`: the content ids of the pictures it carries (the brand's logo). */
export type DeliveredMail = MailMessage & { id: number; from: string; html: string; inline: string[] };

/** What the mailer reads of the brand when it delivers a mail. */
export type MailBrand = { current(): Brand; mailFrom(): string };

export type Mailer = {
  /**
   * Stores mails in the outbox inside the caller's transaction and publishes `mail.queued`; a background job
   * delivers them after commit. A rolled-back change never mails anybody, and a failing SMTP server delays mail
   * but never fails the request or loses the message.
   */
  enqueue(db: DbOrTx, publish: Publish, messages: MailMessage[]): Promise<number[]>;
  /**
   * Delivers one stored mail: the job handler. Idempotent: a mail already sent, or being sent by another worker
   * (a lease), is left alone. Throws when the transport fails, so the job runner retries with backoff.
   */
  deliver(outboxId: number): Promise<'sent' | 'skipped'>;
  /** Records that every retry failed. */
  giveUp(outboxId: number, reason: string): Promise<void>;
  /** Outbox rows that were never handed to the job runner (a crash between commit and enqueue). */
  unqueued(olderThan: Date): Promise<number[]>;
  /** Tells `listener` about each mail this process delivers, body included (tests read mail this way). */
  onDelivered(listener: (mail: DeliveredMail) => void): void;
};

/** How long one delivery attempt holds a mail before another worker may try it. */
const LEASE_MS = 2 * 60 * 1000;

export function createMailer(
  config: Config,
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
  /** The brand at the time of sending: the `From:`, and the HTML part's name, colour, logo and footer. */
  brand: MailBrand = { current: () => resolveBrand(config, null), mailFrom: () => config.mail.from },
): Mailer {
  const smtp = config.mail.transport === 'smtp' ? config.mail.smtp : undefined;
  // The SMTP client is loaded with the first mail it sends, not with every start.
  let transport: Promise<Transporter> | null = null;
  const smtpTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: smtp!.host,
        port: smtp!.port,
        secure: smtp!.secure,
        auth: smtp!.user ? { user: smtp!.user, pass: smtp!.password } : undefined,
        // A dead server must fail the attempt quickly; the job runner retries later.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));

  const listeners: ((mail: DeliveredMail) => void)[] = [];

  async function readAttachments(list: MailAttachment[] | null) {
    const out: { filename: string; contentType: string; content: Buffer }[] = [];
    for (const a of list ?? []) {
      const stream = await storage.read(a.storage_key);
      if (!stream) throw new Error(`mail attachment missing from storage: ${a.filename}`);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      out.push({ filename: a.filename, contentType: a.content_type, content: Buffer.concat(chunks) });
    }
    return out;
  }

  return {
    async enqueue(tx, publish, messages) {
      if (messages.length === 0) return [];
      const rows = await tx
        .insert(mailOutbox)
        .values(
          messages.map((m) => ({
            to: m.to,
            subject: m.subject,
            text: m.text,
            attachments: m.attachments ?? null,
            action: m.action ?? null,
            locale: m.locale ?? null,
            replyTo: m.replyTo ?? null,
            transport: smtp ? 'smtp' : 'log',
            createdAt: now(),
          })),
        )
        .returning({ id: mailOutbox.id });
      const ids = rows.map((r) => r.id);
      publish({ type: 'mail.queued', outboxIds: ids });
      return ids;
    },

    async deliver(outboxId) {
      const at = now();
      const [mail] = await db
        .update(mailOutbox)
        .set({
          leaseUntil: new Date(at.getTime() + LEASE_MS),
          attempts: sql`${mailOutbox.attempts} + 1`,
          queuedAt: sql`coalesce(${mailOutbox.queuedAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(
          and(
            eq(mailOutbox.id, outboxId),
            isNull(mailOutbox.sentAt),
            isNull(mailOutbox.failedAt),
            or(isNull(mailOutbox.leaseUntil), lt(mailOutbox.leaseUntil, at)),
          ),
        )
        .returning();
      if (!mail) return 'skipped';
      const action = mail.action;
      const locale = mail.locale ?? undefined;
      const sender = brand.mailFrom();
      let html: string;
      let logo: Buffer | null;
      try {
        const current = brand.current();
        // The logo goes with the mail as an inline picture when it is a PNG (most mail clients draw no SVG).
        logo = await brandLogoPng(current, storage);
        html = renderMailHtml({ subject: mail.subject, text: mail.text, action, brand: current, withLogo: logo !== null, locale });
        if (smtp) {
          await (
            await smtpTransport()
          ).sendMail({
            from: sender,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html,
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            attachments: [
              ...(logo
                ? [{ filename: 'logo.png', contentType: 'image/png', content: logo, cid: LOGO_CID, contentDisposition: 'inline' as const }]
                : []),
              ...(await readAttachments(mail.attachments)),
            ],
          });
        } else {
          log.info({ mail: { id: mail.id, to: mail.to, subject: mail.subject } }, 'mail delivered to the log transport');
          // The log transport is for trying the product out: it shows each mail once, on the console, never in
          // the structured log and never again from the database. In production the process output is kept and
          // shipped, so there it prints the mail without its links (each carries a live token).
          const text = config.mail.redactLinks ? redactLinks(mail.text) : mail.text;
          if (config.env !== 'test') process.stdout.write(`\n--- mail to ${mail.to}: ${mail.subject}\n${text}\n---\n`);
        }
      } catch (err) {
        const message = safeErrorMessage(err);
        log.warn(
          { mail: { id: mail.id, to: mail.to, subject: mail.subject, attempt: mail.attempts }, error: message },
          'mail delivery failed; will retry',
        );
        await db.update(mailOutbox).set({ error: message, leaseUntil: null }).where(eq(mailOutbox.id, mail.id));
        throw err;
      }
      // Delivered: the outbox keeps who, what subject and when, but no longer the body (it may hold a live link).
      await db.update(mailOutbox).set({ sentAt: now(), error: null, leaseUntil: null, text: '', action: null }).where(eq(mailOutbox.id, mail.id));
      // Told once the outbox says so: a listener that looks at the outbox finds the mail delivered.
      for (const listener of listeners)
        listener({
          id: mail.id,
          from: sender,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html,
          inline: logo ? [LOGO_CID] : [],
          ...(action ? { action } : {}),
          ...(locale ? { locale } : {}),
          attachments: mail.attachments ?? undefined,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        });
      return 'sent';
    },

    async giveUp(outboxId, reason) {
      log.error({ mail: { id: outboxId }, error: reason }, 'mail delivery abandoned after every retry');
      await db
        .update(mailOutbox)
        // Given up: the body goes too, as on delivery (it may hold a live link nobody will receive).
        .set({ failedAt: now(), error: reason, leaseUntil: null, text: '', action: null })
        .where(and(eq(mailOutbox.id, outboxId), isNull(mailOutbox.sentAt)));
    },

    onDelivered(listener) {
      listeners.push(listener);
    },

    async unqueued(olderThan) {
      const rows = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), isNull(mailOutbox.queuedAt), lt(mailOutbox.createdAt, olderThan)))
        .limit(500);
      return rows.map((r) => r.id);
    },
  };
}
