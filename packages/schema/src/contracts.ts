import { z } from 'zod';
import { idString } from './api.js';
import { ROLES } from './roles.js';
import {
  CONTRACT_EVENT_KINDS,
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  type ContractStatus,
  MAX_SIGNATURE_IMAGE_BYTES,
  MAX_TEMPLATE_BODY_LENGTH,
  SIGNATURE_DATA_URL_PREFIX,
} from './contract-status.js';

export const contractKindSchema = z.enum(CONTRACT_KINDS);
export const contractStatusSchema = z.enum(CONTRACT_STATUSES);

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

export const sendContractInput = z.object({
  expires_at: isoDateTime.optional(),
  /** A client contract only: another person of the client's company to sign it (by default, its first owner). */
  signer_id: idString('Invalid signer').optional(),
});
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
export const MAX_SIGNATURE_DATA_URL_LENGTH = SIGNATURE_DATA_URL_PREFIX.length + Math.ceil(MAX_SIGNATURE_IMAGE_BYTES / 3) * 4;

/**
 * A signature as the signer gives it: the typed name, an optional drawing (a PNG data URL) and the consent to sign
 * electronically. One definition for signing a contract (`sign`) and accepting a proposal (`accept`); the verb is the
 * one the messages name.
 */
export function signatureInput(verb: 'sign' | 'accept') {
  return z.object({
    signature_name: z
      .string({ error: `Type your full name to ${verb}` })
      .trim()
      .min(2, `Type your full name to ${verb}`)
      .max(120, 'Name must be at most 120 characters'),
    signature_image: z
      .string()
      .startsWith(SIGNATURE_DATA_URL_PREFIX, 'The drawn signature must be a PNG image')
      .max(MAX_SIGNATURE_DATA_URL_LENGTH, 'The drawn signature must be at most 200 KB')
      .optional(),
    agree: z.literal(true, { error: `You must agree to ${verb} electronically` }),
  });
}

/** The 6-digit code e-mailed to the signer: asked when the document was opened from an e-mailed link. */
export const signingCodeInput = z
  .string()
  .regex(/^\d{6}$/, 'code: the 6-digit code we e-mailed you')
  .optional();

export const signContractInput = signatureInput('sign').extend({
  code: signingCodeInput,
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
