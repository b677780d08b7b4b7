import type { ContractListQuery } from '@agency/schema';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { contracts } from '../../../db/schema.js';
import { decodeCursor, toPage } from '../../../lib/pagination.js';
import type { ContractDeps } from '../deps.js';
import { baseQuery, filters, presentItem, type Row } from '../queries.js';

export function listContracts({ ctx }: ContractDeps) {
  return async (actor: Actor, query: ContractListQuery & { cursor?: string; limit: number }) => {
    assertCan(actor, 'contract:list', null);
    const after = decodeCursor(query.cursor);
    const rows = await baseQuery(ctx.db)
      .where(and(filters(actor, query), query.status ? eq(contracts.status, query.status) : undefined, after ? lt(contracts.id, after) : undefined))
      .orderBy(desc(contracts.id))
      .limit(query.limit + 1);
    return toPage(
      (rows as Row[]).map((r) => ({ ...r, id: r.contract.id })),
      query.limit,
      (r) => presentItem(ctx, actor, r),
    );
  };
}
