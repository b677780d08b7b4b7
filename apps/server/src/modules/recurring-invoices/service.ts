import {
  computeInvoiceTotals,
  localDay,
  monthlyFactor,
  nextOccurrence,
  normaliseSchedule,
  shiftDay,
  upcomingDates,
  type CreateRecurringInvoiceData,
  type Currency,
  type RecurringInvoice,
  type RecurringSchedule,
  type RecurringStatus,
  type RevenueForecast,
  type UpdateRecurringInvoiceData,
} from '@agency/schema';
import { and, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clientCompanies, invoices, projects, recurringInvoices } from '../../db/schema.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { assertCardPayableTotal, assertOpenProject, isUniqueViolation, projectCurrency } from '../invoices/helpers.js';
import type { InvoiceService } from '../invoices/service.js';
import type { PaymentPlanService } from '../payment-plans/service.js';

export type RecurringRow = typeof recurringInvoices.$inferSelect;
type Row = RecurringRow & { projectTitle: string | null; companyName: string };

const columns = { template: recurringInvoices, projectTitle: projects.title, companyName: clientCompanies.name };

function scheduleOf(row: RecurringRow): RecurringSchedule {
  return { frequency: row.frequency, interval: row.interval, day: row.day, start_date: row.startDate, end_date: row.endDate, count: row.count };
}

function present(row: Row): RecurringInvoice {
  const totals = computeInvoiceTotals(row.lines, row.discount);
  return {
    id: String(row.id),
    project_id: row.projectId === null ? null : String(row.projectId),
    project_title: row.projectTitle,
    company: { id: String(row.companyId), name: row.companyName },
    currency: row.currency,
    lines: totals.lines,
    discount: totals.discount,
    subtotal: totals.subtotal,
    tax_total: totals.tax_total,
    total: totals.total,
    notes: row.notes,
    schedule: scheduleOf(row),
    auto_send: row.autoSend,
    auto_charge: row.autoCharge,
    status: row.status,
    next_date: row.status === 'ended' ? null : row.nextRunOn,
    last_period_on: row.lastPeriodOn,
    invoice_count: row.invoiceCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function auditState(row: RecurringRow) {
  return { status: row.status, frequency: row.frequency, next_run_on: row.nextRunOn, total: computeInvoiceTotals(row.lines, row.discount).total };
}

/**
 * Recurring invoices: templates of lines on a schedule. The sweep (`jobs.ts`) raises each period's invoice once: the
 * template's row is locked while its period is raised, and the invoices' unique key on (template, period) refuses a
 * second one whatever happens around it (two nodes, a restart between the commit and the job's completion).
 */
export function createRecurringInvoiceService(ctx: AppContext, invoiceService: InvoiceService, plans: PaymentPlanService) {
  const today = () => localDay(ctx.now(), ctx.config.agencyTimeZone);

  async function load(db: DbOrTx, id: number): Promise<Row> {
    const [found] = await db
      .select(columns)
      .from(recurringInvoices)
      .leftJoin(projects, eq(projects.id, recurringInvoices.projectId))
      .innerJoin(clientCompanies, eq(clientCompanies.id, recurringInvoices.companyId))
      .where(eq(recurringInvoices.id, id))
      .limit(1);
    if (!found) throw new AppError('NOT_FOUND', 'Recurring invoice not found');
    return { ...found.template, projectTitle: found.projectTitle, companyName: found.companyName };
  }

  /**
   * Whom a new template bills: the named project's company (a company named beside it must be that one), or the named
   * company without a project.
   */
  async function addresseeOf(input: CreateRecurringInvoiceData): Promise<{ project: typeof projects.$inferSelect | null; companyId: number }> {
    if (input.project_id) {
      const [project] = await ctx.db
        .select()
        .from(projects)
        .where(eq(projects.id, Number(input.project_id)))
        .limit(1);
      if (!project) throw new AppError('NOT_FOUND', 'Project not found');
      assertOpenProject(project.status);
      if (input.company_id && Number(input.company_id) !== project.companyId) {
        throw new AppError('VALIDATION_FAILED', "project_id: This project is another client company's; choose one of the company's projects or none");
      }
      return { project, companyId: project.companyId };
    }
    const [company] = await ctx.db
      .select({ id: clientCompanies.id })
      .from(clientCompanies)
      .where(eq(clientCompanies.id, Number(input.company_id)))
      .limit(1);
    if (!company) throw new AppError('NOT_FOUND', 'Client company not found');
    return { project: null, companyId: company.id };
  }

  function assertStartNotPast(schedule: RecurringSchedule) {
    if (schedule.start_date < today()) {
      throw new AppError('VALIDATION_FAILED', `schedule.start_date: The first invoice date cannot be before today (${today()})`);
    }
  }

  /** Moves a template between statuses with a conditional update: a concurrent change is a 409. */
  async function transition(actor: Actor, id: number, from: readonly RecurringStatus[], to: RecurringStatus, action: string) {
    assertCan(actor, 'recurring_invoice:manage', null);
    await ctx.transaction(async (tx) => {
      const current = await load(tx, id);
      if (!from.includes(current.status)) {
        throw new AppError('INVALID_TRANSITION', `This recurring invoice is ${current.status}; it cannot be ${to === 'active' ? 'resumed' : to}`);
      }
      const now = ctx.now();
      let nextRunOn = current.nextRunOn;
      let status = to;
      if (to === 'active') {
        // Periods that fell while it was paused are not raised: the next one from today on is.
        nextRunOn = nextOccurrence(scheduleOf(current), today(), current.lastPeriodOn)?.date ?? null;
        if (!nextRunOn) status = 'ended';
      }
      if (to === 'ended') nextRunOn = null;
      const [updated] = await tx
        .update(recurringInvoices)
        .set({ status, nextRunOn, updatedAt: now })
        .where(and(eq(recurringInvoices.id, id), eq(recurringInvoices.status, current.status)))
        .returning();
      if (!updated) throw new AppError('INVALID_TRANSITION', 'This recurring invoice changed meanwhile; reload and try again');
      await recordAudit(tx, actor, action, { type: 'recurring_invoice', id, before: auditState(current), after: auditState(updated) }, now);
    });
    return present(await load(ctx.db, id));
  }

  /**
   * Raises the template's due periods, one transaction each: the row is locked and its next period read again, so a
   * second sweep waits and then finds nothing to do. Returns the invoices raised.
   */
  async function raiseDue(id: number): Promise<number[]> {
    const raised: number[] = [];
    for (let guard = 0; guard < 1000; guard += 1) {
      const day = today();
      const claim: { period: string | null } = { period: null };
      try {
        const invoiceId = await ctx.transaction(async (tx, publish) => {
          const [row] = await tx.select().from(recurringInvoices).where(eq(recurringInvoices.id, id)).for('update').limit(1);
          if (!row || row.status !== 'active' || row.nextRunOn === null || row.nextRunOn > day) return null;
          claim.period = row.nextRunOn;
          let project: typeof projects.$inferSelect | null = null;
          if (row.projectId !== null) {
            [project = null] = await tx.select().from(projects).where(eq(projects.id, row.projectId)).limit(1);
            if (!project) return null;
          }
          const invoice = await invoiceService.raise(tx, publish, {
            project,
            companyId: row.companyId,
            kind: 'standard',
            currency: row.currency,
            lines: row.lines,
            discount: row.discount,
            notes: row.notes,
            issueDate: row.nextRunOn,
            send: row.autoSend,
            recurringInvoiceId: row.id,
            recurringPeriodOn: row.nextRunOn,
            autoCharge: row.autoCharge,
            createdBy: null,
          });
          const next = nextOccurrence(scheduleOf(row), row.nextRunOn, row.nextRunOn);
          await tx
            .update(recurringInvoices)
            .set({
              nextRunOn: next?.date ?? null,
              status: next ? 'active' : 'ended',
              lastPeriodOn: row.nextRunOn,
              invoiceCount: sql`${recurringInvoices.invoiceCount} + 1`,
              updatedAt: ctx.now(),
            })
            .where(eq(recurringInvoices.id, id));
          return invoice.id;
        });
        if (invoiceId === null) return raised;
        raised.push(invoiceId);
      } catch (err) {
        // The period's invoice exists already (its key says so): move past it rather than raise it again.
        if (!isUniqueViolation(err, 'invoices_recurring_period_key') || claim.period === null) throw err;
        await skipPeriod(id, claim.period);
      }
    }
    return raised;
  }

  async function skipPeriod(id: number, period: string) {
    await ctx.transaction(async (tx) => {
      const [row] = await tx.select().from(recurringInvoices).where(eq(recurringInvoices.id, id)).for('update').limit(1);
      if (!row || row.nextRunOn !== period) return;
      const next = nextOccurrence(scheduleOf(row), period, period);
      await tx
        .update(recurringInvoices)
        .set({ nextRunOn: next?.date ?? null, status: next ? row.status : 'ended', lastPeriodOn: period, updatedAt: ctx.now() })
        .where(eq(recurringInvoices.id, id));
    });
  }

  return {
    async create(actor: Actor, input: CreateRecurringInvoiceData): Promise<RecurringInvoice> {
      assertCan(actor, 'recurring_invoice:manage', null);
      const { project, companyId } = await addresseeOf(input);
      const schedule = normaliseSchedule(input.schedule);
      assertStartNotPast(schedule);
      const currency = input.currency ?? (project ? projectCurrency(project.currency) : 'GBP');
      assertCardPayableTotal(computeInvoiceTotals(input.lines, input.discount).total, currency);
      const next = nextOccurrence(schedule, today());
      const id = await ctx.transaction(async (tx) => {
        const now = ctx.now();
        const [row] = await tx
          .insert(recurringInvoices)
          .values({
            projectId: project?.id ?? null,
            companyId,
            currency,
            lines: input.lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_price: l.unit_price, tax_rate: l.tax_rate })),
            discount: input.discount,
            notes: input.notes || null,
            frequency: schedule.frequency,
            interval: schedule.interval,
            day: schedule.day,
            startDate: schedule.start_date,
            endDate: schedule.end_date,
            count: schedule.count,
            autoSend: input.auto_send,
            autoCharge: input.auto_charge,
            status: next ? 'active' : 'ended',
            nextRunOn: next?.date ?? null,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordAudit(tx, actor, 'recurring_invoice.created', { type: 'recurring_invoice', id: row.id, after: auditState(row) }, now);
        return row.id;
      });
      return present(await load(ctx.db, id));
    },

    async list(actor: Actor, query: { cursor?: string; limit: number; status?: RecurringStatus; project_id?: string; company_id?: string }) {
      assertCan(actor, 'recurring_invoice:manage', null);
      const after = decodeCursor(query.cursor);
      const rows = await ctx.db
        .select(columns)
        .from(recurringInvoices)
        .leftJoin(projects, eq(projects.id, recurringInvoices.projectId))
        .innerJoin(clientCompanies, eq(clientCompanies.id, recurringInvoices.companyId))
        .where(
          and(
            query.status ? eq(recurringInvoices.status, query.status) : undefined,
            query.project_id ? eq(recurringInvoices.projectId, Number(query.project_id)) : undefined,
            query.company_id ? eq(recurringInvoices.companyId, Number(query.company_id)) : undefined,
            after ? lt(recurringInvoices.id, after) : undefined,
          ),
        )
        .orderBy(desc(recurringInvoices.id))
        .limit(query.limit + 1);
      const flat = rows.map((r) => ({ ...r.template, projectTitle: r.projectTitle, companyName: r.companyName }));
      return toPage(flat, query.limit, present);
    },

    async get(actor: Actor, id: number): Promise<RecurringInvoice> {
      assertCan(actor, 'recurring_invoice:manage', null);
      return present(await load(ctx.db, id));
    },

    /** Changes what future invoices will say and when; invoices already raised stay as they are. */
    async update(actor: Actor, id: number, input: UpdateRecurringInvoiceData): Promise<RecurringInvoice> {
      assertCan(actor, 'recurring_invoice:manage', null);
      await ctx.transaction(async (tx) => {
        const [current] = await tx.select().from(recurringInvoices).where(eq(recurringInvoices.id, id)).for('update').limit(1);
        if (!current) throw new AppError('NOT_FOUND', 'Recurring invoice not found');
        if (current.status === 'ended') throw new AppError('INVALID_TRANSITION', 'This recurring invoice has ended; create a new one instead');
        const lines = input.lines
          ? input.lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_price: l.unit_price, tax_rate: l.tax_rate }))
          : current.lines;
        const discount = input.discount ?? current.discount;
        const totals = computeInvoiceTotals(lines, discount);
        if (discount > totals.subtotal) throw new AppError('VALIDATION_FAILED', 'discount: Discount cannot be more than the subtotal');
        assertCardPayableTotal(totals.total, current.currency);
        let schedule = scheduleOf(current);
        let nextRunOn = current.nextRunOn;
        let status: RecurringStatus = current.status;
        if (input.schedule) {
          schedule = normaliseSchedule(input.schedule);
          if (schedule.start_date !== current.startDate) assertStartNotPast(schedule);
          // The next period from today on, after the last one raised: a period already invoiced is never raised again.
          const next = nextOccurrence(schedule, today(), current.lastPeriodOn);
          if (status === 'active') nextRunOn = next?.date ?? null;
          if (!next) status = 'ended';
        }
        const now = ctx.now();
        const [updated] = await tx
          .update(recurringInvoices)
          .set({
            lines,
            discount,
            notes: input.notes !== undefined ? input.notes || null : current.notes,
            frequency: schedule.frequency,
            interval: schedule.interval,
            day: schedule.day,
            startDate: schedule.start_date,
            endDate: schedule.end_date,
            count: schedule.count,
            autoSend: input.auto_send ?? current.autoSend,
            autoCharge: input.auto_charge ?? current.autoCharge,
            nextRunOn: status === 'ended' ? null : nextRunOn,
            status,
            updatedAt: now,
          })
          .where(eq(recurringInvoices.id, id))
          .returning();
        await recordAudit(
          tx,
          actor,
          'recurring_invoice.updated',
          { type: 'recurring_invoice', id, before: auditState(current), after: auditState(updated) },
          now,
        );
      });
      return present(await load(ctx.db, id));
    },

    pause: (actor: Actor, id: number) => transition(actor, id, ['active'], 'paused', 'recurring_invoice.paused'),
    resume: (actor: Actor, id: number) => transition(actor, id, ['paused'], 'active', 'recurring_invoice.resumed'),
    end: (actor: Actor, id: number) => transition(actor, id, ['active', 'paused'], 'ended', 'recurring_invoice.ended'),

    /** The next invoice dates: an active template's from its next period, a paused one's as if resumed today. */
    async upcoming(actor: Actor, id: number, count: number): Promise<{ dates: string[] }> {
      assertCan(actor, 'recurring_invoice:manage', null);
      const row = await load(ctx.db, id);
      if (row.status === 'ended') return { dates: [] };
      const from = row.status === 'active' && row.nextRunOn ? (row.nextRunOn < today() ? row.nextRunOn : today()) : today();
      return { dates: upcomingDates(scheduleOf(row), from, count, row.lastPeriodOn) };
    },

    /** Templates with a period due today or before (agency time). */
    async due(): Promise<number[]> {
      const rows = await ctx.db
        .select({ id: recurringInvoices.id })
        .from(recurringInvoices)
        .where(and(eq(recurringInvoices.status, 'active'), lte(recurringInvoices.nextRunOn, today())))
        .orderBy(recurringInvoices.id)
        .limit(500);
      return rows.map((r) => r.id);
    },

    raiseDue,

    /**
     * Monthly recurring revenue of the active templates (per currency), and what is expected in the next 30 days:
     * the templates' coming invoices, dated payment stages not yet invoiced, and open invoices falling due.
     */
    async forecast(actor: Actor): Promise<RevenueForecast> {
      assertCan(actor, 'invoice:report', null);
      const from = today();
      const to = shiftDay(from, 29);
      const active = await ctx.db.select().from(recurringInvoices).where(eq(recurringInvoices.status, 'active'));
      const mrr = new Map<Currency, number>();
      const byDay = new Map<string, { date: string; currency: Currency; amount: number }>();
      const add = (date: string, currency: Currency, amount: number) => {
        const key = `${date}|${currency}`;
        const entry = byDay.get(key) ?? { date, currency, amount: 0 };
        entry.amount += amount;
        byDay.set(key, entry);
      };
      for (const row of active) {
        const total = computeInvoiceTotals(row.lines, row.discount).total;
        mrr.set(row.currency, (mrr.get(row.currency) ?? 0) + total * monthlyFactor(row));
        const start = row.nextRunOn && row.nextRunOn < from ? row.nextRunOn : from;
        for (const date of upcomingDates(scheduleOf(row), start, 40, row.lastPeriodOn))
          if (date <= to) add(date < from ? from : date, row.currency, total);
      }
      for (const stage of await plans.datedStagesBetween(from, to)) add(stage.date, stage.currency, stage.amount);
      const open = await ctx.db
        .select({ dueDate: invoices.dueDate, currency: invoices.currency, total: invoices.total, paid: invoices.amountPaid })
        .from(invoices)
        .where(and(inArray(invoices.status, ['sent', 'partially_paid']), sql`${invoices.dueDate} between ${from} and ${to}`));
      for (const inv of open) add(inv.dueDate, inv.currency, Math.max(0, inv.total - inv.paid));
      return {
        mrr: [...mrr].map(([currency, amount]) => ({ currency, amount: Math.round(amount) })).sort((a, b) => a.currency.localeCompare(b.currency)),
        next_30_days: [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency)),
      };
    },
  };
}

export type RecurringInvoiceService = ReturnType<typeof createRecurringInvoiceService>;
