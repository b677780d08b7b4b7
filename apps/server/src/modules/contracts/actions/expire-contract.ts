import { formatDateTimeUtc } from '@agency/schema';
import { contracts } from '../../../db/schema.js';
import type { ContractDeps } from '../deps.js';
import { eventOf, target } from '../helpers.js';
import { contractLifecycle, SCHEDULER } from '../lifecycle.js';
import { factsOf, loadRow, staffIds } from '../queries.js';
import { recordEvent } from '../trail.js';

/** A sent contract past its expiry becomes expired (once); staff and the signer are told. */
export function expireContract({ ctx, notifications }: ContractDeps) {
  return async (id: number) =>
    ctx.transaction(async (tx, publish) => {
      const row = await loadRow(tx, id, true).catch(() => null);
      const c = row?.contract;
      if (!row || !c || c.status !== 'sent' || !c.expiresAt || c.expiresAt > ctx.now()) return false;
      await contractLifecycle.transition(tx, {
        table: contracts,
        id,
        actor: SCHEDULER,
        resource: { ...factsOf(row), by: 'scheduler' },
        from: 'sent',
        to: 'expired',
        set: { updatedAt: ctx.now() },
        after: async (updated) => {
          await recordEvent(ctx, tx, id, 'expired', null, undefined, `Unsigned at ${formatDateTimeUtc(c.expiresAt!)}`);
          await notifications.notify(tx, publish, await staffIds(tx), {
            kind: 'contract_expired',
            title: 'Contract expired unsigned',
            body: `"${updated.title}" for ${row.projectTitle} (${row.signerName}) expired without a signature.`,
            target: target(updated),
            projectId: updated.projectId,
          });
          await notifications.notify(tx, publish, [updated.signerId], {
            kind: 'contract_expired',
            title: 'A contract expired',
            body: `"${updated.title}" for ${row.projectTitle} expired before it was signed. The agency will be in touch.`,
            target: target(updated),
            projectId: updated.projectId,
          });
          publish({ type: 'contract.expired', ...eventOf(updated) });
        },
      });
      return true;
    });
}
