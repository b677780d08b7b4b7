import {
  localDay,
  stageAmounts,
  stageSumProblem,
  type Currency,
  type Invoice,
  type PaymentPlan,
  type PaymentPlanData,
  type StageShare,
} from '@agency/schema';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { boardCards, invoices, paymentStages, projects, proposals } from '../../db/schema.js';
import { assertOpenProject, isUniqueViolation, projectCurrency } from '../invoices/helpers.js';
import type { InvoiceService } from '../invoices/service.js';
import { factsOf as projectFactsOf, type ProjectRow } from '../projects/helpers.js';
import { memberIdsOf } from '../projects/queries.js';

type StageRow = typeof paymentStages.$inferSelect;
type Base = { amount: number | null; source: 'proposal' | 'budget' | null };

const shareOf = (s: Pick<StageRow, 'percentBp' | 'amount'>): StageShare => ({
  percent: s.percentBp === null ? null : s.percentBp / 100,
  amount: s.amount,
});

/** The total a plan's stages share: the project's latest accepted proposal's total, else its budget. */
async function baseOf(db: DbOrTx, project: ProjectRow): Promise<Base> {
  const [accepted] = await db
    .select({ total: proposals.acceptedTotal })
    .from(proposals)
    .where(and(eq(proposals.projectId, project.id), eq(proposals.status, 'accepted')))
    .orderBy(desc(proposals.id))
    .limit(1);
  if (accepted?.total) return { amount: accepted.total, source: 'proposal' };
  if (project.budgetMinor) return { amount: project.budgetMinor, source: 'budget' };
  return { amount: null, source: null };
}

/** Each stage's amount (the stages in their order); zeros when there is nothing to share. */
function amountsOf(stages: readonly StageRow[], base: Base, currency: Currency): number[] {
  if (!base.amount) return stages.map((s) => s.amount ?? 0);
  return stageAmounts(stages.map(shareOf), base.amount, currency);
}

/**
 * Payment plans: a project's stages, each a share of the accepted total released as a milestone invoice on a date
 * (the sweep), when its board card reaches the last column (`jobs.ts`), or by hand. A stage's row is locked while it
 * is released and the invoices' unique key on the stage holds it to one invoice, however often it is released.
 */
export function createPaymentPlanService(ctx: AppContext, invoiceService: InvoiceService) {
  const today = () => localDay(ctx.now(), ctx.config.agencyTimeZone);

  async function loadProject(db: DbOrTx, actor: Actor, projectId: number, action: 'payment_plan:read' | 'payment_plan:manage') {
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) throw new AppError('NOT_FOUND', 'Project not found');
    assertCan(actor, action, projectFactsOf(project, await memberIdsOf(db, project.id)), 'Project not found');
    return project;
  }

  async function stagesOf(db: DbOrTx, projectId: number) {
    return db.select().from(paymentStages).where(eq(paymentStages.projectId, projectId)).orderBy(asc(paymentStages.position), asc(paymentStages.id));
  }

  async function presentPlan(db: DbOrTx, project: ProjectRow, actor: Actor): Promise<PaymentPlan> {
    const stages = await stagesOf(db, project.id);
    const base = await baseOf(db, project);
    const currency = projectCurrency(project.currency);
    const amounts = amountsOf(stages, base, currency);
    const invoiceIds = stages.flatMap((s) => (s.invoiceId === null ? [] : [s.invoiceId]));
    const cardIds = stages.flatMap((s) => (s.cardId === null ? [] : [s.cardId]));
    const invoiceRows = invoiceIds.length
      ? await db.select({ id: invoices.id, no: invoices.invoiceNo, status: invoices.status }).from(invoices).where(inArray(invoices.id, invoiceIds))
      : [];
    const cardRows = cardIds.length
      ? await db.select({ id: boardCards.id, title: boardCards.title }).from(boardCards).where(inArray(boardCards.id, cardIds))
      : [];
    const staff = actor.role !== 'client';
    return {
      project_id: String(project.id),
      currency,
      base: base.amount,
      base_source: base.source,
      stages: stages.map((s, i) => {
        const invoice = invoiceRows.find((r) => r.id === s.invoiceId);
        return {
          id: String(s.id),
          label: s.label,
          percent: s.percentBp === null ? null : s.percentBp / 100,
          amount: amounts[i] ?? 0,
          release: s.release,
          due_date: s.dueDate,
          card_id: staff && s.cardId !== null ? String(s.cardId) : null,
          card_title: staff ? (cardRows.find((c) => c.id === s.cardId)?.title ?? null) : null,
          state: !invoice ? 'planned' : invoice.status === 'paid' ? 'paid' : 'invoiced',
          invoice: invoice ? { id: String(invoice.id), invoice_no: invoice.no, status: invoice.status } : null,
          released_at: s.releasedAt?.toISOString() ?? null,
        };
      }),
    };
  }

  /**
   * Releases one stage: raises and sends its milestone invoice, once. `by` null is the product (a date, a card);
   * staff releasing a stage already invoiced are told so (409), the product finds it done and moves on.
   */
  async function release(projectId: number, stageId: number, by: Actor | null): Promise<number | null> {
    try {
      return await ctx.transaction(async (tx, publish) => {
        const [stage] = await tx
          .select()
          .from(paymentStages)
          .where(and(eq(paymentStages.id, stageId), eq(paymentStages.projectId, projectId)))
          .for('update')
          .limit(1);
        if (!stage) throw new AppError('NOT_FOUND', 'Stage not found');
        if (stage.invoiceId !== null) {
          if (by) throw new AppError('CONFLICT', 'This stage has been invoiced already');
          return stage.invoiceId;
        }
        const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
        if (!project) throw new AppError('NOT_FOUND', 'Project not found');
        if (by) assertOpenProject(project.status);
        else if (['pending', 'rejected', 'cancelled'].includes(project.status)) return null;
        const stages = await stagesOf(tx, projectId);
        const currency = projectCurrency(project.currency);
        const amount = amountsOf(stages, await baseOf(tx, project), currency)[stages.findIndex((s) => s.id === stageId)] ?? 0;
        if (amount <= 0) throw new AppError('UNPROCESSABLE', 'This stage comes to nothing: the project has no accepted total or budget to share');
        const share = stage.percentBp === null ? '' : ` (${stage.percentBp / 100} %)`;
        const row = await invoiceService.raise(tx, publish, {
          project,
          companyId: project.companyId,
          kind: 'milestone',
          currency,
          lines: [{ description: `${stage.label}${share} for "${project.title}"`, quantity: 1, unit_price: amount, tax_rate: 0 }],
          discount: 0,
          notes: null,
          issueDate: today(),
          send: true,
          paymentStageId: stage.id,
          createdBy: by?.id ?? null,
        });
        const now = ctx.now();
        await tx.update(paymentStages).set({ invoiceId: row.id, releasedAt: now, updatedAt: now }).where(eq(paymentStages.id, stage.id));
        if (by)
          await recordAudit(tx, by, 'payment_stage.released', { type: 'payment_stage', id: stage.id, after: { invoice_no: row.invoiceNo } }, now);
        return row.id;
      });
    } catch (err) {
      // Released by another runner between our look and our insert: its invoice stands.
      if (!isUniqueViolation(err, 'invoices_payment_stage_key')) throw err;
      if (by) throw new AppError('CONFLICT', 'This stage has been invoiced already');
      return null;
    }
  }

  return {
    async get(actor: Actor, projectId: number): Promise<PaymentPlan> {
      const project = await loadProject(ctx.db, actor, projectId, 'payment_plan:read');
      return presentPlan(ctx.db, project, actor);
    },

    /**
     * Replaces the plan. Stages already invoiced stay as they were (they are named by `id`, and may not be dropped);
     * the rest are saved as sent. The stages must add up to exactly 100 % of the accepted total (or budget).
     */
    async put(actor: Actor, projectId: number, input: PaymentPlanData): Promise<PaymentPlan> {
      const project = await loadProject(ctx.db, actor, projectId, 'payment_plan:manage');
      await ctx.transaction(async (tx) => {
        const existing = await tx.select().from(paymentStages).where(eq(paymentStages.projectId, projectId)).for('update');
        const byId = new Map(existing.map((s) => [String(s.id), s]));
        input.stages.forEach((s, i) => {
          if (s.id !== undefined && !byId.has(s.id)) throw new AppError('VALIDATION_FAILED', `stages.${i}.id: No such stage in this project's plan`);
        });
        for (const s of existing) {
          if (s.invoiceId !== null && !input.stages.some((i) => i.id === String(s.id))) {
            throw new AppError('VALIDATION_FAILED', `stages: The stage "${s.label}" has been invoiced and cannot be removed`);
          }
        }
        const cardIds = [...new Set(input.stages.flatMap((s) => (s.release === 'card' && s.card_id ? [Number(s.card_id)] : [])))];
        const cards = cardIds.length
          ? await tx.select({ id: boardCards.id, projectId: boardCards.projectId }).from(boardCards).where(inArray(boardCards.id, cardIds))
          : [];
        input.stages.forEach((s, i) => {
          if (s.release !== 'card' || !s.card_id) return;
          const card = cards.find((c) => c.id === Number(s.card_id));
          if (!card) throw new AppError('VALIDATION_FAILED', `stages.${i}.card_id: No such board card`);
          if (card.projectId !== projectId)
            throw new AppError('VALIDATION_FAILED', `stages.${i}.card_id: The card is on another project's board; choose a card of this project`);
        });
        // What is saved: an invoiced stage as it was, any other as sent.
        const rows = input.stages.map((s, position) => {
          const kept = s.id !== undefined ? byId.get(s.id) : undefined;
          if (kept && kept.invoiceId !== null) return { ...kept, position };
          return {
            id: kept?.id,
            position,
            label: s.label,
            percentBp: s.percent === null || s.percent === undefined ? null : Math.round(s.percent * 100),
            amount: s.amount ?? null,
            release: s.release,
            dueDate: s.release === 'date' ? (s.due_date ?? null) : null,
            cardId: s.release === 'card' && s.card_id ? Number(s.card_id) : null,
          };
        });
        const base = await baseOf(tx, project);
        const problem = stageSumProblem(rows.map(shareOf), base.amount);
        if (problem) throw new AppError('VALIDATION_FAILED', `stages: ${problem}`);
        const keep = new Set(rows.flatMap((r) => (r.id === undefined ? [] : [r.id])));
        const drop = existing.filter((s) => !keep.has(s.id)).map((s) => s.id);
        if (drop.length) await tx.delete(paymentStages).where(inArray(paymentStages.id, drop));
        const now = ctx.now();
        for (const r of rows) {
          const values = {
            position: r.position,
            label: r.label,
            percentBp: r.percentBp,
            amount: r.amount,
            release: r.release,
            dueDate: r.dueDate,
            cardId: r.cardId,
            updatedAt: now,
          };
          if (r.id !== undefined) await tx.update(paymentStages).set(values).where(eq(paymentStages.id, r.id));
          else await tx.insert(paymentStages).values({ ...values, projectId, createdAt: now });
        }
        await recordAudit(tx, actor, 'payment_plan.saved', { type: 'project', id: projectId, after: { stages: rows.length } }, now);
      });
      return presentPlan(ctx.db, project, actor);
    },

    async releaseByHand(actor: Actor, projectId: number, stageId: number): Promise<Invoice> {
      await loadProject(ctx.db, actor, projectId, 'payment_plan:manage');
      const invoiceId = await release(projectId, stageId, actor);
      if (invoiceId === null) throw new AppError('CONFLICT', 'This stage has been invoiced already');
      const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
      return invoiceService.present(row, actor);
    },

    /** Releases what is due without anyone: dated stages whose day has come (agency time), and stages whose card is done. */
    async sweep(): Promise<number[]> {
      const due = await ctx.db
        .select({ id: paymentStages.id, projectId: paymentStages.projectId })
        .from(paymentStages)
        .leftJoin(boardCards, eq(boardCards.id, paymentStages.cardId))
        .where(
          and(
            isNull(paymentStages.invoiceId),
            sql`((${paymentStages.release} = 'date' and ${lte(paymentStages.dueDate, today())}) or (${paymentStages.release} = 'card' and ${isNotNull(boardCards.doneAt)}))`,
          ),
        )
        .orderBy(asc(paymentStages.id))
        .limit(500);
      const released: number[] = [];
      for (const s of due) {
        const id = await release(s.projectId, s.id, null);
        if (id !== null) released.push(id);
      }
      return released;
    },

    /** A card reached the last column: the stages it releases are released. */
    async cardDone(cardId: number): Promise<number[]> {
      const due = await ctx.db
        .select({ id: paymentStages.id, projectId: paymentStages.projectId })
        .from(paymentStages)
        .innerJoin(boardCards, eq(boardCards.id, paymentStages.cardId))
        .where(
          and(eq(paymentStages.cardId, cardId), eq(paymentStages.release, 'card'), isNull(paymentStages.invoiceId), isNotNull(boardCards.doneAt)),
        );
      const released: number[] = [];
      for (const s of due) {
        const id = await release(s.projectId, s.id, null);
        if (id !== null) released.push(id);
      }
      return released;
    },

    /** Dated stages not yet invoiced between two days, with their amounts (the revenue forecast). */
    async datedStagesBetween(from: string, to: string): Promise<{ date: string; currency: Currency; amount: number }[]> {
      const rows = await ctx.db
        .select({ projectId: paymentStages.projectId })
        .from(paymentStages)
        .where(and(isNull(paymentStages.invoiceId), eq(paymentStages.release, 'date'), sql`${paymentStages.dueDate} <= ${to}`));
      const out: { date: string; currency: Currency; amount: number }[] = [];
      for (const projectId of new Set(rows.map((r) => r.projectId))) {
        const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
        if (!project) continue;
        const stages = await stagesOf(ctx.db, projectId);
        const currency = projectCurrency(project.currency);
        const amounts = amountsOf(stages, await baseOf(ctx.db, project), currency);
        stages.forEach((s, i) => {
          if (s.invoiceId !== null || s.release !== 'date' || !s.dueDate || s.dueDate > to) return;
          out.push({ date: s.dueDate < from ? from : s.dueDate, currency, amount: amounts[i] ?? 0 });
        });
      }
      return out;
    },
  };
}

export type PaymentPlanService = ReturnType<typeof createPaymentPlanService>;
