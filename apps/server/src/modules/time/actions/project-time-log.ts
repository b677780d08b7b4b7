import type { ProjectTimeLog, ProjectTimeLogData } from '@agency/schema';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { projectRates, timeEntries } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { clientTimeQuery, decodeStartCursor, encodeStartCursor, PROJECT_NOT_FOUND, presentClientTime, projectInfo } from '../queries.js';

export const TIME_LOG_NOT_SHARED = "This project's time log is not shared";

/**
 * A project's time log: its approved and billed billable time, newest first, with the minutes of everything the
 * filters select. Staff read it always (to see what the client would); the owners and billing people of the
 * project's company once staff have shared it. Never a cost or a rate.
 */
export function projectTimeLog({ ctx }: TimeDeps) {
  return async (actor: Actor, projectId: number, query: ProjectTimeLogData): Promise<ProjectTimeLog> => {
    const info = await projectInfo(ctx.db, projectId);
    if (!info) throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
    assertCan(actor, 'time_log:read', info.facts, PROJECT_NOT_FOUND);
    if (actor.role === 'client') {
      const [settings] = await ctx.db.select({ shared: projectRates.clientTimeLog }).from(projectRates).where(eq(projectRates.projectId, projectId));
      if (!settings?.shared) throw new AppError('NOT_FOUND', TIME_LOG_NOT_SHARED);
    }
    const filters: (SQL | undefined)[] = [
      eq(timeEntries.projectId, projectId),
      eq(timeEntries.billable, true),
      inArray(timeEntries.status, ['approved', 'billed']),
      query.from ? sql`${timeEntries.workDate} >= ${query.from}` : undefined,
      query.to ? sql`${timeEntries.workDate} <= ${query.to}` : undefined,
    ];
    const after = query.cursor ? decodeStartCursor(query.cursor) : null;
    const page = after ? sql`(${timeEntries.startedAt}, ${timeEntries.id}) < (${after.at}::timestamptz, ${after.id})` : undefined;
    const [rows, [total]] = await Promise.all([
      clientTimeQuery(ctx.db)
        .where(and(...filters, page))
        .orderBy(desc(timeEntries.startedAt), desc(timeEntries.id))
        .limit(query.limit + 1),
      ctx.db
        .select({ minutes: sql<string>`coalesce(sum(${timeEntries.minutes}), 0)` })
        .from(timeEntries)
        .where(and(...filters)),
    ]);
    const more = rows.length > query.limit;
    const items = more ? rows.slice(0, query.limit) : rows;
    const last = items[items.length - 1];
    return {
      project_id: String(projectId),
      items: items.map(presentClientTime),
      next_cursor: more && last ? encodeStartCursor(last.startedAt, last.id) : null,
      total_minutes: Number(total?.minutes ?? 0),
    };
  };
}
