import {
  nextToolRequestStatus,
  TOOL_REQUEST_STATUS_LABELS,
  type CreateToolRequestInput,
  type DecideToolRequestInput,
  type ToolRequest,
  type ToolRequestStatus,
} from '@agency/schema';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { assertCan, companyOf, toolRequestScope } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import { toolRequests, users } from '../../db/schema.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { companyPeopleIds } from '../companies/queries.js';
import type { NotificationService } from '../notifications/service.js';

type Row = { request: typeof toolRequests.$inferSelect; clientName: string };

function present({ request: r, clientName }: Row): ToolRequest {
  return {
    id: String(r.id),
    client: { id: String(r.clientId), name: clientName },
    name: r.name,
    category: r.category,
    reason: r.reason,
    quantity: r.quantity,
    needed_by: r.neededBy,
    status: r.status,
    decision_reason: r.decisionReason,
    decided_at: r.decidedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export function createToolRequestService(ctx: AppContext, notifications: NotificationService) {
  const select = () =>
    ctx.db.select({ request: toolRequests, clientName: users.name }).from(toolRequests).innerJoin(users, eq(users.id, toolRequests.clientId));

  /** A client lists its company's requests; staff list all. */
  function visible(actor: Actor) {
    assertCan(actor, 'tool_request:list', null);
    const scope = toolRequestScope(actor);
    switch (scope.kind) {
      case 'all':
        return undefined;
      case 'company':
        return eq(toolRequests.companyId, scope.companyId);
    }
  }

  async function get(actor: Actor, id: number) {
    const [row] = await select().where(eq(toolRequests.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Tool request not found');
    assertCan(actor, 'tool_request:read', { companyId: row.request.companyId }, 'Tool request not found');
    return present(row);
  }

  return {
    get,

    async create(actor: Actor, input: CreateToolRequestInput) {
      assertCan(actor, 'tool_request:create', null);
      const companyId = companyOf(actor);
      const now = ctx.now();
      const row = await ctx.transaction(async (tx, publish) => {
        const [created] = await tx
          .insert(toolRequests)
          .values({
            clientId: actor.id,
            companyId,
            name: input.name,
            category: input.category,
            reason: input.reason,
            quantity: input.quantity,
            neededBy: input.needed_by ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        // Staff are told about every new request, so none waits unseen.
        const staff = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.role, ['superadmin', 'admin']), eq(users.status, 'active')));
        await notifications.notify(
          tx,
          publish,
          staff.map((s) => s.id),
          {
            kind: 'tool_request_submitted',
            title: 'New tool request',
            body: `${actor.name} asks for "${created.name}" (${created.quantity} × ${created.category}).`,
            target: { type: 'tool_request', id: String(created.id) },
          },
        );
        return created;
      });
      return get(actor, row.id);
    },

    async list(actor: Actor, query: { status?: ToolRequestStatus; cursor?: string; limit: number }) {
      const after = decodeCursor(query.cursor);
      const rows = await select()
        .where(and(visible(actor), query.status ? eq(toolRequests.status, query.status) : undefined, after ? lt(toolRequests.id, after) : undefined))
        .orderBy(desc(toolRequests.id))
        .limit(query.limit + 1);
      return toPage(
        rows.map((r) => ({ ...r, id: r.request.id })),
        query.limit,
        present,
      );
    },

    async decide(actor: Actor, id: number, input: DecideToolRequestInput) {
      await ctx.transaction(async (tx, publish) => {
        const [current] = await tx.select().from(toolRequests).where(eq(toolRequests.id, id)).limit(1).for('update');
        if (!current) throw new AppError('NOT_FOUND', 'Tool request not found');
        assertCan(actor, 'tool_request:decide', { companyId: current.companyId }, 'Tool request not found');
        const to = nextToolRequestStatus(current.status, input.action);
        if (!to) {
          throw new AppError(
            'INVALID_TRANSITION',
            `A request that is ${TOOL_REQUEST_STATUS_LABELS[current.status].toLowerCase()} cannot be changed that way`,
          );
        }
        const now = ctx.now();
        await tx
          .update(toolRequests)
          .set({ status: to, decisionReason: input.reason || null, decidedBy: actor.id, decidedAt: now, updatedAt: now })
          .where(eq(toolRequests.id, id));
        await recordAudit(
          tx,
          actor,
          'tool_request.decided',
          { type: 'tool_request', id, before: { status: current.status }, after: { status: to, reason: input.reason || null } },
          now,
        );
        // Tool requests are every person's of the company.
        await notifications.notify(tx, publish, await companyPeopleIds(tx, current.companyId), {
          kind: `tool_request_${to}`,
          title: `Tool request ${TOOL_REQUEST_STATUS_LABELS[to].toLowerCase()}`,
          body: `Your request for "${current.name}" is now ${TOOL_REQUEST_STATUS_LABELS[to].toLowerCase()}.${input.reason ? ` Reason: ${input.reason}` : ''}`,
          target: { type: 'tool_request', id: String(id) },
        });
      });
      return get(actor, id);
    },
  };
}

export type ToolRequestService = ReturnType<typeof createToolRequestService>;
