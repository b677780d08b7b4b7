import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { projectDisclosure } from '../../../core/policy.js';
import { projectEvents } from '../../../db/schema.js';
import type { ProjectDeps } from '../deps.js';
import { eventQuery, load, presentEvent } from '../queries.js';

export function listProjectActivity({ ctx }: ProjectDeps) {
  return async (actor: Actor, id: number) => {
    await load(ctx, actor, 'project:read', id);
    const rows = await eventQuery(ctx.db).where(eq(projectEvents.projectId, id)).orderBy(asc(projectEvents.id));
    return rows.map((r) => presentEvent(r, projectDisclosure(actor)));
  };
}
