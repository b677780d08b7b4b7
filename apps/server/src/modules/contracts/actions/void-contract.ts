import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import type { ContractDeps } from '../deps.js';
import { auditState, eventOf, target, type RequestInfo } from '../helpers.js';
import { staffTransition } from '../staff-transition.js';

export function voidContract(deps: ContractDeps) {
  const { ctx, notifications } = deps;
  return async (actor: Actor, id: number, reason: string, info: RequestInfo) =>
    staffTransition(deps, actor, id, 'void', info, async (tx, row, publish) => ({
      set: { voidedAt: ctx.now(), voidReason: reason },
      note: reason,
      after: async (updated) => {
        // A draft was never shown to its signer: only a sent contract's signer hears that it is void.
        if (row.contract.status === 'sent') {
          await notifications.notify(tx, publish, [updated.signerId], {
            kind: 'contract_voided',
            title: 'A contract was withdrawn',
            body: `"${updated.title}" for ${row.projectTitle} was voided and no longer needs your signature. Reason: ${reason}`,
            target: target(updated),
            projectId: updated.projectId,
          });
        }
        publish({ type: 'contract.voided', ...eventOf(updated) });
        await recordAudit(
          tx,
          actor,
          'contract.voided',
          { type: 'contract', id, before: auditState(row.contract), after: { ...auditState(updated), reason } },
          ctx.now(),
        );
      },
    }));
}
