import { isAtWipLimit } from '@agency/schema';
import ListSubheader from '@mui/material/ListSubheader';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useBoardT } from '../i18n';

export type MoveTarget = { id: string; name: string; count: number; wipLimit: number | null };

export type CardMoveMenuProps = {
  cardTitle: string;
  /** The column the card is in. */
  columnId: string;
  /** Every column of the board, in order, with how many cards it holds now. */
  columns: readonly MoveTarget[];
  onMove: (columnId: string) => void;
  anchor: HTMLElement | null;
  onClose: () => void;
};

/** The "Move to" menu's items (fetched when a card's button is first pressed). */
export function CardMoveMenuItems({ cardTitle, columnId, columns, onMove, anchor, onClose }: CardMoveMenuProps) {
  const { t } = useBoardT();
  const others = columns.filter((column) => column.id !== columnId);
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': t('moveMenu.menuLabel', { title: cardTitle }), dense: true } }}
      data-testid="card-move-menu"
    >
      <ListSubheader sx={{ lineHeight: 2.5 }}>{t('moveMenu.heading')}</ListSubheader>
      {others.map((column) => {
        const isFull = isAtWipLimit(column.count, column.wipLimit);
        return (
          <MenuItem
            key={column.id}
            disabled={isFull}
            onClick={() => {
              onClose();
              onMove(column.id);
            }}
            data-testid="card-move-option"
            data-column-name={column.name}
          >
            <ListItemText primary={column.name} secondary={isFull ? t('moveMenu.atLimit', { limit: column.wipLimit }) : undefined} />
          </MenuItem>
        );
      })}
    </Menu>
  );
}
