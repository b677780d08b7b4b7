import type { Actor } from '../../../core/actor.js';
import type { TimeDeps } from '../deps.js';
import { loadEntry, presentEntryById } from '../queries.js';

export function getEntry({ ctx }: TimeDeps) {
  return async (actor: Actor, id: number) => {
    await loadEntry(ctx.db, actor, 'time:read', id);
    return presentEntryById(ctx.db, id);
  };
}
