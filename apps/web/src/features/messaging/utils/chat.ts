import { CHAT_POLL_INTERVAL_MS, type Attachment, type Message, type MessageReader } from '@agency/schema';
import { i18n } from '../../../i18n';
import '../i18n';

export type MessagingSide = 'superadmin' | 'client';

/** SPEC section 3: a message's attachments arrive as a list or as a single item. */
export function attachmentsOf(value: Attachment[] | Attachment | null | undefined): Attachment[] {
  if (Array.isArray(value)) return value;
  return value ? [value] : [];
}

/** A message as the dialog keeps it: attachments always a list. */
function normalizeMessage(message: Message): Message {
  return { ...message, message_attachments: attachmentsOf(message.message_attachments as Attachment[] | Attachment | null | undefined) };
}

/** SPEC "Chat dialog": 'Chat — ' plus the project id, else the part of the conversation id before the first colon. */
export function chatTitle(projectId: string | null | undefined, conversationId: string): string {
  const project = projectId?.trim() ? projectId.trim() : conversationId.split(':')[0];
  return i18n.t('messaging:chat.title', { project });
}

/**
 * SPEC: 'With Client: ' plus the other user's id, for the super admin. A client talks to the agency, not to a
 * client, and has no use for the owner's numeric id, so the client's side reads 'With: ' plus the agency's name.
 */
export function chatSubtitle(side: MessagingSide, otherUserId: string, counterpartName?: string | null): string {
  if (side === 'superadmin') return i18n.t('messaging:chat.withClient', { id: otherUserId });
  const name = counterpartName?.trim();
  return name ? i18n.t('messaging:chat.withAgency', { name }) : i18n.t('messaging:chat.withTheAgency');
}

/** SPEC footer hint ('Polling every 5s'), derived from the interval actually used, in the reader's language. */
export function pollingHint(): string {
  return i18n.t('messaging:chat.polling', { count: CHAT_POLL_INTERVAL_MS / 1000 });
}

/**
 * Messages by ascending id; an id seen again replaces the older copy (its receipts may have changed). The polls
 * carry no `read_by`: a copy without it keeps the list of readers the thread or a receipt brought.
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  if (incoming.length === 0) return [...current];
  const byId = new Map<number, Message>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) {
    const known = byId.get(message.id);
    const next = normalizeMessage(message);
    byId.set(message.id, next.read_by === undefined && known?.read_by ? { ...next, read_by: known.read_by } : next);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The highest id in a list, or the given floor. */
export function latestMessageId(messages: readonly Pick<Message, 'id'>[], floor?: number): number | undefined {
  let latest = floor;
  for (const { id } of messages) if (latest === undefined || id > latest) latest = id;
  return latest;
}

/** The sender's name, when the server named them. */
export function senderNameOf(message: Message): string | null {
  return typeof message.sender_name === 'string' && message.sender_name.trim() !== '' ? message.sender_name : null;
}

/** Who of the client's company has read a message, first reader first (only the super admin's messages carry this). */
export function readersOf(message: Message): MessageReader[] {
  return Array.isArray(message.read_by) ? [...message.read_by].sort((a, b) => a.read_at.localeCompare(b.read_at)) : [];
}

export type TickState = 'sent' | 'delivered' | 'read';

/** SPEC section 4: read once is_read is 1 and read_at is set; delivered once delivered_at is set; else sent. */
export function tickState(message: Pick<Message, 'delivered_at' | 'read_at' | 'is_read'>): TickState {
  if (Number(message.is_read) === 1 && message.read_at) return 'read';
  if (message.delivered_at) return 'delivered';
  return 'sent';
}

/**
 * Whether a poll brought one of the viewer's own messages read for the first time without saying who read it (the
 * polls carry no `read_by`): the thread, which does, is then read again for the tooltip's list of readers.
 */
export function hasNewlyReadWithoutReaders(known: readonly Message[], incoming: readonly Message[], currentUserId: string): boolean {
  const before = new Map(known.map((message) => [message.id, message]));
  return incoming.some((message) => {
    if (String(message.sender_id) !== String(currentUserId) || tickState(message) !== 'read') return false;
    if (message.read_by !== undefined) return false;
    const previous = before.get(message.id);
    return previous === undefined || tickState(previous) !== 'read';
  });
}

export type Receipt = { id: number; markDelivered: boolean; markRead: boolean };

/**
 * SPEC section 4: an incoming message (its sender is not the viewer) is marked delivered when delivered_at is
 * empty, then read when is_read is 0. A client company's people share the thread: a colleague's message goes to
 * the other side (`otherUserId`) and is not the viewer's to mark, and the other side's message is read once any of
 * them has read it, so each person also marks it read while its readers (`read_by`) do not include them.
 */
export function receiptsFor(messages: readonly Message[], currentUserId: string, otherUserId?: string): Receipt[] {
  const receipts: Receipt[] = [];
  for (const message of messages) {
    if (String(message.sender_id) === String(currentUserId)) continue;
    if (otherUserId !== undefined && String(message.receiver_id) === String(otherUserId)) continue;
    const readers = message.read_by;
    const markDelivered = !message.delivered_at;
    const markRead = Number(message.is_read) === 0 || (Array.isArray(readers) && !readers.some((r) => String(r.user_id) === String(currentUserId)));
    if (markDelivered || markRead) receipts.push({ id: message.id, markDelivered, markRead });
  }
  return receipts;
}

/**
 * The since_id of the next poll. Normally the latest id seen. A poll only returns ids above since_id, so the
 * receipts of the viewer's own messages that are still unread would never come back; while such messages exist
 * the poll re-reads from just before the oldest of them, and the merge by id updates their ticks. After a full
 * page the latest id is used, so a long backlog is still worked through.
 */
export function nextSinceId(
  latestId: number | undefined,
  conversationMessages: readonly Message[],
  currentUserId: string,
  lastPageWasFull: boolean,
): number | undefined {
  if (latestId === undefined || lastPageWasFull) return latestId;
  let oldestPending: number | undefined;
  for (const message of conversationMessages) {
    if (String(message.sender_id) !== String(currentUserId) || tickState(message) === 'read') continue;
    if (oldestPending === undefined || message.id < oldestPending) oldestPending = message.id;
  }
  return oldestPending === undefined ? latestId : Math.min(latestId, oldestPending - 1);
}

/** SPEC section 7: an attachment's link is its url, else its stored file, else its data URL; none -> no link. */
export function attachmentHref(attachment: Pick<Attachment, 'url' | 'stored_filename' | 'data'>): string | undefined {
  if (attachment.url) return attachment.url;
  if (attachment.stored_filename) return `/api/messages/attachments/${encodeURIComponent(attachment.stored_filename)}`;
  if (attachment.data) return attachment.data;
  return undefined;
}

export function isImageAttachment(attachment: Pick<Attachment, 'mime'>): boolean {
  return typeof attachment.mime === 'string' && attachment.mime.toLowerCase().startsWith('image/');
}

/** Send is possible with text or staged files, and never while a send is in flight (SPEC section 5). */
export function canSend(text: string, stagedCount: number, isSending: boolean): boolean {
  return !isSending && (text.trim() !== '' || stagedCount > 0);
}

/** The content sent: the text, or the literal '(attachment)' when only files are staged. */
export function messageContentFor(text: string, stagedCount: number): string {
  const trimmed = text.trim();
  return trimmed === '' && stagedCount > 0 ? '(attachment)' : trimmed;
}
