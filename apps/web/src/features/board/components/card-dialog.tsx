import {
  CARD_CHECKLIST_ITEM_MAX,
  CARD_COMMENT_MAX,
  CARD_DESCRIPTION_MAX,
  CARD_LABEL_MAX_LENGTH,
  CARD_LABELS_MAX,
  CARD_TITLE_MAX,
  MAX_CARD_ATTACHMENTS,
  type Board,
  type Card,
  type ChecklistItem,
  type UpdateCardInput,
} from '@agency/schema';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListError, ListLoading } from '../../../components/list-states';
import { Markdown } from '../../../components/markdown';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useAddComment } from '../api/add-comment';
import { useDeleteCard } from '../api/delete-card';
import { useCard } from '../api/get-card';
import { useRemoveCardAttachment } from '../api/remove-card-attachment';
import { useUpdateCard } from '../api/update-card';
import { useUploadCardAttachments } from '../api/upload-card-attachments';
import { DateInput } from '../../../components/date-input';
import { useBoardT } from '../i18n';

type CardDialogProps = {
  cardId: string;
  board: Board;
  me: string;
  onMoveTo: (cardId: string, columnId: string) => void;
  onClose: () => void;
  /** The card's time, shown on a tab of its own beside the details when given. */
  timePanel?: (card: Card) => ReactNode;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h3" sx={{ fontWeight: 700, fontSize: '0.9rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One card, for reading and editing: every field, comments, files and the history. */
export function CardDialog({ cardId, board, me, onMoveTo, onClose, timePanel }: CardDialogProps) {
  const { t } = useBoardT();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const query = useCard(cardId);
  const titleId = useId();
  const [tab, setTab] = useState<'details' | 'time'>('details');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={isPhone} aria-labelledby={titleId} data-testid="card-dialog">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {query.data ? query.data.card.title : t('cardDialog.card')}
        <IconButton
          aria-label={t('cardDialog.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
          data-testid="card-dialog-close"
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {timePanel && (
        <Tabs value={tab} onChange={(_event, value: 'details' | 'time') => setTab(value)} aria-label={t('cardDialog.card')} sx={{ px: 2 }}>
          <Tab value="details" label={t('cardDialog.details')} data-testid="card-tab-details" />
          <Tab value="time" label={t('cardDialog.time')} data-testid="card-tab-time" />
        </Tabs>
      )}
      <DialogContent dividers>
        {query.isPending ? (
          <ListLoading label={t('cardDialog.loading')} />
        ) : query.isError ? (
          <ListError message={errorMessage(query.error)} onRetry={() => query.refetch()} />
        ) : timePanel && tab === 'time' ? (
          timePanel(query.data.card)
        ) : (
          // A new version (saved here, or by someone else) starts the form afresh from it.
          <CardEditor key={query.data.card.version} card={query.data.card} board={board} me={me} onMoveTo={onMoveTo} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CardEditor({ card, board, me, onMoveTo, onClose }: { card: Card } & Omit<CardDialogProps, 'cardId'>) {
  const { t } = useBoardT();
  const isWritable = board.writable;
  const [title, setTitle] = useState(card.title);
  const [description, setDescription] = useState(card.description);
  const [assignees, setAssignees] = useState(card.assignee_ids);
  const [dueDate, setDueDate] = useState(card.due_date ?? '');
  const [labels, setLabels] = useState(card.labels);
  const [checklist, setChecklist] = useState<ChecklistItem[]>(card.checklist);
  const [newItem, setNewItem] = useState('');
  const [descriptionTab, setDescriptionTab] = useState<'write' | 'preview'>(card.description ? 'preview' : 'write');
  const [comment, setComment] = useState('');
  const [isDeleting, setIsDeleting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const update = useUpdateCard();
  const remove = useDeleteCard();
  const addComment = useAddComment();
  const upload = useUploadCardAttachments();
  const removeFile = useRemoveCardAttachment();
  const onError = (error: unknown) => notify.error(errorMessage(error));

  const memberOptions = [
    ...board.members.map((m) => ({ id: m.id, name: m.name })),
    // Someone assigned before who has since left the project stays listed.
    ...card.assignees.filter((a) => !board.members.some((m) => m.id === a.id)),
  ];

  const changes: UpdateCardInput = { version: card.version };
  if (title.trim() !== card.title) changes.title = title.trim();
  if (description !== card.description) changes.description = description;
  if (assignees.join(',') !== card.assignee_ids.join(',')) changes.assignee_ids = assignees;
  if ((dueDate || null) !== card.due_date) changes.due_date = dueDate || null;
  if (labels.join('\n') !== card.labels.join('\n')) changes.labels = labels;
  if (JSON.stringify(checklist) !== JSON.stringify(card.checklist)) changes.checklist = checklist;
  const isDirty = Object.keys(changes).length > 1;

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    if (!isDirty || !title.trim()) return;
    update.mutate(
      { cardId: card.id, projectId: card.project_id, input: changes },
      { onSuccess: () => notify.success(t('cardDialog.saved')), onError },
    );
  };

  const handleAddItem = () => {
    const text = newItem.trim();
    if (!text) return;
    setChecklist([...checklist, { id: `i${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, text, done: false }]);
    setNewItem('');
  };

  const handleComment = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) return;
    addComment.mutate({ cardId: card.id, projectId: card.project_id, body: comment.trim() }, { onSuccess: () => setComment(''), onError });
  };

  const canDelete = isWritable && (card.created_by?.id === me || board.can_manage_columns);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 260px' }, alignItems: 'start' }}>
      <Box component="form" onSubmit={handleSave} sx={{ display: 'grid', gap: 2.5, minWidth: 0 }} data-testid="card-form">
        <TextField
          label={t('cardDialog.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          disabled={!isWritable}
          required
          error={!title.trim()}
          helperText={!title.trim() ? t('cardDialog.titleRequired') : undefined}
          slotProps={{ htmlInput: { maxLength: CARD_TITLE_MAX, name: 'title' } }}
        />
        <Section title={t('cardDialog.description')}>
          <Tabs
            value={descriptionTab}
            onChange={(_e, tab) => setDescriptionTab(tab)}
            sx={{ minHeight: 36, mb: 1 }}
            aria-label={t('cardDialog.description')}
          >
            <Tab value="write" label={t('cardDialog.write')} sx={{ minHeight: 36 }} disabled={!isWritable} />
            <Tab value="preview" label={t('cardDialog.preview')} sx={{ minHeight: 36 }} />
          </Tabs>
          {descriptionTab === 'write' ? (
            <TextField
              fullWidth
              multiline
              minRows={4}
              maxRows={16}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              placeholder={t('cardDialog.descriptionPlaceholder')}
              slotProps={{ htmlInput: { maxLength: CARD_DESCRIPTION_MAX, name: 'description', 'aria-label': t('cardDialog.descriptionInput') } }}
            />
          ) : description.trim() ? (
            <Markdown
              source={description}
              data-testid="card-description"
              sx={{ p: 1.5, border: '1px solid', borderColor: 'divider', borderRadius: 2 }}
            />
          ) : (
            <Typography color="text.secondary">{t('cardDialog.noDescription')}</Typography>
          )}
        </Section>
        <Section
          title={
            checklist.length
              ? t('cardDialog.checklistProgress', { done: checklist.filter((i) => i.done).length, total: checklist.length })
              : t('cardDialog.checklist')
          }
        >
          <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="checklist">
            {checklist.map((item) => (
              <Stack component="li" key={item.id} direction="row" sx={{ alignItems: 'center' }}>
                <Checkbox
                  checked={item.done}
                  disabled={!isWritable}
                  onChange={(e) => setChecklist(checklist.map((i) => (i.id === item.id ? { ...i, done: e.target.checked } : i)))}
                  slotProps={{ input: { 'aria-label': item.text } }}
                />
                <Typography sx={{ flex: 1, overflowWrap: 'anywhere', textDecoration: item.done ? 'line-through' : 'none' }}>{item.text}</Typography>
                {isWritable && (
                  <IconButton
                    size="small"
                    aria-label={t('cardDialog.remove', { name: item.text })}
                    onClick={() => setChecklist(checklist.filter((i) => i.id !== item.id))}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
            ))}
          </Stack>
          {isWritable && (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <TextField
                size="small"
                fullWidth
                value={newItem}
                onChange={(e) => setNewItem(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    handleAddItem();
                  }
                }}
                placeholder={t('cardDialog.addItem')}
                slotProps={{ htmlInput: { maxLength: CARD_CHECKLIST_ITEM_MAX, 'aria-label': t('cardDialog.newItem') } }}
              />
              <Button onClick={handleAddItem}>{t('cardDialog.add')}</Button>
            </Stack>
          )}
        </Section>
        {isWritable && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', position: { md: 'sticky' }, bottom: 0, bgcolor: 'background.paper', py: 1 }}>
            <Button type="submit" variant="contained" disabled={!isDirty || !title.trim()} loading={update.isPending} data-testid="card-save">
              {t('cardDialog.save')}
            </Button>
            {isDirty && (
              <Typography variant="body2" color="text.secondary">
                {t('cardDialog.unsaved')}
              </Typography>
            )}
          </Stack>
        )}
        <Divider />
        <Section title={t('cardDialog.comments', { number: card.comments.length })}>
          <Stack spacing={1.5} data-testid="card-comments">
            {card.comments.map((c) => (
              <Box key={c.id} sx={{ p: 1.5, bgcolor: '#f8fafc', borderRadius: 2 }} data-testid="card-comment">
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {c.author.name}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {formatDateTime(c.created_at)}
                  </Typography>
                </Typography>
                <Markdown source={c.body} sx={{ fontSize: '0.9rem' }} />
              </Box>
            ))}
          </Stack>
          {isWritable && (
            <Box component="form" onSubmit={handleComment} sx={{ display: 'grid', gap: 1, mt: 1.5 }}>
              <TextField
                multiline
                minRows={2}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                placeholder={t('cardDialog.writeComment')}
                slotProps={{ htmlInput: { maxLength: CARD_COMMENT_MAX, 'aria-label': t('cardDialog.newComment') } }}
              />
              <Box>
                <Button type="submit" variant="outlined" disabled={!comment.trim()} loading={addComment.isPending} data-testid="comment-submit">
                  {t('cardDialog.comment')}
                </Button>
              </Box>
            </Box>
          )}
        </Section>
      </Box>

      <Stack spacing={2.5} sx={{ minWidth: 0 }}>
        <TextField
          select
          label={t('cardDialog.column')}
          value={board.columns.some((c) => c.id === card.column_id) ? card.column_id : ''}
          disabled={!isWritable}
          onChange={(e) => onMoveTo(card.id, e.target.value)}
          helperText={t('cardDialog.columnHelper')}
          slotProps={{ htmlInput: { 'data-testid': 'card-column' } }}
        >
          {board.columns.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          options={memberOptions}
          value={memberOptions.filter((m) => assignees.includes(m.id))}
          onChange={(_e, value) => setAssignees(value.map((v) => v.id))}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          disabled={!isWritable}
          renderInput={(params) => <TextField {...params} label={t('cardDialog.assignees')} />}
          data-testid="card-assignees"
        />
        <DateInput label={t('cardDialog.dueDate')} value={dueDate} onChange={setDueDate} disabled={!isWritable} name="due_date" />
        <Autocomplete
          multiple
          freeSolo
          options={[...new Set(board.columns.flatMap((c) => c.cards.flatMap((x) => x.labels)))]}
          value={labels}
          onChange={(_e, value) =>
            setLabels([...new Set(value.map((v) => v.trim().slice(0, CARD_LABEL_MAX_LENGTH)).filter(Boolean))].slice(0, CARD_LABELS_MAX))
          }
          disabled={!isWritable}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => <Chip size="small" label={option} {...getItemProps({ index })} key={option} />)
          }
          renderInput={(params) => <TextField {...params} label={t('cardDialog.labels')} helperText={t('cardDialog.labelsHelper')} />}
          data-testid="card-labels"
        />
        <Section title={t('cardDialog.files', { number: card.attachments.length })}>
          <Stack spacing={0.75}>
            {card.attachments.map((file) => (
              <Stack key={file.id} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="card-attachment">
                <Link href={file.url} target="_blank" rel="noopener noreferrer" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {file.name}
                </Link>
                <Typography variant="caption" color="text.secondary">
                  {formatFileSize(file.size)}
                </Typography>
                {isWritable && (
                  <IconButton
                    size="small"
                    aria-label={t('cardDialog.remove', { name: file.name })}
                    onClick={() => removeFile.mutate({ cardId: card.id, projectId: card.project_id, attachmentId: file.id }, { onError })}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
            ))}
          </Stack>
          {isWritable && card.attachments.length < MAX_CARD_ATTACHMENTS && (
            <>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                data-testid="card-file-input"
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  e.target.value = '';
                  if (files.length)
                    upload.mutate({ cardId: card.id, files }, { onSuccess: () => notify.success(t('cardDialog.fileAttached')), onError });
                }}
              />
              <Button
                size="small"
                startIcon={<UploadFileIcon />}
                onClick={() => fileInput.current?.click()}
                loading={upload.isPending}
                sx={{ mt: 1 }}
              >
                {t('cardDialog.attach')}
              </Button>
            </>
          )}
        </Section>
        <Section title={t('cardDialog.activity')}>
          <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 240, overflowY: 'auto' }} data-testid="card-activity">
            {card.activity.map((event) => (
              <Typography component="li" key={event.id} variant="body2">
                <strong>{event.actor?.name ?? t('cardDialog.someone')}</strong> {event.summary}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {formatDateTime(event.created_at)}
                </Typography>
              </Typography>
            ))}
          </Stack>
        </Section>
        {card.done && (
          <Alert severity="success">
            {card.completed_at ? t('cardDialog.doneSince', { date: formatDateTime(card.completed_at) }) : t('cardDialog.done')}
          </Alert>
        )}
        {canDelete && (
          <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} onClick={() => setIsDeleting(true)} data-testid="card-delete">
            {t('cardDialog.delete')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={isDeleting}
        title={t('cardDialog.deleteTitle')}
        confirmLabel={t('cardDialog.deleteConfirm')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { cardId: card.id, projectId: card.project_id, version: card.version },
            {
              onSuccess: () => {
                notify.success(t('cardDialog.deleted'));
                onClose();
              },
              onError,
            },
          )
        }
        onClose={() => setIsDeleting(false)}
      >
        {t('cardDialog.deleteText', { title: card.title })}
      </ConfirmDialog>
    </Box>
  );
}
