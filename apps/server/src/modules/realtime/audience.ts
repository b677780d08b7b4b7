import { and, eq, inArray } from 'drizzle-orm';
import type { DomainEvent, EventOf, EventType } from '../../core/events.js';
import type { DbOrTx } from '../../db/client.js';
import { contracts, invoices, projectMembers, projects, users } from '../../db/schema.js';
import { companyPeopleIds } from '../companies/queries.js';

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

async function staffIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'superadmin']), eq(users.status, 'active')));
  return rows.map((s) => s.id);
}

/** The client's company, the team and every active member of staff: who follows a project. */
export async function projectAudience(db: DbOrTx, projectId: number): Promise<number[]> {
  const company = await projectCompanyAudience(db, projectId);
  const [project] = await db.select({ teamLeadId: projects.teamLeadId }).from(projects).where(eq(projects.id, projectId));
  if (!project) return [];
  const [members, staff] = await Promise.all([
    db.select({ id: projectMembers.userId }).from(projectMembers).where(eq(projectMembers.projectId, projectId)),
    staffIds(db),
  ]);
  return [...company, ...(project.teamLeadId ? [project.teamLeadId] : []), ...members.map((m) => m.id), ...staff];
}

/** The people of a project's company. */
async function projectCompanyAudience(db: DbOrTx, projectId: number): Promise<number[]> {
  const [project] = await db.select({ companyId: projects.companyId }).from(projects).where(eq(projects.id, projectId));
  return project ? companyPeopleIds(db, project.companyId) : [];
}

// A conversation is the super admin's and every person's of the company.
registerAudience('message.sent', async (db, e) => [e.senderId, e.receiverId, ...(await companyPeopleIds(db, e.companyId))]);
registerAudience('message.receipt', async (db, e) => [e.senderId, e.receiverId, ...(await companyPeopleIds(db, e.companyId))]);
registerAudience('notification.created', (_db, e) => e.userIds);
registerAudience('project.status_changed', (db, e) => projectAudience(db, e.projectId));
/** The signer and staff; a client contract also its company's owners and billing people, who see it. */
for (const type of ['contract.sent', 'contract.signed', 'contract.voided', 'contract.expired'] as const) {
  registerAudience(type, async (db, e) => {
    const [contract] = await db.select({ companyId: contracts.companyId }).from(contracts).where(eq(contracts.id, e.contractId));
    const company = e.kind === 'client' && contract?.companyId ? await companyPeopleIds(db, contract.companyId, ['owner', 'billing']) : [];
    return [e.signerId, ...company, ...(await staffIds(db))];
  });
}

/** Staff, and the owners and billing people of the invoice's company once it has left draft (a draft is the agency's own). */
async function invoiceAudience(db: DbOrTx, invoiceId: number): Promise<number[]> {
  const [invoice] = await db.select({ companyId: invoices.companyId, status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return [];
  const company = invoice.status === 'draft' ? [] : await companyPeopleIds(db, invoice.companyId, ['owner', 'billing']);
  return [...company, ...(await staffIds(db))];
}
registerAudience('invoice.status_changed', (db, e) => invoiceAudience(db, e.invoiceId));
registerAudience('invoice.payment_recorded', (db, e) => invoiceAudience(db, e.invoiceId));

/** A board is its project team's and staff's; the client's company never hears of it. */
registerAudience('board.changed', async (db, e) => {
  const company = new Set(await projectCompanyAudience(db, e.projectId));
  return (await projectAudience(db, e.projectId)).filter((id) => !company.has(id));
});
