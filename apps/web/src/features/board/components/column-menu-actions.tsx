import { BOARD_COLUMN_NAME_MAX, WIP_LIMIT_MAX, type BoardColumn } from '@agency/schema';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/http';
import { useDeleteColumn } from '../api/delete-column';
import { useMoveColumn } from '../api/move-column';
import { useUpdateColumn } from '../api/update-column';
import { useBoardT } from '../i18n';

export type ColumnMenuProps = {
  projectId: string;
  column: Omit<BoardColumn, 'cards'>;
  count: number;
  /** The columns before and after this one, to move it left or right. */
  previousId: string | null;
  nextId: string | null;
};

type ColumnMenuActionsProps = ColumnMenuProps & {
  /** The column's actions button while the menu is open. */
  anchor: HTMLElement | null;
  onAnchorChange: (anchor: HTMLElement | null) => void;
};

/** The column menu's items and the dialogs they open (fetched when a column's menu is first opened). */
export function ColumnMenuActions({ projectId, column, count, previousId, nextId, anchor, onAnchorChange: setAnchor }: ColumnMenuActionsProps) {
  const { t } = useBoardT();
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [name, setName] = useState(column.name);
  const [limit, setLimit] = useState(column.wip_limit === null ? '' : String(column.wip_limit));
  const update = useUpdateColumn();
  const move = useMoveColumn();
  const remove = useDeleteColumn();
  const onError = (error: unknown) => notify.error(errorMessage(error));

  const openEditor = () => {
    setName(column.name);
    setLimit(column.wip_limit === null ? '' : String(column.wip_limit));
    setAnchor(null);
    setIsEditing(true);
  };

  const limitNumber = limit.trim() === '' ? null : Number(limit);
  const isLimitValid = limitNumber === null || (Number.isInteger(limitNumber) && limitNumber >= 1 && limitNumber <= WIP_LIMIT_MAX);

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    if (!isLimitValid || !name.trim()) return;
    update.mutate(
      { columnId: column.id, projectId, input: { name: name.trim(), wip_limit: limitNumber } },
      { onSuccess: () => setIsEditing(false), onError },
    );
  };

  const handleMove = (input: { before_column_id?: string; after_column_id?: string }) => {
    setAnchor(null);
    move.mutate({ columnId: column.id, projectId, input }, { onError });
  };

  return (
    <>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={openEditor} data-testid="column-edit">
          {t('columnMenu.edit')}
        </MenuItem>
        <MenuItem disabled={!previousId} onClick={() => previousId && handleMove({ before_column_id: previousId })}>
          {t('columnMenu.moveLeft')}
        </MenuItem>
        <MenuItem disabled={!nextId} onClick={() => nextId && handleMove({ after_column_id: nextId })}>
          {t('columnMenu.moveRight')}
        </MenuItem>
        <MenuItem
          disabled={count > 0}
          onClick={() => {
            setAnchor(null);
            setIsDeleting(true);
          }}
          sx={{ color: 'error.main' }}
        >
          {count > 0 ? t('columnMenu.deleteBlocked') : t('columnMenu.delete')}
        </MenuItem>
      </Menu>
      <Dialog open={isEditing} onClose={() => setIsEditing(false)} fullWidth maxWidth="xs" aria-labelledby={`edit-${column.id}`}>
        <form onSubmit={handleSave} data-testid="column-form">
          <DialogTitle id={`edit-${column.id}`}>{t('columnMenu.editTitle', { name: column.name })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label={t('columnMenu.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                slotProps={{ htmlInput: { maxLength: BOARD_COLUMN_NAME_MAX, name: 'name' } }}
              />
              <TextField
                label={t('columnMenu.wipLimit')}
                value={limit}
                onChange={(e) => setLimit(e.target.value)}
                type="number"
                error={!isLimitValid}
                helperText={isLimitValid ? t('columnMenu.wipHelper') : t('columnMenu.wipInvalid', { max: WIP_LIMIT_MAX })}
                slotProps={{ htmlInput: { min: 1, max: WIP_LIMIT_MAX, name: 'wip_limit' } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setIsEditing(false)}>{t('columnMenu.cancel')}</Button>
            <Button type="submit" variant="contained" loading={update.isPending} data-testid="column-save">
              {t('columnMenu.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={isDeleting}
        title={t('columnMenu.deleteTitle')}
        confirmLabel={t('columnMenu.deleteConfirm')}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate({ columnId: column.id, projectId }, { onSuccess: () => setIsDeleting(false), onError })}
        onClose={() => setIsDeleting(false)}
      >
        {t('columnMenu.deleteText', { name: column.name })}
      </ConfirmDialog>
    </>
  );
}
