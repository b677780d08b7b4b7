import type { Project, ProjectEvent, ProjectListItem, ProjectStatus } from '@agency/schema';
import { and, asc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { assertCan, projectDisclosure, projectScope, type ProjectDisclosure } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { projectAttachments, projectEvents, projectMembers, projectRates, projects, users } from '../../db/schema.js';
import { signUrl } from '../../lib/signed-url.js';
import { attachmentDownloadPath, factsOf, type ProjectRow } from './helpers.js';

const lead = alias(users, 'lead');
const client = alias(users, 'client');
const eventActor = alias(users, 'event_actor');

/** The projects an actor may list, from the access policy's scope. */
export function visibleProjects(actor: Actor): SQL | undefined {
  const scope = projectScope(actor);
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'company':
      return eq(projects.companyId, scope.companyId);
    case 'team':
      return or(
        eq(projects.teamLeadId, scope.userId),
        exists(
          sql`(select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${scope.userId})`,
        ),
      );
  }
}

const listColumns = {
  project: projects,
  clientName: client.name,
  leadName: lead.name,
};

type ListRow = { project: ProjectRow; clientName: string; leadName: string | null };

export function presentListItem(row: ListRow, disclosure: ProjectDisclosure): ProjectListItem {
  const p = row.project;
  return {
    id: String(p.id),
    title: p.title,
    description: p.description,
    category: p.category,
    budget_minor: disclosure.budget ? p.budgetMinor : null,
    currency: p.currency,
    deadline: p.deadline,
    status: p.status,
    rejection_reason: disclosure.clientNotes ? p.rejectionReason : null,
    client_id: String(p.clientId),
    client: { id: String(p.clientId), name: row.clientName },
    company_id: String(p.companyId),
    team_lead: p.teamLeadId === null ? null : { id: String(p.teamLeadId), name: row.leadName ?? '' },
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

type EventRow = { event: typeof projectEvents.$inferSelect; actorName: string | null; projectTitle: string };

export function presentEvent(row: EventRow, disclosure: ProjectDisclosure): ProjectEvent {
  const e = row.event;
  return {
    id: String(e.id),
    project_id: String(e.projectId),
    project_title: row.projectTitle,
    kind: e.kind,
    from_status: (e.fromStatus as ProjectStatus | null) ?? null,
    to_status: (e.toStatus as ProjectStatus | null) ?? null,
    // A status change's note is written to the client; a file's note is only its name.
    note: e.kind === 'status_changed' && !disclosure.clientNotes ? null : e.note,
    actor: e.actorId === null ? null : { id: String(e.actorId), name: row.actorName ?? '' },
    automatic: e.trigger !== null,
    created_at: e.createdAt.toISOString(),
  };
}

export function baseQuery(db: DbOrTx) {
  return db.select(listColumns).from(projects).innerJoin(client, eq(client.id, projects.clientId)).leftJoin(lead, eq(lead.id, projects.teamLeadId));
}

/** Timeline entries with who made them and the project's title, for the caller to filter and order. */
export function eventQuery(db: DbOrTx) {
  return db
    .select({ event: projectEvents, actorName: eventActor.name, projectTitle: projects.title })
    .from(projectEvents)
    .innerJoin(projects, eq(projects.id, projectEvents.projectId))
    .leftJoin(eventActor, eq(eventActor.id, projectEvents.actorId));
}

export async function memberIdsOf(db: DbOrTx, projectId: number) {
  const rows = await db.select({ id: projectMembers.userId }).from(projectMembers).where(eq(projectMembers.projectId, projectId));
  return rows.map((r) => r.id);
}

/** A project and the caller's access to it; one the caller may not see is answered exactly like a missing one. */
export async function load(ctx: AppContext, actor: Actor, action: 'project:read' | 'project:upload', id: number, db: DbOrTx = ctx.db) {
  const [row] = await baseQuery(db).where(eq(projects.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Project not found');
  const memberIds = await memberIdsOf(db, id);
  assertCan(actor, action, factsOf(row.project, memberIds), 'Project not found');
  return { row, memberIds };
}

export async function present(ctx: AppContext, row: ListRow, actor: Actor): Promise<Project> {
  const p = row.project;
  const [members, files, [rates]] = await Promise.all([
    ctx.db
      .select({ id: users.id, name: users.name })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, p.id))
      .orderBy(asc(users.name)),
    ctx.db.select().from(projectAttachments).where(eq(projectAttachments.projectId, p.id)).orderBy(asc(projectAttachments.id)),
    ctx.db.select({ shared: projectRates.clientTimeLog }).from(projectRates).where(eq(projectRates.projectId, p.id)).limit(1),
  ]);
  const now = ctx.now();
  return {
    ...presentListItem(row, projectDisclosure(actor)),
    members: members.map((m) => ({ id: String(m.id), name: m.name })),
    attachments: files.map((f) => ({
      id: String(f.id),
      name: f.name,
      mime: f.mime,
      size: f.size,
      url: signUrl(ctx.signingKey, attachmentDownloadPath(p.id, f.id), now, ctx.config.signedUrlTtlMs, actor.sessionId),
      created_at: f.createdAt.toISOString(),
    })),
    time_log_shared: rates?.shared ?? false,
  };
}

export async function staffIds(db: DbOrTx) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['superadmin', 'admin']), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}
