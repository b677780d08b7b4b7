import { CHAT_DIALOG_HEIGHT_PX, SCROLL_TO_BOTTOM_DELAY_MS } from '@agency/schema';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { showConversation } from '../../../lib/open-conversation';
import { readUserId } from '../../../lib/storage';
import { useChat } from '../hooks/use-chat';
import { useMessagingT } from '../i18n';
import { chatSubtitle, chatTitle, pollingHint, type MessagingSide } from '../utils/chat';
import { ChatComposer } from './chat-composer';
import { ConversationSearch } from './conversation-search';
import { MessageBubble } from './message-bubble';

export type ChatTarget = {
  conversationId: string;
  otherUserId: string;
  projectId?: string | null;
  /** The client's side shows the project's title under the subtitle. */
  projectTitle?: string | null;
  /** Open at this message (found by a search) instead of at the newest: scrolled to and outlined. */
  messageId?: string;
};

type ChatDialogProps = {
  open: boolean;
  onClose: () => void;
  side: MessagingSide;
  target: ChatTarget | null;
  /** The client's side names who it talks to (the agency's brand). */
  counterpartName?: string | null;
};

/** SPEC "Chat dialog": one conversation, polled while open. The same component serves both sides. */
export function ChatDialog({ open, onClose, side, target, counterpartName }: ChatDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open && target !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="chat-dialog"
      slotProps={{
        paper: {
          sx: {
            height: CHAT_DIALOG_HEIGHT_PX,
            maxHeight: 'calc(100% - 24px)',
            m: { xs: 1.5, sm: 4 },
            width: { xs: 'calc(100% - 24px)', sm: undefined },
            display: 'flex',
            flexDirection: 'column',
            overflow: 'hidden',
          },
        },
      }}
    >
      {target && (
        <ChatPanel
          key={`${side}:${target.conversationId}:${target.messageId ?? ''}`}
          side={side}
          target={target}
          counterpartName={counterpartName}
          titleId={titleId}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

type ChatPanelProps = {
  side: MessagingSide;
  target: ChatTarget;
  counterpartName?: string | null;
  titleId: string;
  onClose: () => void;
};

function ChatPanel({ side, target, counterpartName, titleId, onClose }: ChatPanelProps) {
  const { t } = useMessagingT();
  const currentUserId = readUserId();
  const chat = useChat({ side, conversationId: target.conversationId, otherUserId: target.otherUserId, currentUserId });
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastId = chat.messages.at(-1)?.id;
  const [isSearching, setIsSearching] = useState(false);
  const [foundId, setFoundId] = useState<string | null>(target.messageId ?? null);
  /** The message to open at, until the thread has loaded and it was scrolled to. */
  const openAtRef = useRef<string | null>(target.messageId ?? null);

  function handleJump(messageId: string) {
    setFoundId(messageId);
    const element = scrollRef.current?.querySelector(`[data-message-id="${CSS.escape(messageId)}"]`);
    element?.scrollIntoView?.({ block: 'center' });
  }

  // While this chat is open its new messages show here: the notification about one is not toasted as well.
  useEffect(() => showConversation(target.conversationId), [target.conversationId]);

  // After opening and after new messages: to the bottom, once the new bubbles (and images) have laid out. Opened at
  // a message: to that message instead, once it is there (to the bottom if the thread has loaded without it).
  const isLoading = chat.isLoading;
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const element = scrollRef.current;
      if (!element) return;
      const openAt = openAtRef.current;
      if (openAt !== null) {
        const found = element.querySelector(`[data-message-id="${CSS.escape(openAt)}"]`);
        if (found) {
          openAtRef.current = null;
          found.scrollIntoView?.({ block: 'center' });
          return;
        }
        if (isLoading) return;
        openAtRef.current = null;
      }
      element.scrollTop = element.scrollHeight;
    }, SCROLL_TO_BOTTOM_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [lastId, chat.messages.length, isLoading]);

  return (
    <>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', px: { xs: 2, sm: 2.5 }, py: 1.5, borderBottom: '1px solid', borderColor: 'divider' }}
      >
        <Box
          aria-hidden="true"
          sx={{
            width: 38,
            height: 38,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgb(67 56 202 / 10%)',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          <ChatBubbleOutlineIcon fontSize="small" />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ lineHeight: 1.25 }} data-testid="chat-title">
            {chatTitle(target.projectId, target.conversationId)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap data-testid="chat-subtitle">
            {chatSubtitle(side, target.otherUserId, counterpartName)}
          </Typography>
          {target.projectTitle && (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {target.projectTitle}
            </Typography>
          )}
        </Box>
        <IconButton
          aria-label={t('chat.findMessage')}
          aria-expanded={isSearching}
          onClick={() => {
            setIsSearching((open) => !open);
            setFoundId(null);
          }}
        >
          <SearchIcon />
        </IconButton>
        <IconButton aria-label={t('chat.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>

      {isSearching && <ConversationSearch conversationId={target.conversationId} onJump={handleJump} />}

      <Box
        ref={scrollRef}
        data-testid="chat-messages"
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', bgcolor: '#f8fafc', px: { xs: 1.5, sm: 2.5 }, py: 2 }}
      >
        {chat.isLoading ? (
          <Box
            role="status"
            sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, color: 'text.secondary' }}
          >
            <CircularProgress size={22} aria-hidden="true" />
            <span>{t('chat.loading')}</span>
          </Box>
        ) : chat.messages.length === 0 ? (
          <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.secondary', textAlign: 'center' }}>
            <Typography variant="body2">{t('chat.empty')}</Typography>
          </Box>
        ) : (
          <Stack spacing={1.25}>
            {chat.messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                isOwn={currentUserId !== null && String(message.sender_id) === currentUserId}
                isFound={foundId === String(message.id)}
              />
            ))}
          </Stack>
        )}
      </Box>

      <Box sx={{ borderTop: '1px solid', borderColor: 'divider', bgcolor: 'background.paper' }}>
        <ChatComposer isSending={chat.isSending} onSend={chat.sendMessage} draftKey={`${side}:${target.conversationId}`} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2.5, pb: 1, textAlign: 'end' }}>
          {pollingHint()}
        </Typography>
      </Box>
    </>
  );
}
