import type { ContractKind, ExpenseStatus, InvoiceKind, InvoiceStatus, ProjectStatus, TimesheetStatus } from '@agency/schema';

/**
 * Domain events: published inside the transaction of the change they describe and delivered to subscribers only
 * after it commits, so nobody reacts to a change that was rolled back. Delivery is in-process today; pushing to
 * browsers and to other nodes subscribes here too.
 */
export type DomainEvent =
  | { type: 'project.created'; projectId: number; clientId: number }
  /** `actorId` is null for a change the product made on its own (a paid deposit starting the work). */
  | { type: 'project.status_changed'; projectId: number; from: ProjectStatus; to: ProjectStatus; actorId: number | null }
  /** `companyId`: the client company of the conversation, every person of which reads it. */
  | { type: 'message.sent'; messageId: number; conversationId: string; senderId: number; receiverId: number; companyId: number }
  | {
      type: 'message.receipt';
      messageId: number;
      conversationId: string;
      senderId: number;
      receiverId: number;
      companyId: number;
      receipt: 'delivered' | 'read';
    }
  | { type: 'notification.created'; notificationIds: number[]; userIds: number[] }
  | { type: 'mail.queued'; outboxIds: number[] }
  | { type: 'session.revoked'; sessionId?: number; userId?: number }
  | { type: 'contract.created'; contractId: number; projectId: number; kind: ContractKind; signerId: number }
  | { type: 'contract.sent'; contractId: number; projectId: number; kind: ContractKind; signerId: number }
  /** The invoices module creates the deposit invoice from this one: keep its name and fields. */
  | { type: 'contract.signed'; contractId: number; projectId: number; kind: ContractKind; signerId: number }
  | { type: 'contract.voided'; contractId: number; projectId: number; kind: ContractKind; signerId: number }
  | { type: 'contract.expired'; contractId: number; projectId: number; kind: ContractKind; signerId: number }
  | { type: 'invoice.created'; invoiceId: number; projectId: number | null; kind: InvoiceKind }
  | { type: 'invoice.status_changed'; invoiceId: number; projectId: number | null; from: InvoiceStatus; to: InvoiceStatus; actorId: number | null }
  | { type: 'invoice.payment_recorded'; invoiceId: number; paymentId: number; amount: number; kind: 'payment' | 'refund' }
  | { type: 'payment.event_flagged'; invoiceId: number | null; eventId: string; reason: string }
  /** Anything on a project's board changed: a card (created, edited, moved, deleted, commented on) or a column. */
  | { type: 'board.changed'; projectId: number; cardId?: number; columnId?: number; change: BoardChange; actorId: number }
  | { type: 'training.changed'; moduleId: number; change: 'module' | 'material' | 'assignment' | 'completion'; actorId: number }
  | { type: 'timesheet.status_changed'; userId: number; week: string; from: TimesheetStatus; to: TimesheetStatus; actorId: number }
  | { type: 'expense.status_changed'; expenseId: number; projectId: number; from: ExpenseStatus; to: ExpenseStatus; actorId: number | null }
  /** Approved time and expenses went onto a draft invoice as lines (`time.released`: a void invoice gave them back). */
  | { type: 'time.billed'; invoiceId: number; projectId: number; entryIds: number[]; expenseIds: number[]; actorId: number }
  | { type: 'time.released'; invoiceId: number; entryIds: number[]; expenseIds: number[] }
  /** What a session knows of its account changed (name, e-mail, second factor): memoised actors are dropped. */
  | { type: 'account.updated'; userId: number };

export type BoardChange = 'card_created' | 'card_updated' | 'card_moved' | 'card_deleted' | 'card_commented' | 'card_files' | 'columns';

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
export type Publish = (event: DomainEvent) => void;

/**
 * Where an event comes from: this process (after its transaction committed) or another node of the cluster
 * (through PostgreSQL's LISTEN/NOTIFY). `logId` is its place in the event log, for events people see pushed.
 */
export type EventMeta = { origin: 'local' | 'remote'; logId?: number; userIds?: number[] };
type Handler<E> = (event: E, meta: EventMeta) => void | Promise<void>;
type Subscription = { handler: Handler<DomainEvent>; remote: boolean };

/** Runs inside the transaction just before it commits: writes what must commit with the change (the event log, the cross-node notice). */
export type BeforeCommit = (tx: unknown, events: readonly DomainEvent[]) => Promise<EventMeta[]>;

export class EventBus {
  private readonly handlers = new Map<EventType, Subscription[]>();
  private beforeCommitHook: BeforeCommit | null = null;

  constructor(private readonly onHandlerError: (err: unknown, event: DomainEvent) => void) {}

  /**
   * `remote: true` also receives the events other nodes committed: memos to invalidate and browser pushes. Side
   * effects that must happen once (queueing a job, creating a record) keep the default and run on the node that
   * made the change.
   */
  subscribe<T extends EventType>(type: T, handler: Handler<EventOf<T>>, options: { remote?: boolean } = {}): () => void {
    const list = this.handlers.get(type) ?? [];
    const subscription = { handler: handler as Handler<DomainEvent>, remote: options.remote ?? false };
    list.push(subscription);
    this.handlers.set(type, list);
    return () => {
      this.handlers.set(
        type,
        (this.handlers.get(type) ?? []).filter((s) => s !== subscription),
      );
    };
  }

  setBeforeCommit(hook: BeforeCommit) {
    this.beforeCommitHook = hook;
  }

  async beforeCommit(tx: unknown, events: readonly DomainEvent[]): Promise<EventMeta[]> {
    if (!this.beforeCommitHook || events.length === 0) return events.map(() => ({ origin: 'local' }));
    return this.beforeCommitHook(tx, events);
  }

  /** Runs every subscriber of every event, in order. A failing subscriber is reported, never thrown to the caller: the change is already committed. */
  async deliver(events: readonly DomainEvent[], metas?: readonly EventMeta[]): Promise<void> {
    for (const [i, event] of events.entries()) {
      const meta = metas?.[i] ?? { origin: 'local' };
      for (const subscription of this.handlers.get(event.type) ?? []) {
        if (meta.origin === 'remote' && !subscription.remote) continue;
        try {
          await subscription.handler(event, meta);
        } catch (err) {
          this.onHandlerError(err, event);
        }
      }
    }
  }
}
