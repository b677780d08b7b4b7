import type { TimeEntryListData } from '@agency/schema';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { timeEntries } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { decodeStartCursor, encodeStartCursor, entryQuery, presentEntry, visibleSpending } from '../queries.js';

/**
 * Time the caller may see (their own; a lead's projects too; everyone's for staff), filtered, newest first, with the
 * minutes of everything the filters select.
 */
export function listEntries({ ctx }: TimeDeps) {
  return async (actor: Actor, query: TimeEntryListData) => {
    assertCan(actor, 'time:list', null);
    const filters: (SQL | undefined)[] = [
      visibleSpending(actor, timeEntries),
      query.user_id ? eq(timeEntries.userId, Number(query.user_id)) : undefined,
      query.project_id ? eq(timeEntries.projectId, Number(query.project_id)) : undefined,
      query.card_id ? eq(timeEntries.cardId, Number(query.card_id)) : undefined,
      query.from ? sql`${timeEntries.workDate} >= ${query.from}` : undefined,
      query.to ? sql`${timeEntries.workDate} <= ${query.to}` : undefined,
      query.status ? eq(timeEntries.status, query.status) : undefined,
    ];
    const after = query.cursor ? decodeStartCursor(query.cursor) : null;
    const page = after ? sql`(${timeEntries.startedAt}, ${timeEntries.id}) < (${after.at}::timestamptz, ${after.id})` : undefined;
    const [rows, [total]] = await Promise.all([
      entryQuery(ctx.db)
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
      items: items.map(presentEntry),
      next_cursor: more && last ? encodeStartCursor(last.entry.startedAt, last.entry.id) : null,
      total_minutes: Number(total?.minutes ?? 0),
    };
  };
}
