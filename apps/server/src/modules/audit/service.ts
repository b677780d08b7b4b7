import { Readable } from 'node:stream';
import { auditActionLabel, type AuditEntry } from '@agency/schema';
import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import { auditLog, users } from '../../db/schema.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { csvField } from '../../lib/csv.js';

export type AuditFilters = {
  person?: string;
  actor_id?: string;
  action?: string;
  entity_type?: string;
  entity_id?: string;
  from?: string;
  to?: string;
};

type Row = { entry: typeof auditLog.$inferSelect; name: string | null; email: string | null };

function present({ entry, name, email }: Row): AuditEntry {
  return {
    id: String(entry.id),
    at: entry.at.toISOString(),
    actor: entry.actorId === null ? null : { id: String(entry.actorId), name: name ?? '', email: email ?? '', role: entry.actorRole ?? '' },
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    before: (entry.before as Record<string, unknown> | null) ?? null,
    after: (entry.after as Record<string, unknown> | null) ?? null,
    ip: entry.ip,
  };
}

/** `%` and `_` typed in a search are letters, not wildcards. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(filters: AuditFilters, beforeId?: number): SQL | undefined {
  const person = filters.person?.trim();
  return and(
    person ? or(ilike(users.name, likePattern(person)), ilike(users.email, likePattern(person))) : undefined,
    filters.actor_id ? eq(auditLog.actorId, Number(filters.actor_id)) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.entity_type ? eq(auditLog.entityType, filters.entity_type) : undefined,
    filters.entity_id ? eq(auditLog.entityId, filters.entity_id) : undefined,
    filters.from ? gte(auditLog.at, new Date(filters.from)) : undefined,
    filters.to ? lt(auditLog.at, new Date(filters.to)) : undefined,
    beforeId ? lt(auditLog.id, beforeId) : undefined,
  );
}

const CSV_COLUMNS = [
  'id',
  'time_utc',
  'actor_id',
  'actor_name',
  'actor_email',
  'actor_role',
  'action',
  'action_label',
  'entity_type',
  'entity_id',
  'ip',
  'before',
  'after',
];

function csvLine(e: AuditEntry): string {
  return (
    [
      e.id,
      e.at,
      e.actor?.id,
      e.actor?.name,
      e.actor?.email,
      e.actor?.role,
      e.action,
      auditActionLabel(e.action),
      e.entity_type,
      e.entity_id,
      e.ip,
      e.before,
      e.after,
    ]
      .map(csvField)
      .join(',') + '\r\n'
  );
}

const EXPORT_BATCH = 500;

export function createAuditService(ctx: AppContext) {
  function select() {
    return ctx.db.select({ entry: auditLog, name: users.name, email: users.email }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId));
  }

  return {
    /** Newest first, by id: the order rows were written in. */
    async search(actor: Actor, filters: AuditFilters & { cursor?: string; limit: number }) {
      assertCan(actor, 'audit:read', null);
      const rows = await select()
        .where(where(filters, decodeCursor(filters.cursor)))
        .orderBy(desc(auditLog.id))
        .limit(filters.limit + 1);
      return toPage(
        rows.map((r) => ({ ...r, id: r.entry.id })),
        filters.limit,
        present,
      );
    },

    /** Every matching row as CSV, read from the database a batch at a time while the answer streams out. */
    export(actor: Actor, filters: AuditFilters): Readable {
      assertCan(actor, 'audit:read', null);
      let beforeId: number | undefined;
      let started = false;
      let done = false;
      return new Readable({
        async read() {
          try {
            if (!started) {
              started = true;
              this.push('\uFEFF' + CSV_COLUMNS.join(',') + '\r\n');
              return;
            }
            if (done) {
              this.push(null);
              return;
            }
            const rows = await select().where(where(filters, beforeId)).orderBy(desc(auditLog.id)).limit(EXPORT_BATCH);
            if (rows.length < EXPORT_BATCH) done = true;
            if (rows.length === 0) {
              this.push(null);
              return;
            }
            beforeId = rows[rows.length - 1].entry.id;
            this.push(rows.map((r) => csvLine(present(r))).join(''));
          } catch (err) {
            this.destroy(err as Error);
          }
        },
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
