import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import type { Actor } from './actor.js';

/** The record an action was taken on, and how it looked before and after where that matters. */
export type AuditRecord = {
  type: string;
  id: string | number;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes one row of the audit log in the caller's transaction, so it exists exactly when the change does.
 * `action` is a name from AUDIT_ACTIONS (packages/schema): `recordAudit(tx, actor, 'project.approved', {type:
 * 'project', id, before, after}, ctx.now())`. The actor's `ip` is the address of the request that made the change.
 */
export async function recordAudit(tx: DbOrTx, actor: Pick<Actor, 'id' | 'role' | 'ip'>, action: string, record: AuditRecord, at: Date = new Date()) {
  await tx.insert(auditLog).values({
    at,
    actorId: actor.id,
    actorRole: actor.role,
    ip: actor.ip ?? null,
    action,
    entityType: record.type,
    entityId: String(record.id),
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
