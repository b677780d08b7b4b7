import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { isSystemActor, type Actor, type Initiator } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan, type ProjectFacts } from '../../core/policy.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { projects } from '../../db/schema.js';
import type { ProjectDeps } from './deps.js';
import { companyPeopleIds } from '../companies/queries.js';
import { AUDIT_ACTION, auditState, factsOf, TRANSITION_ACTION, type ProjectRow } from './helpers.js';
import { projectLifecycle } from './lifecycle.js';
import { load, memberIdsOf, present } from './queries.js';
import { recordEvent } from './timeline.js';

/**
 * The one way a project changes status, for people and for the product itself: the state machine (409 when the
 * current status does not allow it, or when it changed meanwhile), then in the same transaction the timeline
 * row (marked automatic when no person made the change), the notifications and the domain event.
 */
export async function applyTransition(
  deps: ProjectDeps,
  tx: Tx,
  publish: Publish,
  initiator: Initiator,
  project: ProjectRow,
  facts: ProjectFacts,
  to: ProjectStatus,
  note: string | undefined,
  changes: Partial<ProjectRow> = {},
) {
  const { ctx } = deps;
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
      await recordEvent(ctx, tx, {
        projectId: project.id,
        actorId,
        kind: 'status_changed',
        fromStatus: project.status,
        toStatus: to,
        note: note ?? null,
        trigger: isSystemActor(initiator) ? initiator.trigger : null,
      });
      await notifyStatus(deps, tx, publish, actorId, updated, to, note);
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
export async function transition(
  deps: ProjectDeps,
  actor: Actor,
  id: number,
  to: ProjectStatus,
  note: string | undefined,
  apply: (tx: DbOrTx, project: ProjectRow) => Promise<Partial<ProjectRow>>,
) {
  const { ctx } = deps;
  const result = await ctx.transaction(async (tx, publish) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, id)).limit(1);
    if (!project) throw new AppError('NOT_FOUND', 'Project not found');
    const facts = factsOf(project, await memberIdsOf(tx, id));
    const action = to === 'approved' || to === 'rejected' ? TRANSITION_ACTION[to] : 'project:change_status';
    assertCan(actor, action, facts, 'Project not found');
    projectLifecycle.assertMay(actor, facts, project.status, to);
    const changes = await apply(tx, project);
    return applyTransition(deps, tx, publish, actor, project, facts, to, note, changes);
  });
  const { row } = await load(ctx, actor, 'project:read', result.id);
  return present(ctx, row, actor);
}

async function notifyStatus(
  { notifications }: ProjectDeps,
  tx: DbOrTx,
  publish: Publish,
  actorId: number | null,
  project: ProjectRow,
  to: ProjectStatus,
  note: string | undefined,
) {
  const memberIds = await memberIdsOf(tx, project.id);
  // Every person of the client's company follows its projects.
  const company = await companyPeopleIds(tx, project.companyId);
  const withNote = [...company, ...(project.teamLeadId ? [project.teamLeadId] : [])].filter((uid) => uid !== actorId);
  const withoutNote = memberIds.filter((uid) => uid !== actorId && !withNote.includes(uid));
  const title = to === 'approved' ? 'Project approved' : to === 'rejected' ? 'Project rejected' : 'Project status changed';
  const plain = `"${project.title}" is now ${PROJECT_STATUS_LABELS[to].toLowerCase()}.`;
  const message = { kind: `project_${to}`, title, target: { type: 'project' as const, id: String(project.id) }, projectId: project.id };
  // The note is written to the client: its company and the team lead read it, team members get the plain news.
  await notifications.notify(tx, publish, withNote, {
    ...message,
    body: to === 'rejected' ? `Your project "${project.title}" was not approved. Reason: ${note ?? ''}` : `${plain}${note ? ` Note: ${note}` : ''}`,
  });
  await notifications.notify(tx, publish, withoutNote, { ...message, body: plain });
}
