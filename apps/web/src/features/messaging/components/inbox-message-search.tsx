import type { Conversation, SearchItem } from '@agency/schema';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { HighlightedText } from '../../../components/highlighted-text';
import { errorMessage } from '../../../lib/http';
import { useMessageSearch } from '../api/search-conversation';
import { useMessagingT } from '../i18n';

/** How long the inbox's box waits after the last key before it asks the server for messages. */
const TYPING_PAUSE_MS = 250;

type InboxMessageSearchProps = {
  /** What is typed in the inbox's search box. */
  text: string;
  /** The inbox's conversations, to name a result's project. */
  conversations: readonly Conversation[];
  /** Open the result's conversation at this message. */
  onOpen: (item: SearchItem & { conversation_id: string }) => void;
};

/**
 * The inbox's search across conversations: the messages whose words match what is typed in the inbox's box (the
 * server's full-text search, best first, matches marked), each opening its conversation at that message.
 */
export function InboxMessageSearch({ text, conversations, onOpen }: InboxMessageSearchProps) {
  const { t } = useMessagingT();
  const [q, setQ] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const hasWord = /[\p{L}\p{N}]/u.test(q);
  const { data, error } = useMessageSearch(q);
  if (!hasWord || !/[\p{L}\p{N}]/u.test(text)) return null;
  const items = (data?.items ?? []).filter((item): item is SearchItem & { conversation_id: string } => Boolean(item.conversation_id));
  const titles = new Map(conversations.map((c) => [c.conversation_id, c.project_title?.trim()]));

  return (
    <Box
      component="section"
      aria-label={t('search.section')}
      sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: '1px solid', borderColor: 'divider' }}
      data-testid="inbox-message-search"
    >
      <Typography variant="overline" component="h2" sx={{ display: 'block', color: 'text.secondary', lineHeight: 2 }}>
        {t('search.heading')}
      </Typography>
      {error ? (
        <Typography role="alert" color="error" variant="body2">
          {errorMessage(error)}
        </Typography>
      ) : !data ? (
        <Typography role="status" color="text.secondary" variant="body2">
          {t('search.searching')}
        </Typography>
      ) : items.length === 0 ? (
        <Typography role="status" color="text.secondary" variant="body2">
          {t('search.noMatch')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('search.matching')} sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 240, overflowY: 'auto' }}>
          {items.map((item) => {
            const projectTitle = titles.get(item.conversation_id);
            return (
              <li key={item.id}>
                <ButtonBase
                  onClick={() => onOpen(item)}
                  data-testid="message-search-result"
                  sx={{
                    display: 'block',
                    width: '100%',
                    textAlign: 'start',
                    px: 1,
                    py: 0.75,
                    borderRadius: 1,
                    '&:hover': { bgcolor: 'action.hover' },
                    '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                  }}
                >
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                    <HighlightedText text={item.title} />
                    {' · '}
                    <Box component="span" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
                      {item.conversation_id}
                    </Box>
                    {projectTitle ? ` · ${projectTitle}` : ''}
                  </Typography>
                  <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
                    <HighlightedText text={item.snippet} />
                  </Typography>
                </ButtonBase>
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
