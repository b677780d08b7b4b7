import type { Card, MoveCardInput } from '@agency/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { boardCards, boardColumns } from '../../../db/schema.js';
import { changed, recordEvent, staleCard } from '../changes.js';
import { assertRoomInColumn, keyForPlacement } from '../ordering.js';
import { assertWritable, cardCount, isDoneColumn, loadCard, lockColumn, siblingsOf } from '../queries.js';
import { getCard } from './get-card.js';

/**
 * Moves a card: one UPDATE of the card's own row (column, order key, version, done), never a renumbering.
 * The target column's row is locked first, so moves into one column are serialised: each computes its key
 * from the neighbours as they are, the keys stay unique, and the WIP count cannot be overrun by a race.
 */
export function moveCard(ctx: AppContext) {
  const readCard = getCard(ctx);
  return async (actor: Actor, cardId: number, input: MoveCardInput): Promise<Card> => {
    await ctx.transaction(async (tx, publish) => {
      const { card, project } = await loadCard(tx, actor, cardId, 'board:edit');
      assertWritable(project);
      if (card.version !== input.version) throw staleCard();
      const column = await lockColumn(
        tx,
        project.id,
        Number(input.column_id),
        "column_id: a card can only move to a column of its own project's board",
      );
      const isSameColumn = column.id === card.columnId;
      assertRoomInColumn(column, isSameColumn ? 0 : await cardCount(tx, column.id), isSameColumn);
      const position = keyForPlacement(await siblingsOf(tx, column.id), cardId, {
        afterId: input.after_card_id !== undefined ? Number(input.after_card_id) : undefined,
        beforeId: input.before_card_id !== undefined ? Number(input.before_card_id) : undefined,
      });
      const isDone = await isDoneColumn(tx, project.id, column.id);
      const now = ctx.now();
      const [moved] = await tx
        .update(boardCards)
        .set({
          columnId: column.id,
          position,
          version: sql`${boardCards.version} + 1`,
          doneAt: isDone ? (card.doneAt ?? now) : null,
          updatedAt: now,
        })
        .where(and(eq(boardCards.id, cardId), eq(boardCards.version, input.version)))
        .returning({ id: boardCards.id });
      if (!moved) throw staleCard();
      if (!isSameColumn) {
        const [from] = await tx.select({ name: boardColumns.name }).from(boardColumns).where(eq(boardColumns.id, card.columnId));
        await recordEvent(ctx, tx, cardId, actor, 'moved', `moved the card from "${from?.name ?? ''}" to "${column.name}"`);
      }
      changed(publish, actor, project.id, 'card_moved', { cardId, columnId: column.id });
    });
    return readCard(actor, cardId);
  };
}
