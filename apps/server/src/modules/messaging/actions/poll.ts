import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import type { TtlCache } from '../../../lib/ttl-cache.js';
import { assertOwnId, assertSide, EMPTY_POLL_ANSWER, isoFromUtcText, writeAttachments, type MessagingSide } from '../queries.js';

/**
 * A page of the polls as text columns, named once (PostgreSQL plans it once per connection). The caller's messages
 * are those they sent and those they received: two index scans (by sender and by receiver, each in id order)
 * merged, rather than one scan filtering on either column, so only the page is read. Times come as UTC text.
 */
function pollPageSql(since: boolean) {
  const columns =
    'id::text, conversation_id, sender_id::text, receiver_id::text, message_content, message_attachments::text, ' +
    `("timestamp" at time zone 'UTC')::text, (delivered_at at time zone 'UTC')::text, (read_at at time zone 'UTC')::text, is_read::text, ` +
    'id as sort_key';
  const mine = (who: string) => `(select ${columns} from messages where ${who} = $1${since ? ' and id > $2' : ''})`;
  return `${mine('sender_id')} union all ${mine('receiver_id')} order by sort_key ${since ? 'asc limit $3' : 'desc limit $2'}`;
}
const POLL_SINCE_SQL = pollPageSql(true);
const POLL_NEWEST_SQL = pollPageSql(false);

/**
 * A page of the polls written straight from its text columns, in `messageSchema`'s fields and order, byte for byte
 * as the route's serialiser writes `presentMessage` (a test compares them): no row objects, dates or presented
 * messages to make and collect for 200 rows, which was most of the answer's CPU.
 */
function writePollPage(ctx: AppContext, rows: (string | null)[][], sessionId: number, now: Date): string {
  let out = '{"messages":[';
  for (let i = 0; i < rows.length; i++) {
    const [id, conversationId, senderId, receiverId, content, attachments, timestamp, deliveredAt, readAt, isRead] = rows[i];
    if (i > 0) out += ',';
    out +=
      `{"id":${id},"conversation_id":${JSON.stringify(conversationId)},"sender_id":"${senderId}","receiver_id":"${receiverId}",` +
      `"message_content":${JSON.stringify(content)},"message_attachments":${attachments === '[]' ? '[]' : writeAttachments(ctx, attachments, sessionId, now)},` +
      `"timestamp":"${isoFromUtcText(timestamp as string)}","delivered_at":${deliveredAt === null ? 'null' : `"${isoFromUtcText(deliveredAt)}"`},` +
      `"read_at":${readAt === null ? 'null' : `"${isoFromUtcText(readAt)}"`},"is_read":${isRead === '1' ? 1 : 0}}`;
  }
  return `${out}]}`;
}

/** `newestSeen` and `nothingNewer` are the service's poll memo (service.ts): one per app, cleared by the event bus. */
export function poll(ctx: AppContext, newestSeen: TtlCache<number, number>, nothingNewer: (actorId: number, sinceId: number) => boolean) {
  return async (actor: Actor, side: MessagingSide, query: { user_id: string; since_id?: number; limit: number }) => {
    assertSide(actor, side);
    assertOwnId(actor, query.user_id);
    // Nothing newer than what this person was told a moment ago: no query. (The route answers most of these
    // before validation, routes.ts.)
    if (query.since_id !== undefined && nothingNewer(actor.id, query.since_id)) return EMPTY_POLL_ANSWER;
    const now = ctx.now();
    const since = query.since_id;
    const rows =
      since === undefined
        ? (await ctx.database.queryTextRows('poll_newest', POLL_NEWEST_SQL, [actor.id, query.limit])).reverse()
        : await ctx.database.queryTextRows('poll_since', POLL_SINCE_SQL, [actor.id, since, query.limit]);
    if (since !== undefined && rows.length < query.limit) newestSeen.set(actor.id, rows.length ? Number(rows[rows.length - 1][0]) : since);
    return writePollPage(ctx, rows, actor.sessionId, now);
  };
}
