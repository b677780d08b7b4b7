import { CARD_TITLE_MAX } from '@agency/schema';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/http';
import { useCreateCard } from '../api/create-card';
import { useBoardT } from '../i18n';

/**
 * "Add a card" at the bottom of a column: a title, Enter to add, Escape to close. The input is the kit's outlined
 * input itself, not `TextField`, which would bring its select and modal to the board cold.
 */
export function AddCardForm({ projectId, columnId, columnName }: { projectId: string; columnId: string; columnName: string }) {
  const { t } = useBoardT();
  const [isOpen, setIsOpen] = useState(false);
  const [title, setTitle] = useState('');
  const create = useCreateCard();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = title.trim();
    if (!text) return;
    create.mutate(
      { projectId, input: { column_id: columnId, title: text } },
      {
        onSuccess: () => setTitle(''),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  if (!isOpen) {
    return (
      <Box sx={{ px: 1, pb: 1 }}>
        <Button
          fullWidth
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setIsOpen(true)}
          sx={{ justifyContent: 'flex-start' }}
          data-testid="add-card-button"
        >
          {t('addCard.open')}
        </Button>
      </Box>
    );
  }
  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ px: 1, pb: 1, display: 'grid', gap: 1 }} data-testid="add-card-form">
      <OutlinedInput
        autoFocus
        size="small"
        multiline
        maxRows={4}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) handleSubmit(e);
          if (e.key === 'Escape') setIsOpen(false);
        }}
        placeholder={t('addCard.placeholder')}
        inputProps={{ maxLength: CARD_TITLE_MAX, 'aria-label': t('addCard.inputLabel', { column: columnName }) }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" size="small" variant="contained" loading={create.isPending} data-testid="add-card-submit">
          {t('addCard.submit')}
        </Button>
        <Button size="small" onClick={() => setIsOpen(false)}>
          {t('addCard.close')}
        </Button>
      </Box>
    </Box>
  );
}
