import { z } from 'zod';
import { isoDateSchema } from './api.js';

export const TOOL_REQUEST_STATUSES = ['requested', 'approved', 'declined', 'fulfilled'] as const;
export const toolRequestStatusSchema = z.enum(TOOL_REQUEST_STATUSES);
export type ToolRequestStatus = z.infer<typeof toolRequestStatusSchema>;

export const TOOL_REQUEST_STATUS_LABELS: Record<ToolRequestStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  declined: 'Declined',
  fulfilled: 'Fulfilled',
};

export const TOOL_CATEGORIES = ['Software licence', 'Hardware', 'Cloud service', 'Design asset', 'Other'] as const;

export const createToolRequestInput = z.object({
  name: z.string({ error: 'Tool name is required' }).trim().min(2, 'Tool name is required').max(120, 'Tool name must be at most 120 characters'),
  category: z.enum(TOOL_CATEGORIES, { error: 'Choose a category' }),
  reason: z
    .string({ error: 'Tell us why you need it' })
    .trim()
    .min(5, 'Tell us why you need it (at least 5 characters)')
    .max(2000, 'Reason must be at most 2000 characters'),
  quantity: z
    .number({ error: 'Quantity is required' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(1000, 'Quantity must be at most 1000'),
  needed_by: isoDateSchema.optional(),
});
export type CreateToolRequestInput = z.input<typeof createToolRequestInput>;

export const decideToolRequestInput = z
  .object({
    action: z.enum(['approve', 'decline', 'fulfil']),
    reason: z.string().trim().max(1000, 'Reason must be at most 1000 characters').optional(),
  })
  .refine((v) => v.action !== 'decline' || (v.reason && v.reason.length >= 3), { message: 'A reason is required to decline', path: ['reason'] });
export type DecideToolRequestInput = z.input<typeof decideToolRequestInput>;

/** requested -> approved | declined | fulfilled; approved -> fulfilled. */
export function nextToolRequestStatus(from: ToolRequestStatus, action: 'approve' | 'decline' | 'fulfil'): ToolRequestStatus | null {
  if (from === 'requested') return action === 'approve' ? 'approved' : action === 'decline' ? 'declined' : 'fulfilled';
  if (from === 'approved' && action === 'fulfil') return 'fulfilled';
  return null;
}

export const toolRequestSchema = z.object({
  id: z.string(),
  client: z.object({ id: z.string(), name: z.string() }),
  name: z.string(),
  category: z.string(),
  reason: z.string(),
  quantity: z.number(),
  needed_by: z.string().nullable(),
  status: toolRequestStatusSchema,
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type ToolRequest = z.infer<typeof toolRequestSchema>;
