import { formatDate, type Currency } from '@agency/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { Publish } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { autopayAttempts, autopayPauses, invoices } from '../../db/schema.js';
import { money } from '../invoices/helpers.js';
import { staffIds } from '../invoices/queries.js';
import { notifyCompany } from '../invoices/recipients.js';
import type { NotificationService } from '../notifications/service.js';

export type AttemptRow = typeof autopayAttempts.$inferSelect;
export type DunningDeps = { ctx: AppContext; notifications: NotificationService };
export type ChargeFailure = { code: string; message: string; paymentIntentId: string | null };

const DAY_MS = 86_400_000;

/** The attempt a provider's payment intent is about: named in its metadata (invoice and attempt), so it is found even before the intent's id is stored. */
export async function attemptOf(db: DbOrTx, invoiceId: number, attempt: number): Promise<AttemptRow | null> {
  if (!Number.isSafeInteger(invoiceId) || !Number.isSafeInteger(attempt)) return null;
  const [row] = await db
    .select()
    .from(autopayAttempts)
    .where(and(eq(autopayAttempts.invoiceId, invoiceId), eq(autopayAttempts.attempt, attempt)))
    .limit(1);
  return row ?? null;
}

/** Marks an attempt that was paid; nothing when it was already settled either way. */
export async function markAttemptSucceeded(tx: Tx, attempt: AttemptRow, paymentIntentId: string, now: Date) {
  await tx
    .update(autopayAttempts)
    .set({ status: 'succeeded', paymentIntentId, nextRetryAt: null, updatedAt: now })
    .where(and(eq(autopayAttempts.id, attempt.id), eq(autopayAttempts.status, 'processing')));
}

/**
 * A charge that did not go through, whichever way the news came (the provider's answer or its signed event): the
 * attempt leaves `processing` once, by a conditional update, so the mails and the retry are decided once.
 * - `authentication_required`: the invoice stays open; a job mails the billing people a link to the checkout.
 * - any other decline: the billing people are e-mailed and staff notified; the next try is `DUNNING_RETRY_DAYS`
 *   after the first failure, and after the last one autopay for the company pauses until a new card is saved.
 */
export async function recordChargeFailure(
  { ctx, notifications }: DunningDeps,
  tx: Tx,
  publish: Publish,
  attempt: AttemptRow,
  failure: ChargeFailure,
): Promise<'requires_action' | 'retry' | 'paused' | 'already'> {
  const now = ctx.now();
  const needsCardholder = failure.code === 'authentication_required';
  const retryDays = ctx.config.payments.dunningRetryDays;
  let nextRetryAt: Date | null = null;
  if (!needsCardholder && attempt.attempt <= retryDays.length) {
    const [first] = await tx
      .select({ at: autopayAttempts.createdAt })
      .from(autopayAttempts)
      .where(eq(autopayAttempts.invoiceId, attempt.invoiceId))
      .orderBy(asc(autopayAttempts.attempt))
      .limit(1);
    nextRetryAt = new Date((first?.at ?? now).getTime() + retryDays[attempt.attempt - 1] * DAY_MS);
  }
  const [changed] = await tx
    .update(autopayAttempts)
    .set({
      status: needsCardholder ? 'requires_action' : 'failed',
      failureCode: failure.code.slice(0, 100),
      failureMessage: failure.message.slice(0, 500),
      ...(failure.paymentIntentId ? { paymentIntentId: failure.paymentIntentId } : {}),
      nextRetryAt,
      updatedAt: now,
    })
    .where(and(eq(autopayAttempts.id, attempt.id), eq(autopayAttempts.status, 'processing')))
    .returning();
  if (!changed) return 'already';
  if (needsCardholder) return 'requires_action';

  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, attempt.invoiceId)).limit(1);
  const amount = money(attempt.amount, attempt.currency as Currency);
  const last = nextRetryAt === null;
  if (last) {
    await tx
      .insert(autopayPauses)
      .values({
        companyId: attempt.companyId,
        invoiceId: attempt.invoiceId,
        reason: `${invoice.invoiceNo}: ${failure.message}`.slice(0, 500),
        pausedAt: now,
      })
      .onConflictDoUpdate({
        target: autopayPauses.companyId,
        set: { invoiceId: attempt.invoiceId, reason: `${invoice.invoiceNo}: ${failure.message}`.slice(0, 500), pausedAt: now },
      });
  }
  const next = nextRetryAt ? formatDate(nextRetryAt.toISOString().slice(0, 10)) : null;
  await notifyCompany(notifications, tx, publish, attempt.companyId, {
    kind: 'invoice_autopay_failed',
    title: `Automatic payment for ${invoice.invoiceNo} failed`,
    body: next
      ? `We could not charge ${amount} to your saved card for ${invoice.invoiceNo} (${failure.message}). We will try again on ${next}.`
      : `We could not charge ${amount} to your saved card for ${invoice.invoiceNo} (${failure.message}). Autopay is paused until you save a new card.`,
    mailText: [
      `Hello,`,
      '',
      `We could not charge ${amount} to your saved card for invoice ${invoice.invoiceNo}.`,
      `The bank said: ${failure.message}`,
      '',
      next
        ? `We will try again on ${next}. To avoid that, pay the invoice now or save another card: ${ctx.config.appUrl}/billing`
        : `This was the last try: autopay is paused until a new card is saved at ${ctx.config.appUrl}/billing. The invoice is still due; you can pay it from your client area.`,
    ].join('\n'),
    target: { type: 'invoice', id: String(invoice.id) },
    projectId: invoice.projectId,
  });
  await notifications.notify(tx, publish, await staffIds(tx), {
    kind: 'payment_autopay_failed',
    title: `Autopay for ${invoice.invoiceNo} failed (attempt ${attempt.attempt})`,
    body: last
      ? `The last try to charge ${amount} for ${invoice.invoiceNo} failed (${failure.message}); autopay for the company is paused.`
      : `Charging ${amount} for ${invoice.invoiceNo} failed (${failure.message}); the next try is on ${next}.`,
    target: { type: 'invoice', id: String(invoice.id) },
    projectId: invoice.projectId,
  });
  return last ? 'paused' : 'retry';
}
