import { z } from 'zod';
import { idString, isoDateSchema } from './api.js';
import { invoiceLineInput, MAX_INVOICE_LINES, MAX_INVOICE_TOTAL } from './invoices.js';
import { computeInvoiceTotals, currencySchema, percentOf, roundToCardAmount, type Currency } from './money.js';
import { PROPOSAL_STATUSES, type ProposalStatus } from './proposal-status.js';
import { signatureInput, signingCodeInput } from './contracts.js';

export const proposalStatusSchema = z.enum(PROPOSAL_STATUSES);

export const MAX_PROPOSAL_ITEMS = MAX_INVOICE_LINES;
export const MAX_PROPOSAL_SECTIONS = 20;
export const MAX_PROPOSAL_MARKDOWN = 20_000;
/** Days before `valid_until` when a sent proposal's owners get their one reminder. */
export const PROPOSAL_REMINDER_DAYS = 3;

// --- Totals -------------------------------------------------------------------------------------------------

export type ProposalItemLike = { quantity: number; unit_price: number; tax_rate: number; description: string; optional: boolean; selected: boolean };

/** An item counts when it is not optional, or when it is optional and ticked. */
export function isItemCounted(item: Pick<ProposalItemLike, 'optional' | 'selected'>): boolean {
  return !item.optional || item.selected;
}

export type ProposalTotals = { subtotal: number; tax_total: number; total: number; deposit_amount: number };

/**
 * A proposal's totals for its current selection: the invoices' one totals function over the items that count (no
 * discount), and the deposit, `deposit_percent` of the total rounded half-up (and, in a three-decimal currency, to
 * what a card takes, as the deposit invoice will be).
 */
export function computeProposalTotals(items: readonly ProposalItemLike[], depositPercent: number, currency: Currency): ProposalTotals {
  const totals = computeInvoiceTotals(items.filter(isItemCounted), 0);
  return {
    subtotal: totals.subtotal,
    tax_total: totals.tax_total,
    total: totals.total,
    deposit_amount: depositAmount(totals.total, depositPercent, currency),
  };
}

/** The deposit of an accepted total: the share the deposit invoice asks for. */
export function depositAmount(total: number, depositPercent: number, currency: Currency): number {
  return roundToCardAmount(percentOf(total, depositPercent), currency);
}

// --- Input --------------------------------------------------------------------------------------------------

const markdown = (what: string) =>
  z.string({ error: `${what} must be text` }).max(MAX_PROPOSAL_MARKDOWN, `${what} must be at most ${MAX_PROPOSAL_MARKDOWN} characters`);

export const proposalSectionInput = z.object({
  title: z
    .string({ error: 'Each section needs a title' })
    .trim()
    .min(1, 'Each section needs a title')
    .max(200, 'A section title must be at most 200 characters'),
  body_markdown: markdown('A section body').default(''),
});
export type ProposalSection = z.output<typeof proposalSectionInput>;

const itemId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'An item id is 1 to 40 letters, digits, dashes or underscores')
  .optional();

export const proposalItemInput = invoiceLineInput.extend({
  id: itemId,
  optional: z.boolean({ error: 'optional must be true or false' }).default(false),
  /** For an optional item: ticked to start with. A required item always counts. */
  selected: z.boolean({ error: 'selected must be true or false' }).default(true),
});
export type ProposalItemInput = z.input<typeof proposalItemInput>;

const itemsSchema = z
  .array(proposalItemInput, { error: 'Items must be a list' })
  .min(1, 'A proposal needs at least one item')
  .max(MAX_PROPOSAL_ITEMS, `A proposal may have at most ${MAX_PROPOSAL_ITEMS} items`)
  .superRefine((items, ctx) => {
    // Items that are themselves wrong have their own messages; totals of them would only add noise (or fail).
    if (!z.array(proposalItemInput).safeParse(items).success) return;
    const ids = items.map((i) => i.id).filter((id): id is string => id !== undefined);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'Item ids must be unique' });
    // Every item ticked: the most the client could accept.
    const most = computeInvoiceTotals(items, 0);
    if (most.total > MAX_INVOICE_TOTAL) ctx.addIssue({ code: 'custom', message: 'The proposal total is too large' });
  });

const sectionsSchema = z
  .array(proposalSectionInput, { error: 'Sections must be a list' })
  .max(MAX_PROPOSAL_SECTIONS, `A proposal may have at most ${MAX_PROPOSAL_SECTIONS} sections`);

const depositPercentSchema = z
  .number({ error: 'deposit_percent must be a number (percent)' })
  .int('deposit_percent must be a whole percent')
  .min(0, 'deposit_percent cannot be negative')
  .max(100, 'deposit_percent cannot be more than 100');

const titleSchema = z.string({ error: 'A title is required' }).trim().min(1, 'A title is required').max(200, 'Title must be at most 200 characters');

const proposalFields = {
  title: titleSchema,
  intro_markdown: markdown('The introduction').default(''),
  sections: sectionsSchema.default([]),
  items: itemsSchema,
  /** The last day the client may accept; not in the past (the server checks against its own date). */
  valid_until: isoDateSchema,
  deposit_percent: depositPercentSchema.optional(),
  /** For a pending project: the team that starts once the client accepts (approval staffs it; acceptance approves). */
  team_lead_id: idString('Choose a team lead').optional(),
  member_ids: z.array(idString('Invalid member')).max(50).optional(),
};

export const createProposalInput = z.object({ project_id: idString('Choose a project'), ...proposalFields });
export type CreateProposalInput = z.input<typeof createProposalInput>;
export type CreateProposalData = z.output<typeof createProposalInput>;

export const updateProposalInput = z.object({
  title: titleSchema.optional(),
  intro_markdown: markdown('The introduction').optional(),
  sections: sectionsSchema.optional(),
  items: itemsSchema.optional(),
  valid_until: isoDateSchema.optional(),
  deposit_percent: depositPercentSchema.optional(),
  team_lead_id: idString('Choose a team lead').nullable().optional(),
  member_ids: z.array(idString('Invalid member')).max(50).optional(),
});
export type UpdateProposalInput = z.input<typeof updateProposalInput>;
export type UpdateProposalData = z.output<typeof updateProposalInput>;

export const selectProposalItemsInput = z.object({
  item_ids: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Unknown item'), { error: 'item_ids must be a list' })
    .max(MAX_PROPOSAL_ITEMS, `At most ${MAX_PROPOSAL_ITEMS} items`),
});
export type SelectProposalItemsInput = z.input<typeof selectProposalItemsInput>;

export const acceptProposalInput = signatureInput('accept').extend({
  /** The 6-digit code e-mailed to the addressee: asked when the proposal was opened from an e-mailed link. */
  code: signingCodeInput,
});
export type AcceptProposalInput = z.input<typeof acceptProposalInput>;

const reasonSchema = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(3, 'A reason is required (at least 3 characters)')
  .max(1000, 'Reason must be at most 1000 characters');
export const declineProposalInput = z.object({ reason: reasonSchema });
export type DeclineProposalInput = z.input<typeof declineProposalInput>;
export const voidProposalInput = z.object({ reason: reasonSchema });
export type VoidProposalInput = z.input<typeof voidProposalInput>;

export const proposalListQuery = z.object({
  project_id: idString('Invalid project').optional(),
  status: proposalStatusSchema.optional(),
});
export type ProposalListQuery = z.input<typeof proposalListQuery>;

/** Every proposal counted by status, and the accepted value per currency: the dashboards' pipeline (staff). */
export const proposalSummarySchema = z.object({
  counts: z.object({
    draft: z.number(),
    sent: z.number(),
    accepted: z.number(),
    declined: z.number(),
    expired: z.number(),
    void: z.number(),
  } satisfies Record<ProposalStatus, z.ZodNumber>),
  /** Accepted over everything that reached a client (sent, then answered or expired); drafts and void do not count. */
  conversion: z.object({ accepted: z.number(), sent: z.number() }),
  accepted_value: z.array(z.object({ currency: currencySchema, total: z.number() })),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

export const proposalTemplateInput = z.object({
  title: titleSchema,
  intro_markdown: markdown('The introduction').default(''),
  sections: sectionsSchema.default([]),
  items: z
    .array(proposalItemInput, { error: 'Items must be a list' })
    .max(MAX_PROPOSAL_ITEMS, `A template may have at most ${MAX_PROPOSAL_ITEMS} items`)
    .default([]),
});
export type ProposalTemplateInput = z.input<typeof proposalTemplateInput>;
export const updateProposalTemplateInput = proposalTemplateInput.partial();

// --- Answers ------------------------------------------------------------------------------------------------

export const proposalItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  tax_rate: z.number(),
  optional: z.boolean(),
  selected: z.boolean(),
  /** quantity x unit price, rounded half-up (before tax). */
  amount: z.number(),
  tax: z.number(),
});
export type ProposalItem = z.infer<typeof proposalItemSchema>;

export const proposalSectionSchema = z.object({ title: z.string(), body_markdown: z.string() });

export const proposalAcceptanceSchema = z.object({
  name: z.string(),
  accepted_at: z.string(),
  has_image: z.boolean(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  accepted_by: z.object({ id: z.string(), name: z.string() }),
});

export const proposalSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  project_title: z.string(),
  project_status: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  version: z.number(),
  previous_id: z.string().nullable(),
  /** The newer version made from this one, if any. */
  revised_by_id: z.string().nullable(),
  title: z.string(),
  intro_markdown: z.string(),
  sections: z.array(proposalSectionSchema),
  items: z.array(proposalItemSchema),
  currency: currencySchema,
  valid_until: z.string(),
  deposit_percent: z.number(),
  status: proposalStatusSchema,
  subtotal: z.number(),
  tax_total: z.number(),
  total: z.number(),
  deposit_amount: z.number(),
  team_lead_id: z.string().nullable(),
  member_ids: z.array(z.string()),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  declined_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  expired_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  /** SHA-256 of the accepted content, frozen at acceptance. */
  document_sha256: z.string().nullable(),
  acceptance: proposalAcceptanceSchema.nullable(),
  /** The client contract acceptance generated and sent (to sign next). */
  contract_id: z.string().nullable(),
  /** The project's deposit invoice once raised (to pay next). */
  deposit_invoice_id: z.string().nullable(),
  pdf_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalListItemSchema = proposalSchema.omit({ sections: true, intro_markdown: true, items: true });
export type ProposalListItem = z.infer<typeof proposalListItemSchema>;

export const proposalTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  intro_markdown: z.string(),
  sections: z.array(proposalSectionSchema),
  items: z.array(proposalItemSchema.omit({ amount: true, tax: true })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProposalTemplate = z.infer<typeof proposalTemplateSchema>;
