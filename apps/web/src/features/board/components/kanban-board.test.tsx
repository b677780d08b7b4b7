import type { Board, BoardCard, Card } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import { renderScreen } from '../../../test/render';
import { boardCard } from '../../../test/board-fixtures';
import { answerMediaQueries, restoreMediaQueries } from '../../../test/media-queries';
import { server } from '../../../test/server';
import { BoardColumn } from './board-column';
import { KanbanBoard } from './kanban-board';

const BOARD: Board = {
  project: { id: '9', title: 'Clinic site', status: 'in_progress' },
  writable: true,
  can_manage_columns: true,
  members: [{ id: '7', name: 'Mia Member', role: 'teammember' }],
  columns: [
    {
      id: '1',
      name: 'To do',
      position: 'a0',
      wip_limit: null,
      cards: [boardCard('41', '1', 'Write the copy', { labels: ['web'], assignee_ids: ['7'] })],
    },
    { id: '2', name: 'In progress', position: 'a1', wip_limit: 1, cards: [boardCard('42', '2', 'Build the form')] },
    { id: '3', name: 'Done', position: 'a2', wip_limit: null, cards: [] },
  ],
};

const CARD: Card = {
  ...BOARD.columns[0].cards[0],
  project_title: 'Clinic site',
  column_name: 'To do',
  description: '**Tone**: friendly',
  checklist: [],
  assignees: [{ id: '7', name: 'Mia Member' }],
  created_by: { id: '7', name: 'Mia Member' },
  created_at: '2026-03-01T10:00:00.000Z',
  completed_at: null,
  comments: [],
  attachments: [],
  activity: [],
};

const WIP_MESSAGE = '"In progress" is at its WIP limit of 1 card; finish or move a card out first';

function renderBoard(openCardId: string | null, onOpenCard: (id: string | null) => void = () => undefined) {
  return renderScreen(
    <>
      <KanbanBoard projectId="9" me="7" openCardId={openCardId} onOpenCard={onOpenCard} />
      <ToastHost />
    </>,
    { path: '/kanban-board' },
  );
}

/** The card titles of a column (the board is hidden from the accessibility tree while a dialog is open). */
const titlesIn = (name: string) =>
  within(screen.getByRole('region', { name, hidden: true }))
    .queryAllByTestId('card-title')
    .map((t) => t.textContent);

describe('kanban board', () => {
  it('shows columns with their counts and WIP limits, marking a column at its limit', async () => {
    server.use(http.get('/api/projects/9/board', () => HttpResponse.json(BOARD)));
    renderBoard(null);
    const progress = await screen.findByRole('region', { name: 'In progress' });
    expect(progress).toHaveAttribute('data-at-limit', 'true');
    expect(within(progress).getByTestId('column-count')).toHaveTextContent('1 / 1');
    // The count's name starts with what it shows.
    expect(within(progress).getByTestId('column-count')).toHaveAccessibleName('1 / 1 cards, WIP limit 1');
    expect(within(progress).getByText('At its WIP limit')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'To do' })).toHaveAttribute('data-at-limit', 'false');
    // Every card tells screen readers how to move it with the keyboard.
    const card = screen.getByRole('listitem', { name: 'Write the copy, in To do' });
    const instructions = document.getElementById(card.getAttribute('aria-describedby') ?? '');
    expect(instructions).toHaveTextContent('To pick up a card, press Space');
  });

  it('shows a move at once and undoes it, with the server’s reason, when the WIP limit refuses it', async () => {
    let sent: unknown;
    server.use(
      http.get('/api/projects/9/board', () => HttpResponse.json(BOARD)),
      http.get('/api/board/cards/41', () => HttpResponse.json({ card: CARD })),
      http.post('/api/board/cards/41/move', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ error: WIP_MESSAGE, code: 'WIP_LIMIT' }, { status: 409 });
      }),
    );
    const { user } = renderBoard('41');
    // The dialog is fetched on first open, then renders MUI's whole form in jsdom: seconds on a busy machine.
    const dialog = await screen.findByTestId('card-dialog', {}, { timeout: 15_000 });
    await within(dialog).findByText('friendly', { exact: false }, { timeout: 5_000 });
    await user.click(within(dialog).getByRole('combobox', { name: 'Column' }));
    await user.click(await screen.findByRole('option', { name: 'In progress' }));

    expect(await screen.findByText(WIP_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual({ version: 3, column_id: '2', after_card_id: '42' });
    await waitFor(() => expect(titlesIn('To do')).toEqual(['Write the copy']));
    expect(titlesIn('In progress')).toEqual(['Build the form']);
    // The card dialog renders MUI's whole form in jsdom: slower than the default five seconds on a busy machine.
  }, 30_000);

  it('reads as missing, not as the raw validation text, when the project in the link is not an id', async () => {
    server.use(
      http.get('/api/projects/:id/board', () =>
        HttpResponse.json({ error: 'id: Invalid input: expected number, received NaN', code: 'VALIDATION_FAILED' }, { status: 400 }),
      ),
    );
    renderScreen(<KanbanBoard projectId="abc" me="7" openCardId={null} onOpenCard={() => undefined} />, { path: '/kanban-board?project=abc' });
    expect(await screen.findByTestId('board-missing')).toHaveTextContent('This project has no board you can open. Pick a project above.');
    expect(screen.queryByText(/expected number/)).toBeNull();
  });

  it('filters cards by assignee and label without moving them', async () => {
    server.use(http.get('/api/projects/9/board', () => HttpResponse.json(BOARD)));
    const { user } = renderScreen(<KanbanBoard projectId="9" me="7" openCardId={null} onOpenCard={() => undefined} />, { path: '/kanban-board' });
    await screen.findByRole('region', { name: 'To do' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'Assigned to me');
    expect(titlesIn('To do')).toEqual(['Write the copy']);
    expect(titlesIn('In progress')).toEqual([]);
    expect(screen.getByTestId('board-count')).toHaveTextContent('Showing 1 of 2 cards');
    // The count and the WIP limit still count every card.
    expect(within(screen.getByRole('region', { name: 'In progress' })).getByTestId('column-count')).toHaveTextContent('1 / 1');
  });
});

/** The Move to menu and the toast library are fetched on first use: seconds on a busy machine. */
const LAZY = 5_000;

/** The server moves `41` to the end of the column asked for, and the board it serves afterwards shows it there. */
function acceptMoves(sent: unknown[]) {
  let board = BOARD;
  server.use(
    http.get('/api/projects/9/board', () => HttpResponse.json(board)),
    http.post('/api/board/cards/41/move', async ({ request }) => {
      const body = (await request.json()) as { column_id: string };
      sent.push(body);
      const card = { ...BOARD.columns[0].cards[0], column_id: body.column_id, version: 4 };
      board = {
        ...BOARD,
        columns: BOARD.columns.map((c) => ({ ...c, cards: [...c.cards.filter((x) => x.id !== '41'), ...(c.id === body.column_id ? [card] : [])] })),
      };
      return HttpResponse.json({ card: { ...CARD, column_id: body.column_id, version: 4 } });
    }),
  );
}

describe('moving a card with its Move to menu', () => {
  it('offers the other columns, a full one greyed out, and moves the card to the end of the one picked without opening it', async () => {
    const sent: unknown[] = [];
    acceptMoves(sent);
    const onOpenCard = vi.fn();
    const { user } = renderBoard(null, onOpenCard);
    await screen.findByRole('region', { name: 'To do' });
    await user.click(screen.getByRole('button', { name: 'Move “Write the copy” to another column' }));
    const menu = await screen.findByRole('menu', { name: 'Move “Write the copy” to' }, { timeout: LAZY });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['In progressAt its WIP limit of 1', 'Done']);
    expect(within(menu).getByRole('menuitem', { name: /In progress/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(menu).getByRole('menuitem', { name: 'Done' }));

    await waitFor(() => expect(titlesIn('Done')).toEqual(['Write the copy']));
    expect(titlesIn('To do')).toEqual([]);
    expect(await screen.findByText('Moved “Write the copy” to Done', {}, { timeout: LAZY })).toBeInTheDocument();
    expect(sent).toEqual([{ version: 3, column_id: '3' }]);
    expect(onOpenCard).not.toHaveBeenCalled();
    // The card, drawn in its new column, has the focus back.
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Write the copy, in Done' })).toHaveFocus(), { timeout: LAZY });
  });

  it('opens from the keyboard without picking the card up', async () => {
    server.use(http.get('/api/projects/9/board', () => HttpResponse.json(BOARD)));
    const { user } = renderBoard(null);
    await screen.findByRole('region', { name: 'To do' });
    screen.getByRole('button', { name: 'Move “Write the copy” to another column' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Move “Write the copy” to' }, { timeout: LAZY });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Done' })).toHaveFocus(), { timeout: LAZY });
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/^Picked up/)).toBeNull();
  });
});

describe('on a phone', () => {
  // The phone's media queries (below MUI's sm breakpoint) match.
  const jsdomScrollIntoView = Element.prototype.scrollIntoView as Element['scrollIntoView'] | undefined;
  afterEach(() => {
    restoreMediaQueries();
    if (jsdomScrollIntoView) Element.prototype.scrollIntoView = jsdomScrollIntoView;
    else delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
  function asPhone() {
    answerMediaQueries((query) => /max-width:\s*599\.95px/.test(query));
  }

  it('shows one column behind each tab, and the Move to menu sends a card behind another tab, giving that tab the focus', async () => {
    asPhone();
    const sent: unknown[] = [];
    acceptMoves(sent);
    const { user } = renderBoard(null);
    const tabs = await screen.findByRole('tablist', { name: 'Columns' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['To do (1)', 'In progress (1)', 'Done (0)']);
    expect(screen.getAllByTestId('board-column')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Move “Write the copy” to another column' }));
    await user.click(within(await screen.findByRole('menu', {}, { timeout: LAZY })).getByRole('menuitem', { name: 'Done' }));
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'Done (1)' })).toHaveFocus(), { timeout: LAZY });
    expect(within(tabs).getByRole('tab', { name: 'To do (0)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Moved “Write the copy” to Done', {}, { timeout: LAZY })).toBeInTheDocument();
    expect(sent).toEqual([{ version: 3, column_id: '3' }]);
  });

  it('carries a card picked up with Space to the next tab with an arrow pressed right after, and drops it there', async () => {
    asPhone();
    // A card picked up is scrolled into view, which jsdom does not do.
    Element.prototype.scrollIntoView = () => undefined;
    const fake = boardServer();
    const { user } = renderBoard(null);
    await screen.findByRole('tablist', { name: 'Columns' });
    await user.click(within(screen.getByRole('tablist', { name: 'Columns' })).getByRole('tab', { name: 'In progress (1)' }));
    screen.getByRole('listitem', { name: 'Build the form, in In progress' }).focus();
    // The arrow follows the pick-up at once: before the keyboard sensor has started listening for it.
    await user.keyboard(' {ArrowRight}');
    expect(await screen.findByText('Build the form is over the Done tab: drop it to move it to the end of Done.')).toBeInTheDocument();
    await user.keyboard(' ');
    await waitFor(() => expect(fake.sent).toEqual([{ version: 3, column_id: '3' }]));
    expect(await screen.findByRole('tab', { name: 'Done (1)' })).toBeInTheDocument();
  });
});

describe('a full column under a dragged card', () => {
  it('says it cannot take the card, with its limit, while the card is over it', () => {
    const column = { ...BOARD.columns[1], cards: undefined };
    const props = {
      column,
      count: 1,
      cards: BOARD.columns[1].cards,
      members: new Map(),
      today: '2026-03-01',
      isDone: false,
      canMove: true,
      onOpenCard: () => undefined,
    };
    const { rerender } = renderScreen(<BoardColumn {...props} />);
    expect(screen.queryByText('Cannot drop here')).toBeNull();
    rerender(<BoardColumn {...props} isDropBlocked />);
    expect(screen.getByTestId('drop-blocked')).toHaveTextContent('Cannot drop hereIn progress is at its WIP limit of 1');
  });
});

/** Resolves when `open` is called: holds a request's answer back until a test lets it through. */
function gate() {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * The board as the server holds it: a move is refused (409 STALE_STATE) unless it carries the card's version, and
 * otherwise puts the card where it asks and gives it the next version. `holdMove(n)` holds the n-th move's answer
 * (and its effect) until the gate opens; `holdBoard` holds every read of the board from then on.
 */
function boardServer() {
  let board = BOARD;
  const sent: unknown[] = [];
  const holds = new Map<number, Promise<void>>();
  let boardHold: Promise<void> | null = null;
  let boardReads = 0;
  const cardOf = (id: string) => board.columns.flatMap((c) => c.cards).find((c) => c.id === id)!;
  server.use(
    http.get('/api/projects/9/board', async () => {
      boardReads += 1;
      if (boardHold) await boardHold;
      return HttpResponse.json(board);
    }),
    http.post('/api/board/cards/:id/move', async ({ request, params }) => {
      const body = (await request.json()) as { version: number; column_id: string; after_card_id?: string; before_card_id?: string };
      sent.push(body);
      await holds.get(sent.length);
      const card = cardOf(String(params.id));
      if (card.version !== body.version) {
        return HttpResponse.json({ error: 'This card changed meanwhile; it has been reloaded, try again', code: 'STALE_STATE' }, { status: 409 });
      }
      const moved = { ...card, column_id: body.column_id, version: card.version + 1 };
      board = {
        ...board,
        columns: board.columns.map((c) => {
          const cards = c.cards.filter((x) => x.id !== moved.id);
          if (c.id !== body.column_id) return { ...c, cards };
          const after = body.after_card_id ? cards.findIndex((x) => x.id === body.after_card_id) + 1 : -1;
          const before = body.before_card_id ? cards.findIndex((x) => x.id === body.before_card_id) : -1;
          cards.splice(after >= 0 ? after : before >= 0 ? before : cards.length, 0, moved);
          return { ...c, cards };
        }),
      };
      return HttpResponse.json({ card: { ...CARD, ...moved } });
    }),
  );
  return {
    sent,
    boardReads: () => boardReads,
    holdMove: (n: number) => {
      const g = gate();
      holds.set(n, g.opened);
      return g.open;
    },
    holdBoard: () => {
      const g = gate();
      boardHold = g.opened;
      return () => {
        boardHold = null;
        g.open();
      };
    },
    /** Someone else adds a card to a column. */
    addCard: (card: BoardCard) => {
      board = { ...board, columns: board.columns.map((c) => (c.id === card.column_id ? { ...c, cards: [...c.cards, card] } : c)) };
    },
  };
}

/** Picks `to` in the Move to menu of the card `title`. */
async function moveWithMenu(user: ReturnType<typeof renderBoard>['user'], title: string, to: string) {
  await user.click(screen.getByRole('button', { name: `Move “${title}” to another column` }));
  const menu = await screen.findByRole('menu', { name: `Move “${title}” to` }, { timeout: LAZY });
  await user.click(within(menu).getByRole('menuitem', { name: to }));
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
}

describe('quick successive moves of one card', () => {
  it('sends a move made while the card’s last move is unanswered after it, with the version that move gave; then the board follows the server again', async () => {
    const fake = boardServer();
    const letFirstMoveThrough = fake.holdMove(1);
    const { user } = renderBoard(null);
    await screen.findByRole('region', { name: 'To do' });

    await moveWithMenu(user, 'Write the copy', 'Done');
    expect(titlesIn('Done')).toEqual(['Write the copy']);
    await moveWithMenu(user, 'Write the copy', 'To do');
    expect(titlesIn('To do')).toEqual(['Write the copy']);
    expect(titlesIn('Done')).toEqual([]);

    // Meanwhile someone else adds a card; then the server answers the first move.
    fake.addCard(boardCard('43', '3', 'Call the client'));
    letFirstMoveThrough();

    await waitFor(() =>
      expect(fake.sent).toEqual([
        { version: 3, column_id: '3' },
        { version: 4, column_id: '1' },
      ]),
    );
    // Both moves settled, the screen shows the server's board again, with the other person's card.
    await waitFor(() => expect(titlesIn('Done')).toEqual(['Call the client']));
    expect(titlesIn('To do')).toEqual(['Write the copy']);
    expect(screen.queryByText(/changed meanwhile/)).toBeNull();
  }, 20_000);

  it('sends a move made before the board is reloaded after the last one with the version the last one gave', async () => {
    const fake = boardServer();
    const { user } = renderBoard(null);
    await screen.findByRole('region', { name: 'To do' });

    // The first move is answered; the board's reload after it is slow.
    const letBoardThrough = fake.holdBoard();
    const readsBefore = fake.boardReads();
    await moveWithMenu(user, 'Write the copy', 'Done');
    await waitFor(() => expect(fake.boardReads()).toBeGreaterThan(readsBefore));
    await moveWithMenu(user, 'Write the copy', 'To do');
    expect(titlesIn('To do')).toEqual(['Write the copy']);
    letBoardThrough();

    await waitFor(() =>
      expect(fake.sent).toEqual([
        { version: 3, column_id: '3' },
        { version: 4, column_id: '1' },
      ]),
    );
    await waitFor(() => expect(titlesIn('To do')).toEqual(['Write the copy']));
    expect(titlesIn('Done')).toEqual([]);
    expect(screen.queryByText(/changed meanwhile/)).toBeNull();
  }, 20_000);
});
