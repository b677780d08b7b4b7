import { z } from 'zod';
import { MAX_ATTACHMENTS_PER_MESSAGE, POLL_PAGE_LIMIT } from './constants.js';

/** `<project_id>:<client_id>`, each id within the range the database holds. */
export const CONVERSATION_ID_PATTERN = /^[1-9]\d{0,14}:[1-9]\d{0,14}$/;

/** SPEC section 3, Attachment: `data` only while staged (a data URL); `url` and `stored_filename` once stored. */
export const attachmentSchema = z.object({
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string().optional(),
  stored_filename: z.string().optional(),
  data: z.string().optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** SPEC section 3, Conversation (as returned to the inbox). */
export const conversationSchema = z.object({
  conversation_id: z.string(),
  project_id: z.string(),
  project_title: z.string().optional(),
  other_user_id: z.string(),
  other_user_name: z.string().optional(),
  last_message_preview: z.string().nullable(),
  last_sender_id: z.string().nullable(),
  last_sender_name: z.string().nullable(),
  last_message_time: z.string().nullable(),
  last_message_attachments: z.array(attachmentSchema),
  unread_count: z.number().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageReaderSchema = z.object({ user_id: z.string(), name: z.string(), read_at: z.string() });
export type MessageReader = z.infer<typeof messageReaderSchema>;

/** SPEC section 3, Message. */
export const messageSchema = z.object({
  id: z.number(),
  conversation_id: z.string(),
  sender_id: z.string(),
  receiver_id: z.string(),
  message_content: z.string(),
  message_attachments: z.array(attachmentSchema),
  timestamp: z.string(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
  is_read: z.union([z.literal(0), z.literal(1)]),
  /** Who wrote it: on a company's thread, any of its people. */
  sender_name: z.string(),
  /** Present when the message was not written in the app: `email` for a reply by e-mail. */
  via: z.literal('email').optional(),
  /**
   * The super admin's messages in a thread: each person of the client's company who has read it, and when (the
   * message is read once any of them has).
   */
  read_by: z.array(messageReaderSchema).optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationsQuery = z.object({ user_id: z.string({ error: 'user_id is required' }).min(1, 'user_id is required').max(40) });
export const threadQuery = z.object({
  conversation_id: z
    .string({ error: 'conversation_id is required' })
    .regex(CONVERSATION_ID_PATTERN, 'conversation_id must look like <project_id>:<client_id>'),
});
export const pollQuery = z.object({
  user_id: z.string({ error: 'user_id is required' }).min(1, 'user_id is required').max(40),
  since_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  // Larger limits are capped, not refused: SPEC's client always asks for POLL_PAGE_LIMIT.
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(POLL_PAGE_LIMIT)
    .transform((n) => Math.min(n, POLL_PAGE_LIMIT)),
});

const sendAttachment = z.object({
  name: z.string().trim().min(1).max(255),
  mime: z.string().max(255).optional(),
  size: z.number().int().min(0).optional(),
  data: z.string().optional(),
  stored_filename: z.string().max(100).optional(),
  url: z.string().optional(),
});

export const sendMessageInput = z.object({
  sender_id: z.union([z.string(), z.number()]).transform(String),
  receiver_id: z.union([z.string(), z.number()]).transform(String),
  message_content: z.string({ error: 'message_content is required' }).max(10000, 'message_content must be at most 10000 characters'),
  conversation_id: z.string().regex(CONVERSATION_ID_PATTERN, 'conversation_id must look like <project_id>:<client_id>'),
  // Past the limit: 413 on the server (the web app never sends more; it drops extras silently).
  message_attachments: z
    .union([z.array(sendAttachment), sendAttachment])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});
export type SendMessageInput = z.input<typeof sendMessageInput>;

export const uploadedAttachmentSchema = z.object({ name: z.string(), mime: z.string(), size: z.number(), stored_filename: z.string() });
export type UploadedAttachment = z.infer<typeof uploadedAttachmentSchema>;

export { MAX_ATTACHMENTS_PER_MESSAGE };
