import { z } from 'zod';
import { idString, isoDateSchema } from './api.js';
import { invoiceAmountProblem, invoiceLineInput, invoiceLineSchema, MAX_INVOICE_LINES, MAX_INVOICE_TOTAL } from './invoices.js';
import { currencySchema, divideHalfUp, roundToCardAmount, type Currency } from './money.js';

// --- Schedules (pure: the server raises invoices by them, the web previews them) -----------------------------

export const RECURRING_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const RECURRING_FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};
export const RECURRING_STATUSES = ['active', 'paused', 'ended'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];
export const RECURRING_STATUS_LABELS: Record<RecurringStatus, string> = { active: 'Active', paused: 'Paused', ended: 'Ended' };
/** How often the job looks for invoices to raise and stages to release, by default. */
export const RECURRING_SWEEP_SECONDS_DEFAULT = 60;
export const MAX_UPCOMING_DATES = 24;

/**
 * When a template raises its invoices: every `interval` weeks, months, quarters or years from `start_date`, on `day`
 * (the ISO weekday 1 = Monday ... 7 = Sunday for weekly schedules, the day of the month otherwise; `start_date`'s own
 * when left out), until `end_date` (inclusive) or `count` invoices.
 */
export type RecurringSchedule = {
  frequency: RecurringFrequency;
  interval: number;
  day: number | null;
  start_date: string;
  end_date: string | null;
  count: number | null;
};

const MONTHS_PER_STEP: Record<Exclude<RecurringFrequency, 'weekly'>, number> = { monthly: 1, quarterly: 3, yearly: 12 };
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

function fromDayNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

/** ISO weekday, 1 = Monday ... 7 = Sunday. */
function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** `months` months after (year, month), on `dayOfMonth` or the month's last day when it is shorter (31 Jan -> 28/29 Feb). */
function monthDay(year: number, month: number, months: number, dayOfMonth: number): string {
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(dayOfMonth, daysInMonth(y, m)))}`;
}

/** The first date of a schedule, ignoring its end: on or after `start_date`, on its `day`. */
function firstDate(s: RecurringSchedule): string {
  if (s.frequency === 'weekly') {
    const weekday = s.day ?? isoWeekday(s.start_date);
    return fromDayNumber(dayNumber(s.start_date) + ((weekday - isoWeekday(s.start_date) + 7) % 7));
  }
  const [y, m, d] = s.start_date.split('-').map(Number) as [number, number, number];
  const candidate = monthDay(y, m, 0, s.day ?? d);
  return candidate >= s.start_date ? candidate : monthDay(y, m, 1, s.day ?? d);
}

/**
 * The `n`th date of a schedule (0 the first), ignoring its end. Months are counted from the first date, never from
 * the last one, so a clamped month does not shift the rest: 31 Jan, 28 (or 29) Feb, 31 Mar.
 */
export function scheduleDate(s: RecurringSchedule, n: number): string {
  const first = firstDate(s);
  if (s.frequency === 'weekly') return fromDayNumber(dayNumber(first) + 7 * s.interval * n);
  const [y, m] = first.split('-').map(Number) as [number, number];
  return monthDay(y, m, MONTHS_PER_STEP[s.frequency] * s.interval * n, s.day ?? Number(s.start_date.slice(8, 10)));
}

/** Whether the `n`th date is still within the schedule's end date and count. */
function withinEnd(s: RecurringSchedule, n: number, date: string): boolean {
  return (s.count === null || n < s.count) && (s.end_date === null || date <= s.end_date);
}

/** What is wrong with a schedule (the message a 400 carries), or null. */
export function scheduleProblem(s: RecurringSchedule): { path: string; message: string } | null {
  if (!Number.isInteger(s.interval) || s.interval < 1) {
    return { path: 'schedule.interval', message: 'The schedule needs an interval of at least 1 (every 1 week, month, quarter or year)' };
  }
  if (s.day !== null) {
    const max = s.frequency === 'weekly' ? 7 : 31;
    if (!Number.isInteger(s.day) || s.day < 1 || s.day > max) {
      return {
        path: 'schedule.day',
        message:
          s.frequency === 'weekly' ? 'For a weekly schedule, day is the weekday: 1 (Monday) to 7 (Sunday)' : 'day is the day of the month: 1 to 31',
      };
    }
  }
  if (s.count !== null && (!Number.isInteger(s.count) || s.count < 1)) return { path: 'schedule.count', message: 'count must be at least 1' };
  if (s.end_date !== null && s.end_date < s.start_date) return { path: 'schedule.end_date', message: 'The end date cannot be before the start date' };
  if (!withinEnd(s, 0, scheduleDate(s, 0))) return { path: 'schedule.end_date', message: 'The schedule has no invoice date before its end date' };
  return null;
}

/**
 * The first occurrence on or after `day` (and after `after`, the last date already raised, when given), within the
 * schedule's end: its index and date, or null when the schedule has no more.
 */
export function nextOccurrence(s: RecurringSchedule, day: string, after: string | null = null): { index: number; date: string } | null {
  const from = after !== null && after >= day ? fromDayNumber(dayNumber(after) + 1) : day;
  const first = scheduleDate(s, 0);
  let n = 0;
  if (from > first) {
    // An estimate from the length of a step, one short, then forward: a few iterations whatever the distance.
    const stepDays = s.frequency === 'weekly' ? 7 * s.interval : 28 * MONTHS_PER_STEP[s.frequency] * s.interval;
    n = Math.max(0, Math.floor((dayNumber(from) - dayNumber(first)) / (stepDays * 1.11)) - 1);
  }
  for (let guard = 0; guard < 10_000; guard += 1, n += 1) {
    const date = scheduleDate(s, n);
    if (!withinEnd(s, n, date)) return null;
    if (date >= from) return { index: n, date };
  }
  return null;
}

/** Up to `count` dates of a schedule from `day` on (after `after`), for the next-run preview. */
export function upcomingDates(s: RecurringSchedule, day: string, count: number, after: string | null = null): string[] {
  const next = nextOccurrence(s, day, after);
  if (!next) return [];
  const dates: string[] = [];
  for (let n = next.index; dates.length < count; n += 1) {
    const date = scheduleDate(s, n);
    if (!withinEnd(s, n, date)) break;
    dates.push(date);
  }
  return dates;
}

/**
 * The last day of the period that opens on `periodStart`: the day before the schedule's next date after it (its end
 * and count ignored, so the last period is as long as the others). Names a recurring invoice's period in its mail.
 */
export function periodEndOf(s: RecurringSchedule, periodStart: string): string {
  const open = { ...s, end_date: null, count: null };
  const at = nextOccurrence(open, periodStart);
  const n = at === null ? 1 : at.date === periodStart ? at.index + 1 : at.index;
  return fromDayNumber(dayNumber(scheduleDate(open, n)) - 1);
}

/** How many times a schedule raises its invoice in an average month: weekly 52/12, quarterly 1/3 (for monthly recurring revenue). */
export function monthlyFactor(s: Pick<RecurringSchedule, 'frequency' | 'interval'>): number {
  const perYear = s.frequency === 'weekly' ? 52 : 12 / MONTHS_PER_STEP[s.frequency];
  return perYear / 12 / s.interval;
}

// --- Recurring invoices: input and answers --------------------------------------------------------------------

const scheduleFields = {
  frequency: z.enum(RECURRING_FREQUENCIES, { error: `frequency must be one of ${RECURRING_FREQUENCIES.join(', ')}` }),
  interval: z
    .number({ error: 'interval must be a whole number' })
    .int('interval must be a whole number')
    .max(52, 'interval is at most 52')
    .default(1),
  day: z.number({ error: 'day must be a whole number' }).int('day must be a whole number').nullable().optional(),
  start_date: isoDateSchema,
  end_date: isoDateSchema.nullable().optional(),
  count: z
    .number({ error: 'count must be a whole number' })
    .int('count must be a whole number')
    .max(1000, 'count is at most 1000')
    .nullable()
    .optional(),
};

export const recurringScheduleInput = z.object(scheduleFields).superRefine((value, ctx) => {
  const problem = scheduleProblem(normaliseSchedule(value));
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path.replace('schedule.', '')], message: problem.message });
});
export type RecurringScheduleInput = z.input<typeof recurringScheduleInput>;

export function normaliseSchedule(value: {
  frequency: RecurringFrequency;
  interval?: number;
  day?: number | null;
  start_date: string;
  end_date?: string | null;
  count?: number | null;
}): RecurringSchedule {
  return {
    frequency: value.frequency,
    interval: value.interval ?? 1,
    day: value.day ?? null,
    start_date: value.start_date,
    end_date: value.end_date ?? null,
    count: value.count ?? null,
  };
}

const templateLines = z
  .array(invoiceLineInput, { error: 'Lines must be a list' })
  .min(1, 'A recurring invoice needs at least one line')
  .max(MAX_INVOICE_LINES, `A recurring invoice may have at most ${MAX_INVOICE_LINES} lines`);

function checkTemplateAmounts(value: { lines?: z.output<typeof templateLines>; discount?: number }, ctx: z.RefinementCtx) {
  // Lines that are themselves wrong have their own messages; totals of them would only add noise (or fail).
  if (!value.lines || !templateLines.safeParse(value.lines).success) return;
  const problem = invoiceAmountProblem(value.lines, value.discount ?? 0);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
}

const discountField = z
  .number({ error: 'Discount must be a number of minor units' })
  .int('Discount must be a whole number of minor units')
  .min(0, 'Discount cannot be negative')
  .max(MAX_INVOICE_TOTAL, 'Discount is too large');

export const createRecurringInvoiceInput = z
  .object({
    /** The client company billed; required when no project is named (a project's company otherwise). */
    company_id: idString('Invalid client company').optional(),
    project_id: idString('Invalid project').optional(),
    /** The project's currency when left out (pounds for a company's template without a project). */
    currency: currencySchema.optional(),
    lines: templateLines,
    discount: discountField.default(0),
    notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
    schedule: recurringScheduleInput,
    auto_send: z.boolean({ error: 'auto_send must be true or false' }).default(true),
    auto_charge: z.boolean({ error: 'auto_charge must be true or false' }).default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.company_id && !value.project_id) ctx.addIssue({ code: 'custom', path: ['company_id'], message: 'Choose a client company' });
    checkTemplateAmounts(value, ctx);
  });
export type CreateRecurringInvoiceInput = z.input<typeof createRecurringInvoiceInput>;
export type CreateRecurringInvoiceData = z.output<typeof createRecurringInvoiceInput>;

export const updateRecurringInvoiceInput = z
  .object({
    lines: templateLines.optional(),
    discount: discountField.optional(),
    notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
    schedule: recurringScheduleInput.optional(),
    auto_send: z.boolean({ error: 'auto_send must be true or false' }).optional(),
    auto_charge: z.boolean({ error: 'auto_charge must be true or false' }).optional(),
  })
  .superRefine(checkTemplateAmounts);
export type UpdateRecurringInvoiceInput = z.input<typeof updateRecurringInvoiceInput>;
export type UpdateRecurringInvoiceData = z.output<typeof updateRecurringInvoiceInput>;

export const recurringListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(RECURRING_STATUSES).optional(),
  project_id: idString('Invalid project').optional(),
  company_id: idString('Invalid client company').optional(),
});

export const upcomingQuery = z.object({ count: z.coerce.number().int().min(1).max(MAX_UPCOMING_DATES).default(6) });

export const recurringScheduleSchema = z.object({
  frequency: z.enum(RECURRING_FREQUENCIES),
  interval: z.number(),
  day: z.number().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  count: z.number().nullable(),
});

export const recurringInvoiceSchema = z.object({
  id: z.string(),
  /** Null when the template is for the company without a project. */
  project_id: z.string().nullable(),
  project_title: z.string().nullable(),
  company: z.object({ id: z.string(), name: z.string() }),
  currency: currencySchema,
  lines: z.array(invoiceLineSchema),
  discount: z.number(),
  subtotal: z.number(),
  tax_total: z.number(),
  total: z.number(),
  notes: z.string().nullable(),
  schedule: recurringScheduleSchema,
  auto_send: z.boolean(),
  auto_charge: z.boolean(),
  status: z.enum(RECURRING_STATUSES),
  /** The next invoice date, null once ended. */
  next_date: z.string().nullable(),
  /** The period of the last invoice raised. */
  last_period_on: z.string().nullable(),
  invoice_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecurringInvoice = z.infer<typeof recurringInvoiceSchema>;

export const upcomingDatesSchema = z.object({ dates: z.array(z.string()) });

/** The super admin's money ahead: monthly recurring revenue and the income expected day by day for 30 days. */
export const revenueForecastSchema = z.object({
  mrr: z.array(z.object({ currency: currencySchema, amount: z.number() })),
  next_30_days: z.array(z.object({ date: z.string(), currency: currencySchema, amount: z.number() })),
});
export type RevenueForecast = z.infer<typeof revenueForecastSchema>;

// --- Payment plans ------------------------------------------------------------------------------------------

export const STAGE_RELEASES = ['date', 'card', 'manual'] as const;
export type StageRelease = (typeof STAGE_RELEASES)[number];
export const STAGE_RELEASE_LABELS: Record<StageRelease, string> = { date: 'On a date', card: 'When a board card is done', manual: 'By hand' };
export const STAGE_STATES = ['planned', 'invoiced', 'paid'] as const;
export type StageState = (typeof STAGE_STATES)[number];
export const STAGE_STATE_LABELS: Record<StageState, string> = { planned: 'Planned', invoiced: 'Invoiced', paid: 'Paid' };
export const MAX_PLAN_STAGES = 20;
/** Percentages are kept to two decimals: basis points. */
const BASIS = 10_000n;

export type StageShare = { percent?: number | null; amount?: number | null };

const basisPoints = (percent: number) => BigInt(Math.round(percent * 100));
const isSet = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/** The stages' sum as a percentage of `base` (two decimals), e.g. 90 or 100.5. */
export function stagesPercent(stages: readonly StageShare[], base: number): number {
  let parts = 0n;
  for (const s of stages) parts += isSet(s.amount) ? BigInt(s.amount) * BASIS : basisPoints(s.percent ?? 0) * BigInt(base);
  if (base <= 0) return Number(stages.reduce((sum, s) => sum + basisPoints(s.percent ?? 0), 0n)) / 100;
  return Number(divideHalfUp(parts, BigInt(base))) / 100;
}

/**
 * What is wrong with the stages' sum against the total they share (`base`, null when the project has neither an
 * accepted total nor a budget), or null when they add up to exactly 100 %.
 */
export function stageSumProblem(stages: readonly StageShare[], base: number | null): string | null {
  if (base === null || base <= 0) {
    return stages.length > 0 ? 'The project has no accepted proposal total and no budget for the stages to share; set a budget first' : null;
  }
  let parts = 0n;
  for (const s of stages) parts += isSet(s.amount) ? BigInt(s.amount) * BASIS : basisPoints(s.percent ?? 0) * BigInt(base);
  if (parts === BigInt(base) * BASIS) return null;
  return `The stages add up to ${stagesPercent(stages, base)} % of the total; they must add up to 100 %`;
}

/**
 * Each stage's amount in minor units: a fixed amount as given, a percentage of `base` rounded half-up (to what a card
 * takes in three-decimal currencies), the last percentage stage taking what is left so the stages sum to `base`.
 */
export function stageAmounts(stages: readonly StageShare[], base: number, currency: Currency): number[] {
  const amounts = stages.map((s) =>
    isSet(s.amount) ? s.amount : roundToCardAmount(Number(divideHalfUp(basisPoints(s.percent ?? 0) * BigInt(base), BASIS)), currency),
  );
  const last = stages.map((s) => !isSet(s.amount)).lastIndexOf(true);
  if (last >= 0) amounts[last] = base - amounts.reduce((sum, a, i) => (i === last ? sum : sum + a), 0);
  return amounts;
}

export const paymentStageInput = z
  .object({
    /** An existing stage, kept (its invoice with it) when the plan is saved again. */
    id: idString('Invalid stage').optional(),
    label: z
      .string({ error: 'Each stage needs a label' })
      .trim()
      .min(1, 'Each stage needs a label')
      .max(200, 'A label must be at most 200 characters'),
    percent: z
      .number({ error: 'percent must be a number' })
      .gt(0, 'percent must be more than 0')
      .max(100, 'percent cannot be more than 100')
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'percent may have at most two decimals')
      .nullable()
      .optional(),
    amount: z
      .number({ error: 'amount must be a number of minor units' })
      .int('amount must be a whole number of minor units')
      .positive('amount must be more than zero')
      .max(MAX_INVOICE_TOTAL, 'amount is too large')
      .nullable()
      .optional(),
    release: z.enum(STAGE_RELEASES, { error: `release must be one of ${STAGE_RELEASES.join(', ')}` }),
    due_date: isoDateSchema.nullable().optional(),
    card_id: idString('Invalid card').nullable().optional(),
  })
  .superRefine((s, ctx) => {
    if (!isSet(s.percent) === !isSet(s.amount))
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Give each stage a percent or an amount (not both)' });
    if (s.release === 'date' && !s.due_date)
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'A stage released on a date needs its due_date' });
    if (s.release === 'card' && !s.card_id)
      ctx.addIssue({ code: 'custom', path: ['card_id'], message: 'A stage released by a board card needs its card_id' });
  });
export type PaymentStageInput = z.input<typeof paymentStageInput>;

export const paymentPlanInput = z.object({
  stages: z
    .array(paymentStageInput, { error: 'stages must be a list' })
    .min(1, 'A payment plan needs at least one stage')
    .max(MAX_PLAN_STAGES, `A payment plan may have at most ${MAX_PLAN_STAGES} stages`),
});
export type PaymentPlanInput = z.input<typeof paymentPlanInput>;
export type PaymentPlanData = z.output<typeof paymentPlanInput>;

export const paymentStageSchema = z.object({
  id: z.string(),
  label: z.string(),
  percent: z.number().nullable(),
  amount: z.number(),
  release: z.enum(STAGE_RELEASES),
  due_date: z.string().nullable(),
  /** The board card that releases it; null for clients (the board is the agency's own). */
  card_id: z.string().nullable(),
  card_title: z.string().nullable(),
  state: z.enum(STAGE_STATES),
  invoice: z.object({ id: z.string(), invoice_no: z.string(), status: z.string() }).nullable(),
  released_at: z.string().nullable(),
});
export type PaymentStage = z.infer<typeof paymentStageSchema>;

export const paymentPlanSchema = z.object({
  project_id: z.string(),
  currency: currencySchema,
  /** The total the stages share: the accepted proposal's, else the budget; null when the project has neither. */
  base: z.number().nullable(),
  base_source: z.enum(['proposal', 'budget']).nullable(),
  stages: z.array(paymentStageSchema),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;
