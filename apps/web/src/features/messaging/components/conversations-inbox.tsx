import { INBOX_PREVIEW_CLAMP_LINES, INBOX_TABLE_MAX_WIDTH_PX, type Conversation, type SearchItem } from '@agency/schema';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplyIcon from '@mui/icons-material/Reply';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { SearchField } from '../../../components/list-filters';
import { ListEmpty } from '../../../components/list-states';
import { queryKeys } from '../../../lib/query-keys';
import { readUserId } from '../../../lib/storage';
import { useConversations } from '../api/list-conversations';
import { canReply, filterConversations, inboxFooterText, previewText, senderText, timeText } from '../utils/inbox';
import { useMessagingT } from '../i18n';
import type { ChatTarget } from './chat-dialog';
import { InboxMessageSearch } from './inbox-message-search';
import { LazyChatDialog } from './lazy-chat-dialog';

const clampedPreview = {
  display: '-webkit-box',
  WebkitLineClamp: INBOX_PREVIEW_CLAMP_LINES,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

function ConversationAvatar() {
  return (
    <Avatar sx={{ width: 34, height: 34, bgcolor: 'rgb(67 56 202 / 10%)', color: 'primary.main' }} aria-hidden="true">
      <PersonOutlinedIcon fontSize="small" />
    </Avatar>
  );
}

function ReplyButton({ conversation, onReply }: { conversation: Conversation; onReply: (conversation: Conversation) => void }) {
  const { t } = useMessagingT();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ReplyIcon sx={POINTS_BACK} />}
      onClick={() => onReply(conversation)}
      disabled={!canReply(conversation)}
    >
      {t('inbox.reply')}
    </Button>
  );
}

type MessagingT = ReturnType<typeof useMessagingT>['t'];

/** The reply arrow points back along the line of text: mirrored right to left. */
const POINTS_BACK = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * The Conversation ID cell: SPEC's id, with the unread count beside it and the project's title and the client's name
 * under it. They sit inside SPEC's first text column so that SPEC's columns stay as they are, and so that they show
 * at every width: this column never hides and is the title of a row's card on a phone.
 */
function ConversationCell({ conversation }: { conversation: Conversation }) {
  const { t } = useMessagingT();
  const unread = conversation.unread_count ?? 0;
  const projectTitle = conversation.project_title?.trim();
  const clientName = conversation.other_user_name?.trim();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <Box component="span" sx={{ fontFamily: monospace, whiteSpace: 'nowrap' }} data-testid="conversation-id">
          {conversation.conversation_id}
        </Box>
        {unread > 0 && (
          <Chip
            size="small"
            color="error"
            label={t('unread', { count: unread })}
            sx={{ height: 20, fontWeight: 700 }}
            data-testid="conversation-unread"
          />
        )}
      </Box>
      {(projectTitle || clientName) && (
        <Typography component="div" variant="body2" sx={{ mt: 0.25, fontWeight: 400, lineHeight: 1.35, overflowWrap: 'anywhere' }}>
          {projectTitle && (
            <Box component="span" sx={{ display: 'block', color: 'text.primary' }} data-testid="conversation-project-title">
              {projectTitle}
            </Box>
          )}
          {clientName && (
            <Box component="span" sx={{ display: 'block', color: 'text.secondary' }} data-testid="conversation-client-name">
              {clientName}
            </Box>
          )}
        </Typography>
      )}
    </Box>
  );
}

/**
 * SPEC "Messages screen" columns, in its order; the decorative avatar hides first, then project, sender and time.
 * Rows hold several lines (the id's project and client, a two-line preview), so cells sit at the top of the row.
 */
function inboxColumns(t: MessagingT, onReply: (conversation: Conversation) => void): DataColumn<Conversation>[] {
  return [
    {
      id: 'avatar',
      header: t('inbox.columns.avatar'),
      isHeaderHidden: true,
      cell: () => <ConversationAvatar />,
      priority: 5,
      minWidth: 58,
      card: 'media',
    },
    {
      id: 'conversation',
      header: t('inbox.columns.conversation'),
      cell: (conversation) => <ConversationCell conversation={conversation} />,
      minWidth: 170,
      card: 'title',
      cellSx: { maxWidth: 260 },
    },
    { id: 'project', header: t('inbox.columns.project'), cell: (conversation) => conversation.project_id, priority: 4, minWidth: 84 },
    {
      id: 'sender',
      header: t('inbox.columns.sender'),
      cell: (conversation) => <span data-testid="conversation-sender">{senderText(conversation)}</span>,
      priority: 3,
      minWidth: 170,
      cellSx: { overflowWrap: 'anywhere' },
    },
    {
      id: 'preview',
      header: t('inbox.columns.preview'),
      cell: (conversation) => (
        <Box sx={{ ...clampedPreview, fontWeight: (conversation.unread_count ?? 0) > 0 ? 600 : 400 }} data-testid="conversation-preview" dir="auto">
          {previewText(conversation)}
        </Box>
      ),
      minWidth: 220,
      card: 'body',
      cellSx: { maxWidth: 420 },
    },
    {
      id: 'time',
      header: t('inbox.columns.time'),
      align: 'right',
      cell: (conversation) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }} data-testid="conversation-time">
          {timeText(conversation.last_message_time)}
        </Box>
      ),
      priority: 2,
      minWidth: 112,
      card: 'aside',
    },
    {
      id: 'action',
      header: t('inbox.columns.action'),
      cell: (conversation) => <ReplyButton conversation={conversation} onReply={onReply} />,
      minWidth: 112,
      card: 'actions',
    },
  ];
}

/**
 * SPEC "Messages screen": the super admin's conversations inbox. A click on a row opens its chat, like Reply. What is
 * typed in the search box filters the rows and also finds the messages that match across conversations; a message
 * picked opens its chat at that message.
 */
export function ConversationsInbox() {
  const { t } = useMessagingT();
  const queryClient = useQueryClient();
  const userId = readUserId();
  const conversations = useConversations('superadmin', userId);
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<ChatTarget | null>(null);
  const [isChatOpen, setIsChatOpen] = useState(false);

  const rows = useMemo(() => filterConversations(conversations.data ?? [], search), [conversations.data, search]);
  const isLoading = conversations.isFetching;

  function handleReply(conversation: Conversation) {
    if (!canReply(conversation)) return;
    setTarget({ conversationId: conversation.conversation_id, otherUserId: conversation.other_user_id, projectId: conversation.project_id });
    setIsChatOpen(true);
  }

  /** A message found across conversations: its conversation's chat, opened at that message. */
  function handleOpenMessage(item: SearchItem & { conversation_id: string }) {
    const listed = conversations.data?.find((c) => c.conversation_id === item.conversation_id);
    const [projectId, clientId] = item.conversation_id.split(':');
    const otherUserId = listed?.other_user_id ?? clientId;
    if (!otherUserId) return;
    setTarget({ conversationId: item.conversation_id, otherUserId, projectId: listed?.project_id ?? projectId, messageId: item.id });
    setIsChatOpen(true);
  }

  function handleCloseChat() {
    setIsChatOpen(false);
    void conversations.refetch();
    void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.unreadCount });
  }

  return (
    <Card sx={{ maxWidth: INBOX_TABLE_MAX_WIDTH_PX }} data-testid="conversations-inbox">
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          px: { xs: 2, sm: 3 },
          py: 2,
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <SearchField
          value={search}
          onChange={setSearch}
          placeholder={t('inbox.searchPlaceholder')}
          ariaLabel={t('inbox.searchLabel')}
          sx={{ flex: 1, maxWidth: 520 }}
        />
        <Tooltip title={t('refresh')}>
          <span>
            <IconButton aria-label={t('refresh')} onClick={() => void conversations.refetch()} disabled={isLoading || !userId}>
              {isLoading ? <CircularProgress size={20} aria-hidden="true" /> : <RefreshIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <InboxMessageSearch text={search} conversations={conversations.data ?? []} onOpen={handleOpenMessage} />
      <DataTable
        columns={inboxColumns(t, handleReply)}
        rows={rows}
        getRowId={(conversation) => conversation.conversation_id}
        label={t('inbox.tableLabel')}
        isLoading={conversations.isLoading}
        loadingLabel={t('inbox.loading')}
        empty={<ListEmpty icon={<ForumOutlinedIcon />} title={t('inbox.empty')} />}
        onRowClick={handleReply}
        rowAlign="top"
        data-testid="conversations-table"
        rowTestId="conversation-row"
      />
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderTop: '1px solid', borderColor: 'divider' }}
        data-testid="inbox-footer"
      >
        {inboxFooterText(userId)}
      </Typography>
      <LazyChatDialog open={isChatOpen} onClose={handleCloseChat} side="superadmin" target={target} />
    </Card>
  );
}
