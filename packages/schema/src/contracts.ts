import { z } from 'zod';
import { idString } from './api.js';
import { ROLES, type Role } from './roles.js';

export const CONTRACT_KINDS = ['client', 'team'] as const;
export const contractKindSchema = z.enum(CONTRACT_KINDS);
export type ContractKind = z.infer<typeof contractKindSchema>;

export const CONTRACT_KIND_LABELS: Record<ContractKind, string> = { client: 'Client contract', team: 'Team contract' };

export const CONTRACT_STATUSES = ['draft', 'sent', 'signed', 'void', 'expired'] as const;
export const contractStatusSchema = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof contractStatusSchema>;

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: 'Draft',
  sent: 'Awaiting signature',
  signed: 'Signed',
  void: 'Void',
  expired: 'Expired',
};

/** Who takes a contract transition: a person in a role, or the scheduler (expiry). */
export type ContractActorRole = Role | 'system';
export type ContractRelation = { isSigner: boolean };

type ContractEdge = { from: readonly ContractStatus[]; to: ContractStatus; who: (role: ContractActorRole, relation: ContractRelation) => boolean };

const isStaff = (role: ContractActorRole) => role === 'superadmin' || role === 'admin';

/**
 * The contract lifecycle (DESIGN section 6) as data: `draft -> sent -> signed`, `void` (with a reason) from a
 * draft or a sent contract, `expired` when a sent one passes its `expires_at`. Staff send and void, only the
 * signer signs, only the scheduler expires. The server's state machine and the web's buttons read this table.
 */
export const CONTRACT_TRANSITIONS: readonly ContractEdge[] = [
  { from: ['draft'], to: 'sent', who: isStaff },
  { from: ['sent'], to: 'signed', who: (role, relation) => role !== 'system' && relation.isSigner },
  { from: ['draft', 'sent'], to: 'void', who: isStaff },
  { from: ['sent'], to: 'expired', who: (role) => role === 'system' },
];

/** Whether this person may move a contract from `from` to `to` now. */
export function canChangeContractStatus(role: ContractActorRole, from: ContractStatus, to: ContractStatus, relation: ContractRelation): boolean {
  return CONTRACT_TRANSITIONS.some((e) => e.to === to && e.from.includes(from) && e.who(role, relation));
}

/** Days after sending before an unsigned contract gets its one reminder (the server's default for CONTRACT_REMINDER_DAYS). */
export const CONTRACT_REMINDER_DAYS_DEFAULT = 3;
/** The send dialog proposes this many days until expiry. */
export const CONTRACT_DEFAULT_EXPIRY_DAYS = 30;
/** A drawn signature: a PNG data URL of at most this many bytes once decoded. */
export const MAX_SIGNATURE_IMAGE_BYTES = 200 * 1024;
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
export const MAX_TEMPLATE_BODY_LENGTH = 50_000;

/** The variables a template may use, which kinds offer them, and what they stand for. */
export const CONTRACT_TEMPLATE_VARIABLES = [
  { name: 'client.name', kinds: ['client', 'team'], description: "The client's name" },
  { name: 'client.company', kinds: ['client', 'team'], description: "The client's company" },
  { name: 'client.email', kinds: ['client', 'team'], description: "The client's e-mail address" },
  { name: 'project.title', kinds: ['client', 'team'], description: 'The project title' },
  { name: 'project.description', kinds: ['client', 'team'], description: 'The project description' },
  // The budget is the client's business: team members may not see it (issue 12), so team contracts cannot name it.
  { name: 'project.budget', kinds: ['client'], description: 'The budget with its currency' },
  { name: 'project.deadline', kinds: ['client', 'team'], description: 'The desired deadline' },
  { name: 'project.team_lead', kinds: ['client', 'team'], description: "The team lead's name" },
  { name: 'agency.name', kinds: ['client', 'team'], description: "The agency's name" },
  { name: 'agency.email', kinds: ['client', 'team'], description: "The agency's contact e-mail" },
  { name: 'agency.phone', kinds: ['client', 'team'], description: "The agency's contact phone" },
  { name: 'signer.name', kinds: ['client', 'team'], description: 'The name of the person who signs' },
  { name: 'today', kinds: ['client', 'team'], description: "The date the contract is sent (today's date in a preview)" },
  { name: 'employee.name', kinds: ['team'], description: "The employee's name" },
  { name: 'employee.email', kinds: ['team'], description: "The employee's e-mail address" },
  { name: 'employee.role', kinds: ['team'], description: "The employee's role on the project (Team lead or Team member)" },
] as const satisfies readonly { name: string; kinds: readonly ContractKind[]; description: string }[];

export type ContractTemplateVariable = (typeof CONTRACT_TEMPLATE_VARIABLES)[number]['name'];

export function templateVariablesFor(kind: ContractKind): string[] {
  return CONTRACT_TEMPLATE_VARIABLES.filter((v) => (v.kinds as readonly ContractKind[]).includes(kind)).map((v) => v.name);
}

const isoDateTime = z.iso.datetime({ offset: true, error: 'Use an ISO date and time, for example 2030-01-31T17:00:00Z' });

// Templates

export const templateTitleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(3, 'Title must be at least 3 characters')
  .max(160, 'Title must be at most 160 characters');
export const templateBodySchema = z
  .string({ error: 'Body is required' })
  .trim()
  .min(10, 'Body must be at least 10 characters')
  .max(MAX_TEMPLATE_BODY_LENGTH, `Body must be at most ${MAX_TEMPLATE_BODY_LENGTH} characters`);

export const contractTemplateSchema = z.object({
  id: z.string(),
  kind: contractKindSchema,
  title: z.string(),
  body: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContractTemplate = z.infer<typeof contractTemplateSchema>;

export const createContractTemplateInput = z.object({
  kind: contractKindSchema,
  title: templateTitleSchema,
  body: templateBodySchema,
  is_default: z.boolean().optional(),
});
export type CreateContractTemplateInput = z.input<typeof createContractTemplateInput>;

export const updateContractTemplateInput = z.object({
  title: templateTitleSchema.optional(),
  body: templateBodySchema.optional(),
  is_default: z.literal(true, { error: 'A template becomes the default by choosing another as default' }).optional(),
});
export type UpdateContractTemplateInput = z.input<typeof updateContractTemplateInput>;

export const previewContractTemplateInput = z.object({
  kind: contractKindSchema,
  title: z.string().trim().max(160, 'Title must be at most 160 characters').optional(),
  body: z.string().max(MAX_TEMPLATE_BODY_LENGTH, `Body must be at most ${MAX_TEMPLATE_BODY_LENGTH} characters`),
  /** Fill the variables from this project (and its client and team) instead of sample values. */
  project_id: idString('Invalid project').optional(),
});
export type PreviewContractTemplateInput = z.input<typeof previewContractTemplateInput>;

export const templatePreviewSchema = z.object({
  html: z.string(),
  /** Variables the body uses that this kind does not offer (the preview shows them as typed). */
  unknown_variables: z.array(z.string()),
  variables: z.array(z.object({ name: z.string(), description: z.string() })),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

// Contracts

export const contractSignerSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) });

export const contractSignatureSchema = z.object({
  name: z.string(),
  signed_at: z.string(),
  has_image: z.boolean(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The document hash the signer was shown. */
  document_sha256: z.string(),
  /** The SHA-256 of the sealed PDF as stored; checked on every download. */
  pdf_sha256: z.string(),
});

export const contractListItemSchema = z.object({
  id: z.string(),
  kind: contractKindSchema,
  project_id: z.string(),
  project_title: z.string(),
  client: z.object({ id: z.string(), name: z.string() }),
  title: z.string(),
  status: contractStatusSchema,
  signer: contractSignerSchema,
  template_id: z.string().nullable(),
  document_sha256: z.string().nullable(),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  reminded_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** A short-lived link to the PDF (the sealed one once signed), for the signer and staff; null for others. */
  pdf_url: z.string().nullable(),
});
export type ContractListItem = z.infer<typeof contractListItemSchema>;

export const contractSchema = contractListItemSchema.extend({
  /** The Markdown source: with its variables while a draft, rendered and frozen once sent. */
  body_markdown: z.string(),
  /** The document as HTML (frozen when sent; `document_sha256` is the SHA-256 of exactly this text). */
  body_html: z.string(),
  signature: contractSignatureSchema.nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const CONTRACT_EVENT_KINDS = ['created', 'updated', 'sent', 'viewed', 'reminded', 'signed', 'voided', 'expired'] as const;
export type ContractEventKind = (typeof CONTRACT_EVENT_KINDS)[number];

export const CONTRACT_EVENT_LABELS: Record<ContractEventKind, string> = {
  created: 'Created',
  updated: 'Edited',
  sent: 'Sent for signature',
  viewed: 'Opened by the signer',
  reminded: 'Reminder sent',
  signed: 'Signed',
  voided: 'Voided',
  expired: 'Expired',
};

export const contractEventSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTRACT_EVENT_KINDS),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type ContractEvent = z.infer<typeof contractEventSchema>;

export const createContractInput = z.object({
  project_id: idString('Choose a project'),
  template_id: idString('Choose a template'),
  kind: contractKindSchema,
  signer_id: idString('Choose who signs'),
});
export type CreateContractInput = z.input<typeof createContractInput>;

export const updateContractInput = z.object({
  title: templateTitleSchema.optional(),
  body_markdown: templateBodySchema.optional(),
});
export type UpdateContractInput = z.input<typeof updateContractInput>;

export const sendContractInput = z.object({ expires_at: isoDateTime.optional() });
export type SendContractInput = z.input<typeof sendContractInput>;

export const voidContractInput = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason is required (at least 3 characters)')
    .max(1000, 'Reason must be at most 1000 characters'),
});
export type VoidContractInput = z.input<typeof voidContractInput>;

// A base64 data URL of MAX_SIGNATURE_IMAGE_BYTES bytes is at most this long.
const MAX_SIGNATURE_DATA_URL_LENGTH = SIGNATURE_DATA_URL_PREFIX.length + Math.ceil(MAX_SIGNATURE_IMAGE_BYTES / 3) * 4;

export const signContractInput = z.object({
  signature_name: z
    .string({ error: 'Type your full name to sign' })
    .trim()
    .min(2, 'Type your full name to sign')
    .max(120, 'Name must be at most 120 characters'),
  signature_image: z
    .string()
    .startsWith(SIGNATURE_DATA_URL_PREFIX, 'The drawn signature must be a PNG image')
    .max(MAX_SIGNATURE_DATA_URL_LENGTH, 'The drawn signature must be at most 200 KB')
    .optional(),
  agree: z.literal(true, { error: 'You must agree to sign electronically' }),
  /** The document hash the signer was shown; when given it must be the contract's. */
  document_sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'Invalid document hash')
    .optional(),
});
export type SignContractInput = z.input<typeof signContractInput>;

export const contractListQuery = z.object({
  project_id: idString('Invalid project').optional(),
  signer_id: idString('Invalid signer').optional(),
  client_id: idString('Invalid client').optional(),
  status: contractStatusSchema.optional(),
  kind: contractKindSchema.optional(),
  q: z.string().trim().max(100).optional(),
});
export type ContractListQuery = z.input<typeof contractListQuery>;

export const contractCountsSchema = z.object({
  counts: z.object({ draft: z.number(), sent: z.number(), signed: z.number(), void: z.number(), expired: z.number() }) satisfies z.ZodType<
    Record<ContractStatus, number>
  >,
  total: z.number(),
});
export type ContractCounts = z.infer<typeof contractCountsSchema>;
