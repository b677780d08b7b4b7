import type { BoardCard } from '@agency/schema';

/** A card of project 9's board, as the board's answer lists it: nothing assigned, due or counted unless given. */
export function boardCard(id: string, columnId: string, title: string, overrides: Partial<BoardCard> = {}): BoardCard {
  return {
    id,
    project_id: '9',
    column_id: columnId,
    title,
    position: `a${id}`,
    version: 3,
    assignee_ids: [],
    labels: [],
    due_date: null,
    done: false,
    checklist_done: 0,
    checklist_total: 0,
    comment_count: 0,
    attachment_count: 0,
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
