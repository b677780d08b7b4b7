import type { Actor } from '../../../core/actor.js';
import type { ProjectDeps } from '../deps.js';
import { transition } from '../transitions.js';

export function rejectProject(deps: ProjectDeps) {
  return async (actor: Actor, id: number, reason: string) =>
    transition(deps, actor, id, 'rejected', reason, async () => ({ rejectionReason: reason }));
}
