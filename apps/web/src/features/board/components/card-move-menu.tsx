import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState, type SyntheticEvent } from 'react';
import { useBoardT } from '../i18n';
import type { CardMoveMenuProps } from './card-move-menu-items';

const CardMoveMenuItems = lazy(() => import('./card-move-menu-items').then((m) => ({ default: m.CardMoveMenuItems })));

/** Keeps a press, a click or a key on the menu to the menu: the card around it would start a drag or open. */
const keepToMenu = (event: SyntheticEvent) => event.stopPropagation();

/**
 * A card's "Move to" button and menu: the other columns, a full one greyed out. It moves a card where dragging is
 * awkward or impossible (a phone shows one column at a time) and by keyboard without picking the card up. The
 * menu is fetched when a card's button is first pressed.
 */
export function CardMoveMenu(props: Omit<CardMoveMenuProps, 'anchor' | 'onClose'>) {
  const { t } = useBoardT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    // React passes events from the menu's portal up through the card: none of them may reach it.
    <Box
      onClick={keepToMenu}
      onKeyDown={keepToMenu}
      onMouseDown={keepToMenu}
      onTouchStart={keepToMenu}
      onPointerDown={keepToMenu}
      sx={{ position: 'absolute', top: 4, right: 4 }}
    >
      <IconButton
        size="small"
        aria-label={t('moveMenu.button', { title: props.cardTitle })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        title={t('moveMenu.tooltip')}
        onClick={(event) => {
          setHasOpened(true);
          setAnchor(event.currentTarget);
        }}
        data-testid="card-move-button"
        sx={{ color: 'text.secondary', width: 32, height: 32 }}
      >
        <DriveFileMoveOutlinedIcon fontSize="small" />
      </IconButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <CardMoveMenuItems {...props} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </Box>
  );
}
