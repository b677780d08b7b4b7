import { PROJECT_STATUSES, type ProjectStatus } from '@agency/schema';
import { and, asc, count, desc, inArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan, projectAttention, projectDisclosure } from '../../../core/policy.js';
import { projectEvents, projects } from '../../../db/schema.js';
import type { ProjectDeps } from '../deps.js';
import { baseQuery, eventQuery, presentEvent, presentListItem, visibleProjects } from '../queries.js';

export function summarizeProjects({ ctx }: ProjectDeps) {
  return async (actor: Actor) => {
    assertCan(actor, 'project:list', null);
    const visible = visibleProjects(actor);
    const counted = await ctx.db.select({ status: projects.status, n: count() }).from(projects).where(visible).groupBy(projects.status);
    const counts = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as Record<ProjectStatus, number>;
    for (const row of counted) counts[row.status] = Number(row.n);
    const attention = await baseQuery(ctx.db)
      .where(and(visible, inArray(projects.status, [...projectAttention(actor)])))
      .orderBy(asc(projects.id))
      .limit(5);
    const events = await eventQuery(ctx.db).where(visible).orderBy(desc(projectEvents.id)).limit(10);
    return {
      counts,
      total: Object.values(counts).reduce((a, b) => a + b, 0),
      pending: counts.pending,
      needs_attention: attention.map((r) => presentListItem(r, projectDisclosure(actor))),
      recent_activity: events.map((r) => presentEvent(r, projectDisclosure(actor))),
    };
  };
}
