import { eq } from 'drizzle-orm';
import { systemActor } from '../../../core/actor.js';
import type { Publish } from '../../../core/events.js';
import type { Tx } from '../../../db/client.js';
import { projects } from '../../../db/schema.js';
import type { ProjectDeps } from '../deps.js';
import { factsOf } from '../helpers.js';
import { projectLifecycle } from '../lifecycle.js';
import { memberIdsOf } from '../queries.js';
import { applyTransition } from '../transitions.js';

/**
 * Kickoff: the product starts an approved project on its own when its deposit is paid, inside the caller's
 * transaction (the payment's). A project that is not approved (already started, cancelled) is left alone:
 * a payment is never refused because of the project's state. Answers whether the project was started.
 */
export function kickoffProject(deps: ProjectDeps) {
  return async (tx: Tx, publish: Publish, projectId: number, note: string): Promise<boolean> => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update').limit(1);
    if (!project) return false;
    const facts = factsOf(project, await memberIdsOf(tx, projectId));
    const initiator = systemActor('deposit_paid');
    if (!projectLifecycle.canMake(initiator, facts, project.status, 'in_progress')) return false;
    await applyTransition(deps, tx, publish, initiator, project, facts, 'in_progress', note);
    return true;
  };
}
