import type { Board } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { boardJson } from './board-json.js';

export function getBoard(ctx: AppContext) {
  const json = boardJson(ctx);
  return async (actor: Actor, projectId: number): Promise<Board> => {
    return JSON.parse(await json(actor, projectId)) as Board;
  };
}
