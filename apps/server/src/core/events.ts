import type { ContractKind, ProjectStatus } from '@agency/schema';

/**
 * Domain events: published inside the transaction of the change they describe and delivered to subscribers only
 * after it commits, so nobody reacts to a change that was rolled back. Delivery is in-process today; pushing to
 * browsers and to other nodes subscribes here too.
 */
export type DomainEvent =
  | { type: 'project.created'; projectId: number; clientId: number }
  | { type: 'project.status_changed'; projectId: number; from: ProjectStatus; to: ProjectStatus; actorId: number }
  | { type: 'message.sent'; messageId: number; conversationId: string; senderId: number; receiverId: number }
  | { type: 'message.receipt'; messageId: number; conversationId: string; senderId: number; receiverId: number; receipt: 'delivered' | 'read' }
  | { type: 'notification.created'; notificationIds: number[]; userIds: number[] }
  | { type: 'mail.queued'; outboxIds: number[] }
  | { type: 'session.revoked'; sessionId?: number; userId?: number }
  | { type: 'contract.created'; contractId: number; projectId: number; kind: ContractKind; signerId: number }
  | { type: 'contract.sent'; contractId: number; projectId: number; kind: ContractKind; signerId: number }
  /** The invoices module creates the deposit invoice from this one: keep its name and fields. */
  | { type: 'contract.signed'; contractId: number; projectId: number; kind: ContractKind; signerId: number }
  | { type: 'contract.voided'; contractId: number; projectId: number; kind: ContractKind; signerId: number }
  | { type: 'contract.expired'; contractId: number; projectId: number; kind: ContractKind; signerId: number }
  /** What a session knows of its account changed (name, e-mail, second factor): memoised actors are dropped. */
  | { type: 'account.updated'; userId: number };

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
export type Publish = (event: DomainEvent) => void;
type Handler<E> = (event: E) => void | Promise<void>;

export class EventBus {
  private readonly handlers = new Map<EventType, Handler<DomainEvent>[]>();

  constructor(private readonly onHandlerError: (err: unknown, event: DomainEvent) => void) {}

  subscribe<T extends EventType>(type: T, handler: Handler<EventOf<T>>): () => void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as Handler<DomainEvent>);
    this.handlers.set(type, list);
    return () => {
      const current = this.handlers.get(type) ?? [];
      this.handlers.set(
        type,
        current.filter((h) => h !== handler),
      );
    };
  }

  /** Runs every subscriber of every event, in order. A failing subscriber is reported, never thrown to the caller: the change is already committed. */
  async deliver(events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      for (const handler of this.handlers.get(event.type) ?? []) {
        try {
          await handler(event);
        } catch (err) {
          this.onHandlerError(err, event);
        }
      }
    }
  }
}
