import type { Conversation } from '@agency/schema';
import { i18n } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import '../i18n';

/** What the inbox shows where a value is missing (SPEC "Messages screen", display rules). */
export const EMPTY_VALUE = '—';
/** The content of a message that carried only files, as it is sent and stored. */
export const ATTACHMENT_PREVIEW = '(attachment)';
/** SPEC section 8: used when a failed answer carries no `error` field. */
export const CONVERSATIONS_FAILURE_MESSAGE = 'Failed to fetch conversations';

/** Rows the inbox can show: SPEC section 7 treats a `conversations` field that is not an array as empty. */
export function conversationsOf(body: unknown): Conversation[] {
  if (typeof body !== 'object' || body === null) return [];
  const list = (body as { conversations?: unknown }).conversations;
  return Array.isArray(list) ? (list as Conversation[]) : [];
}

/**
 * An empty preview reads "(attachment)" (in the reader's language) when the last message had files, otherwise a
 * dash. A files-only message's stored "(attachment)" reads the same way.
 */
export function previewText(conversation: Pick<Conversation, 'last_message_preview' | 'last_message_attachments'>): string {
  const preview = conversation.last_message_preview ?? '';
  const attachments = conversation.last_message_attachments;
  const hasFiles = Array.isArray(attachments) && attachments.length > 0;
  if (preview.trim() !== '' && !(hasFiles && preview === ATTACHMENT_PREVIEW)) return preview;
  return hasFiles ? i18n.t('messaging:attachmentPreview') : EMPTY_VALUE;
}

/**
 * The "Sender (id – name)" cell. SPEC: "If the sender id is missing the other user id is shown, else a dash."
 * Read as a fallback chain for the id part of the column: the last sender's id with its name when there is one;
 * when the sender id is missing, the other user's id stands in (alone: the sender's name belongs to a sender we
 * do not know); and when that is missing too, a dash. Reading "else a dash" as "a dash whenever a sender id
 * exists" would hide every known sender, which is not what a sender column is for.
 */
export function senderText(conversation: Pick<Conversation, 'last_sender_id' | 'last_sender_name' | 'other_user_id'>): string {
  const senderId = conversation.last_sender_id?.trim();
  if (senderId) {
    const name = conversation.last_sender_name?.trim();
    return name ? `${senderId} – ${name}` : senderId;
  }
  return conversation.other_user_id?.trim() || EMPTY_VALUE;
}

/** en-GB day, short month, hour and minute; the raw value when it cannot be formatted. */
export function timeText(value: string | null | undefined): string {
  return formatDateTime(value);
}

const SEARCHED_FIELDS = [
  'conversation_id',
  'project_id',
  'other_user_id',
  'last_message_preview',
  'last_sender_id',
  'last_sender_name',
] as const satisfies readonly (keyof Conversation)[];

/** SPEC section 5: case-insensitive substring of the trimmed text on any of six fields; empty text keeps every row. */
export function filterConversations<T extends Pick<Conversation, (typeof SEARCHED_FIELDS)[number]>>(rows: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...rows];
  return rows.filter((row) =>
    SEARCHED_FIELDS.some((field) => {
      const value = row[field];
      return value !== null && value !== undefined && String(value).toLowerCase().includes(needle);
    }),
  );
}

/** Reply needs both a conversation id and the other user's id (SPEC "Messages screen"). */
export function canReply(conversation: Pick<Conversation, 'conversation_id' | 'other_user_id'>): boolean {
  return Boolean(conversation.conversation_id?.trim() && conversation.other_user_id?.trim());
}

/** The footer names the stored user id, or "unknown". */
export function inboxFooterText(userId: string | null | undefined): string {
  return i18n.t('messaging:inbox.footer', { userId: userId || i18n.t('messaging:inbox.unknownUser') });
}

/**
 * SPEC section 8: the message of a failed inbox fetch is the answer's `error` field, else a fixed text.
 * `errorField` is what the HTTP layer found in the answer's body (undefined when it had none).
 */
export function conversationsFailureMessage(errorField: unknown): string {
  return typeof errorField === 'string' && errorField.trim() !== '' ? errorField : CONVERSATIONS_FAILURE_MESSAGE;
}
