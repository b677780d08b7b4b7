import { desc, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan, projectDisclosure } from '../../../core/policy.js';
import { projects } from '../../../db/schema.js';
import { baseQuery, presentListItem } from '../../projects/queries.js';
import type { CompanyDeps } from '../deps.js';
import { loadCompany, membersOf, presentCompany, presentMember } from '../queries.js';

/** Staff: one company with its people (removed ones included) and its projects, newest first. */
export function getCompanyDetail({ ctx }: CompanyDeps) {
  return async (actor: Actor, id: number) => {
    assertCan(actor, 'company:browse', null);
    const company = await loadCompany(ctx.db, id);
    const [people, rows] = await Promise.all([
      membersOf(ctx.db, id),
      baseQuery(ctx.db).where(eq(projects.companyId, id)).orderBy(desc(projects.id)).limit(500),
    ]);
    const disclosure = projectDisclosure(actor);
    return {
      company: presentCompany(company),
      members: people.map(presentMember),
      projects: rows.map((r) => presentListItem(r, disclosure)),
    };
  };
}
