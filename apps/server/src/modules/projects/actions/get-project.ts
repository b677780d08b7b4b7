import type { Actor } from '../../../core/actor.js';
import type { ProjectDeps } from '../deps.js';
import { load, present } from '../queries.js';

export function getProject({ ctx }: ProjectDeps) {
  return async (actor: Actor, id: number) => {
    const { row } = await load(ctx, actor, 'project:read', id);
    return present(ctx, row, actor);
  };
}
