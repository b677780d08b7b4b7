import { dueState, type BoardCard as BoardCardData, type BoardMember } from '@agency/schema';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import BlockIcon from '@mui/icons-material/Block';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CheckBoxOutlinedIcon from '@mui/icons-material/CheckBoxOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import { initialsOf } from '../../../lib/initials';
import { useBoardT } from '../i18n';

const DUE_COLOR = { overdue: 'error.main', soon: 'warning.dark', later: 'text.secondary', done: 'success.main', none: 'text.secondary' } as const;

type CardFaceProps = {
  card: BoardCardData;
  members: ReadonlyMap<string, BoardMember>;
  today: string;
  isOverlay?: boolean;
  /** Leaves room in the top right corner for the card's Move to button. */
  hasMenu?: boolean;
  /** The dragged card is over a column that cannot take it: it says so where the pointer is. */
  isDropBlocked?: boolean;
};

/** What a card shows on the board: title, labels, due date, checklist, comments, files and assignees. */
export function CardFace({ card, members, today, isOverlay = false, hasMenu = false, isDropBlocked = false }: CardFaceProps) {
  const { t } = useBoardT();
  const due = dueState(card.due_date, card.done, today);
  const people = card.assignee_ids.map((id) => members.get(id)?.name ?? t('card.formerMember'));
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 1.25,
        borderRadius: 2,
        bgcolor: 'background.paper',
        boxShadow: isOverlay ? 6 : 0,
        borderLeft: '4px solid',
        borderLeftColor: card.done ? 'success.main' : due === 'overdue' ? 'error.main' : 'transparent',
        ...(isDropBlocked ? { borderColor: 'error.main', borderLeftColor: 'error.main' } : {}),
      }}
    >
      {isDropBlocked && (
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center', mb: 0.75, color: 'error.main', fontWeight: 700, fontSize: '0.8rem' }}
          data-testid="card-drop-blocked"
        >
          <BlockIcon sx={{ fontSize: 16 }} aria-hidden />
          <span>{t('card.cannotDrop')}</span>
        </Stack>
      )}
      {card.labels.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 0.75, pr: hasMenu ? 4 : 0 }}>
          {card.labels.slice(0, 4).map((label) => (
            <Chip
              key={label}
              label={label}
              size="small"
              sx={{ height: 20, fontSize: '0.7rem', bgcolor: 'rgb(67 56 202 / 10%)', color: 'primary.dark' }}
            />
          ))}
          {card.labels.length > 4 && <Chip label={`+${card.labels.length - 4}`} size="small" sx={{ height: 20, fontSize: '0.7rem' }} />}
        </Stack>
      )}
      <Typography
        sx={{
          fontWeight: 600,
          fontSize: '0.92rem',
          overflowWrap: 'anywhere',
          textDecoration: card.done ? 'line-through' : 'none',
          pr: hasMenu && card.labels.length === 0 ? 4 : 0,
        }}
        data-testid="card-title"
      >
        {card.title}
      </Typography>
      <Stack direction="row" sx={{ mt: 1, alignItems: 'center', gap: 1.25, flexWrap: 'wrap', color: 'text.secondary', fontSize: '0.75rem' }}>
        {card.due_date && (
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: DUE_COLOR[due], fontWeight: due === 'overdue' ? 700 : 500 }}
            data-testid="card-due"
          >
            <EventOutlinedIcon sx={{ fontSize: 15 }} aria-hidden />
            <span>
              {due === 'overdue' ? `${t('card.overdue')} · ` : ''}
              {formatDate(card.due_date)}
            </span>
          </Box>
        )}
        {card.checklist_total > 0 && (
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
            aria-label={t('card.checklist', { done: card.checklist_done, total: card.checklist_total })}
          >
            <CheckBoxOutlinedIcon sx={{ fontSize: 15 }} aria-hidden />
            {card.checklist_done}/{card.checklist_total}
          </Box>
        )}
        {card.comment_count > 0 && (
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
            aria-label={t('card.comments', { count: card.comment_count })}
          >
            <ChatBubbleOutlineIcon sx={{ fontSize: 15 }} aria-hidden />
            {card.comment_count}
          </Box>
        )}
        {card.attachment_count > 0 && (
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
            aria-label={t('card.files', { count: card.attachment_count })}
          >
            <AttachFileIcon sx={{ fontSize: 15 }} aria-hidden />
            {card.attachment_count}
          </Box>
        )}
        {people.length > 0 && (
          <AvatarGroup
            max={3}
            sx={{ ml: 'auto', '& .MuiAvatar-root': { width: 24, height: 24, fontSize: '0.65rem' } }}
            aria-label={t('card.assignedTo', { names: people.join(', ') })}
          >
            {people.map((name, i) => (
              <Avatar key={`${name}-${i}`} title={name} sx={{ bgcolor: 'primary.main' }}>
                {initialsOf(name)}
              </Avatar>
            ))}
          </AvatarGroup>
        )}
      </Stack>
    </Paper>
  );
}

type SortableCardProps = Omit<CardFaceProps, 'hasMenu'> & {
  columnName: string;
  isDisabled: boolean;
  onOpen: (cardId: string) => void;
  /** The card's Move to button, in its top right corner. */
  menu?: ReactNode;
};

/**
 * A card that can be dragged with the mouse or touch, or picked up with Space and moved with the arrow keys
 * (dnd-kit's keyboard sensor), or moved with its Move to menu; Enter opens it.
 */
export function SortableCard({ card, members, today, columnName, isDisabled, onOpen, menu }: SortableCardProps) {
  const { t } = useBoardT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: card.id, disabled: isDisabled });
  const handleKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Enter' && !isDragging) {
      event.preventDefault();
      onOpen(card.id);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <Box
      component="li"
      ref={setNodeRef}
      {...attributes}
      // The list item stays a list item for screen readers (a list holds only list items); the card's role is
      // described by aria-roledescription and its keys by the drag instructions.
      role={undefined}
      aria-pressed={undefined}
      {...listeners}
      onKeyDown={handleKeyDown}
      onClick={() => onOpen(card.id)}
      aria-roledescription={t('card.roleDescription')}
      aria-label={t('card.label', { title: card.title, column: columnName })}
      data-testid="board-card"
      data-card-id={card.id}
      data-version={card.version}
      sx={{
        listStyle: 'none',
        position: 'relative',
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        cursor: isDisabled ? 'pointer' : 'grab',
        touchAction: 'manipulation',
        borderRadius: 2,
        outline: 'none',
        '&:focus-visible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}` },
      }}
    >
      <CardFace card={card} members={members} today={today} hasMenu={Boolean(menu)} />
      {menu}
    </Box>
  );
}
