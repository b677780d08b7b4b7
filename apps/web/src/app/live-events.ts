import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { hasErrorCode, readApiError, type ApiErrorCode } from '../lib/http';
import { queryKeys } from '../lib/query-keys';

/**
 * The cached data an event pushed by the server (GET /api/events) makes stale, by the event's type. Screens keep
 * their own polling (SPEC's 5 s chat and 10 s inbox); a push only makes them refetch at once. `all` is the
 * server asking for a full refresh (it could not replay what a reconnecting stream missed).
 */
export function staleKeysFor(type: string): readonly QueryKey[] | 'all' {
  if (type === 'resync') return 'all';
  const [entity] = type.split('.');
  switch (entity) {
    case 'message':
      return [queryKeys.messaging.all];
    case 'notification':
      return [queryKeys.notifications.all];
    case 'project':
      return [queryKeys.projects.all, queryKeys.board.all];
    case 'contract':
      return [queryKeys.contracts.all, queryKeys.projects.all];
    case 'invoice':
      return [queryKeys.invoices.all];
    case 'board':
      return [queryKeys.board.all];
    default:
      return [];
  }
}

/**
 * Whether an event is the echo of this person's own action in this browser: the screen that acted already
 * refreshed what it changed, and a refetch racing its answer could unmount the component before it confirms
 * (a toast lost, a drag cancelled). Receipts of one's own messages are not echoes: the other side read them.
 */
export function isOwnEcho(type: string, data: unknown, userId: string): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const event = data as { actorId?: unknown; senderId?: unknown };
  if (type === 'message.sent') return String(event.senderId) === userId;
  return event.actorId !== undefined && event.actorId !== null && String(event.actorId) === userId;
}

/**
 * Makes a key's cached data stale and refetches what a screen shows. A first load still in flight is cancelled
 * first: it may have been answered before the change, and TanStack Query does not restart a fetch that has no
 * data yet (an invalidation joins it), so the change would wait for the next poll.
 */
function refresh(queryClient: QueryClient, queryKey: QueryKey) {
  void queryClient.cancelQueries({ queryKey, fetchStatus: 'fetching', predicate: (query) => query.state.data === undefined });
  void queryClient.invalidateQueries({ queryKey });
}

/** The stream was refused for good (signed out, session ended): no retry. */
class StreamRefused extends Error {}

/** Answers a retry would only repeat: not signed in (any more), or not allowed until the person does something. */
const REFUSALS: readonly ApiErrorCode[] = ['UNAUTHENTICATED', 'FORBIDDEN', 'ACCOUNT_DISABLED', 'MFA_ENROLMENT_REQUIRED'];

const RETRY_MS = 5000;
/** After the server refuses another stream (each person has a few per session): try again after this long. */
const BUSY_RETRY_MS = 30_000;
/**
 * How many event ids are remembered. A reconnect's replay starts a little before Last-Event-ID (the server may
 * write two events out of order), so some events come twice: the second is dropped by its id.
 */
const SEEN_IDS_KEPT = 1000;

/**
 * How long to wait before opening the stream again after `error`, spread so that many browsers do not come back at
 * once (after a restart). The server refusing another stream for this session (more tabs than it keeps streams
 * for) is asked again only after half a minute; the tab's screens keep polling meanwhile.
 */
export function reconnectDelayMs(error: unknown, random: () => number = Math.random): number {
  if (hasErrorCode(error, 'RATE_LIMITED')) return BUSY_RETRY_MS + Math.round(random() * 10_000);
  return RETRY_MS + Math.round(random() * 2000);
}

/**
 * Opens the signed-in person's event stream with their bearer token (EventSource cannot send headers) and
 * refetches what each event makes stale. Reconnects with Last-Event-ID after a drop; stops for good when the server
 * refuses the session or the person (by the answer's code).
 * Returns the function that closes it.
 */
export function openLiveEvents(token: string, userId: string, queryClient: QueryClient): () => void {
  const controller = new AbortController();
  let ended = false;
  const seen = new Set<string>();
  void fetchEventSource('/api/events', {
    headers: { Authorization: `Bearer ${token}` },
    signal: controller.signal,
    async onopen(response) {
      if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) return;
      const error = await readApiError(response);
      if (hasErrorCode(error, ...REFUSALS)) throw new StreamRefused();
      throw error;
    },
    onmessage(message) {
      if (message.event === 'session.ended') ended = true;
      if (!message.event) return;
      if (message.id) {
        if (seen.has(message.id)) return;
        seen.add(message.id);
        if (seen.size > SEEN_IDS_KEPT) seen.delete(seen.values().next().value!);
      }
      let data: unknown = null;
      try {
        data = JSON.parse(message.data);
      } catch {
        // A frame without JSON data still names what went stale.
      }
      if (isOwnEcho(message.event, data, userId)) return;
      const stale = staleKeysFor(message.event);
      if (stale === 'all') {
        void queryClient.invalidateQueries();
        return;
      }
      for (const queryKey of stale) refresh(queryClient, queryKey);
    },
    onclose() {
      // A node going away (a restart, a deploy) closes streams: reconnect elsewhere, unless the session ended.
      if (!ended) throw new Error('The event stream closed');
    },
    onerror(error) {
      if (ended) throw error;
      if (error instanceof StreamRefused) throw error;
      return reconnectDelayMs(error);
    },
    // Kept while the tab is hidden: a background tab's badges stay right for one idle connection.
    openWhenHidden: true,
  }).catch(() => undefined);
  return () => controller.abort();
}
