import type { Actor } from '../../core/actor.js';
import type { AppContext } from '../../context.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { NotificationService } from '../notifications/service.js';
import { discardStreamed } from './actions/discard-streamed.js';
import { findAttachmentFor } from './actions/find-attachment-for.js';
import { inbox } from './actions/inbox.js';
import { listConversations } from './actions/list-conversations.js';
import { mark } from './actions/mark.js';
import { poll } from './actions/poll.js';
import { recordUploads } from './actions/record-uploads.js';
import { send } from './actions/send.js';
import { thread } from './actions/thread.js';
import { unreadCount } from './actions/unread-count.js';
import { pollerOf } from './actions/poll.js';
import { presentMessage, type NamedMessageRow } from './queries.js';

export { attachmentPath, EMPTY_POLL_ANSWER, INBOX_LIMIT, isoFromUtcText, parseConversationId, type MessagingSide } from './queries.js';

// An empty poll is the hot path (every open chat, every 5 s): for a second after a poll found nothing newer
// than some id, a poll from that id is answered without a query. A send in this process clears the entries of
// both sides at once; a send in another process is seen within that second. Nothing is lost either way: an empty
// answer does not move the poller's since_id.
const NEWEST_ID_TTL_MS = 1000;

/**
 * The messaging service: one action per file in `actions/`, each made here from what it runs on and called with
 * the actor first; the reads, checks and serialisers they share are in `queries.ts`. The poll memo lives here,
 * one per service, since the event bus clears it.
 */
export function createMessagingService(ctx: AppContext, notifications: NotificationService) {
  const newestSeen = new TtlCache<number, number>(NEWEST_ID_TTL_MS, 100_000);
  // A committed message makes both sides' "nothing newer" memo stale at once: the super admin's and the company's.
  ctx.events.subscribe(
    'message.sent',
    (event) => {
      newestSeen.delete(event.senderId);
      newestSeen.delete(event.receiverId);
      newestSeen.delete(-event.companyId);
    },
    { remote: true },
  );

  /** Whether a poll by this person from `sinceId` would find nothing: they were told a moment ago of nothing newer. */
  function nothingNewer(actor: Actor, sinceId: number): boolean {
    const known = newestSeen.get(pollerOf(actor).key);
    return known !== undefined && sinceId >= known;
  }

  return {
    presentMessage: (row: NamedMessageRow, sessionId: number, now = ctx.now()) => presentMessage(ctx, row, sessionId, now),
    nothingNewer,
    inbox: inbox(ctx),
    listConversations: listConversations(ctx),
    thread: thread(ctx),
    poll: poll(ctx, newestSeen, nothingNewer),
    mark: mark(ctx, notifications),
    unreadCount: unreadCount(ctx),
    recordUploads: recordUploads(ctx),
    send: send(ctx, notifications),
    discardStreamed: discardStreamed(ctx),
    findAttachmentFor: findAttachmentFor(ctx),
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
