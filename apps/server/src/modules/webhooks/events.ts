import type { WebhookEventType } from '@agency/schema';
import type { DomainEvent } from '../../core/events.js';

/** What an endpoint is sent for a domain event: the webhook events it stands for, and the event's data (ids as strings). */
export type WebhookEvent = { types: WebhookEventType[]; data: Record<string, string | number | null> };

const id = (n: number | null) => (n === null ? null : String(n));

/** The domain events that webhooks hear, and how each reads to a receiver. Events not listed are never sent out. */
export function webhookEventOf(event: DomainEvent): WebhookEvent | null {
  switch (event.type) {
    case 'project.created':
      return { types: ['project.created'], data: { project_id: id(event.projectId), client_id: id(event.clientId) } };
    case 'project.status_changed':
      return { types: ['project.status_changed'], data: { project_id: id(event.projectId), from: event.from, to: event.to } };
    case 'message.sent':
      return {
        types: ['message.sent'],
        data: {
          message_id: id(event.messageId),
          conversation_id: event.conversationId,
          sender_id: id(event.senderId),
          receiver_id: id(event.receiverId),
          company_id: id(event.companyId),
        },
      };
    case 'contract.created':
    case 'contract.sent':
    case 'contract.signed':
    case 'contract.voided':
    case 'contract.expired':
      return {
        types: [event.type],
        data: { contract_id: id(event.contractId), project_id: id(event.projectId), kind: event.kind, signer_id: id(event.signerId) },
      };
    case 'invoice.created':
      return { types: ['invoice.created'], data: { invoice_id: id(event.invoiceId), project_id: id(event.projectId), kind: event.kind } };
    case 'invoice.status_changed': {
      const named: Partial<Record<typeof event.to, WebhookEventType>> = { sent: 'invoice.sent', paid: 'invoice.paid', void: 'invoice.voided' };
      const also = named[event.to];
      return {
        types: also ? ['invoice.status_changed', also] : ['invoice.status_changed'],
        data: { invoice_id: id(event.invoiceId), project_id: id(event.projectId), from: event.from, to: event.to },
      };
    }
    case 'invoice.payment_recorded':
      return {
        types: ['invoice.payment_recorded'],
        data: { invoice_id: id(event.invoiceId), payment_id: id(event.paymentId), amount: event.amount, kind: event.kind },
      };
    default:
      return null;
  }
}

/** The domain event types webhookEventOf answers for. */
export const WEBHOOK_SOURCE_EVENTS = [
  'project.created',
  'project.status_changed',
  'message.sent',
  'contract.created',
  'contract.sent',
  'contract.signed',
  'contract.voided',
  'contract.expired',
  'invoice.created',
  'invoice.status_changed',
  'invoice.payment_recorded',
] as const satisfies readonly DomainEvent['type'][];
