import { and, eq, inArray } from 'drizzle-orm';
import type { DomainEvent, EventOf, EventType } from '../../core/events.js';
import type { DbOrTx } from '../../db/client.js';
import { invoices, projectMembers, projects, users } from '../../db/schema.js';

/**
 * Who sees an event pushed to their browser. An event type without a resolver is not pushed (jobs, mail,
 * memos). Resolvers are registered when this file loads, before the push starts (`createRealtime` subscribes to
 * every type registered here): an event type with an audience is both logged and pushed live.
 */
type Resolver<T extends EventType> = (db: DbOrTx, event: EventOf<T>) => Promise<number[]> | number[];
const resolvers = new Map<EventType, Resolver<EventType>>();

export function registerAudience<T extends EventType>(type: T, resolver: Resolver<T>) {
  resolvers.set(type, resolver as unknown as Resolver<EventType>);
}

export function isPushed(type: EventType): boolean {
  return resolvers.has(type);
}

/** Every type that has an audience: each is logged and pushed live, so the two lists can never differ. */
export function pushedTypes(): EventType[] {
  return [...resolvers.keys()];
}

export async function audienceOf(db: DbOrTx, event: DomainEvent): Promise<number[]> {
  const resolver = resolvers.get(event.type);
  if (!resolver) return [];
  return [...new Set(await resolver(db, event as never))];
}

/** The client, the team and every active member of staff: who follows a project. */
export async function projectAudience(db: DbOrTx, projectId: number): Promise<number[]> {
  const [project] = await db
    .select({ clientId: projects.clientId, teamLeadId: projects.teamLeadId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return [];
  const [members, staff] = await Promise.all([
    db.select({ id: projectMembers.userId }).from(projectMembers).where(eq(projectMembers.projectId, projectId)),
    db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, ['admin', 'superadmin']), eq(users.status, 'active'))),
  ]);
  return [project.clientId, ...(project.teamLeadId ? [project.teamLeadId] : []), ...members.map((m) => m.id), ...staff.map((s) => s.id)];
}

registerAudience('message.sent', (_db, e) => [e.senderId, e.receiverId]);
registerAudience('message.receipt', (_db, e) => [e.senderId, e.receiverId]);
registerAudience('notification.created', (_db, e) => e.userIds);
registerAudience('project.status_changed', (db, e) => projectAudience(db, e.projectId));
for (const type of ['contract.sent', 'contract.signed', 'contract.voided', 'contract.expired'] as const) {
  registerAudience(type, async (db, e) => {
    const staff = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, ['admin', 'superadmin']), eq(users.status, 'active')));
    return [e.signerId, ...staff.map((s) => s.id)];
  });
}

/** Staff, and the invoice's client once it has left draft (a draft is the agency's own). */
async function invoiceAudience(db: DbOrTx, invoiceId: number): Promise<number[]> {
  const [invoice] = await db.select({ clientId: invoices.clientId, status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return [];
  const staff = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'superadmin']), eq(users.status, 'active')));
  return [...(invoice.status === 'draft' ? [] : [invoice.clientId]), ...staff.map((s) => s.id)];
}
registerAudience('invoice.status_changed', (db, e) => invoiceAudience(db, e.invoiceId));
registerAudience('invoice.payment_recorded', (db, e) => invoiceAudience(db, e.invoiceId));

/** A board is its project team's and staff's; the client never hears of it. */
registerAudience('board.changed', async (db, e) => {
  const [project] = await db.select({ clientId: projects.clientId }).from(projects).where(eq(projects.id, e.projectId));
  return (await projectAudience(db, e.projectId)).filter((id) => id !== project?.clientId);
});
