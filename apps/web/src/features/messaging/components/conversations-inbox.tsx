import { INBOX_PREVIEW_CLAMP_LINES, INBOX_TABLE_MAX_WIDTH_PX, type Conversation } from '@agency/schema';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplyIcon from '@mui/icons-material/Reply';
import SearchIcon from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ListEmpty, ListLoading } from '../../../components/list-states';
import { queryKeys } from '../../../lib/query-keys';
import { readUserId } from '../../../lib/storage';
import { useConversations } from '../api/list-conversations';
import { canReply, filterConversations, inboxFooterText, previewText, senderText, timeText } from '../utils/inbox';
import { ChatDialog, type ChatTarget } from './chat-dialog';

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
  return (
    <Button size="small" variant="outlined" startIcon={<ReplyIcon />} onClick={() => onReply(conversation)} disabled={!canReply(conversation)}>
      Reply
    </Button>
  );
}

/** SPEC "Messages screen": the super admin's conversations inbox. */
export function ConversationsInbox() {
  const queryClient = useQueryClient();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
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

  function handleCloseChat() {
    setIsChatOpen(false);
    void conversations.refetch();
    void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.unreadCount });
  }

  let body;
  if (conversations.isLoading) {
    body = <ListLoading label="Loading conversations…" />;
  } else if (rows.length === 0) {
    body = <ListEmpty icon={<ForumOutlinedIcon />} title="No conversations yet." />;
  } else if (isPhone) {
    // Seven columns do not fit a phone: the same cells, stacked per conversation.
    body = (
      <Stack spacing={1.5} sx={{ p: 2 }} data-testid="conversations-list">
        {rows.map((conversation) => (
          <Card key={conversation.conversation_id} sx={{ p: 2 }} data-testid="conversation-row">
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <ConversationAvatar />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {conversation.conversation_id} · Project {conversation.project_id}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="conversation-time">
                    {timeText(conversation.last_message_time)}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary" data-testid="conversation-sender">
                  {senderText(conversation)}
                </Typography>
                <Typography variant="body2" sx={{ ...clampedPreview, mt: 0.5 }} data-testid="conversation-preview">
                  {previewText(conversation)}
                </Typography>
              </Box>
            </Stack>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
              <ReplyButton conversation={conversation} onReply={handleReply} />
            </Box>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: 860 }} aria-label="Conversations" data-testid="conversations-table">
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell sx={{ width: 56 }}>
                <Box component="span" sx={visuallyHidden}>
                  Avatar
                </Box>
              </TableCell>
              <TableCell>Conversation ID</TableCell>
              <TableCell>Project</TableCell>
              <TableCell>Sender (id – name)</TableCell>
              <TableCell>Last message</TableCell>
              <TableCell align="right">Time</TableCell>
              <TableCell>Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((conversation) => (
              <TableRow key={conversation.conversation_id} hover data-testid="conversation-row">
                <TableCell>
                  <ConversationAvatar />
                </TableCell>
                <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', whiteSpace: 'nowrap' }}>
                  {conversation.conversation_id}
                </TableCell>
                <TableCell>{conversation.project_id}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="conversation-sender">
                  {senderText(conversation)}
                </TableCell>
                <TableCell sx={{ minWidth: 220, maxWidth: 420 }}>
                  <Box sx={clampedPreview} data-testid="conversation-preview">
                    {previewText(conversation)}
                  </Box>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }} data-testid="conversation-time">
                  {timeText(conversation.last_message_time)}
                </TableCell>
                <TableCell>
                  <ReplyButton conversation={conversation} onReply={handleReply} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
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
        <TextField
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by conversation, project, sender, message…"
          slotProps={{
            htmlInput: { 'aria-label': 'Search conversations' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ maxWidth: 520 }}
        />
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh" onClick={() => void conversations.refetch()} disabled={isLoading || !userId}>
              {isLoading ? <CircularProgress size={20} aria-hidden="true" /> : <RefreshIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {body}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderTop: '1px solid', borderColor: 'divider' }}
        data-testid="inbox-footer"
      >
        {inboxFooterText(userId)}
      </Typography>
      <ChatDialog open={isChatOpen} onClose={handleCloseChat} side="superadmin" target={target} />
    </Card>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
