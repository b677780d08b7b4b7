import { lazy, Suspense, type ComponentProps } from 'react';
import type { ChatDialog as EagerChatDialog } from './chat-dialog';

// The chat (its composer, attachments and message list) is fetched when a conversation is first opened, not with the
// list of conversations.
const ChatDialog = lazy(() => import('./chat-dialog').then((m) => ({ default: m.ChatDialog })));

/** The chat dialog, mounted from the first conversation opened on, so that it closes with its transition. */
export function LazyChatDialog(props: ComponentProps<typeof EagerChatDialog>) {
  if (!props.target) return null;
  return (
    <Suspense fallback={null}>
      <ChatDialog {...props} />
    </Suspense>
  );
}
