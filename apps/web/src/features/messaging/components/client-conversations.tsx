import type { Conversation } from '@agency/schema';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListEmpty, ListLoading } from '../../../components/list-states';
import { queryKeys } from '../../../lib/query-keys';
import { readUserId } from '../../../lib/storage';
import { useConversations } from '../api/list-conversations';
import { canReply, previewText, timeText } from '../utils/inbox';
import { useMessagingT } from '../i18n';
import type { ChatTarget } from './chat-dialog';
import { LazyChatDialog } from './lazy-chat-dialog';

function projectLabel(conversation: Conversation, t: ReturnType<typeof useMessagingT>['t']): string {
  return conversation.project_title?.trim() || t('client.project', { id: conversation.project_id });
}

type ConversationCardProps = { conversation: Conversation; userId: string | null; onOpen: (conversation: Conversation) => void };

function ConversationCard({ conversation, userId, onOpen }: ConversationCardProps) {
  const { t } = useMessagingT();
  const isOwnLast = userId !== null && conversation.last_sender_id === userId;
  const unread = conversation.unread_count ?? 0;
  const hasMessages = Boolean(conversation.last_message_time);
  return (
    <Box
      component="li"
      data-testid="client-conversation"
      sx={{
        listStyle: 'none',
        display: 'flex',
        gap: 2,
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        px: { xs: 2, sm: 3 },
        py: 2,
        '& + &': { borderTop: '1px solid', borderColor: 'divider' },
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flex: 1, minWidth: 0, width: '100%' }}>
        <Box
          aria-hidden="true"
          sx={{
            width: 40,
            height: 40,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgb(67 56 202 / 10%)',
            color: 'primary.main',
          }}
        >
          <ChatBubbleOutlineIcon fontSize="small" />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 700 }} noWrap data-testid="client-conversation-project">
              {projectLabel(conversation, t)}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="client-conversation-time">
              {timeText(conversation.last_message_time)}
            </Typography>
          </Stack>
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="client-conversation-preview"
            dir="auto"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
              fontWeight: unread > 0 ? 600 : 400,
            }}
          >
            {hasMessages
              ? isOwnLast
                ? t('client.youWrote', { text: previewText(conversation) })
                : previewText(conversation)
              : t('client.noMessages')}
          </Typography>
          {unread > 0 && (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={t('unread', { count: unread })}
              sx={{ mt: 0.75 }}
              data-testid="client-conversation-unread"
            />
          )}
        </Box>
      </Stack>
      <Button
        variant={unread > 0 ? 'contained' : 'outlined'}
        size="small"
        onClick={() => onOpen(conversation)}
        disabled={!canReply(conversation)}
        sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'center' } }}
        aria-label={t('client.openChatAbout', { project: projectLabel(conversation, t) })}
      >
        {t('client.openChat')}
      </Button>
    </Box>
  );
}

type ClientConversationsProps = {
  /** Who the client talks to: the agency's name. */
  agencyName?: string | null;
};

/** The client's side: one conversation per project with the agency, opened in the same chat dialog. */
export function ClientConversations({ agencyName }: ClientConversationsProps) {
  const { t } = useMessagingT();
  const queryClient = useQueryClient();
  const userId = readUserId();
  const conversations = useConversations('client', userId);
  const [target, setTarget] = useState<ChatTarget | null>(null);
  const [isChatOpen, setIsChatOpen] = useState(false);
  const items = conversations.data ?? [];

  function handleOpen(conversation: Conversation) {
    if (!canReply(conversation)) return;
    setTarget({
      conversationId: conversation.conversation_id,
      otherUserId: conversation.other_user_id,
      projectId: conversation.project_id,
      projectTitle: projectLabel(conversation, t),
    });
    setIsChatOpen(true);
  }

  function handleClose() {
    setIsChatOpen(false);
    void conversations.refetch();
    void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.unreadCount });
  }

  let body;
  if (conversations.isLoading) {
    body = <ListLoading label={t('inbox.loading')} />;
  } else if (items.length === 0) {
    body = (
      <ListEmpty icon={<ForumOutlinedIcon />} title={t('inbox.empty')}>
        {t('client.emptyText')}
      </ListEmpty>
    );
  } else {
    body = (
      <Box component="ul" sx={{ m: 0, p: 0 }} data-testid="client-conversations">
        {items.map((conversation) => (
          <ConversationCard key={conversation.conversation_id} conversation={conversation} userId={userId} onOpen={handleOpen} />
        ))}
      </Box>
    );
  }

  return (
    <Card data-testid="client-messages">
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, sm: 3 },
          py: 1.5,
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('client.yourProjects')}
        </Typography>
        <Tooltip title={t('refresh')}>
          <span>
            <IconButton aria-label={t('refresh')} onClick={() => void conversations.refetch()} disabled={conversations.isFetching || !userId}>
              {conversations.isFetching ? <CircularProgress size={20} aria-hidden="true" /> : <RefreshIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {body}
      <LazyChatDialog open={isChatOpen} onClose={handleClose} side="client" target={target} counterpartName={agencyName} />
    </Card>
  );
}
