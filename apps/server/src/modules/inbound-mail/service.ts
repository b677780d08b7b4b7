import { Readable } from 'node:stream';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@agency/schema';
import { and, count, eq, gt } from 'drizzle-orm';
import type { AddressObject } from 'mailparser';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { TFunction } from 'i18next';
import type { AppContext } from '../../context.js';
import { inboundBounces, users } from '../../db/schema.js';
import { mailT, recipientLocales } from '../../integrations/mail-locale.js';
import { newStoredFilename } from '../../integrations/storage.js';
import { sniffMime } from '../../lib/file-type.js';
import type { MessagingService } from '../messaging/service.js';
import { parseConversationId } from '../messaging/service.js';
import type { StreamedFile } from '../messaging/streaming-body.js';
import { stripQuotedReply } from './quotes.js';
import { resolveReplyToken, tokenOfAddress, type ReplyTokenOwner } from './reply-tokens.js';

/** Why a mail was not posted; each is told to the sender in the bounce (except floods, which get none). */
export type RefusalReason = 'no_address' | 'unknown_address' | 'removed' | 'wrong_sender' | 'too_large' | 'empty' | 'rate_limited';

export type InboundResult = { status: 'posted'; message_id: number; conversation_id: string } | { status: 'refused'; reason: RefusalReason };

/** Why a reply by e-mail was refused, in the bounce's language. */
function reasonText(t: TFunction, reason: Exclude<RefusalReason, 'rate_limited'>): string {
  return reason === 'too_large'
    ? t('bounce.reasons.too_large', { attachments: MAX_ATTACHMENTS_PER_MESSAGE, megabytes: MAX_ATTACHMENT_BYTES / 1024 / 1024 })
    : t(`bounce.reasons.${reason}`);
}

/** The text of a message as posted: the chat's own limit. */
const MAX_TEXT = 10_000;

/** The SMTP envelope, when the mail came over SMTP; `senderCounted`: the listener already counted the sender. */
export type Envelope = { from?: string; to?: string[]; senderCounted?: boolean };

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);
}

function headerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return '';
}

/**
 * Replies by e-mail: a raw RFC 822 message from the SMTP listener or a provider's webhook, posted into the thread
 * its reply address names as the person it belongs to, or refused with one bounce to the sender.
 */
export function createInboundMailService(ctx: AppContext, messaging: MessagingService) {
  const perSender = new Map<string, { windowStart: number; n: number }>();

  /** Counts a mail from `address`; false past INBOUND_EMAIL_PER_SENDER_PER_MINUTE within the minute. */
  function admitSender(address: string): boolean {
    const now = Date.now();
    const entry = perSender.get(address);
    if (!entry || now - entry.windowStart >= 60_000) {
      if (perSender.size > 10_000) perSender.clear();
      perSender.set(address, { windowStart: now, n: 1 });
      return true;
    }
    entry.n += 1;
    return entry.n <= ctx.config.inbound.perSenderPerMinute;
  }

  async function bounce(to: string | undefined, reason: RefusalReason, subject: string, automatic: boolean) {
    if (!to || reason === 'rate_limited' || automatic) return;
    const address = to.toLowerCase();
    // Never to ourselves or to a mail system: that is how loops start.
    if (/^(mailer-daemon|postmaster|no-?reply)@/i.test(address)) return;
    if (ctx.config.inbound.domain && address.endsWith(`@${ctx.config.inbound.domain}`)) return;
    const now = ctx.now();
    await ctx.transaction(async (tx, publish) => {
      const [sent] = await tx
        .select({ n: count() })
        .from(inboundBounces)
        .where(and(eq(inboundBounces.address, address), gt(inboundBounces.sentAt, new Date(now.getTime() - 3_600_000))));
      if (Number(sent?.n ?? 0) >= ctx.config.inbound.bouncesPerHour) return;
      await tx.insert(inboundBounces).values({ address, reason, sentAt: now });
      const locale = (await recipientLocales(tx, [address], ctx.config.defaultLocale)).of(address);
      const t = mailT(locale);
      const theirs = subject.slice(0, 150);
      await ctx.mailer.enqueue(tx, publish, [
        {
          to: address,
          subject: t('bounce.subject', { subject: theirs, brand: ctx.brand.current().agencyName }),
          text: `${t('bounce.notPosted', { subject: theirs })}\n\n${reasonText(t, reason as Exclude<RefusalReason, 'rate_limited'>)}\n\n${t('bounce.nothingPosted', { appUrl: ctx.config.appUrl })}`,
          locale,
        },
      ]);
    });
  }

  function actorOf(u: ReplyTokenOwner['user']): Actor | null {
    if (u.status !== 'active') return null;
    return { id: u.id, role: u.role, name: u.name, email: u.email, sessionId: 0, companyId: u.companyId, companyRole: u.companyRole };
  }

  async function receive(raw: Buffer, envelope: Envelope = {}): Promise<InboundResult> {
    // Loaded with the first mail, not with every start.
    const { simpleParser } = await import('mailparser');
    const mail = await simpleParser(raw, { skipHtmlToText: false, skipTextLinks: true });
    const fromHeader = addresses(mail.from)[0]?.toLowerCase();
    const sender = (envelope.from || fromHeader)?.toLowerCase();
    const subject = mail.subject ?? '(no subject)';
    const autoSubmitted = headerText(mail.headers.get('auto-submitted')).toLowerCase();
    const precedence = headerText(mail.headers.get('precedence')).toLowerCase();
    const automatic = (autoSubmitted !== '' && autoSubmitted !== 'no') || ['bulk', 'junk', 'list'].includes(precedence);
    const refuse = async (reason: RefusalReason): Promise<InboundResult> => {
      ctx.log.info({ inbound: { reason, bytes: raw.length } }, 'inbound mail refused');
      await bounce(sender, reason, subject, automatic);
      return { status: 'refused', reason };
    };

    if (sender && !envelope.senderCounted && !admitSender(sender)) return refuse('rate_limited');
    if (raw.length > ctx.config.inbound.maxBytes) return refuse('too_large');

    const recipients = [
      ...(envelope.to ?? []),
      ...addresses(mail.to),
      ...addresses(mail.cc),
      headerText(mail.headers.get('delivered-to')),
      headerText(mail.headers.get('x-original-to')),
    ];
    const token = recipients.map((r) => tokenOfAddress(ctx.config.inbound.domain, r)).find((t) => t !== null);
    if (!token) return refuse('no_address');
    const owner = await resolveReplyToken(ctx, token);
    if (!owner) return refuse('unknown_address');
    const actor = actorOf(owner.user);
    if (!actor) return refuse('removed');
    if (!fromHeader || fromHeader !== actor.email.toLowerCase()) return refuse('wrong_sender');

    const files = mail.attachments.filter((a) => a.contentDisposition !== 'inline' || !a.related);
    if (files.length > MAX_ATTACHMENTS_PER_MESSAGE || files.some((a) => a.size > MAX_ATTACHMENT_BYTES)) return refuse('too_large');
    const text = stripQuotedReply(mail.text ?? '').slice(0, MAX_TEXT);
    if (text === '' && files.length === 0) return refuse('empty');

    const parsed = parseConversationId(owner.conversationId)!;
    const side = actor.role === 'superadmin' ? 'superadmin' : actor.role === 'client' ? 'client' : null;
    if (!side) return refuse('removed');
    let receiverId: number;
    if (side === 'superadmin') receiverId = parsed.clientId;
    else {
      const [agency] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
      if (!agency) return refuse('removed');
      receiverId = agency.id;
    }

    // Attachments go to storage as the chat's own uploads do, then the send claims them (or they are removed).
    const streamed: StreamedFile[] = [];
    try {
      for (const a of files) {
        const storedFilename = newStoredFilename(a.filename ?? '');
        await ctx.storage.put(storedFilename, Readable.from([a.content]));
        streamed.push({ storedFilename, size: a.content.length, mime: sniffMime(a.content.subarray(0, 64)) });
      }
      const message = await messaging.send(
        actor,
        side,
        {
          sender_id: String(actor.id),
          receiver_id: String(receiverId),
          conversation_id: owner.conversationId,
          message_content: text,
          message_attachments: files.map((a, i) => ({ name: (a.filename || `attachment-${i + 1}`).slice(0, 255), data: `streamed:${i}` })),
        },
        streamed,
        'email',
      );
      return { status: 'posted', message_id: message.id, conversation_id: owner.conversationId };
    } catch (err) {
      await messaging.discardStreamed(streamed.map((s) => s.storedFilename));
      if (err instanceof AppError) {
        if (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN') return refuse('removed');
        if (err.code === 'PAYLOAD_TOO_LARGE' || err.code === 'QUOTA_EXCEEDED') return refuse('too_large');
        if (err.code === 'BAD_REQUEST') return refuse('empty');
      }
      throw err;
    }
  }

  return { receive, admitSender };
}

export type InboundMailService = ReturnType<typeof createInboundMailService>;
