import type { ChangeProjectStatusInput } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import type { ProjectDeps } from '../deps.js';
import { transition } from '../transitions.js';

export function changeProjectStatus(deps: ProjectDeps) {
  return async (actor: Actor, id: number, input: ChangeProjectStatusInput) =>
    transition(deps, actor, id, input.status, input.note || undefined, async () => ({}));
}
