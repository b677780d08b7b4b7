import crypto from 'node:crypto';
import {
  SUPERADMIN_ONLY_WEBHOOK_EVENTS,
  WEBHOOK_MAX_PAYLOAD_BYTES,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_SIGNATURE_HEADER,
  type CreateWebhookInput,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '@agency/schema';
import { and, arrayOverlaps, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { DomainEvent } from '../../core/events.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import { auditLog, webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema.js';
import type { NotificationService } from '../notifications/service.js';
import { nextAttemptAt } from './backoff.js';
import { webhookEventOf } from './events.js';
import { createSecretBox } from './secret-box.js';
import { postWebhook, signWebhook, type AttemptResult } from './send.js';
import { checkWebhookUrl, RefusedUrl, type Resolve } from './url-guard.js';

export const WEBHOOK_DELIVER_QUEUE = 'webhook-deliver';
/** How long an attempt holds its delivery: past this, the sweep takes it up again (a crash mid-attempt). */
const ATTEMPT_LEASE_MS = 2 * 60_000;
/** Deliveries listed per endpoint. */
const DELIVERIES_SHOWN = 50;
/** Deliveries older than this are pruned by a daily job (their attempts go with them). */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 86_400_000;
const PRUNE_BATCH = 1_000;

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type DeliverJob = { deliveryId: number; round: number };

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: String(row.id),
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.disabledAt === null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    owner_id: String(row.ownerId),
    created_at: row.createdAt.toISOString(),
  };
}

export function createWebhookService(ctx: AppContext, notifications: NotificationService, options: { resolve?: Resolve } = {}) {
  const guard = { allowLoopback: ctx.config.webhooks.allowLoopback, resolve: options.resolve };
  const box = createSecretBox(ctx.config.webhooks.secretKey ?? ctx.signingKey);

  async function queue(deliveryId: number, round: number, at: Date | null) {
    const startAfterSeconds = at ? Math.max(0, Math.ceil((at.getTime() - ctx.now().getTime()) / 1000)) : 0;
    await ctx.jobs.send<DeliverJob>(
      WEBHOOK_DELIVER_QUEUE,
      { deliveryId, round },
      { singletonKey: `webhook:${deliveryId}:${round}`, startAfterSeconds },
    );
  }

  async function findWebhook(id: number): Promise<WebhookRow> {
    const [row] = await ctx.db.select().from(webhooks).where(eq(webhooks.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'No such webhook');
    return row;
  }

  function assertEventsAllowed(actor: Actor, events: readonly WebhookEventType[]) {
    const refused = actor.role === 'superadmin' ? [] : events.filter((e) => SUPERADMIN_ONLY_WEBHOOK_EVENTS.includes(e));
    if (refused.length > 0) throw new AppError('VALIDATION_FAILED', `events: ${refused.join(', ')} can only be chosen by the super admin`);
  }

  /** Records one attempt and decides what follows: done, another try later, or given up (and the endpoint disabled). */
  async function settle(delivery: DeliveryRow, webhook: WebhookRow, result: AttemptResult, at: Date) {
    const ok = result.error === null;
    const next = ok ? null : nextAttemptAt(delivery.startedAt, at, ctx.config.webhooks.retryBaseSeconds);
    const disable = !ok && webhook.disabledAt === null && (webhook.failingSince ?? at).getTime() <= at.getTime() - WEBHOOK_RETRY_WINDOW_MS;
    await ctx.transaction(async (tx, publish) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        at,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        response: result.response,
        error: result.error,
      });
      await tx
        .update(webhookDeliveries)
        .set({ status: ok ? 'succeeded' : next && !disable ? 'pending' : 'failed', nextAttemptAt: disable ? null : next })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (ok) {
        await tx.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, webhook.id));
        return;
      }
      await tx
        .update(webhooks)
        .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${at.toISOString()}::timestamptz)` })
        .where(eq(webhooks.id, webhook.id));
      if (!disable) return;
      const disabled = await tx
        .update(webhooks)
        .set({ disabledAt: at })
        .where(and(eq(webhooks.id, webhook.id), isNull(webhooks.disabledAt)))
        .returning({ id: webhooks.id });
      if (disabled.length === 0) return;
      // The product disables it, not a person: the audit entry names no actor.
      await tx.insert(auditLog).values({
        at,
        action: 'webhook.disabled',
        entityType: 'webhook',
        entityId: String(webhook.id),
        after: { url: webhook.url, failing_since: (webhook.failingSince ?? at).toISOString() },
      });
      await notifications.notify(tx, publish, [webhook.ownerId], {
        kind: 'account_webhook_disabled',
        title: 'A webhook endpoint was disabled',
        body: `${webhook.url} failed for 24 hours, so no more events are sent to it. Replay one of its deliveries to turn it back on.`,
      });
    });
    if (next && !disable) await queue(delivery.id, delivery.round + 1, next);
  }

  return {
    async create(actor: Actor, input: CreateWebhookInput): Promise<{ webhook: Webhook; secret: string }> {
      assertCan(actor, 'webhook:manage', null);
      const events = [...new Set(input.events)];
      assertEventsAllowed(actor, events);
      try {
        await checkWebhookUrl(input.url, guard);
      } catch (err) {
        if (err instanceof RefusedUrl) throw new AppError('WEBHOOK_URL_REFUSED', `url: ${err.message}`);
        throw err;
      }
      const secret = `whsec_${crypto.randomBytes(32).toString('base64url')}`;
      const sealed = box.seal(secret);
      const row = await ctx.transaction(async (tx) => {
        const now = ctx.now();
        const [created] = await tx.insert(webhooks).values({ ownerId: actor.id, url: input.url, events, secret: sealed, createdAt: now }).returning();
        await recordAudit(tx, actor, 'webhook.created', { type: 'webhook', id: created!.id, after: { url: input.url, events } }, now);
        return created!;
      });
      return { webhook: toWebhook(row), secret };
    },

    async list(actor: Actor): Promise<Webhook[]> {
      assertCan(actor, 'webhook:manage', null);
      const rows = await ctx.db.select().from(webhooks).orderBy(desc(webhooks.id));
      return rows.map(toWebhook);
    },

    /** Unsubscribes: the endpoint and its deliveries go; nothing more is sent to it. */
    async remove(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'webhook:manage', null);
      await ctx.transaction(async (tx) => {
        const [removed] = await tx.delete(webhooks).where(eq(webhooks.id, id)).returning();
        if (!removed) throw new AppError('NOT_FOUND', 'No such webhook');
        await recordAudit(tx, actor, 'webhook.deleted', { type: 'webhook', id, before: { url: removed.url, events: removed.events } }, ctx.now());
      });
    },

    /** The endpoint's latest deliveries, newest first, each with its attempts. */
    async deliveries(actor: Actor, id: number): Promise<WebhookDelivery[]> {
      assertCan(actor, 'webhook:manage', null);
      await findWebhook(id);
      const rows = await ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, id))
        .orderBy(desc(webhookDeliveries.id))
        .limit(DELIVERIES_SHOWN);
      const attempts =
        rows.length === 0
          ? []
          : await ctx.db
              .select()
              .from(webhookAttempts)
              .where(
                inArray(
                  webhookAttempts.deliveryId,
                  rows.map((r) => r.id),
                ),
              )
              .orderBy(asc(webhookAttempts.id));
      return rows.map((row) => ({
        id: String(row.id),
        event_id: row.eventId,
        event: row.eventType as WebhookEventType,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
        attempts: attempts
          .filter((a) => a.deliveryId === row.id)
          .map((a) => ({ at: a.at.toISOString(), status_code: a.statusCode, duration_ms: a.durationMs, response: a.response, error: a.error })),
      }));
    },

    /**
     * Sends a delivery again, now, with a new 24-hour series of retries: the same event id and body, a fresh
     * signature. A disabled endpoint is turned back on: someone chose to try it again.
     */
    async replay(actor: Actor, id: number, deliveryId: number): Promise<void> {
      assertCan(actor, 'webhook:manage', null);
      const webhook = await findWebhook(id);
      const now = ctx.now();
      const round = await ctx.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookDeliveries)
          .set({ status: 'pending', round: sql`${webhookDeliveries.round} + 1`, startedAt: now, nextAttemptAt: now })
          .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, id)))
          .returning({ round: webhookDeliveries.round, eventType: webhookDeliveries.eventType });
        if (!row) throw new AppError('NOT_FOUND', 'No such delivery');
        if (webhook.disabledAt) await tx.update(webhooks).set({ disabledAt: null, failingSince: null }).where(eq(webhooks.id, id));
        await recordAudit(
          tx,
          actor,
          'webhook.delivery_replayed',
          { type: 'webhook', id, after: { delivery_id: String(deliveryId), event: row.eventType } },
          now,
        );
        return row.round;
      });
      await queue(deliveryId, round, null);
    },

    /** After a change commits: one delivery per endpoint that wants the event, each queued for sending. */
    async fanOut(event: DomainEvent): Promise<void> {
      const outgoing = webhookEventOf(event);
      if (!outgoing) return;
      const targets = await ctx.db
        .select({ id: webhooks.id, events: webhooks.events })
        .from(webhooks)
        .where(and(isNull(webhooks.disabledAt), arrayOverlaps(webhooks.events, outgoing.types)));
      if (targets.length === 0) return;
      const now = ctx.now();
      const rows = targets.flatMap((target) =>
        outgoing.types
          .filter((type) => target.events.includes(type))
          .map((type) => {
            const eventId = `evt_${crypto.randomUUID()}`;
            const payload = JSON.stringify({ id: eventId, type, created_at: now.toISOString(), data: outgoing.data });
            return { webhookId: target.id, eventId, eventType: type, payload, startedAt: now, nextAttemptAt: now, createdAt: now };
          }),
      );
      const created = await ctx.db.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id, round: webhookDeliveries.round });
      for (const d of created) await queue(d.id, d.round, null);
    },

    /** One attempt of a delivery (the job's work). A stale job (another round, a settled delivery) does nothing. */
    async attempt(job: DeliverJob): Promise<void> {
      const now = ctx.now();
      // The lease: one worker takes this round; a copy of the job, or a sweep's, finds the round moved on.
      const [delivery] = await ctx.db
        .update(webhookDeliveries)
        .set({ round: sql`${webhookDeliveries.round} + 1`, nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS) })
        .where(and(eq(webhookDeliveries.id, job.deliveryId), eq(webhookDeliveries.round, job.round), eq(webhookDeliveries.status, 'pending')))
        .returning();
      if (!delivery) return;
      const taken = { ...delivery, round: job.round };
      const [webhook] = await ctx.db.select().from(webhooks).where(eq(webhooks.id, delivery.webhookId));
      if (!webhook) return;
      if (webhook.disabledAt) {
        await ctx.db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
        return;
      }
      let result: AttemptResult;
      if (Buffer.byteLength(delivery.payload) > WEBHOOK_MAX_PAYLOAD_BYTES) {
        result = { statusCode: null, durationMs: 0, response: '', error: `The payload is over ${WEBHOOK_MAX_PAYLOAD_BYTES / 1024} KB` };
      } else {
        try {
          const target = await checkWebhookUrl(webhook.url, guard);
          const secret = box.open(webhook.secret);
          // An endpoint made before secrets were encrypted: stored encrypted from its first delivery on.
          if (!box.isSealed(webhook.secret)) {
            await ctx.db
              .update(webhooks)
              .set({ secret: box.seal(secret) })
              .where(and(eq(webhooks.id, webhook.id), eq(webhooks.secret, webhook.secret)));
          }
          const signature = signWebhook(secret, delivery.payload, Math.floor(now.getTime() / 1000));
          result = await postWebhook(target, delivery.payload, { [WEBHOOK_SIGNATURE_HEADER]: signature });
        } catch (err) {
          if (!(err instanceof RefusedUrl)) throw err;
          result = { statusCode: null, durationMs: 0, response: '', error: `Refused: ${err.message}` };
        }
      }
      await settle(taken, webhook, result, ctx.now());
    },

    /**
     * Forgets deliveries (and their attempts) whose last series of attempts began before `olderThan`; a delivery
     * replayed since is kept with its history. In batches, so one run never holds a long lock. Answers how many went.
     */
    async prune(olderThan: Date): Promise<number> {
      let removed = 0;
      for (;;) {
        const batch = await ctx.db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(lt(webhookDeliveries.startedAt, olderThan), ne(webhookDeliveries.status, 'pending')))
          .limit(PRUNE_BATCH);
        if (batch.length === 0) return removed;
        const ids = batch.map((d) => d.id);
        await ctx.db.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids));
        await ctx.db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
        removed += ids.length;
        if (batch.length < PRUNE_BATCH) return removed;
      }
    },

    /** Deliveries whose attempt is overdue (a crash between the commit and the queueing, or mid-attempt): queued again. */
    async sweep(): Promise<void> {
      const overdue = await ctx.db
        .select({ id: webhookDeliveries.id, round: webhookDeliveries.round })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.nextAttemptAt, new Date(ctx.now().getTime() - 60_000))))
        .limit(500);
      for (const d of overdue) await queue(d.id, d.round, null);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
