import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { HighlightedText } from '../../../components/highlighted-text';
import { errorMessage } from '../../../lib/http';
import { useConversationSearch } from '../api/search-conversation';
import { useMessagingT } from '../i18n';

type ConversationSearchProps = {
  conversationId: string;
  /** Show this message in the thread. */
  onJump: (messageId: string) => void;
};

/** Find a message in the open conversation: what matches, best first; picking one scrolls the thread to it. */
export function ConversationSearch({ conversationId, onJump }: ConversationSearchProps) {
  const { t } = useMessagingT();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, error } = useConversationSearch(conversationId, q);
  const hasWord = /[\p{L}\p{N}]/u.test(q);
  const items = hasWord ? (data?.items ?? []) : [];

  return (
    <Box sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1, borderBottom: '1px solid', borderColor: 'divider' }} data-testid="conversation-search">
      <TextField
        autoFocus
        fullWidth
        size="small"
        placeholder={t('search.inConversation')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': t('search.inConversation'), maxLength: 200 } }}
      />
      {error ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {errorMessage(error)}
        </Typography>
      ) : hasWord && data && items.length === 0 ? (
        <Typography role="status" color="text.secondary" variant="body2" sx={{ mt: 1 }}>
          {t('search.noMatch')}
        </Typography>
      ) : null}
      {items.length > 0 && (
        <Box component="ul" aria-label={t('search.matching')} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, maxHeight: 160, overflowY: 'auto' }}>
          {items.map((item) => (
            <li key={item.id}>
              <ButtonBase
                onClick={() => onJump(item.id)}
                sx={{ display: 'block', width: '100%', textAlign: 'start', px: 1, py: 0.5, borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }}
              >
                <Typography variant="caption" color="text.secondary" component="div">
                  <HighlightedText text={item.title} />
                </Typography>
                <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  <HighlightedText text={item.snippet} />
                </Typography>
              </ButtonBase>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
