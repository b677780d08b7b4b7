import type { Board, BoardCard, BoardMember, Card } from '@agency/schema';
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
  useDroppable,
} from '@dnd-kit/core';
import type { BoardColumn as BoardColumnData } from '@agency/schema';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import BlockIcon from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab, { type TabProps } from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Loading } from '../../../components/plain/loading';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { notify } from '../../../lib/notify';
import { ListLoading, RecordError } from '../../../components/list-states';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { useBoard } from '../api/get-board';
import { useMoveCard } from '../api/move-card';
import { useBoardT } from '../i18n';
import {
  COLUMN_PREFIX,
  NO_FILTERS,
  columnDropId,
  columnOf,
  isDropBlocked,
  isFiltering,
  isSamePlacement,
  isTabDropId,
  itemsFromBoard,
  localToday,
  matchesFilters,
  moveOver,
  moveToColumnEnd,
  placementOf,
  tabDropId,
  targetColumnOf,
  type BoardFilters as Filters,
  type ColumnItems,
} from '../utils/board-state';
import { passEarlyDragKeys } from '../utils/early-drag-keys';
import { AddCardForm } from './add-card-form';
import { AddColumnButton } from './add-column-button';
import { CardFace } from './board-card';
import { BoardColumn } from './board-column';
import { BoardFilters } from './board-filters';
import { CardMoveMenu } from './card-move-menu';
import { ColumnMenu } from './column-menu';

// The card dialog (its editor, date picker and Markdown) is fetched when a card is first opened, not with the board.
const CardDialog = lazy(() => import('./card-dialog').then((m) => ({ default: m.CardDialog })));

type Rect = { left: number; top: number; width: number; height: number };
const holds = (rect: Rect | undefined, x: number, y: number) =>
  rect !== undefined && x >= rect.left && x <= rect.left + rect.width && y >= rect.top && y <= rect.top + rect.height;
const isTab = (id: UniqueIdentifier) => isTabDropId(String(id));

/**
 * Under the pointer, a column's tab (a phone) wins, then a card, then the column around it. The keyboard (no
 * pointer) takes the tab its arrow keys went to (`keyboardTab`), else the closest corners among cards and columns.
 */
function pickCollisions(args: Parameters<CollisionDetection>[0], keyboardTab: string | null): ReturnType<CollisionDetection> {
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    const tabs = hits.filter((hit) => isTab(hit.id));
    if (tabs.length) return tabs;
    const cards = hits.filter((hit) => !String(hit.id).startsWith(COLUMN_PREFIX));
    if (cards.length) return cards;
    if (hits.length) return hits;
  } else if (keyboardTab !== null) {
    return [{ id: keyboardTab }];
  }
  return closestCorners({ ...args, droppableContainers: args.droppableContainers.filter((container) => !isTab(container.id)) });
}

/** A column's tab on a phone, and a drop target while a card is dragged: dropped on it, the card goes to that column. */
function ColumnTab({ columnId, isBlocked, ...props }: TabProps & { columnId: string; isBlocked: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: tabDropId(columnId) });
  return (
    <Tab
      ref={setNodeRef}
      {...props}
      data-drop-id={tabDropId(columnId)}
      data-testid="column-tab"
      data-drop={isOver ? (isBlocked ? 'blocked' : 'over') : undefined}
      sx={{
        minWidth: 0,
        px: 1.5,
        position: 'relative',
        borderRadius: 2,
        outline: isOver ? '2px dashed' : 'none',
        outlineOffset: -4,
        outlineColor: isBlocked ? 'error.main' : 'primary.main',
        bgcolor: isOver ? (isBlocked ? 'rgb(254 242 242)' : 'rgb(67 56 202 / 8%)') : undefined,
        // A full column's tab is marked while a card is dragged, without changing its size (nothing moves under the finger).
        ...(isBlocked ? { color: 'error.main', '&.Mui-selected': { color: 'error.main' } } : {}),
      }}
      label={
        <>
          {props.label}
          {isBlocked && <BlockIcon aria-hidden sx={{ position: 'absolute', top: 2, right: 2, fontSize: 14 }} />}
        </>
      }
    />
  );
}

type KanbanBoardProps = {
  projectId: string;
  /** The signed-in person, for the "Assigned to me" filter. */
  me: string;
  openCardId: string | null;
  onOpenCard: (cardId: string | null) => void;
  /** A card's time, on a tab of the card dialog. */
  cardTimePanel?: (card: Card) => ReactNode;
};

/**
 * A project's board: columns side by side (one at a time on a phone), cards dragged with the mouse, touch or the
 * keyboard. A move shows at once and is rolled back, with the server's reason, when the server refuses it.
 */
export function KanbanBoard({ projectId, me, openCardId, onOpenCard, cardTimePanel }: KanbanBoardProps) {
  const { t } = useBoardT();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [activeId, setActiveId] = useState<string | null>(null);
  const boardQuery = useBoard(projectId, { isPaused: activeId !== null });
  const move = useMoveCard();
  /** The order on screen while a drag or a move is under way; null: the server's order. */
  const [override, setOverride] = useState<ColumnItems | null>(null);
  const snapshot = useRef<ColumnItems | null>(null);
  const pendingMoves = useRef(0);
  const lastDragEnd = useRef({ cardId: '', at: 0 });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [phoneColumn, setPhoneColumn] = useState(0);
  /** While a card is dragged: the columns that cannot take it (at their WIP limit), and the column it is over. */
  const [blockedIds, setBlockedIds] = useState<ReadonlySet<string>>(new Set());
  const [overColumn, setOverColumn] = useState<{ id: string; isTab: boolean } | null>(null);
  const overColumnRef = useRef<string | null>(null);
  /** How the last drag ended, for its announcement (read after the drag's own handler). */
  const dropOutcome = useRef<'blocked' | null>(null);
  /** A card moved with its menu takes the focus back once it is drawn in its new place (or its column's tab does). */
  const focusAfterMove = useRef<{ cardId: string; columnId: string } | null>(null);
  /** The tab the arrow keys carried a picked-up card to (a phone), for the collision detection. */
  const keyboardTab = useRef<string | null>(null);
  /** While a card picked up with the keyboard is dragged: stops passing the keys pressed right after the pick-up. */
  const stopEarlyKeys = useRef<(() => void) | null>(null);
  useEffect(() => () => stopEarlyKeys.current?.(), []);
  const collisionDetection: CollisionDetection = (args) => pickCollisions(args, keyboardTab.current);
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
  // Left and right go to the next column's top, wherever it is scrolled to (the board scrolls sideways), or onto its
  // tab on a phone; up and down move within the column as a sortable list does (never up onto a tab).
  const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
    const rects = args.context.droppableRects;
    if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') {
      const next = sortableKeyboardCoordinates(event, args);
      if (!next) return next;
      const ontoTab = [...rects].some(([id, rect]) => isTab(id) && holds(rect, next.x + 1, next.y + 1));
      if (ontoTab) return args.currentCoordinates;
      keyboardTab.current = null;
      return next;
    }
    // dnd-kit measures its drop targets just after a drag starts: an arrow pressed at once finds none measured yet,
    // and the card would stay where it is. The target's own box is read from the page then.
    const rectOf = (id: string) => rects.get(id) ?? document.querySelector(`[data-drop-id="${CSS.escape(id)}"]`)?.getBoundingClientRect();
    const order = columnOrderRef.current;
    const from = overColumnRef.current ?? columnOf(itemsRef.current, String(args.active));
    const next = from === null ? undefined : order[order.indexOf(from) + (event.code === 'ArrowRight' ? 1 : -1)];
    event.preventDefault();
    if (next === undefined) return args.currentCoordinates;
    const columnRect = rectOf(columnDropId(next));
    if (columnRect) {
      keyboardTab.current = null;
      const width = args.context.collisionRect?.width ?? 0;
      return { x: columnRect.left + Math.max(0, (columnRect.width - width) / 2), y: columnRect.top + 8 };
    }
    const tabRect = rectOf(tabDropId(next));
    if (!tabRect) return args.currentCoordinates;
    keyboardTab.current = tabDropId(next);
    return { x: tabRect.left, y: tabRect.top };
  };

  useEffect(() => {
    if (!focusAfterMove.current) return;
    const { cardId, columnId } = focusAfterMove.current;
    focusAfterMove.current = null;
    const target =
      document.querySelector<HTMLElement>(`[data-testid="board-card"][data-card-id="${CSS.escape(cardId)}"]`) ??
      document.querySelector<HTMLElement>(`[data-testid="column-tab"][data-column-id="${CSS.escape(columnId)}"]`);
    target?.focus();
  });

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  if (boardQuery.isPending) return <ListLoading label={t('board.loading')} />;
  if (boardQuery.isError || !board) {
    if (hasErrorCode(boardQuery.error, 'BOARD_CLOSED')) {
      return <Alert severity="info">{errorMessage(boardQuery.error)}</Alert>;
    }
    return (
      <RecordError error={boardQuery.error} missingText={t('board.missing')} onRetry={() => void boardQuery.refetch()} data-testid="board-missing" />
    );
  }

  const canMove = board.writable;
  const columnById = (id: string | null): BoardColumnData | undefined => board.columns.find((c) => c.id === id);
  const columnName = (id: string | null) => columnById(id)?.name ?? '';
  const titleOf = (id: UniqueIdentifier) => cards.get(String(id))?.title ?? t('board.theCard');
  /** The column a drag over `overId` would drop into, and whether it cannot take the card (as the board stood at the drag's start). */
  const dropTargetOf = (activeId: string, overId: string) => {
    const column = columnById(targetColumnOf(itemsRef.current, overId));
    const before = snapshot.current;
    const isBlocked = column !== undefined && before !== null && isDropBlocked(before, activeId, column.id, column.wip_limit);
    return { column, isBlocked };
  };
  const blockedText = (column: BoardColumnData) => t('board.blocked', { name: column.name, limit: column.wip_limit });
  const describePlace = (id: UniqueIdentifier) => {
    const column = columnOf(itemsRef.current, String(id));
    if (!column) return '';
    const list = itemsRef.current[column];
    return t('drag.place', { column: columnName(column), position: list.indexOf(String(id)) + 1, total: list.length });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('drag.pickedUp', { title: titleOf(active.id), place: describePlace(active.id) }),
    onDragOver: ({ active, over }) => {
      if (!over) return t('drag.notOver', { title: titleOf(active.id) });
      const { column, isBlocked } = dropTargetOf(String(active.id), String(over.id));
      if (column && isBlocked) return t('drag.cannotDrop', { title: titleOf(active.id), reason: blockedText(column) });
      if (column && isTabDropId(String(over.id))) {
        return t('drag.overTab', { title: titleOf(active.id), column: column.name });
      }
      return t('drag.nowIn', { title: titleOf(active.id), place: describePlace(active.id) });
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return t('drag.droppedOutside', { title: titleOf(active.id) });
      if (dropOutcome.current === 'blocked') return t('drag.notMoved', { title: titleOf(active.id) });
      return t('drag.dropped', { title: titleOf(active.id), place: describePlace(active.id) });
    },
    onDragCancel: ({ active }) => t('drag.cancelled', { title: titleOf(active.id) }),
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
    // Each move settles on its own promise: `mutate`'s callbacks would be dropped for a move still under way when
    // the next one is made, and the screen would keep its own order instead of the server's from then on.
    move
      .mutateAsync({ cardId, projectId, input: { version: card.version, ...placement } })
      .catch((error: unknown) => {
        show(null);
        notify.error(errorMessage(error), { toastId: `move-${cardId}` });
      })
      .finally(settle);
  };

  const endDrag = () => {
    stopEarlyKeys.current?.();
    stopEarlyKeys.current = null;
    snapshot.current = null;
    overColumnRef.current = null;
    keyboardTab.current = null;
    setActiveId(null);
    setBlockedIds(new Set());
    setOverColumn(null);
  };

  const handleDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const id = String(active.id);
    stopEarlyKeys.current?.();
    stopEarlyKeys.current = activatorEvent instanceof KeyboardEvent ? passEarlyDragKeys(activatorEvent) : null;
    snapshot.current = items;
    dropOutcome.current = null;
    show(items);
    setActiveId(id);
    setBlockedIds(new Set(board.columns.filter((c) => isDropBlocked(items, id, c.id, c.wip_limit)).map((c) => c.id)));
  };

  const handleDragOver = ({ active, over }: DragOverEvent) => {
    const id = String(active.id);
    const overId = over ? String(over.id) : null;
    const target = overId === null ? undefined : dropTargetOf(id, overId);
    overColumnRef.current = target?.column?.id ?? null;
    setOverColumn(target?.column && overId !== null ? { id: target.column.id, isTab: isTabDropId(overId) } : null);
    const before = snapshot.current;
    if (overId === null || !before) return;
    const current = itemsRef.current;
    // Over a column that cannot take it, the card waits where it was: nothing looks accepted that will not be.
    if (target?.isBlocked) {
      if (columnOf(current, id) !== columnOf(before, id)) show(before);
      return;
    }
    // A tab changes no list while the card is over it; the drop moves the card to that column's end.
    if (isTabDropId(overId)) return;
    // Across columns the card changes lists while it is dragged; within one, the sortable list animates it.
    if (columnOf(current, id) === columnOf(current, overId)) return;
    show(moveOver(current, id, overId));
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const before = snapshot.current;
    const id = String(active.id);
    const overId = over ? String(over.id) : null;
    const target = overId === null ? undefined : dropTargetOf(id, overId);
    endDrag();
    lastDragEnd.current = { cardId: id, at: Date.now() };
    const restore = () => {
      if (pendingMoves.current === 0) show(null);
    };
    if (!before || overId === null || !target?.column) {
      restore();
      return;
    }
    if (target.isBlocked) {
      dropOutcome.current = 'blocked';
      restore();
      notify.error(t('board.wipLimit', { name: target.column.name, count: target.column.wip_limit ?? 0 }), { toastId: `move-${id}` });
      return;
    }
    const isTab = isTabDropId(overId);
    const next = isTab ? moveToColumnEnd(itemsRef.current, id, target.column.id) : moveOver(itemsRef.current, id, overId);
    if ((isTab && columnOf(before, id) === target.column.id) || isSamePlacement(before, next, id)) {
      restore();
      return;
    }
    commit(id, next);
    if (isTab) notify.success(t('board.moved', { title: titleOf(id), column: target.column.name }));
  };

  const handleDragCancel = () => {
    endDrag();
    if (pendingMoves.current === 0) show(null);
  };

  const handleOpen = (cardId: string) => {
    // A drag ends in a click on the card it dropped: that click opens nothing.
    if (lastDragEnd.current.cardId === cardId && Date.now() - lastDragEnd.current.at < 250) return;
    onOpenCard(cardId);
  };

  const handleMoveTo = (cardId: string, columnId: string) => {
    if (columnOf(items, cardId) === columnId) return;
    commit(cardId, moveToColumnEnd(items, cardId, columnId));
  };

  /** The card's Move to menu: the move shows at once, says where the card went (a phone may not show that column). */
  const handleMenuMove = (cardId: string, columnId: string) => {
    if (columnOf(items, cardId) === columnId) return;
    handleMoveTo(cardId, columnId);
    focusAfterMove.current = { cardId, columnId };
    notify.success(t('board.moved', { title: titleOf(cardId), column: columnName(columnId) }));
  };
  const moveTargets = board.columns.map((c) => ({ id: c.id, name: c.name, count: (items[c.id] ?? []).length, wipLimit: c.wip_limit }));

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
      isDropBlocked={overColumn?.id === column.id && blockedIds.has(column.id)}
      renderCardMenu={
        canMove
          ? (card) => <CardMoveMenu cardTitle={card.title} columnId={column.id} columns={moveTargets} onMove={(to) => handleMenuMove(card.id, to)} />
          : undefined
      }
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
  const overTab = overColumn?.isTab ? columnById(overColumn.id) : undefined;
  const isOverBlockedTab = overTab !== undefined && blockedIds.has(overTab.id);

  return (
    <Box data-testid="kanban-board" data-project-id={projectId}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ mb: 2, gap: 1.5, alignItems: { md: 'center' } }}>
        <BoardFilters board={board} filters={filters} onChange={setFilters} />
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" color="text.secondary" data-testid="board-count">
          {isFiltering(filters) ? t('board.showing', { shown, total }) : t('board.count', { count: total })}
        </Typography>
        {board.can_manage_columns && <AddColumnButton projectId={projectId} />}
      </Stack>
      {!board.writable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('board.closed')}
        </Alert>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        // A card that changes column mid-drag changes every list's size: measure the drop targets as they are now.
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        // Scrolling sideways starts only right at an edge (a tenth of the scroller's width, not dnd-kit's fifth): a
        // phone's row of tabs is narrow, and a card held over a tab must not slide the tabs away under it.
        autoScroll={{ threshold: { x: 0.1, y: 0.2 } }}
        onDragStart={handleDragStart}
        onDragOver={handleDragOver}
        onDragEnd={handleDragEnd}
        onDragCancel={handleDragCancel}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('drag.instructions') } }}
      >
        {isPhone ? (
          <>
            {/* The tabs stay in view under the app bar, so that a card dragged down a long column can still reach them. */}
            <Box sx={{ position: 'sticky', top: 64, zIndex: 3, bgcolor: 'background.default', mb: 1.5 }}>
              <Tabs
                value={columnIndex}
                onChange={(_e, value: number) => setPhoneColumn(value)}
                variant="scrollable"
                allowScrollButtonsMobile
                aria-label={t('board.columns')}
                data-testid="column-tabs"
              >
                {board.columns.map((column) => (
                  <ColumnTab
                    key={column.id}
                    columnId={column.id}
                    data-column-id={column.id}
                    data-column-name={column.name}
                    isBlocked={activeId !== null && blockedIds.has(column.id)}
                    label={t('board.tab', { name: column.name, number: (items[column.id] ?? []).length })}
                  />
                ))}
              </Tabs>
              {activeId !== null && (
                // Over the top of the column while a card is dragged (nothing below it moves): where a drop goes.
                <Box
                  aria-hidden
                  data-testid={isOverBlockedTab ? 'drop-blocked' : 'drop-hint'}
                  sx={{
                    position: 'absolute',
                    top: '100%',
                    left: 0,
                    right: 0,
                    mt: 0.5,
                    px: 1.5,
                    py: 1,
                    borderRadius: 2,
                    fontSize: '0.85rem',
                    fontWeight: 600,
                    boxShadow: 2,
                    bgcolor: isOverBlockedTab ? 'rgb(254 242 242)' : 'background.paper',
                    color: isOverBlockedTab ? 'error.dark' : 'text.primary',
                    border: '1px solid',
                    borderColor: isOverBlockedTab ? 'error.main' : 'divider',
                  }}
                >
                  {overTab
                    ? isOverBlockedTab
                      ? t('board.cannotDropHere', { reason: blockedText(overTab) })
                      : t('board.dropTo', { name: overTab.name })
                    : t('board.dropOnTab')}
                </Box>
              )}
            </Box>
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
        <DragOverlay>
          {activeCard ? (
            <CardFace
              card={activeCard}
              members={members}
              today={today}
              isOverlay
              hasMenu={canMove}
              isDropBlocked={overColumn !== null && blockedIds.has(overColumn.id)}
            />
          ) : null}
        </DragOverlay>
      </DndContext>
      {openCardId && (
        <Suspense fallback={<Loading fullPage={false} />}>
          <CardDialog
            key={openCardId}
            cardId={openCardId}
            board={board}
            me={me}
            onMoveTo={handleMoveTo}
            onClose={() => onOpenCard(null)}
            timePanel={cardTimePanel}
          />
        </Suspense>
      )}
    </Box>
  );
}
