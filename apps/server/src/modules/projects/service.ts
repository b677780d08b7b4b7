import {
  MAX_ATTACHMENT_BYTES,
  MAX_PROJECT_ATTACHMENTS,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ApproveProjectInput,
  type ChangeProjectStatusInput,
  type CreateProjectInput,
  type Project,
  type ProjectEvent,
  type ProjectListItem,
  type ProjectStatus,
} from '@agency/schema';
import { and, asc, count, desc, eq, exists, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isSystemActor, systemActor, type Actor, type Initiator } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan, projectAttention, projectDisclosure, projectScope, type ProjectDisclosure, type ProjectFacts } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { projectAttachments, projectEvents, projectMembers, projects, users } from '../../db/schema.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { signUrl } from '../../lib/signed-url.js';
import type { NotificationService } from '../notifications/service.js';
import { assertWithinQuota } from '../storage/service.js';
import { projectLifecycle } from './lifecycle.js';

type ProjectRow = typeof projects.$inferSelect;
const lead = alias(users, 'lead');
const client = alias(users, 'client');
const eventActor = alias(users, 'event_actor');

/** The projects an actor may list, from the access policy's scope. */
export function visibleProjects(actor: Actor): SQL | undefined {
  const scope = projectScope(actor);
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'client':
      return eq(projects.clientId, scope.clientId);
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

function presentListItem(row: ListRow, disclosure: ProjectDisclosure): ProjectListItem {
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
    team_lead: p.teamLeadId === null ? null : { id: String(p.teamLeadId), name: row.leadName ?? '' },
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

type EventRow = { event: typeof projectEvents.$inferSelect; actorName: string | null; projectTitle: string };

function presentEvent(row: EventRow, disclosure: ProjectDisclosure): ProjectEvent {
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

export function attachmentDownloadPath(projectId: number, attachmentId: number) {
  return `/api/projects/${projectId}/attachments/${attachmentId}/download`;
}

export function createProjectService(ctx: AppContext, notifications: NotificationService) {
  function baseQuery(db: DbOrTx) {
    return db.select(listColumns).from(projects).innerJoin(client, eq(client.id, projects.clientId)).leftJoin(lead, eq(lead.id, projects.teamLeadId));
  }

  async function memberIdsOf(db: DbOrTx, projectId: number) {
    const rows = await db.select({ id: projectMembers.userId }).from(projectMembers).where(eq(projectMembers.projectId, projectId));
    return rows.map((r) => r.id);
  }

  function factsOf(project: ProjectRow, memberIds: readonly number[]): ProjectFacts {
    return { clientId: project.clientId, teamLeadId: project.teamLeadId, memberIds };
  }

  /** A project and the caller's access to it; one the caller may not see is answered exactly like a missing one. */
  async function load(actor: Actor, action: 'project:read' | 'project:upload', id: number, db: DbOrTx = ctx.db) {
    const [row] = await baseQuery(db).where(eq(projects.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Project not found');
    const memberIds = await memberIdsOf(db, id);
    assertCan(actor, action, factsOf(row.project, memberIds), 'Project not found');
    return { row, memberIds };
  }

  async function present(row: ListRow, actor: Actor): Promise<Project> {
    const p = row.project;
    const [members, files] = await Promise.all([
      ctx.db
        .select({ id: users.id, name: users.name })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(eq(projectMembers.projectId, p.id))
        .orderBy(asc(users.name)),
      ctx.db.select().from(projectAttachments).where(eq(projectAttachments.projectId, p.id)).orderBy(asc(projectAttachments.id)),
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
    };
  }

  async function staffIds(db: DbOrTx) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, ['superadmin', 'admin']), eq(users.status, 'active')));
    return rows.map((r) => r.id);
  }

  async function recordEvent(db: DbOrTx, event: typeof projectEvents.$inferInsert) {
    await db.insert(projectEvents).values({ createdAt: ctx.now(), ...event });
  }

  const TRANSITION_ACTION = { approved: 'project:approve', rejected: 'project:reject' } as const;
  const AUDIT_ACTION = { approved: 'project.approved', rejected: 'project.rejected' } as const;

  /** What the audit log keeps of a project around a change: its status and who delivers it. */
  function auditState(project: ProjectRow, memberIds: readonly number[]) {
    return {
      status: project.status,
      team_lead_id: project.teamLeadId === null ? null : String(project.teamLeadId),
      member_ids: memberIds.map(String),
    };
  }

  /**
   * The one way a project changes status, for people and for the product itself: the state machine (409 when the
   * current status does not allow it, or when it changed meanwhile), then in the same transaction the timeline
   * row (marked automatic when no person made the change), the notifications and the domain event.
   */
  async function applyTransition(
    tx: Tx,
    publish: Publish,
    initiator: Initiator,
    project: ProjectRow,
    facts: ProjectFacts,
    to: ProjectStatus,
    note: string | undefined,
    changes: Partial<ProjectRow> = {},
  ) {
    const actorId = isSystemActor(initiator) ? null : initiator.id;
    return projectLifecycle.transition(tx, {
      table: projects,
      id: project.id,
      actor: initiator,
      resource: facts,
      from: project.status,
      to,
      set: { ...changes, updatedAt: ctx.now() },
      after: async (updated) => {
        await recordEvent(tx, {
          projectId: project.id,
          actorId,
          kind: 'status_changed',
          fromStatus: project.status,
          toStatus: to,
          note: note ?? null,
          trigger: isSystemActor(initiator) ? initiator.trigger : null,
        });
        await notifyStatus(tx, publish, actorId, updated, to, note);
        if (!isSystemActor(initiator)) {
          await recordAudit(
            tx,
            initiator,
            to === 'approved' || to === 'rejected' ? AUDIT_ACTION[to] : 'project.status_changed',
            {
              type: 'project',
              id: project.id,
              before: auditState(project, facts.memberIds),
              after: {
                ...auditState(updated, await memberIdsOf(tx, project.id)),
                ...(note ? { [to === 'rejected' ? 'reason' : 'note']: note } : {}),
              },
            },
            ctx.now(),
          );
        }
        publish({ type: 'project.status_changed', projectId: project.id, from: project.status, to, actorId });
      },
    });
  }

  /**
   * Moves a project through its lifecycle for a person: access first (404 unseen, 403 not theirs to change), then
   * the state machine.
   */
  async function transition(
    actor: Actor,
    id: number,
    to: ProjectStatus,
    note: string | undefined,
    apply: (tx: DbOrTx, project: ProjectRow) => Promise<Partial<ProjectRow>>,
  ) {
    const result = await ctx.transaction(async (tx, publish) => {
      const [project] = await tx.select().from(projects).where(eq(projects.id, id)).limit(1);
      if (!project) throw new AppError('NOT_FOUND', 'Project not found');
      const facts = factsOf(project, await memberIdsOf(tx, id));
      const action = to === 'approved' || to === 'rejected' ? TRANSITION_ACTION[to] : 'project:change_status';
      assertCan(actor, action, facts, 'Project not found');
      projectLifecycle.assertMay(actor, facts, project.status, to);
      const changes = await apply(tx, project);
      return applyTransition(tx, publish, actor, project, facts, to, note, changes);
    });
    return getProject(actor, result.id);
  }

  async function notifyStatus(
    tx: DbOrTx,
    publish: Publish,
    actorId: number | null,
    project: ProjectRow,
    to: ProjectStatus,
    note: string | undefined,
  ) {
    const memberIds = await memberIdsOf(tx, project.id);
    const withNote = [project.clientId, ...(project.teamLeadId ? [project.teamLeadId] : [])].filter((uid) => uid !== actorId);
    const withoutNote = memberIds.filter((uid) => uid !== actorId && !withNote.includes(uid));
    const title = to === 'approved' ? 'Project approved' : to === 'rejected' ? 'Project rejected' : 'Project status changed';
    const plain = `"${project.title}" is now ${PROJECT_STATUS_LABELS[to].toLowerCase()}.`;
    const message = { kind: `project_${to}`, title, target: { type: 'project' as const, id: String(project.id) }, projectId: project.id };
    // The note is written to the client: the client and the team lead read it, team members get the plain news.
    await notifications.notify(tx, publish, withNote, {
      ...message,
      body: to === 'rejected' ? `Your project "${project.title}" was not approved. Reason: ${note ?? ''}` : `${plain}${note ? ` Note: ${note}` : ''}`,
    });
    await notifications.notify(tx, publish, withoutNote, { ...message, body: plain });
  }

  async function getProject(actor: Actor, id: number) {
    const { row } = await load(actor, 'project:read', id);
    return present(row, actor);
  }

  async function assertEmployees(db: DbOrTx, ids: number[], roles: ('teamlead' | 'teammember')[], label: string) {
    if (ids.length === 0) return;
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), inArray(users.role, roles), eq(users.status, 'active')));
    if (rows.length !== new Set(ids).size) throw new AppError('UNPROCESSABLE', `${label} must be active employees`);
  }

  return {
    async create(actor: Actor, input: CreateProjectInput & { title: string; description: string }) {
      assertCan(actor, 'project:create', null);
      const created = await ctx.transaction(async (tx, publish) => {
        const now = ctx.now();
        const [row] = await tx
          .insert(projects)
          .values({
            title: input.title,
            description: input.description,
            category: input.category || null,
            budgetMinor: input.budget_minor ?? null,
            currency: input.currency ?? 'GBP',
            deadline: input.deadline ?? null,
            clientId: actor.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordEvent(tx, { projectId: row.id, actorId: actor.id, kind: 'created', toStatus: 'pending' });
        const staff = await staffIds(tx);
        const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
        const message = {
          kind: 'project_submitted',
          title: 'New project submitted',
          body: `${actor.name} submitted "${row.title}" for approval.`,
          projectId: row.id,
        };
        // The super admin approves, so their notification opens the approval queue; admins open the project.
        await notifications.notify(tx, publish, owner ? [owner.id] : [], { ...message, target: { type: 'project_approval', id: String(row.id) } });
        await notifications.notify(
          tx,
          publish,
          staff.filter((uid) => uid !== owner?.id),
          { ...message, target: { type: 'project', id: String(row.id) } },
        );
        publish({ type: 'project.created', projectId: row.id, clientId: actor.id });
        return row;
      });
      return getProject(actor, created.id);
    },

    async list(actor: Actor, query: { status?: ProjectStatus; q?: string; cursor?: string; limit: number; order?: 'newest' | 'oldest' }) {
      assertCan(actor, 'project:list', null);
      const after = decodeCursor(query.cursor);
      const oldest = query.order === 'oldest';
      const q = query.q?.trim();
      const rows = await baseQuery(ctx.db)
        .where(
          and(
            visibleProjects(actor),
            query.status ? eq(projects.status, query.status) : undefined,
            q ? or(ilike(projects.title, `%${q}%`), ilike(projects.description, `%${q}%`)) : undefined,
            after ? (oldest ? sql`${projects.id} > ${after}` : lt(projects.id, after)) : undefined,
          ),
        )
        .orderBy(oldest ? asc(projects.id) : desc(projects.id))
        .limit(query.limit + 1);
      return toPage(
        rows.map((r) => ({ ...r, id: r.project.id })),
        query.limit,
        (r) => presentListItem(r, projectDisclosure(actor)),
      );
    },

    get: getProject,

    async activity(actor: Actor, id: number) {
      await load(actor, 'project:read', id);
      const rows = await ctx.db
        .select({ event: projectEvents, actorName: eventActor.name, projectTitle: projects.title })
        .from(projectEvents)
        .innerJoin(projects, eq(projects.id, projectEvents.projectId))
        .leftJoin(eventActor, eq(eventActor.id, projectEvents.actorId))
        .where(eq(projectEvents.projectId, id))
        .orderBy(asc(projectEvents.id));
      return rows.map((r) => presentEvent(r, projectDisclosure(actor)));
    },

    async summary(actor: Actor) {
      assertCan(actor, 'project:list', null);
      const visible = visibleProjects(actor);
      const counted = await ctx.db.select({ status: projects.status, n: count() }).from(projects).where(visible).groupBy(projects.status);
      const counts = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as Record<ProjectStatus, number>;
      for (const row of counted) counts[row.status] = Number(row.n);
      const attention = await baseQuery(ctx.db)
        .where(and(visible, inArray(projects.status, [...projectAttention(actor)])))
        .orderBy(asc(projects.id))
        .limit(5);
      const events = await ctx.db
        .select({ event: projectEvents, actorName: eventActor.name, projectTitle: projects.title })
        .from(projectEvents)
        .innerJoin(projects, eq(projects.id, projectEvents.projectId))
        .leftJoin(eventActor, eq(eventActor.id, projectEvents.actorId))
        .where(visible)
        .orderBy(desc(projectEvents.id))
        .limit(10);
      return {
        counts,
        total: Object.values(counts).reduce((a, b) => a + b, 0),
        pending: counts.pending,
        needs_attention: attention.map((r) => presentListItem(r, projectDisclosure(actor))),
        recent_activity: events.map((r) => presentEvent(r, projectDisclosure(actor))),
      };
    },

    async approve(actor: Actor, id: number, input: ApproveProjectInput) {
      const leadId = Number(input.team_lead_id);
      const memberIds = [...new Set((input.member_ids ?? []).map(Number))].filter((m) => m !== leadId);
      return transition(actor, id, 'approved', input.note || undefined, async (tx, project) => {
        await assertEmployees(tx, [leadId], ['teamlead'], 'The team lead');
        await assertEmployees(tx, memberIds, ['teamlead', 'teammember'], 'Team members');
        await tx.delete(projectMembers).where(eq(projectMembers.projectId, project.id));
        if (memberIds.length) await tx.insert(projectMembers).values(memberIds.map((userId) => ({ projectId: project.id, userId })));
        return { teamLeadId: leadId, rejectionReason: null };
      });
    },

    async reject(actor: Actor, id: number, reason: string) {
      return transition(actor, id, 'rejected', reason, async () => ({ rejectionReason: reason }));
    },

    async changeStatus(actor: Actor, id: number, input: ChangeProjectStatusInput) {
      return transition(actor, id, input.status, input.note || undefined, async () => ({}));
    },

    /** Who may upload, and how many files the project has; checked again before the files are recorded. */
    async assertMayUpload(actor: Actor, id: number) {
      await load(actor, 'project:upload', id);
      const [row] = await ctx.db.select({ n: count() }).from(projectAttachments).where(eq(projectAttachments.projectId, id));
      return { existing: Number(row?.n ?? 0) };
    },

    /** Records files already streamed to storage; access is decided again, and the count limit under the project's lock. */
    async recordAttachments(actor: Actor, id: number, files: { name: string; mime: string; size: number; storedFilename: string }[]) {
      await load(actor, 'project:upload', id);
      return ctx.transaction(async (tx) => {
        // One upload at a time per project: two at once cannot pass the attachment limit together.
        await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).for('update');
        const [row] = await tx.select({ n: count() }).from(projectAttachments).where(eq(projectAttachments.projectId, id));
        if (Number(row?.n ?? 0) + files.length > MAX_PROJECT_ATTACHMENTS) {
          throw new AppError('PAYLOAD_TOO_LARGE', `A project can have at most ${MAX_PROJECT_ATTACHMENTS} attachments`);
        }
        const now = ctx.now();
        await tx.insert(projectAttachments).values(files.map((f) => ({ ...f, projectId: id, uploadedBy: actor.id, createdAt: now })));
        await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor.id);
        await recordEvent(tx, { projectId: id, actorId: actor.id, kind: 'attachment_added', note: files.map((f) => f.name).join(', ') });
      });
    },

    /** The file behind a signed download link (the signature is the proof of access). */
    async findAttachment(projectId: number, attachmentId: number) {
      const [row] = await ctx.db
        .select()
        .from(projectAttachments)
        .where(and(eq(projectAttachments.id, attachmentId), eq(projectAttachments.projectId, projectId)))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'Attachment not found');
      return row;
    },

    /**
     * Kickoff: the product starts an approved project on its own when its deposit is paid, inside the caller's
     * transaction (the payment's). A project that is not approved (already started, cancelled) is left alone:
     * a payment is never refused because of the project's state. Answers whether the project was started.
     */
    async kickoff(tx: Tx, publish: Publish, projectId: number, note: string): Promise<boolean> {
      const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update').limit(1);
      if (!project) return false;
      const facts = factsOf(project, await memberIdsOf(tx, projectId));
      const initiator = systemActor('deposit_paid');
      if (!projectLifecycle.canMake(initiator, facts, project.status, 'in_progress')) return false;
      await applyTransition(tx, publish, initiator, project, facts, 'in_progress', note);
      return true;
    },

    limits: { maxFiles: MAX_PROJECT_ATTACHMENTS, maxBytes: MAX_ATTACHMENT_BYTES },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
