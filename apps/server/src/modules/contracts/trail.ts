import type { ContractEvent } from '@agency/schema';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contractEvents } from '../../db/schema.js';
import type { RequestInfo } from './helpers.js';

/** One entry of a contract's trail: what happened, who did it and from where. */
export async function recordEvent(
  ctx: AppContext,
  db: DbOrTx,
  contractId: number,
  kind: ContractEvent['kind'],
  actorId: number | null,
  info?: RequestInfo,
  note?: string,
) {
  await db.insert(contractEvents).values({
    contractId,
    kind,
    actorId,
    ip: info?.ip ?? null,
    userAgent: info?.userAgent?.slice(0, 500) ?? null,
    note: note ?? null,
    createdAt: ctx.now(),
  });
}
