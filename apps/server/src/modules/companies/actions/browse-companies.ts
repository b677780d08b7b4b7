import type { CompaniesQuery } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { decodeCursor, toPage } from '../../../lib/pagination.js';
import type { CompanyDeps } from '../deps.js';
import { matching, summaryPage } from '../directory.js';

/** Staff: every company, newest first, with its figures; `q` searches names and e-mails of the company and its people. */
export function browseCompanies({ ctx }: CompanyDeps) {
  return async (actor: Actor, query: CompaniesQuery & { limit: number }) => {
    assertCan(actor, 'company:browse', null);
    const rows = await summaryPage(ctx.db, matching(query.q), decodeCursor(query.cursor), query.limit + 1);
    return toPage(rows, query.limit, (r) => r.item);
  };
}
