import { formatDateTimeUtc, type SendContractInput } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import type { ContractDeps } from '../deps.js';
import { auditState, eventOf, target, type RequestInfo } from '../helpers.js';
import { staffTransition } from '../staff-transition.js';
import { renderDocument, sha256Hex } from '../template-render.js';
import { valuesFor } from '../variables.js';

/** Renders the body once with today's values and freezes it; its SHA-256 never changes afterwards. */
export function sendContract(deps: ContractDeps) {
  const { ctx, notifications } = deps;
  return async (actor: Actor, id: number, input: SendContractInput, info: RequestInfo) => {
    const now = ctx.now();
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= now.getTime() + 60_000) throw new AppError('BAD_REQUEST', 'expires_at: must be in the future');
    return staffTransition(deps, actor, id, 'sent', info, async (tx, row, publish) => {
      const frozen = renderDocument(row.contract.kind, row.contract.bodyMarkdown, await valuesFor(ctx, tx, row.contract, now));
      return {
        set: { bodyMarkdown: frozen.markdown, bodyHtml: frozen.html, documentSha256: sha256Hex(frozen.html), sentAt: now, expiresAt },
        note: expiresAt ? `Expires ${formatDateTimeUtc(expiresAt)}` : undefined,
        after: async (updated) => {
          await notifications.notify(tx, publish, [updated.signerId], {
            kind: 'contract_sent',
            title: 'A contract is ready to sign',
            body: `"${updated.title}" for ${row.projectTitle} is ready for your signature.${expiresAt ? ` Please sign it before ${formatDateTimeUtc(expiresAt)}.` : ''}`,
            target: target(updated),
            projectId: updated.projectId,
          });
          publish({ type: 'contract.sent', ...eventOf(updated) });
          await recordAudit(tx, actor, 'contract.sent', { type: 'contract', id, before: auditState(row.contract), after: auditState(updated) }, now);
        },
      };
    });
  };
}
