import type { ProjectStatus } from '@agency/schema';
import { and, asc, desc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan, projectDisclosure } from '../../../core/policy.js';
import { projects } from '../../../db/schema.js';
import { decodeCursor, toPage } from '../../../lib/pagination.js';
import type { ProjectDeps } from '../deps.js';
import { baseQuery, presentListItem, visibleProjects } from '../queries.js';

export function listProjects({ ctx }: ProjectDeps) {
  return async (actor: Actor, query: { status?: ProjectStatus; q?: string; cursor?: string; limit: number; order?: 'newest' | 'oldest' }) => {
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
  };
}
