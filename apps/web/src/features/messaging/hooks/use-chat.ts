import { CHAT_POLL_INTERVAL_MS, POLL_PAGE_LIMIT, type Message } from '@agency/schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { getAllMessages } from '../api/get-all-messages';
import { useThread } from '../api/get-thread';
import { markDelivered } from '../api/mark-delivered';
import { markRead } from '../api/mark-read';
import { useSendChatMessage } from '../api/send-message';
import { canSend, hasNewlyReadWithoutReaders, latestMessageId, mergeMessages, nextSinceId, receiptsFor, type MessagingSide } from '../utils/chat';

type UseChatOptions = {
  side: MessagingSide;
  conversationId: string;
  otherUserId: string;
  /** The stored unique_id; without it nothing is polled, marked or sent. */
  currentUserId: string | null;
};

/**
 * One open conversation (SPEC "Chat dialog" and section 4): the thread loaded on open, a poll every
 * CHAT_POLL_INTERVAL_MS merged by message id, receipts for incoming messages, and a send that cannot run twice.
 * Every failure is only logged (SPEC section 8).
 */
export function useChat({ side, conversationId, otherUserId, currentUserId }: UseChatOptions) {
  const queryClient = useQueryClient();
  const threadKey = useMemo(() => queryKeys.messaging.thread(side, conversationId), [side, conversationId]);
  const pollKey = useMemo(() => queryKeys.messaging.poll(side, conversationId), [side, conversationId]);
  const thread = useThread(side, conversationId, true);
  const latestIdRef = useRef<number | undefined>(undefined);
  const lastPageWasFullRef = useRef(false);

  const mergeIntoThread = useCallback(
    (incoming: readonly Message[]) => {
      if (incoming.length === 0) return;
      queryClient.setQueryData<Message[]>(threadKey, (current) => mergeMessages(current ?? [], incoming));
    },
    [queryClient, threadKey],
  );

  useEffect(() => {
    if (thread.data) latestIdRef.current = latestMessageId(thread.data, latestIdRef.current);
  }, [thread.data]);

  useQuery({
    queryKey: pollKey,
    queryFn: async () => {
      const userId = currentUserId ?? '';
      const known = queryClient.getQueryData<Message[]>(threadKey) ?? [];
      const sinceId = nextSinceId(latestIdRef.current, known, userId, lastPageWasFullRef.current);
      try {
        const batch = await getAllMessages(side, { userId, sinceId });
        lastPageWasFullRef.current = batch.length >= POLL_PAGE_LIMIT;
        latestIdRef.current = latestMessageId(batch, latestIdRef.current);
        const incoming = batch.filter((message) => message.conversation_id === conversationId);
        // The super admin's tooltip lists who of the company read a message: the thread says, the polls do not.
        const refreshReaders = side === 'superadmin' && hasNewlyReadWithoutReaders(known, incoming, userId);
        mergeIntoThread(incoming);
        if (refreshReaders) void queryClient.refetchQueries({ queryKey: threadKey, exact: true });
      } catch (error) {
        console.error('Failed to poll messages', error);
      }
      return latestIdRef.current ?? null;
    },
    enabled: thread.isSuccess && Boolean(currentUserId),
    refetchInterval: CHAT_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const pendingReceiptsRef = useRef(new Set<number>());
  const readIdsRef = useRef(new Set<number>());
  useEffect(() => {
    if (!thread.data || !currentUserId) return;
    for (const receipt of receiptsFor(thread.data, currentUserId, otherUserId)) {
      if (pendingReceiptsRef.current.has(receipt.id) || readIdsRef.current.has(receipt.id)) continue;
      pendingReceiptsRef.current.add(receipt.id);
      void (async () => {
        try {
          if (receipt.markDelivered) {
            const delivered = await markDelivered(side, receipt.id);
            if (delivered) mergeIntoThread([delivered]);
          }
          if (receipt.markRead) {
            const read = await markRead(side, receipt.id);
            if (read) mergeIntoThread([read]);
          }
          readIdsRef.current.add(receipt.id);
          void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.unreadCount });
        } catch (error) {
          console.error('Failed to mark a message delivered or read', error);
        } finally {
          pendingReceiptsRef.current.delete(receipt.id);
        }
      })();
    }
  }, [thread.data, currentUserId, otherUserId, side, mergeIntoThread, queryClient]);

  const { mutateAsync: sendAsync, isPending: isSending } = useSendChatMessage(side);
  const isSendingRef = useRef(false);

  /** Resolves true once the message is stored; a call while another send is in flight is ignored. */
  const sendMessage = useCallback(
    async (text: string, files: readonly File[]): Promise<boolean> => {
      if (isSendingRef.current || !currentUserId || !canSend(text, files.length, false)) return false;
      isSendingRef.current = true;
      try {
        await sendAsync({ senderId: currentUserId, receiverId: otherUserId, conversationId, text, files });
        void queryClient.refetchQueries({ queryKey: pollKey });
        void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.conversations(side, currentUserId) });
        return true;
      } catch (error) {
        console.error('Failed to send the message', error);
        return false;
      } finally {
        isSendingRef.current = false;
      }
    },
    [currentUserId, otherUserId, conversationId, side, sendAsync, queryClient, pollKey],
  );

  return {
    messages: thread.data ?? [],
    isLoading: thread.isPending,
    isSending,
    sendMessage,
  };
}
