import { and, eq, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { isSystemActor, type Actor, type Initiator } from './actor.js';
import { AppError } from './errors.js';

/**
 * One edge of a state machine: from which states, to which, who may take it (given the record), and which of
 * the product's own triggers may take it with no person behind it (a paid deposit, the overdue job).
 */
export type Edge<S extends string, R> = { from: readonly S[]; to: S; who: (actor: Actor, resource: R) => boolean; system?: readonly string[] };

type StatefulTable = PgTable & { id: PgColumn; status: PgColumn };

export type TransitionArgs<S extends string, R, T extends StatefulTable> = {
  table: T;
  id: number;
  actor: Initiator;
  /** The record as the caller read it: `from` is its status. */
  resource: R;
  from: S;
  to: S;
  /** Other columns to change together with the status. */
  set?: PgUpdateSetSource<T>;
  /** Runs in the same transaction after the update: the timeline row, notifications, the domain event. */
  after?: (updated: InferSelectModel<T>) => Promise<void>;
};

/**
 * A state machine as data plus one function (STYLE 17). `assertMay` answers 403 when the caller may never make
 * this kind of change and 409 when the record's current state does not allow it; `transition` updates
 * `WHERE id = $id AND status = $from`, so a concurrent change (0 rows) is a 409 too, never a lost update.
 */
export function defineStateMachine<S extends string, R>(spec: { entity: string; labels: Record<S, string>; edges: readonly Edge<S, R>[] }) {
  const label = (s: S) => spec.labels[s].toLowerCase();

  function next(from: S): S[] {
    return spec.edges.filter((e) => e.from.includes(from)).map((e) => e.to);
  }

  function mayTake(edge: Edge<S, R>, initiator: Initiator, resource: R): boolean {
    return isSystemActor(initiator) ? (edge.system ?? []).includes(initiator.trigger) : edge.who(initiator, resource);
  }

  function assertMay(actor: Initiator, resource: R, from: S, to: S): void {
    const mine = spec.edges.filter((e) => e.to === to && mayTake(e, actor, resource));
    if (mine.length === 0) throw new AppError('FORBIDDEN');
    if (!mine.some((e) => e.from.includes(from))) {
      throw new AppError('INVALID_TRANSITION', `A ${spec.entity} that is ${label(from)} cannot become ${label(to)}`);
    }
  }

  function canMake(actor: Initiator, resource: R, from: S, to: S): boolean {
    return spec.edges.some((e) => e.to === to && e.from.includes(from) && mayTake(e, actor, resource));
  }

  async function transition<T extends StatefulTable>(tx: Tx, args: TransitionArgs<S, R, T>): Promise<InferSelectModel<T>> {
    assertMay(args.actor, args.resource, args.from, args.to);
    const changes = { ...(args.set ?? {}), status: args.to } as PgUpdateSetSource<T>;
    const rows = (await tx
      .update(args.table)
      .set(changes)
      .where(and(eq(args.table.id, args.id), eq(args.table.status, args.from)))
      .returning()) as InferSelectModel<T>[];
    const updated = rows[0];
    if (!updated) throw new AppError('STALE_STATE', `The ${spec.entity} changed meanwhile; reload and try again`);
    await args.after?.(updated);
    return updated;
  }

  return { entity: spec.entity, edges: spec.edges, next, assertMay, canMake, transition };
}

export type StateMachine<S extends string, R> = ReturnType<typeof defineStateMachine<S, R>>;
