// Which conversation the chat dialog shows right now: what arrives in it is seen there, so the notification about it
// is not also toasted. The chat dialog sets it while it is open; the notification bell asks it.

const open = new Set<string>();

/** Marks a conversation as on screen until the returned function is called (when its chat closes). */
export function showConversation(conversationId: string): () => void {
  open.add(conversationId);
  return () => {
    open.delete(conversationId);
  };
}

export function isConversationOnScreen(conversationId: string): boolean {
  return open.has(conversationId);
}
