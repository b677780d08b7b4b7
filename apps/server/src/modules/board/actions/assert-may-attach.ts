import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { assertWritable, loadCard } from '../queries.js';

/** Who may attach, and how many files the card has; checked again when the files are recorded. */
export function assertMayAttach(ctx: AppContext) {
  return async (actor: Actor, cardId: number) => {
    const { card, project } = await loadCard(ctx.db, actor, cardId, 'board:edit');
    assertWritable(project);
    return { existing: card.attachmentCount };
  };
}
