import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useBoardT } from '../i18n';
import type { ColumnMenuProps } from './column-menu-actions';

const ColumnMenuActions = lazy(() => import('./column-menu-actions').then((m) => ({ default: m.ColumnMenuActions })));

/** Rename, WIP limit, move left or right, delete (when empty): the team lead's and staff's column actions. */
export function ColumnMenu(props: ColumnMenuProps) {
  const { t } = useBoardT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu and its dialogs are fetched when a column's menu is first opened, then stay mounted.
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('columnMenu.actionsFor', { name: props.column.name })}
        onClick={(e) => {
          setHasOpened(true);
          setAnchor(e.currentTarget);
        }}
        data-testid="column-menu-button"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <ColumnMenuActions {...props} anchor={anchor} onAnchorChange={setAnchor} />
        </Suspense>
      )}
    </>
  );
}
