import { BOARD_COLUMN_NAME_MAX } from '@agency/schema';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/http';
import { useCreateColumn } from '../api/create-column';
import { useBoardT } from '../i18n';

type AddColumnDialogProps = { projectId: string; open: boolean; onClose: () => void };

/** The new column's name, asked for in a dialog; the column goes just before the done column. */
export function AddColumnDialog({ projectId, open: isOpen, onClose }: AddColumnDialogProps) {
  const { t } = useBoardT();
  const [name, setName] = useState('');
  const create = useCreateColumn();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { projectId, input: { name: name.trim() } },
      {
        onSuccess: () => {
          setName('');
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-column-title">
      <form onSubmit={handleSubmit}>
        <DialogTitle id="add-column-title">{t('addColumn.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label={t('addColumn.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            helperText={t('addColumn.helper')}
            slotProps={{ htmlInput: { maxLength: BOARD_COLUMN_NAME_MAX } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('addColumn.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('addColumn.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
