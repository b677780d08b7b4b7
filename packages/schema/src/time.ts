import { z } from 'zod';
import { idString, isoDateSchema } from './api.js';
import { invoiceSchema } from './invoices.js';
import { currencySchema } from './money.js';
import { EXPENSE_CATEGORIES, EXPENSE_STATUSES, MINUTES_PER_DAY, TIME_ENTRY_STATUSES, TIMESHEET_STATUSES, weekMonday } from './time-rules.js';

// --- Shared pieces ------------------------------------------------------------------------------------------

export const timeEntryStatusSchema = z.enum(TIME_ENTRY_STATUSES);
export const timesheetStatusSchema = z.enum(TIMESHEET_STATUSES);
export const expenseStatusSchema = z.enum(EXPENSE_STATUSES);
export const expenseCategorySchema = z.enum(EXPENSE_CATEGORIES, { error: `Choose a category: ${EXPENSE_CATEGORIES.join(', ')}` });

/** An ISO week, `2026-W48`, that exists. */
export const isoWeekSchema = z
  .string({ error: 'Give the week as YYYY-Www, for example 2026-W48' })
  .regex(/^\d{4}-W\d{2}$/, 'Give the week as YYYY-Www, for example 2026-W48')
  .refine((week) => weekMonday(week) !== null, 'That week does not exist');

const minutesSchema = z
  .number({ error: 'minutes must be a whole number of minutes' })
  .int('minutes must be a whole number of minutes')
  .positive('The time must be more than zero minutes')
  .max(MINUTES_PER_DAY, 'A single entry can be at most 24 hours (1440 minutes)');

const noteSchema = z.string({ error: 'The note must be text' }).trim().max(2000, 'The note must be at most 2000 characters');

/** A moment with its offset or Z (`2026-11-24T09:00:00Z`). */
const momentSchema = z.iso.datetime({ offset: true, error: 'Give a date and time such as 2026-11-24T09:00:00Z' });

/** Minor units an hour (a rate), or an amount: a whole number of the currency's minor units. */
const minorAmount = (what: string, options: { positive?: boolean } = {}) =>
  z
    .number({ error: `${what} must be a number of minor units` })
    .int(`${what} must be a whole number of minor units (no fractions)`)
    .min(options.positive ? 1 : 0, options.positive ? `${what} must be more than zero` : `${what} cannot be negative`)
    .max(100_000_000_000, `${what} is too large`);

const person = z.object({ id: z.string(), name: z.string() });

// --- Time entries -------------------------------------------------------------------------------------------

/**
 * A new entry: on a project (or on a card, whose project it then is) with a start and a length. `started_at` places it
 * exactly; `date` alone places it after that day's other entries from 09:00 (agency time), as the week grid does.
 */
export const createTimeEntryInput = z
  .object({
    project_id: idString('Invalid project').optional(),
    card_id: idString('Invalid card').optional(),
    started_at: momentSchema.optional(),
    date: isoDateSchema.optional(),
    minutes: minutesSchema,
    note: noteSchema.optional(),
    billable: z.boolean({ error: 'billable must be true or false' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.project_id && !value.card_id) ctx.addIssue({ code: 'custom', path: ['project_id'], message: 'Choose a project or a card' });
    if (!value.started_at && !value.date) ctx.addIssue({ code: 'custom', path: ['started_at'], message: 'Give a start time or a date' });
    if (value.started_at && value.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Give a start time or a date, not both' });
  });
export type CreateTimeEntryInput = z.input<typeof createTimeEntryInput>;
export type CreateTimeEntryData = z.output<typeof createTimeEntryInput>;

export const updateTimeEntryInput = z
  .object({
    project_id: idString('Invalid project').optional(),
    card_id: idString('Invalid card').nullable().optional(),
    started_at: momentSchema.optional(),
    minutes: minutesSchema.optional(),
    note: noteSchema.optional(),
    billable: z.boolean({ error: 'billable must be true or false' }).optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), 'Change at least one field');
export type UpdateTimeEntryInput = z.input<typeof updateTimeEntryInput>;
export type UpdateTimeEntryData = z.output<typeof updateTimeEntryInput>;

export const timeEntryListQuery = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    user_id: idString('Invalid person').optional(),
    project_id: idString('Invalid project').optional(),
    card_id: idString('Invalid card').optional(),
    /** Calendar days in the agency's time zone, both included. */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    status: timeEntryStatusSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to cannot be before from' });
export type TimeEntryListQuery = z.input<typeof timeEntryListQuery>;
export type TimeEntryListData = z.output<typeof timeEntryListQuery>;

export const timeEntrySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user: person,
  project_id: z.string(),
  project_title: z.string(),
  card_id: z.string().nullable(),
  card_title: z.string().nullable(),
  started_at: z.string(),
  /** Where the entry ends: `started_at` plus `minutes`. */
  ended_at: z.string(),
  minutes: z.number(),
  /** The calendar day it counts on, in the agency's time zone (the day it started). */
  date: z.string(),
  /** The ISO week it belongs to. */
  week: z.string(),
  note: z.string(),
  billable: z.boolean(),
  status: timeEntryStatusSchema,
  invoice_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntryPageSchema = z.object({
  items: z.array(timeEntrySchema),
  next_cursor: z.string().nullable(),
  /** Minutes of every entry the filters select, not only this page's. */
  total_minutes: z.number(),
});

// --- Timers -------------------------------------------------------------------------------------------------

export const startTimerInput = z
  .object({
    project_id: idString('Invalid project').optional(),
    card_id: idString('Invalid card').optional(),
    note: noteSchema.optional(),
  })
  .refine((value) => value.project_id || value.card_id, { path: ['card_id'], message: 'Choose a card or a project' });
export type StartTimerInput = z.input<typeof startTimerInput>;

export const stopTimerInput = z.object({ note: noteSchema.optional() });

export const timerSchema = z.object({
  project_id: z.string(),
  project_title: z.string(),
  card_id: z.string().nullable(),
  card_title: z.string().nullable(),
  note: z.string(),
  started_at: z.string(),
  /** Seconds since it started, by the server's clock. */
  elapsed_seconds: z.number(),
});
export type Timer = z.infer<typeof timerSchema>;

// --- Timesheets ---------------------------------------------------------------------------------------------

export const timesheetQuery = z.object({
  /** Whose week; the caller's own when left out. */
  user_id: idString('Invalid person').optional(),
  week: isoWeekSchema,
});

export const submitTimesheetInput = z.object({ week: isoWeekSchema });
export const approveTimesheetInput = z.object({ user_id: idString('Choose whose week'), week: isoWeekSchema });
export const rejectTimesheetInput = approveTimesheetInput.extend({
  reason: z
    .string({ error: 'Say what needs changing' })
    .trim()
    .min(3, 'Say what needs changing (at least 3 characters)')
    .max(1000, 'The reason must be at most 1000 characters'),
});
export type RejectTimesheetInput = z.input<typeof rejectTimesheetInput>;

export const timesheetSchema = z.object({
  user: person,
  week: z.string(),
  /** Monday and Sunday of the week. */
  from: z.string(),
  to: z.string(),
  status: timesheetStatusSchema,
  /** The entries the caller may see (a team lead sees a member's time on the projects they lead). */
  entries: z.array(timeEntrySchema),
  total_minutes: z.number(),
  /** Minutes per day, Monday first. */
  days: z.array(z.object({ date: z.string(), minutes: z.number() })),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: person.nullable(),
  /** Why it was sent back, while it is rejected. */
  reason: z.string().nullable(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

export const timesheetApprovalSchema = z.object({
  user: person,
  week: z.string(),
  status: timesheetStatusSchema,
  /** Minutes awaiting this caller's decision. */
  minutes: z.number(),
  submitted_at: z.string().nullable(),
});
export type TimesheetApproval = z.infer<typeof timesheetApprovalSchema>;

// --- Rates --------------------------------------------------------------------------------------------------

export const projectRatesInput = z.object({ hourly_rate: minorAmount('hourly_rate').nullable() });
export const projectRatesSchema = z.object({
  project_id: z.string(),
  /** Billed per hour, in minor units of the project's currency; null until set. */
  hourly_rate: z.number().nullable(),
  currency: currencySchema,
  /** Whether the client company's owners and billing people may read the project's time log (off until staff turn it on). */
  client_time_log: z.boolean(),
  updated_at: z.string().nullable(),
});
export type ProjectRates = z.infer<typeof projectRatesSchema>;

export const timeLogSharingInput = z.object({ shared: z.boolean({ error: 'shared must be true or false' }) });
export type TimeLogSharingInput = z.input<typeof timeLogSharingInput>;

export const userRatesInput = z.object({
  cost_rate: minorAmount('cost_rate').nullable(),
  currency: currencySchema.optional(),
  /**
   * Re-cost this person's time from this day on (agency time) at the new rate; without it, only time entered or
   * changed from now on is costed at it.
   */
  apply_from: isoDateSchema.optional(),
});
export type UserRatesInput = z.input<typeof userRatesInput>;
export const userRatesSchema = z.object({
  user_id: z.string(),
  /** What an hour of this person costs the agency, in minor units of `currency`; null until set. */
  cost_rate: z.number().nullable(),
  currency: currencySchema,
  updated_at: z.string().nullable(),
});
export type UserRates = z.infer<typeof userRatesSchema>;

// --- Expenses -----------------------------------------------------------------------------------------------

const descriptionSchema = z
  .string({ error: 'Describe the expense' })
  .trim()
  .min(1, 'Describe the expense')
  .max(500, 'The description must be at most 500 characters');

export const createExpenseInput = z.object({
  project_id: idString('Choose a project'),
  date: isoDateSchema,
  amount: minorAmount('amount', { positive: true }),
  /** The project's currency when left out. */
  currency: currencySchema.optional(),
  category: expenseCategorySchema,
  description: descriptionSchema,
  billable: z.boolean({ error: 'billable must be true or false' }).optional(),
});
export type CreateExpenseInput = z.input<typeof createExpenseInput>;
export type CreateExpenseData = z.output<typeof createExpenseInput>;

export const updateExpenseInput = createExpenseInput
  .omit({ project_id: true })
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), 'Change at least one field');
export type UpdateExpenseData = z.output<typeof updateExpenseInput>;

export const rejectExpenseInput = z.object({
  reason: z.string({ error: 'Say why' }).trim().min(3, 'Say why (at least 3 characters)').max(1000, 'The reason must be at most 1000 characters'),
});

export const expenseListQuery = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    user_id: idString('Invalid person').optional(),
    project_id: idString('Invalid project').optional(),
    status: expenseStatusSchema.optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to cannot be before from' });
export type ExpenseListQuery = z.input<typeof expenseListQuery>;
export type ExpenseListData = z.output<typeof expenseListQuery>;

export const expenseSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user: person,
  project_id: z.string(),
  project_title: z.string(),
  date: z.string(),
  amount: z.number(),
  currency: currencySchema,
  category: expenseCategorySchema,
  description: z.string(),
  billable: z.boolean(),
  status: expenseStatusSchema,
  invoice_id: z.string().nullable(),
  /** The receipt (an image or a PDF) with a short-lived signed link, once one is attached. */
  receipt: z.object({ name: z.string(), mime: z.string(), size: z.number(), url: z.string() }).nullable(),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

// --- Billing ------------------------------------------------------------------------------------------------

export const BILL_TIME_GROUPS = ['card', 'person', 'day'] as const;
export type BillTimeGroup = (typeof BILL_TIME_GROUPS)[number];

export const billTimeInput = z.object({
  group_by: z.enum(BILL_TIME_GROUPS, { error: "group_by must be 'card', 'person' or 'day'" }),
  /** The tax rate (percent) of the lines added; 0 when left out. */
  tax_rate: z
    .number({ error: 'Tax rate must be a number (percent)' })
    .min(0, 'Tax rate cannot be negative')
    .max(100, 'Tax rate cannot be more than 100 %')
    .optional(),
});
export type BillTimeInput = z.input<typeof billTimeInput>;

export const billableQuery = z.object({ group_by: billTimeInput.shape.group_by.default('card') });

export const billTimeResponse = z.object({ invoice: invoiceSchema });

/** What "Add time and expenses" would put on the draft: its lines, and the entries and expenses behind them. */
export const billablePreviewSchema = z.object({
  currency: currencySchema,
  hourly_rate: z.number().nullable(),
  lines: z.array(z.object({ description: z.string(), quantity: z.number(), unit_price: z.number(), amount: z.number() })),
  entries: z.array(timeEntrySchema),
  expenses: z.array(expenseSchema),
  /** Why some approved, billable items cannot go on this invoice (no hourly rate, another currency). */
  problems: z.array(z.string()),
});
export type BillablePreview = z.infer<typeof billablePreviewSchema>;

// --- Profitability ------------------------------------------------------------------------------------------

const moneyFigures = {
  /** Hours at each person's cost rate, minor units. */
  cost: z.number(),
  expenses: z.number(),
  /** Issued invoices (not drafts, not void), net of discounts and tax. */
  invoiced: z.number(),
  /** The net part of what was paid on them. */
  paid: z.number(),
  /** invoiced - cost - expenses. */
  margin: z.number(),
};

export const profitabilitySchema = z.object({
  project_id: z.string(),
  currency: currencySchema,
  budget: z.number().nullable(),
  minutes: z.number(),
  /** Minutes of people who had no cost rate: their cost is unknown and counted as nothing. */
  unpriced_minutes: z.number(),
  ...moneyFigures,
  /** (cost + expenses) / budget, in percent, one decimal; null without a budget. */
  budget_used_percent: z.number().nullable(),
  /** The highest warning threshold passed: 80 or 100 (percent of the budget), or null. */
  warning: z.number().int().nullable(),
  /** Cost, expenses and invoices in other currencies than the project's: shown apart, never converted. */
  other_currencies: z.array(z.object({ currency: currencySchema, ...moneyFigures })),
});
export type Profitability = z.infer<typeof profitabilitySchema>;

export const burnQuery = z.object({ interval: z.enum(['week', 'month'], { error: "interval must be 'week' or 'month'" }).default('week') });

export const burnSchema = z.object({
  project_id: z.string(),
  currency: currencySchema,
  budget: z.number().nullable(),
  interval: z.enum(['week', 'month']),
  /** One point per week or month with time, expenses or invoices, oldest first, in the project's currency. */
  points: z.array(
    z.object({
      /** The first day of the week (Monday) or month. */
      period: z.string(),
      minutes: z.number(),
      cost: z.number(),
      expenses: z.number(),
      invoiced: z.number(),
      /** Cost and expenses so far: the line to hold against the budget. */
      cumulative_spend: z.number(),
      cumulative_invoiced: z.number(),
    }),
  ),
});
export type Burn = z.infer<typeof burnSchema>;

export const PROFITABILITY_GROUPS = ['project', 'client', 'month'] as const;
export type ProfitabilityGroup = (typeof PROFITABILITY_GROUPS)[number];

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give a month as YYYY-MM');

export const profitabilityReportQuery = z
  .object({
    group_by: z.enum(PROFITABILITY_GROUPS, { error: "group_by must be 'project', 'client' or 'month'" }).default('project'),
    /** Months, both included (YYYY-MM): time and expenses by the day they count on, invoices by their issue date. */
    from: monthSchema.optional(),
    to: monthSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to cannot be before from' });
export type ProfitabilityReportQuery = z.input<typeof profitabilityReportQuery>;
export type ProfitabilityReportData = z.output<typeof profitabilityReportQuery>;

export const profitabilityRowSchema = z.object({
  /** The project's or client company's id, or the month (YYYY-MM). */
  key: z.string(),
  label: z.string(),
  currency: currencySchema,
  /** The project's budget (by project only). */
  budget: z.number().nullable(),
  minutes: z.number(),
  ...moneyFigures,
});
export type ProfitabilityRow = z.infer<typeof profitabilityRowSchema>;

export const profitabilityReportSchema = z.object({
  group_by: z.enum(PROFITABILITY_GROUPS),
  /** One row per group and currency, ordered by label (months oldest first). */
  rows: z.array(profitabilityRowSchema),
  /** Every row added up, per currency. */
  totals: z.array(z.object({ currency: currencySchema, minutes: z.number(), ...moneyFigures })),
});
export type ProfitabilityReport = z.infer<typeof profitabilityReportSchema>;

// --- What a client sees of time -----------------------------------------------------------------------------

/**
 * A piece of time as the client company sees it: when, how long, who and on what, and whether it is on an invoice
 * yet. Never a cost, a cost rate or an hourly rate.
 */
export const clientTimeItemSchema = z.object({
  id: z.string(),
  /** The calendar day it counts on, in the agency's time zone. */
  date: z.string(),
  minutes: z.number(),
  person: z.string(),
  card_title: z.string().nullable(),
  note: z.string(),
  /** `billed`: on an issued invoice; `approved`: approved, not billed yet. */
  status: z.enum(['approved', 'billed']),
});
export type ClientTimeItem = z.infer<typeof clientTimeItemSchema>;

/** The hours billed on one invoice, oldest first. */
export const invoiceTimeSchema = z.object({
  invoice_id: z.string(),
  items: z.array(clientTimeItemSchema),
  total_minutes: z.number(),
});
export type InvoiceTime = z.infer<typeof invoiceTimeSchema>;

export const projectTimeLogQuery = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** Calendar days in the agency's time zone, both included. */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to cannot be before from' });
export type ProjectTimeLogQuery = z.input<typeof projectTimeLogQuery>;
export type ProjectTimeLogData = z.output<typeof projectTimeLogQuery>;

/** A project's approved and billed billable time, newest first, with the minutes of everything the filters select. */
export const projectTimeLogSchema = z.object({
  project_id: z.string(),
  items: z.array(clientTimeItemSchema),
  next_cursor: z.string().nullable(),
  total_minutes: z.number(),
});
export type ProjectTimeLog = z.infer<typeof projectTimeLogSchema>;
