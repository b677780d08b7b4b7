import type { Card } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { loadCard, presentCard } from '../queries.js';

export function getCard(ctx: AppContext) {
  return async (actor: Actor, cardId: number): Promise<Card> => {
    const { card, project } = await loadCard(ctx.db, actor, cardId, 'board:read');
    return presentCard(ctx, actor, card, project);
  };
}
