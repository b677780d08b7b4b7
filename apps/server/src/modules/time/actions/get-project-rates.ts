import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { TimeDeps } from '../deps.js';
import { requireProject } from '../queries.js';
import { presentProjectRates } from '../rates.js';

/** A project's billable hourly rate (staff): in minor units of the project's currency. */
export function getProjectRates({ ctx }: TimeDeps) {
  return async (actor: Actor, projectId: number) => {
    assertCan(actor, 'rates:manage', null);
    const { project } = await requireProject(ctx.db, projectId);
    return presentProjectRates(ctx.db, project);
  };
}
