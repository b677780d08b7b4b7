import type { BoardCard } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import {
  ASSIGNEE_ME,
  ASSIGNEE_NONE,
  NO_FILTERS,
  columnDropId,
  columnOf,
  isDropBlocked,
  isSamePlacement,
  localToday,
  matchesFilters,
  moveOver,
  moveToColumnEnd,
  placementOf,
  tabDropId,
  targetColumnOf,
  type ColumnItems,
} from './board-state';

const items: ColumnItems = { '1': ['a', 'b', 'c'], '2': ['d'], '3': [] };

function card(overrides: Partial<BoardCard>): BoardCard {
  return {
    id: 'a',
    project_id: '9',
    column_id: '1',
    title: 'Card',
    position: 'a0',
    version: 1,
    assignee_ids: [],
    labels: [],
    due_date: null,
    done: false,
    checklist_done: 0,
    checklist_total: 0,
    comment_count: 0,
    attachment_count: 0,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('moving cards on the screen', () => {
  it('finds the column of a card and of a column drop target', () => {
    expect(columnOf(items, 'b')).toBe('1');
    expect(columnOf(items, columnDropId('3'))).toBe('3');
    expect(columnOf(items, 'zz')).toBeNull();
  });

  it('reorders within a column and moves across columns, to a card or to the end of a column', () => {
    expect(moveOver(items, 'c', 'a')['1']).toEqual(['c', 'a', 'b']);
    const across = moveOver(items, 'a', 'd');
    expect(across).toEqual({ '1': ['b', 'c'], '2': ['a', 'd'], '3': [] });
    expect(moveOver(items, 'b', columnDropId('3'))).toEqual({ '1': ['a', 'c'], '2': ['d'], '3': ['b'] });
    expect(moveOver(items, 'a', 'a')).toBe(items);
  });

  it('names the neighbours the API places a card between', () => {
    const moved = moveOver(items, 'a', 'd');
    expect(placementOf(moved, 'a')).toEqual({ column_id: '2', before_card_id: 'd' });
    expect(placementOf(moveOver(items, 'c', 'b'), 'c')).toEqual({ column_id: '1', after_card_id: 'a', before_card_id: 'b' });
    expect(placementOf(moveToColumnEnd(items, 'a', '2'), 'a')).toEqual({ column_id: '2', after_card_id: 'd' });
    expect(isSamePlacement(items, moveOver(items, 'a', 'a'), 'a')).toBe(true);
    expect(isSamePlacement(items, moved, 'a')).toBe(false);
  });
});

describe('filters', () => {
  const today = '2026-03-10';

  it('by assignee: me, nobody, or a person', () => {
    const mine = card({ assignee_ids: ['7'] });
    const nobodys = card({});
    expect(matchesFilters(mine, { ...NO_FILTERS, assignee: ASSIGNEE_ME }, '7', today)).toBe(true);
    expect(matchesFilters(nobodys, { ...NO_FILTERS, assignee: ASSIGNEE_ME }, '7', today)).toBe(false);
    expect(matchesFilters(nobodys, { ...NO_FILTERS, assignee: ASSIGNEE_NONE }, '7', today)).toBe(true);
    expect(matchesFilters(mine, { ...NO_FILTERS, assignee: '8' }, '7', today)).toBe(false);
  });

  it('by label and by due date', () => {
    expect(matchesFilters(card({ labels: ['web'] }), { ...NO_FILTERS, label: 'web' }, '7', today)).toBe(true);
    expect(matchesFilters(card({ labels: [] }), { ...NO_FILTERS, label: 'web' }, '7', today)).toBe(false);
    expect(matchesFilters(card({ due_date: '2026-03-09' }), { ...NO_FILTERS, due: 'overdue' }, '7', today)).toBe(true);
    expect(matchesFilters(card({ due_date: '2026-03-09', done: true }), { ...NO_FILTERS, due: 'overdue' }, '7', today)).toBe(false);
    expect(matchesFilters(card({ due_date: '2026-03-12' }), { ...NO_FILTERS, due: 'soon' }, '7', today)).toBe(true);
    expect(matchesFilters(card({ due_date: '2026-04-30' }), { ...NO_FILTERS, due: 'soon' }, '7', today)).toBe(false);
    expect(matchesFilters(card({}), { ...NO_FILTERS, due: 'none' }, '7', today)).toBe(true);
  });

  it('takes today in the reader’s own zone', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('drop targets', () => {
  it('name the column of a card, of a column and of a column’s tab', () => {
    expect(targetColumnOf(items, 'b')).toBe('1');
    expect(targetColumnOf(items, columnDropId('3'))).toBe('3');
    expect(targetColumnOf(items, tabDropId('2'))).toBe('2');
    expect(targetColumnOf(items, tabDropId('99'))).toBeNull();
    // A tab is no card: a drag over it changes no list while it lasts.
    expect(moveOver(items, 'a', tabDropId('2'))).toBe(items);
  });

  it('refuse a card from another column once a column holds as many cards as its WIP limit', () => {
    expect(isDropBlocked(items, 'a', '2', 1)).toBe(true);
    expect(isDropBlocked(items, 'a', '2', 2)).toBe(false);
    expect(isDropBlocked(items, 'a', '2', null)).toBe(false);
    expect(isDropBlocked(items, 'a', '3', 0)).toBe(true);
    // Its own column always takes a card back, full or not.
    expect(isDropBlocked(items, 'a', '1', 3)).toBe(false);
    expect(isDropBlocked(items, 'd', '2', 1)).toBe(false);
  });
});
