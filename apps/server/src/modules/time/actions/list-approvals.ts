import type { TimesheetApproval } from '@agency/schema';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan, timeScope } from '../../../core/policy.js';
import type { TimeDeps } from '../deps.js';

type Row = { user_id: string; name: string; week: string; status: TimesheetApproval['status']; submitted_at: string | Date | null; minutes: string };

/**
 * The weeks waiting for the caller's decision, oldest submission first: for staff every submitted week (an empty one
 * included); for a team lead the weeks of team members with submitted time on the projects they lead.
 */
export function listApprovals({ ctx }: TimeDeps) {
  return async (actor: Actor): Promise<TimesheetApproval[]> => {
    assertCan(actor, 'time:list', null);
    const scope = timeScope(actor);
    if (scope.kind === 'own') return [];
    const lead = scope.kind === 'lead' ? scope.userId : null;
    const result = (await ctx.db.execute(sql`
      select t.user_id::text as user_id, u.name, t.week, t.status, t.submitted_at, coalesce(w.minutes, 0)::text as minutes
      from timesheets t
      join users u on u.id = t.user_id
      left join lateral (
        select sum(e.minutes) as minutes
        from time_entries e
        where e.user_id = t.user_id and e.status = 'submitted'
          and e.work_date >= to_date(t.week, 'IYYY-"W"IW') and e.work_date < to_date(t.week, 'IYYY-"W"IW') + 7
          and (${lead}::bigint is null or e.project_id in (select p.id from projects p where p.team_lead_id = ${lead}::bigint))
      ) w on true
      where t.status in ('submitted', 'rejected')
        and (${lead}::bigint is null or u.role = 'teammember')
        and (w.minutes > 0 or (${lead}::bigint is null and t.status = 'submitted'))
      order by t.submitted_at, t.user_id
      limit 500`)) as unknown as { rows: Row[] };
    return result.rows.map((r) => ({
      user: { id: r.user_id, name: r.name },
      week: r.week,
      status: r.status,
      minutes: Number(r.minutes),
      submitted_at: r.submitted_at === null ? null : new Date(r.submitted_at).toISOString(),
    }));
  };
}
