import { z } from 'zod';
import { idString } from './api.js';

/**
 * What the audit log records, by name. Modules add their own actions here (`contract.sent`, `invoice.voided`);
 * the log stores the name as text, so a new action needs no migration, and the search screen offers this list.
 */
export const AUDIT_ACTIONS = {
  'project.approved': 'Project approved',
  'project.rejected': 'Project rejected',
  'project.status_changed': 'Project status changed',
  'tool_request.decided': 'Tool request decided',
  'invitation.created': 'Invitation created',
  'invitation.resent': 'Invitation resent',
  'invitation.revoked': 'Invitation revoked',
  'account.disabled': 'Account disabled',
  'account.enabled': 'Account enabled',
  'superadmin.handed_over': 'Super admin role handed over',
  'mfa.enabled': 'Two-factor authentication turned on',
  'mfa.disabled': 'Two-factor authentication turned off',
  'mfa.recovery_code_used': 'Recovery code used to sign in',
  'password.reset': 'Password reset by e-mail link',
  'password.changed': 'Password changed',
  'email.changed': 'E-mail address changed',
  'invoice.created': 'Invoice created',
  'invoice.updated': 'Invoice draft edited',
  'invoice.sent': 'Invoice sent',
  'invoice.voided': 'Invoice voided',
  'invoice.payment_recorded': 'Payment recorded',
  'invoice.refunded': 'Card payment refunded',
  'invoice.credit_note_issued': 'Credit note issued',
  'recurring_invoice.created': 'Recurring invoice created',
  'recurring_invoice.updated': 'Recurring invoice edited',
  'recurring_invoice.paused': 'Recurring invoice paused',
  'recurring_invoice.resumed': 'Recurring invoice resumed',
  'recurring_invoice.ended': 'Recurring invoice ended',
  'payment_plan.saved': 'Payment plan saved',
  'payment_stage.released': 'Payment stage released by hand',
  'contract.created': 'Contract created',
  'contract.updated': 'Contract draft edited',
  'contract.sent': 'Contract sent',
  'document_link.opened': 'Opened from e-mail link',
  'document_link.revoked': 'E-mail link revoked',
  'contract.voided': 'Contract voided',
  'proposal.created': 'Proposal created',
  'proposal.updated': 'Proposal draft edited',
  'proposal.sent': 'Proposal sent',
  'proposal.voided': 'Proposal voided',
  'proposal.revised': 'Proposal revised into a new version',
  'proposal_template.saved': 'Proposal template saved',
  'proposal_template.deleted': 'Proposal template deleted',
  'contract_template.saved': 'Contract template saved',
  'contract_template.deleted': 'Contract template deleted',
  'company.updated': 'Company details changed',
  'company.invitation_created': 'Colleague invited to a company',
  'company.invitation_revoked': 'Company invitation revoked',
  'company.member_role_changed': "Company member's role changed",
  'company.member_removed': 'Company member removed',
  'rates.project_updated': 'Project hourly rate set',
  'rates.user_updated': 'Cost rate set',
  'rates.time_log_shared': "Project's time log shared with its client, or no longer",
  'timesheet.approved': 'Timesheet approved',
  'timesheet.rejected': 'Timesheet rejected',
  'expense.approved': 'Expense approved',
  'expense.rejected': 'Expense rejected',
  'invoice.time_billed': 'Time and expenses billed on an invoice',
  'api_token.created': 'API token created',
  'api_token.used': 'API token used',
  'api_token.revoked': 'API token revoked',
  'webhook.created': 'Webhook endpoint added',
  'webhook.deleted': 'Webhook endpoint removed',
  'webhook.disabled': 'Webhook endpoint disabled after failing for 24 hours',
  'webhook.delivery_replayed': 'Webhook delivery replayed',
  'brand.updated': 'Brand settings changed',
  'brand.logo_changed': 'Brand logo uploaded',
  'brand.logo_removed': 'Brand logo removed',
} as const satisfies Record<string, string>;
export type KnownAuditAction = keyof typeof AUDIT_ACTIONS;

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }).nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoInstant = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time' });

/** The search of the audit log; the same filters select what the CSV export holds. */
export const auditQuerySchema = z.object({
  /** Part of the name or e-mail of who did it. */
  person: z.string().trim().max(100).optional(),
  actor_id: idString().optional(),
  action: z
    .string()
    .trim()
    .max(80)
    .regex(/^[a-z_.]*$/, 'Not an action name')
    .optional(),
  entity_type: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_]*$/, 'Not a record type')
    .optional(),
  entity_id: z.string().trim().max(40).optional(),
  /** From this instant, inclusive. */
  from: isoInstant.optional(),
  /** Before this instant. */
  to: isoInstant.optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
