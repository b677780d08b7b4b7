import type { SendMessageInput, UploadedAttachment } from '@agency/schema';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { messageContentFor, type MessagingSide } from '../utils/chat';
import { uploadAttachments } from './upload-attachments';

/** POST /{side}/send-message. SPEC section 7: the answer is not read; the next poll brings the message. */
export async function sendMessage(side: MessagingSide, input: SendMessageInput): Promise<void> {
  await request<unknown>(`/${side}/send-message`, { method: 'POST', body: input });
}

export type SendChatMessageVariables = {
  senderId: string;
  receiverId: string;
  conversationId: string;
  text: string;
  files: readonly File[];
};

/** Streams the staged files up, then sends the message with references to them. */
export async function sendChatMessage(side: MessagingSide, variables: SendChatMessageVariables): Promise<void> {
  const uploaded: UploadedAttachment[] = variables.files.length > 0 ? await uploadAttachments(variables.files) : [];
  await sendMessage(side, {
    sender_id: variables.senderId,
    receiver_id: variables.receiverId,
    message_content: messageContentFor(variables.text, variables.files.length),
    conversation_id: variables.conversationId,
    message_attachments: uploaded.map(({ name, mime, size, stored_filename }) => ({ name, mime, size, stored_filename })),
  });
}

export function useSendChatMessage(side: MessagingSide) {
  return useMutation({
    mutationFn: (variables: SendChatMessageVariables) => sendChatMessage(side, variables),
  });
}
