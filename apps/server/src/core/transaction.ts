import type { Db, Tx } from '../db/client.js';
import type { DomainEvent, EventBus, EventMeta, Publish } from './events.js';

/** Runs `work` in one transaction; the events it publishes are delivered after the commit, and dropped on rollback. */
export type Transact = <T>(work: (tx: Tx, publish: Publish) => Promise<T>) => Promise<T>;

export function createTransact(db: Db, bus: EventBus): Transact {
  return async (work) => {
    const events: DomainEvent[] = [];
    let metas: EventMeta[] = [];
    const result = await db.transaction(async (tx) => {
      const value = await work(tx, (event) => events.push(event));
      metas = await bus.beforeCommit(tx, events);
      return value;
    });
    await bus.deliver(events, metas);
    return result;
  };
}
