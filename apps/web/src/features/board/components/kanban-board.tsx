import type { Board, BoardCard, BoardMember } from '@agency/schema';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Loading } from '../../../components/plain/loading';
import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { ListLoading, RecordError } from '../../../components/list-states';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { useBoard } from '../api/get-board';
import { useMoveCard } from '../api/move-card';
import {
  COLUMN_PREFIX,
  NO_FILTERS,
  columnDropId,
  columnOf,
  isFiltering,
  isSamePlacement,
  itemsFromBoard,
  localToday,
  matchesFilters,
  moveOver,
  moveToColumnEnd,
  placementOf,
  type BoardFilters as Filters,
  type ColumnItems,
} from '../utils/board-state';
import { AddCardForm } from './add-card-form';
import { AddColumnButton } from './add-column-button';
import { CardFace } from './board-card';
import { BoardColumn } from './board-column';
import { BoardFilters } from './board-filters';
import { ColumnMenu } from './column-menu';

// The card dialog (its editor, date picker and Markdown) is fetched when a card is first opened, not with the board.
const CardDialog = lazy(() => import('./card-dialog').then((m) => ({ default: m.CardDialog })));

/** Cards under the pointer win over the column around them; the keyboard (no pointer) takes the closest corners. */
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const cards = hits.filter((hit) => !String(hit.id).startsWith(COLUMN_PREFIX));
  if (cards.length) return cards;
  return hits.length ? hits : closestCorners(args);
};

const INSTRUCTIONS =
  'To pick up a card, press Space. While it is picked up, use the arrow keys to move it up and down or to another column, Space to drop it, ' +
  'or Escape to cancel. Press Enter to open the card.';

type KanbanBoardProps = {
  projectId: string;
  /** The signed-in person, for the "Assigned to me" filter. */
  me: string;
  openCardId: string | null;
  onOpenCard: (cardId: string | null) => void;
};

/**
 * A project's board: columns side by side (one at a time on a phone), cards dragged with the mouse, touch or the
 * keyboard. A move shows at once and is rolled back, with the server's reason, when the server refuses it.
 */
export function KanbanBoard({ projectId, me, openCardId, onOpenCard }: KanbanBoardProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [activeId, setActiveId] = useState<string | null>(null);
  const boardQuery = useBoard(projectId, { isPaused: activeId !== null });
  const move = useMoveCard();
  /** The order on screen while a drag or a move is under way; null: the server's order. */
  const [override, setOverride] = useState<ColumnItems | null>(null);
  const snapshot = useRef<ColumnItems | null>(null);
  const pendingMoves = useRef(0);
  const lastDragEnd = useRef(0);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [phoneColumn, setPhoneColumn] = useState(0);
  const today = localToday();

  const board = boardQuery.data;
  const serverItems = useMemo(() => (board ? itemsFromBoard(board) : {}), [board]);
  const items = override ?? serverItems;
  const cards = useMemo(
    () => new Map<string, BoardCard>(board?.columns.flatMap((c) => c.cards.map((card) => [card.id, card] as const)) ?? []),
    [board],
  );
  const members = useMemo(() => new Map<string, BoardMember>(board?.members.map((m) => [m.id, m]) ?? []), [board]);
  // What the drag handlers read: the order on screen, kept current after every render and at every change.
  const itemsRef = useRef(items);
  useLayoutEffect(() => {
    itemsRef.current = items;
  });
  const show = (next: ColumnItems | null) => {
    itemsRef.current = next ?? serverItems;
    setOverride(next);
  };

  const columnOrderRef = useRef<string[]>([]);
  useLayoutEffect(() => {
    columnOrderRef.current = board?.columns.map((c) => c.id) ?? [];
  });
  // Left and right go to the next column's top, wherever it is scrolled to (the board scrolls sideways); up and
  // down move within the column as a sortable list does.
  const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
    if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return sortableKeyboardCoordinates(event, args);
    const order = columnOrderRef.current;
    const from = columnOf(itemsRef.current, String(args.active));
    const next = from === null ? undefined : order[order.indexOf(from) + (event.code === 'ArrowRight' ? 1 : -1)];
    const rect = next === undefined ? undefined : args.context.droppableRects.get(columnDropId(next));
    event.preventDefault();
    if (!rect) return args.currentCoordinates;
    const width = args.context.collisionRect?.width ?? 0;
    return { x: rect.left + Math.max(0, (rect.width - width) / 2), y: rect.top + 8 };
  };

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  if (boardQuery.isPending) return <ListLoading label="Loading the board..." />;
  if (boardQuery.isError || !board) {
    if (hasErrorCode(boardQuery.error, 'BOARD_CLOSED')) {
      return <Alert severity="info">{errorMessage(boardQuery.error)}</Alert>;
    }
    return (
      <RecordError
        error={boardQuery.error}
        missingText="This project has no board you can open. Pick a project above."
        onRetry={() => void boardQuery.refetch()}
        data-testid="board-missing"
      />
    );
  }

  const canMove = board.writable;
  const columnName = (id: string | null) => board.columns.find((c) => c.id === id)?.name ?? '';
  const titleOf = (id: UniqueIdentifier) => cards.get(String(id))?.title ?? 'the card';
  const describePlace = (id: UniqueIdentifier) => {
    const column = columnOf(itemsRef.current, String(id));
    if (!column) return '';
    const list = itemsRef.current[column];
    return `${columnName(column)}, position ${list.indexOf(String(id)) + 1} of ${list.length}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, in ${describePlace(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is now in ${describePlace(active.id)}.` : `${titleOf(active.id)} is not over a column.`,
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${titleOf(active.id)} in ${describePlace(active.id)}.` : `${titleOf(active.id)} was dropped outside the board.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled; it is back where it was.`,
  };

  const settle = () => {
    pendingMoves.current -= 1;
    if (pendingMoves.current === 0 && snapshot.current === null) show(null);
  };

  /** Sends the move the screen already shows; on failure the screen returns to the server's order with the reason. */
  const commit = (cardId: string, next: ColumnItems) => {
    const card = cards.get(cardId);
    const placement = placementOf(next, cardId);
    if (!card || !placement) return;
    show(next);
    pendingMoves.current += 1;
    move.mutate(
      { cardId, projectId, input: { version: card.version, ...placement } },
      {
        onError: (error) => {
          show(null);
          notify.error(errorMessage(error), { toastId: `move-${cardId}` });
        },
        onSettled: settle,
      },
    );
  };

  const handleDragStart = ({ active }: DragStartEvent) => {
    snapshot.current = items;
    show(items);
    setActiveId(String(active.id));
  };

  const handleDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const current = itemsRef.current;
    // Across columns the card changes lists while it is dragged; within one, the sortable list animates it.
    if (columnOf(current, String(active.id)) === columnOf(current, String(over.id))) return;
    show(moveOver(current, String(active.id), String(over.id)));
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const before = snapshot.current;
    snapshot.current = null;
    setActiveId(null);
    lastDragEnd.current = Date.now();
    const id = String(active.id);
    if (!before || !over) {
      if (pendingMoves.current === 0) show(null);
      return;
    }
    const next = moveOver(itemsRef.current, id, String(over.id));
    if (isSamePlacement(before, next, id)) {
      if (pendingMoves.current === 0) show(null);
      return;
    }
    commit(id, next);
  };

  const handleDragCancel = () => {
    snapshot.current = null;
    setActiveId(null);
    if (pendingMoves.current === 0) show(null);
  };

  const handleOpen = (cardId: string) => {
    // A drag ends in a click on the card it dropped: that click opens nothing.
    if (Date.now() - lastDragEnd.current < 250) return;
    onOpenCard(cardId);
  };

  const handleMoveTo = (cardId: string, columnId: string) => {
    if (columnOf(items, cardId) === columnId) return;
    commit(cardId, moveToColumnEnd(items, cardId, columnId));
  };

  const visible = (columnId: string) =>
    (items[columnId] ?? []).flatMap((id) => {
      const card = cards.get(id);
      return card && matchesFilters(card, filters, me, today) ? [card] : [];
    });
  const total = cards.size;
  const shown = board.columns.reduce((n, c) => n + visible(c.id).length, 0);
  const lastColumnId = board.columns.at(-1)?.id;
  const columnIndex = Math.min(phoneColumn, board.columns.length - 1);

  const renderColumn = (column: Board['columns'][number], index: number) => (
    <BoardColumn
      key={column.id}
      column={column}
      count={(items[column.id] ?? []).length}
      cards={visible(column.id)}
      members={members}
      today={today}
      isDone={column.id === lastColumnId}
      canMove={canMove}
      onOpenCard={handleOpen}
      isFullWidth={isPhone}
      menu={
        board.can_manage_columns ? (
          <ColumnMenu
            projectId={projectId}
            column={column}
            count={(items[column.id] ?? []).length}
            previousId={board.columns[index - 1]?.id ?? null}
            nextId={board.columns[index + 1]?.id ?? null}
          />
        ) : undefined
      }
      footer={canMove ? <AddCardForm projectId={projectId} columnId={column.id} columnName={column.name} /> : undefined}
    />
  );

  const activeCard = activeId ? cards.get(activeId) : undefined;

  return (
    <Box data-testid="kanban-board" data-project-id={projectId}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ mb: 2, gap: 1.5, alignItems: { md: 'center' } }}>
        <BoardFilters board={board} filters={filters} onChange={setFilters} />
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" color="text.secondary" data-testid="board-count">
          {isFiltering(filters) ? `Showing ${shown} of ${total} cards` : `${total} ${total === 1 ? 'card' : 'cards'}`}
        </Typography>
        {board.can_manage_columns && <AddColumnButton projectId={projectId} />}
      </Stack>
      {!board.writable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This project is closed: its board can be read but no longer changed.
        </Alert>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        // A card that changes column mid-drag changes every list's size: measure the drop targets as they are now.
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragStart={handleDragStart}
        onDragOver={handleDragOver}
        onDragEnd={handleDragEnd}
        onDragCancel={handleDragCancel}
        accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      >
        {isPhone ? (
          <>
            <Tabs
              value={columnIndex}
              onChange={(_e, value: number) => setPhoneColumn(value)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label="Columns"
              sx={{ mb: 1.5 }}
              data-testid="column-tabs"
            >
              {board.columns.map((column) => (
                <Tab key={column.id} label={`${column.name} (${(items[column.id] ?? []).length})`} sx={{ minWidth: 0, px: 1.5 }} />
              ))}
            </Tabs>
            {board.columns[columnIndex] && renderColumn(board.columns[columnIndex], columnIndex)}
          </>
        ) : (
          // The one sideways scroller of the product, by design: columns keep a readable width and the board
          // scrolls sideways past what the screen holds, as Trello's and Plane's do (the width checks of the
          // end-to-end suite allow what is marked so). Phones get one column at a time instead (above).
          <Box
            sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1.5, alignItems: 'flex-start' }}
            data-testid="board-columns"
            data-sideways-scroll="by-design"
          >
            {board.columns.map(renderColumn)}
          </Box>
        )}
        <DragOverlay>{activeCard ? <CardFace card={activeCard} members={members} today={today} isOverlay /> : null}</DragOverlay>
      </DndContext>
      {openCardId && (
        <Suspense fallback={<Loading fullPage={false} />}>
          <CardDialog key={openCardId} cardId={openCardId} board={board} me={me} onMoveTo={handleMoveTo} onClose={() => onOpenCard(null)} />
        </Suspense>
      )}
    </Box>
  );
}
