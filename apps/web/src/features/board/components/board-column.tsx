import { isAtWipLimit, type BoardColumn as BoardColumnData, type BoardMember } from '@agency/schema';
import { useDroppable } from '@dnd-kit/core';
import BlockIcon from '@mui/icons-material/Block';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BoardCard } from '@agency/schema';
import type { ReactNode } from 'react';
import { columnDropId } from '../utils/board-state';
import { useBoardT } from '../i18n';
import { SortableCard } from './board-card';

type BoardColumnProps = {
  column: Omit<BoardColumnData, 'cards'>;
  /** Every card now in the column (for the count and the WIP limit). */
  count: number;
  /** The cards shown: the column's cards that pass the filters, in order. */
  cards: readonly BoardCard[];
  members: ReadonlyMap<string, BoardMember>;
  today: string;
  isDone: boolean;
  canMove: boolean;
  onOpenCard: (cardId: string) => void;
  /** The column's menu (team lead and staff). */
  menu?: ReactNode;
  /** The add-card form at the bottom. */
  footer?: ReactNode;
  /** Fills its container (the phone shows one column at a time) instead of a fixed width. */
  isFullWidth?: boolean;
  /** A card from another column is dragged over this one, which is at its WIP limit: it cannot be dropped here. */
  isDropBlocked?: boolean;
  /** A card's Move to button. */
  renderCardMenu?: (card: BoardCard) => ReactNode;
};

/** One column: its name, how many cards it holds against its WIP limit, and its cards (a drop target even when empty). */
export function BoardColumn({
  column,
  count,
  cards,
  members,
  today,
  isDone,
  canMove,
  onOpenCard,
  menu,
  footer,
  isFullWidth = false,
  isDropBlocked = false,
  renderCardMenu,
}: BoardColumnProps) {
  const { t } = useBoardT();
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(column.id) });
  const isFull = isAtWipLimit(count, column.wip_limit);
  const isOverLimit = column.wip_limit !== null && count > column.wip_limit;
  const headingId = `column-${column.id}-name`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="board-column"
      data-column-id={column.id}
      data-column-name={column.name}
      data-at-limit={isFull ? 'true' : 'false'}
      sx={{
        width: isFullWidth ? '100%' : 288,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: isFull ? 'rgb(254 243 199 / 60%)' : '#f1f5f9',
        border: '1px solid',
        borderColor: isOverLimit ? 'error.light' : isFull ? 'warning.light' : 'transparent',
        borderRadius: 3,
        maxHeight: { md: 'calc(100dvh - 260px)' },
        minHeight: 160,
        position: 'relative',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, pt: 1.25, pb: 1 }}>
        <Typography id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: '0.95rem', flex: 1, minWidth: 0 }} noWrap>
          {column.name}
        </Typography>
        <Chip
          size="small"
          label={column.wip_limit !== null ? `${count} / ${column.wip_limit}` : count}
          color={isOverLimit ? 'error' : isFull ? 'warning' : 'default'}
          aria-label={
            column.wip_limit !== null ? t('column.countWithLimit', { number: count, limit: column.wip_limit }) : t('column.count', { count })
          }
          data-testid="column-count"
          sx={{ fontWeight: 700 }}
        />
        {isDone && <Chip size="small" label={t('column.done')} color="success" variant="outlined" sx={{ height: 22 }} />}
        {menu}
      </Stack>
      {isFull && (
        <Typography
          variant="caption"
          sx={{ px: 1.5, pb: 0.5, color: isOverLimit ? 'error.main' : 'warning.dark', fontWeight: 600 }}
          data-testid="wip-warning"
        >
          {isOverLimit ? t('column.overLimit') : t('column.atLimit')}
        </Typography>
      )}
      <SortableContext id={column.id} items={cards.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <Box
          component="ul"
          ref={setNodeRef}
          data-drop-id={columnDropId(column.id)}
          aria-label={t('column.cards', { name: column.name })}
          sx={{
            m: 0,
            px: 1,
            pb: 1,
            pt: 0.25,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            flex: 1,
            overflowY: 'auto',
            minHeight: 60,
            borderRadius: 2,
            outline: isOver && !isDropBlocked ? '2px dashed' : 'none',
            outlineColor: 'primary.light',
          }}
        >
          {cards.map((card) => (
            <SortableCard
              key={card.id}
              card={card}
              members={members}
              today={today}
              columnName={column.name}
              isDisabled={!canMove}
              onOpen={onOpenCard}
              menu={renderCardMenu?.(card)}
            />
          ))}
        </Box>
      </SortableContext>
      {footer}
      {isDropBlocked && column.wip_limit !== null && (
        // Over the whole column while a card is dragged over it: what a drop here would do, before the release.
        <Stack
          aria-hidden
          data-testid="drop-blocked"
          sx={{
            position: 'absolute',
            inset: 0,
            borderRadius: 3,
            border: '2px dashed',
            borderColor: 'error.main',
            bgcolor: 'rgb(254 242 242 / 88%)',
            alignItems: 'center',
            textAlign: 'center',
            gap: 0.5,
            p: 1.5,
            pointerEvents: 'none',
            zIndex: 1,
          }}
        >
          <BlockIcon sx={{ color: 'error.main' }} />
          <Typography sx={{ fontWeight: 700, color: 'error.dark' }}>{t('column.cannotDrop')}</Typography>
          <Typography variant="body2" sx={{ color: 'error.dark' }}>
            {t('column.blocked', { name: column.name, limit: column.wip_limit })}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
