import { MAX_ATTACHMENT_BYTES, MAX_CARD_ATTACHMENTS } from '@agency/schema';
import type { AppContext } from '../../context.js';
import type { NotificationService } from '../notifications/service.js';
import { addComment } from './actions/add-comment.js';
import { assertMayAttach } from './actions/assert-may-attach.js';
import { boardJson } from './actions/board-json.js';
import { createCard } from './actions/create-card.js';
import { createColumn } from './actions/create-column.js';
import { deleteCard } from './actions/delete-card.js';
import { deleteColumn } from './actions/delete-column.js';
import { findAttachment } from './actions/find-attachment.js';
import { getBoard } from './actions/get-board.js';
import { getCard } from './actions/get-card.js';
import { moveCard } from './actions/move-card.js';
import { moveColumn } from './actions/move-column.js';
import { myCards } from './actions/my-cards.js';
import { progress } from './actions/progress.js';
import { recordAttachments } from './actions/record-attachments.js';
import { removeAttachment } from './actions/remove-attachment.js';
import { summaries } from './actions/summaries.js';
import { updateCard } from './actions/update-card.js';
import { updateColumn } from './actions/update-column.js';

export { cardAttachmentDownloadPath } from './queries.js';

/**
 * The board service: one action per file in `actions/`, each made here from what it runs on and called with the
 * actor first. The reads and row mappers they share are in `queries.ts`, the steps of a change in `changes.ts`.
 */
export function createBoardService(ctx: AppContext, notifications: NotificationService) {
  return {
    boardJson: boardJson(ctx),
    getBoard: getBoard(ctx),
    getCard: getCard(ctx),
    createCard: createCard(ctx, notifications),
    updateCard: updateCard(ctx, notifications),
    moveCard: moveCard(ctx),
    deleteCard: deleteCard(ctx),
    addComment: addComment(ctx, notifications),
    assertMayAttach: assertMayAttach(ctx),
    recordAttachments: recordAttachments(ctx),
    removeAttachment: removeAttachment(ctx),
    findAttachment: findAttachment(ctx),
    createColumn: createColumn(ctx),
    updateColumn: updateColumn(ctx),
    moveColumn: moveColumn(ctx),
    deleteColumn: deleteColumn(ctx),
    myCards: myCards(ctx),
    summaries: summaries(ctx),
    progress: progress(ctx),
    limits: { maxFiles: MAX_CARD_ATTACHMENTS, maxBytes: MAX_ATTACHMENT_BYTES },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
