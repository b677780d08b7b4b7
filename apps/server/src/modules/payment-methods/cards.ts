import type { PaymentProviderName } from '@agency/schema';
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { autopayPauses, paymentMethods, paymentSetups } from '../../db/schema.js';
import type { SavedCard } from '../../integrations/payments.js';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * Keeps a card a setup page saved: once per provider reference (a repeated event changes nothing). The new card
 * becomes the company's default for autopay, and a pause after failed charges ends: a new card is what it waited for.
 */
export async function saveCard(
  tx: Tx,
  input: { companyId: number; provider: PaymentProviderName; card: SavedCard; createdBy: number | null; setupSessionId: string | null; now: Date },
): Promise<{ method: PaymentMethodRow; created: boolean }> {
  const { card } = input;
  const [inserted] = await tx
    .insert(paymentMethods)
    .values({
      companyId: input.companyId,
      provider: input.provider,
      providerMethodId: card.paymentMethodId,
      brand: card.brand.slice(0, 40),
      last4: card.last4.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      isDefault: false,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (input.setupSessionId) {
    await tx
      .update(paymentSetups)
      .set({ status: 'complete' })
      .where(and(eq(paymentSetups.provider, input.provider), eq(paymentSetups.sessionId, input.setupSessionId)));
  }
  if (!inserted) {
    const [existing] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.provider, input.provider), eq(paymentMethods.providerMethodId, card.paymentMethodId)))
      .limit(1);
    // The same card saved again by its company is chosen again; another company's is never touched.
    if (existing?.companyId !== input.companyId) return { method: existing, created: false };
    await tx.delete(autopayPauses).where(eq(autopayPauses.companyId, input.companyId));
    return { method: await makeDefault(tx, existing), created: false };
  }
  const method = await makeDefault(tx, inserted);
  await tx.delete(autopayPauses).where(eq(autopayPauses.companyId, input.companyId));
  return { method, created: true };
}

/** One default card per company: the others lose the mark first (a partial unique index holds it). */
export async function makeDefault(tx: Tx, method: PaymentMethodRow): Promise<PaymentMethodRow> {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.companyId, method.companyId), eq(paymentMethods.isDefault, true), ne(paymentMethods.id, method.id)));
  const [updated] = await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, method.id)).returning();
  return updated;
}
