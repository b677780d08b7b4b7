import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { useCommonT } from '../i18n';
import { errorMessage } from '../lib/http';
import { DEFAULT_COLUMN_MIN_WIDTH, planTableLayout, type TableOverflow } from './data-table-layout';
import { ListError, ListLoading } from './list-states';

/**
 * Where a cell goes when its row is shown as a card: beside the title (media, title, aside), full width under it
 * without a label (body), as a labelled field, with the actions at the bottom, or not at all.
 */
export type CardSlot = 'media' | 'title' | 'aside' | 'body' | 'field' | 'actions' | 'hidden';

export type DataColumn<T> = {
  id: string;
  /** The column header; on a card, the label of a field. */
  header: string;
  cell: (row: T) => ReactNode;
  /** 1 (the default) is essential and never hidden; higher numbers hide first when the table gets too narrow. */
  priority?: number;
  /**
   * The column holds a part of what another cell of the row adds up (a module of an overall percentage, a line's
   * quantity and unit price): it is never hidden, whatever its priority, so that no total counts what the table
   * does not show. Where such columns do not fit, the rows become cards or, with `overflow="scroll"`, the table
   * scrolls sideways.
   */
  isPartOfTotal?: boolean;
  /** The narrowest the column reads well at, padding included, in px: what the width plan adds up. */
  minWidth?: number;
  align?: 'left' | 'right';
  /** The header is for screen readers only (an avatar column). */
  isHeaderHidden?: boolean;
  /** Where the cell goes on a card: a labelled field unless said otherwise. */
  card?: CardSlot;
  cellSx?: SxProps<Theme>;
  /** The header cell's style, e.g. letting a long free-text header wrap (headers keep to one line by default). */
  headerSx?: SxProps<Theme>;
};

type DataAttributes = Record<`data-${string}`, string>;

type DataTableProps<T> = {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** The table's accessible name. */
  label: string;
  isLoading?: boolean;
  loadingLabel?: string;
  /** A failed load: shown with a Retry button. */
  error?: unknown;
  onRetry?: () => void;
  /** What an empty list shows (a ListEmpty). */
  empty: ReactNode;
  /**
   * Makes the whole row (or card) a pointer target. A convenience only: every row must also carry a button or link
   * that does the same, which is what keyboard and screen-reader users reach. Clicks on the row's own buttons,
   * links and fields, on anything a row opens in a portal, and text selections do not count.
   */
  onRowClick?: (row: T) => void;
  /** Extra data-* attributes of a row, e.g. `{'data-project-id': '12'}`. */
  getRowAttributes?: (row: T) => DataAttributes;
  /** On the table (and on the list of cards). */
  'data-testid'?: string;
  /** On every row and every card. */
  rowTestId?: string;
  /** Below this container width, rows are cards. */
  cardsBelowPx?: number;
  /** Cells sit in the middle of their row, or at its top when rows hold several lines of text. */
  rowAlign?: 'middle' | 'top';
  maxWidth?: number;
  /**
   * When the columns that may not hide are wider than the container: a card per row (the default), or the table
   * kept whole, scrolling sideways inside its card with the first column held in place, a shadow on the side that
   * has more, and `scrollHint` above it.
   */
  overflow?: TableOverflow;
  /** The line above a table that scrolls sideways, e.g. "Scroll sideways to see all 6 modules". */
  scrollHint?: string;
};

const DEFAULT_CARDS_BELOW_PX = 600;

/** What a row click leaves to the element itself. */
const INTERACTIVE = 'a[href], button, input, select, textarea, label, [role="button"], [role="link"], [role="checkbox"], [role="menuitem"]';

function isRowClick(event: MouseEvent<HTMLElement>): boolean {
  const row = event.currentTarget;
  const target = event.target;
  // React passes clicks from portals (a dialog opened by a row's button) up the component tree, not the DOM.
  if (!(target instanceof Element) || !row.contains(target)) return false;
  const control = target.closest(INTERACTIVE);
  if (control && control !== row && row.contains(control)) return false;
  return !window.getSelection()?.toString();
}

/**
 * The width of an element, kept current with a ResizeObserver; null until it is mounted and laid out. Read during
 * render through useSyncExternalStore, so the first paint already has the right layout.
 */
function useElementWidth(): [(element: HTMLElement | null) => void, number | null] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!element || typeof ResizeObserver === 'undefined') return () => undefined;
      const observer = new ResizeObserver(onChange);
      observer.observe(element);
      return () => observer.disconnect();
    },
    [element],
  );
  const width = useSyncExternalStore(
    subscribe,
    () => (element && element.clientWidth > 0 ? element.clientWidth : null),
    () => null,
  );
  return [setElement, width];
}

type ScrollEdges = { left: boolean; right: boolean; heldWidth: number };
const NO_EDGES: ScrollEdges = { left: false, right: false, heldWidth: 0 };

/**
 * Whether a sideways scroller has more to show on its left and on its right, and how wide its first column (held in
 * place) is, kept current as it scrolls and resizes.
 */
function useScrollEdges(element: HTMLElement | null, isActive: boolean): ScrollEdges {
  const [edges, setEdges] = useState(NO_EDGES);
  useLayoutEffect(() => {
    if (!element || !isActive) return;
    const update = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      const heldWidth = element.querySelector('th')?.offsetWidth ?? 0;
      setEdges((current) =>
        current.left === left && current.right === right && current.heldWidth === heldWidth ? current : { left, right, heldWidth },
      );
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [element, isActive]);
  return isActive ? edges : NO_EDGES;
}

/**
 * One list of records for every screen: a table whose low-priority columns hide before it would overflow its
 * card, and a card per row below `cardsBelowPx` or when even the essential columns do not fit (or, with
 * `overflow="scroll"`, a table that scrolls sideways with a visible cue). Columns that hold a part of the row's
 * total never hide. Loading, error and empty states come from list-states.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  label,
  isLoading = false,
  loadingLabel,
  error,
  onRetry,
  empty,
  onRowClick,
  getRowAttributes,
  'data-testid': testId,
  rowTestId,
  cardsBelowPx = DEFAULT_CARDS_BELOW_PX,
  rowAlign = 'middle',
  maxWidth,
  overflow = 'cards',
  scrollHint,
}: DataTableProps<T>) {
  const { t } = useCommonT();
  const [measure, width] = useElementWidth();
  const scroller = useRef<HTMLDivElement | null>(null);
  const [scrollerElement, setScrollerElement] = useState<HTMLDivElement | null>(null);
  const hintId = useId();
  // Columns hidden beyond the plan because the table, as rendered, came out wider than its container at this width.
  const [squeeze, setSqueeze] = useState<{ width: number | null; steps: number }>({ width: null, steps: 0 });
  const squeezeSteps = squeeze.width === width ? squeeze.steps : 0;

  const layout = useMemo(
    () =>
      planTableLayout(
        columns.map((column) => ({
          id: column.id,
          priority: column.priority ?? 1,
          minWidth: column.minWidth ?? DEFAULT_COLUMN_MIN_WIDTH,
          isPartOfTotal: column.isPartOfTotal,
        })),
        width,
        cardsBelowPx,
        squeezeSteps,
        overflow,
      ),
    [columns, width, cardsBelowPx, squeezeSteps, overflow],
  );
  const isScrolling = layout.mode === 'scroll';
  const edges = useScrollEdges(scrollerElement, isScrolling);

  // The plan adds up declared minimum widths; a cell's real content can be wider (a long word, a button label).
  // Before the browser paints, and again whenever the table changes size, a table wider than its container hides
  // one more column (or turns into cards), so that nothing is ever cut off or left to sideways scrolling unless the
  // table is one that scrolls on purpose.
  useLayoutEffect(() => {
    const container = scroller.current;
    if (!container || width === null || isScrolling) return;
    const check = () => {
      if (container.scrollWidth > container.clientWidth + 1) {
        setSqueeze((current) => ({ width, steps: (current.width === width ? current.steps : 0) + 1 }));
      }
    };
    check();
    const table = container.firstElementChild;
    if (!table || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(table);
    return () => observer.disconnect();
  }, [width, layout, rows, isScrolling]);
  const visibleColumns = layout.mode === 'cards' ? columns : columns.filter((column) => !layout.hiddenIds.has(column.id));
  const setScroller = useCallback((element: HTMLDivElement | null) => {
    scroller.current = element;
    setScrollerElement(element);
  }, []);
  // A table that scrolls sideways holds its first column (the row's name) in place, with a shadow once rows slide under it.
  // Header cells keep the theme's opaque head colour; body cells get the card's.
  const stickySx = (index: number, isHead = false) =>
    isScrolling && index === 0
      ? {
          position: 'sticky',
          left: 0,
          zIndex: isHead ? 2 : 1,
          ...(isHead ? {} : { bgcolor: 'background.paper' }),
          boxShadow: edges.left ? '6px 0 6px -4px rgb(15 23 42 / 18%)' : 'none',
        }
      : {};

  function handleClick(event: MouseEvent<HTMLElement>, row: T) {
    if (onRowClick && isRowClick(event)) onRowClick(row);
  }

  let body: ReactNode;
  if (isLoading) body = <ListLoading label={loadingLabel ?? t('shared.loading')} />;
  else if (error !== undefined && error !== null) body = <ListError message={errorMessage(error)} onRetry={() => onRetry?.()} />;
  else if (rows.length === 0) body = empty;
  else if (layout.mode === 'cards') {
    body = (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 2 }} aria-label={label} data-testid={testId}>
        {rows.map((row) => (
          <Card
            component="li"
            key={getRowId(row)}
            variant="outlined"
            onClick={onRowClick ? (event: MouseEvent<HTMLElement>) => handleClick(event, row) : undefined}
            sx={{ p: 2, ...(onRowClick ? { cursor: 'pointer', '&:hover': { borderColor: 'primary.light' } } : {}) }}
            data-testid={rowTestId}
            {...getRowAttributes?.(row)}
          >
            <RowCard columns={columns} row={row} />
          </Card>
        ))}
      </Stack>
    );
  } else {
    const hasMore = edges.left || edges.right;
    body = (
      <>
        {isScrolling && hasMore && (
          <Stack
            direction="row"
            spacing={0.75}
            id={hintId}
            sx={{ alignItems: 'center', px: 2, py: 1, color: 'text.secondary' }}
            data-testid="table-scroll-hint"
          >
            <SwapHorizIcon fontSize="small" aria-hidden />
            <Typography variant="body2">{scrollHint ?? t('shared.scrollHint')}</Typography>
          </Stack>
        )}
        <Box sx={{ position: 'relative' }}>
          {/* A region that scrolls sideways (on purpose, or in the instant before a column hides): keyboard users reach it to scroll it. */}
          <TableContainer
            ref={setScroller}
            // What is scrolled into view (a focused cell, a found word) stops beside the held first column, not under it.
            sx={{ overflowX: 'auto', scrollPaddingLeft: isScrolling ? `${edges.heldWidth}px` : undefined }}
            tabIndex={0}
            role="region"
            // Named apart from the card around it (often labelled with the same title): two landmarks never share a name.
            aria-label={t('shared.scrollable', { label })}
            aria-describedby={isScrolling && hasMore ? hintId : undefined}
            // A table asked to keep every column (`overflow="scroll"`) scrolls sideways by design, with its cue; the
            // width checks of the end-to-end suite allow what is marked so.
            data-sideways-scroll={isScrolling ? 'by-design' : undefined}
          >
            <Table size="small" aria-label={label} data-testid={testId}>
              <TableHead>
                <TableRow>
                  {visibleColumns.map((column, index) => (
                    <TableCell
                      key={column.id}
                      align={column.align ?? 'left'}
                      sx={[
                        { minWidth: column.minWidth ?? DEFAULT_COLUMN_MIN_WIDTH, whiteSpace: 'nowrap', ...stickySx(index, true) },
                        ...(Array.isArray(column.headerSx) ? column.headerSx : [column.headerSx]),
                      ]}
                    >
                      {column.isHeaderHidden ? (
                        <Box component="span" sx={visuallyHidden}>
                          {column.header}
                        </Box>
                      ) : (
                        column.header
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow
                    key={getRowId(row)}
                    hover
                    onClick={onRowClick ? (event: MouseEvent<HTMLElement>) => handleClick(event, row) : undefined}
                    sx={{ verticalAlign: rowAlign, ...(onRowClick ? { cursor: 'pointer' } : {}) }}
                    data-testid={rowTestId}
                    {...getRowAttributes?.(row)}
                  >
                    {visibleColumns.map((column, index) => (
                      <TableCell
                        key={column.id}
                        align={column.align ?? 'left'}
                        sx={[stickySx(index), ...(Array.isArray(column.cellSx) ? column.cellSx : [column.cellSx])]}
                      >
                        {column.cell(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {edges.right && (
            <Box
              aria-hidden
              data-testid="table-scroll-shadow"
              sx={{
                position: 'absolute',
                top: 0,
                right: 0,
                bottom: 0,
                width: 40,
                pointerEvents: 'none',
                background: 'linear-gradient(to left, rgb(15 23 42 / 14%), rgb(15 23 42 / 0%))',
              }}
            />
          )}
        </Box>
      </>
    );
  }

  return (
    <Box ref={measure} sx={{ width: '100%', minWidth: 0, maxWidth }}>
      {body}
    </Box>
  );
}

/** A row as a card: media and title with the aside beside them, then labelled fields, then the actions. */
function RowCard<T>({ columns, row }: { columns: readonly DataColumn<T>[]; row: T }) {
  const slot = (name: CardSlot) => columns.filter((column) => (column.card ?? 'field') === name);
  const render = (column: DataColumn<T>) => <Box key={column.id}>{column.cell(row)}</Box>;
  const [media, titles, asides, bodies, fields, actions] = (['media', 'title', 'aside', 'body', 'field', 'actions'] as const).map(slot);
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {media.map(render)}
        <Box sx={{ flex: 1, minWidth: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>{titles.map(render)}</Box>
        {asides.length > 0 && <Stack sx={{ alignItems: 'flex-end', flexShrink: 0, gap: 0.5 }}>{asides.map(render)}</Stack>}
      </Stack>
      {bodies.length > 0 && (
        <Typography component="div" variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {bodies.map(render)}
        </Typography>
      )}
      {fields.length > 0 && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'fit-content(45%) 1fr', columnGap: 1.5, rowGap: 0.5, m: 0, mt: 1.25 }}>
          {fields.map((column) => (
            <Box key={column.id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {column.header}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                {column.cell(row)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {actions.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1, mt: 1.5 }}>
          {actions.map(render)}
        </Stack>
      )}
    </>
  );
}
