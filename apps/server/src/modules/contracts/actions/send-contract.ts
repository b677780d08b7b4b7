import { formatDateTimeUtc, type SendContractInput } from '@agency/schema';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import type { DbOrTx } from '../../../db/client.js';
import { contracts } from '../../../db/schema.js';
import type { ContractDeps } from '../deps.js';
import { auditState, eventOf, target, type RequestInfo } from '../helpers.js';
import type { Row } from '../queries.js';
import { assertCompanySigner } from '../signers.js';
import { staffTransition } from '../staff-transition.js';
import { renderDocument, sha256Hex } from '../template-render.js';
import { valuesFor } from '../variables.js';

/**
 * Who signs a client contract sent now: the person staff name (any active person of the company), else the one it
 * was drafted for. A team contract keeps its signer.
 */
async function signerAtSend(db: DbOrTx, row: Row, named: string | undefined): Promise<number> {
  const c = row.contract;
  if (named === undefined || Number(named) === c.signerId) return c.signerId;
  if (c.kind !== 'client' || c.companyId === null) throw new AppError('UNPROCESSABLE', 'signer_id: a team contract keeps the signer it was made for');
  const signerId = Number(named);
  await assertCompanySigner(db, c.companyId, signerId);
  const [other] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.projectId, c.projectId),
        eq(contracts.kind, 'client'),
        eq(contracts.signerId, signerId),
        ne(contracts.id, c.id),
        inArray(contracts.status, ['draft', 'sent', 'signed']),
      ),
    )
    .limit(1);
  if (other) throw new AppError('CONFLICT', 'This person already has a client contract on the project; void it first');
  return signerId;
}

/** Renders the body once with today's values and freezes it; its SHA-256 never changes afterwards. */
export function sendContract(deps: ContractDeps) {
  const { ctx, notifications } = deps;
  return async (actor: Actor, id: number, input: SendContractInput, info: RequestInfo) => {
    const now = ctx.now();
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= now.getTime() + 60_000) throw new AppError('BAD_REQUEST', 'expires_at: must be in the future');
    return staffTransition(deps, actor, id, 'sent', info, async (tx, row, publish) => {
      const signerId = await signerAtSend(tx, row, input.signer_id);
      const frozen = renderDocument(row.contract.kind, row.contract.bodyMarkdown, await valuesFor(ctx, tx, { ...row.contract, signerId }, now));
      return {
        set: { bodyMarkdown: frozen.markdown, bodyHtml: frozen.html, documentSha256: sha256Hex(frozen.html), sentAt: now, expiresAt, signerId },
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
