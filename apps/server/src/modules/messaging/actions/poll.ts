import type { Actor } from '../../../core/actor.js';
import { companyOf } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import type { TtlCache } from '../../../lib/ttl-cache.js';
import { assertOwnId, assertSide, EMPTY_POLL_ANSWER, isoFromUtcText, writeAttachments, type MessagingSide } from '../queries.js';

/**
 * A page of the polls as text columns, named once (PostgreSQL plans it once per connection). The super admin's
 * messages are those they sent and those they received: two index scans (by sender and by receiver, each in id
 * order) merged, rather than one scan filtering on either column, so only the page is read. A client's are every
 * message of its company's conversations, whoever of the company wrote or received them. Times come as UTC text;
 * each message comes with its sender's name.
 */
const COLUMNS =
  'm.id::text, m.conversation_id, m.sender_id::text, m.receiver_id::text, m.message_content, m.message_attachments::text, ' +
  `(m."timestamp" at time zone 'UTC')::text, (m.delivered_at at time zone 'UTC')::text, (m.read_at at time zone 'UTC')::text, m.is_read::text, ` +
  'u.name, m.via, m.id as sort_key';
function superadminPageSql(since: boolean) {
  const mine = (who: string) =>
    `(select ${COLUMNS} from messages m join users u on u.id = m.sender_id where m.${who} = $1${since ? ' and m.id > $2' : ''})`;
  return `${mine('sender_id')} union all ${mine('receiver_id')} order by sort_key ${since ? 'asc limit $3' : 'desc limit $2'}`;
}
function companyPageSql(since: boolean) {
  return (
    `select ${COLUMNS} from messages m join conversations c on c.id = m.conversation_id join users u on u.id = m.sender_id ` +
    `where c.company_id = $1${since ? ' and m.id > $2' : ''} order by m.id ${since ? 'asc limit $3' : 'desc limit $2'}`
  );
}
const PAGE_SQL = {
  superadmin: { since: superadminPageSql(true), newest: superadminPageSql(false) },
  client: { since: companyPageSql(true), newest: companyPageSql(false) },
} as const;

/**
 * A page of the polls written straight from its text columns, in `messageSchema`'s fields and order, byte for byte
 * as the route's serialiser writes `presentMessage` (a test compares them): no row objects, dates or presented
 * messages to make and collect for 200 rows, which was most of the answer's CPU.
 */
function writePollPage(ctx: AppContext, rows: (string | null)[][], sessionId: number, now: Date): string {
  let out = '{"messages":[';
  for (let i = 0; i < rows.length; i++) {
    const [id, conversationId, senderId, receiverId, content, attachments, timestamp, deliveredAt, readAt, isRead, senderName, via] = rows[i];
    if (i > 0) out += ',';
    out +=
      `{"id":${id},"conversation_id":${JSON.stringify(conversationId)},"sender_id":"${senderId}","receiver_id":"${receiverId}",` +
      `"message_content":${JSON.stringify(content)},"message_attachments":${attachments === '[]' ? '[]' : writeAttachments(ctx, attachments, sessionId, now)},` +
      `"timestamp":"${isoFromUtcText(timestamp as string)}","delivered_at":${deliveredAt === null ? 'null' : `"${isoFromUtcText(deliveredAt)}"`},` +
      `"read_at":${readAt === null ? 'null' : `"${isoFromUtcText(readAt)}"`},"is_read":${isRead === '1' ? 1 : 0},` +
      `"sender_name":${JSON.stringify(senderName)}${via === 'email' ? ',"via":"email"' : ''}}`;
  }
  return `${out}]}`;
}

/**
 * Whose messages a poll reads, and the key of its memo: the super admin's own, or (as a negative number, apart from
 * every person's id) a client's whole company's, which all its people read alike.
 */
export function pollerOf(actor: Actor): { key: number; param: number } {
  if (actor.role === 'client') {
    const companyId = companyOf(actor);
    return { key: -companyId, param: companyId };
  }
  return { key: actor.id, param: actor.id };
}

/** `newestSeen` and `nothingNewer` are the service's poll memo (service.ts): one per app, cleared by the event bus. */
export function poll(ctx: AppContext, newestSeen: TtlCache<number, number>, nothingNewer: (actor: Actor, sinceId: number) => boolean) {
  return async (actor: Actor, side: MessagingSide, query: { user_id: string; since_id?: number; limit: number }) => {
    assertSide(actor, side);
    assertOwnId(actor, query.user_id);
    // Nothing newer than what this person was told a moment ago: no query. (The route answers most of these
    // before validation, routes.ts.)
    if (query.since_id !== undefined && nothingNewer(actor, query.since_id)) return EMPTY_POLL_ANSWER;
    const now = ctx.now();
    const since = query.since_id;
    const poller = pollerOf(actor);
    const sql = PAGE_SQL[side];
    const rows =
      since === undefined
        ? (await ctx.database.queryTextRows(`poll_newest_${side}`, sql.newest, [poller.param, query.limit])).reverse()
        : await ctx.database.queryTextRows(`poll_since_${side}`, sql.since, [poller.param, since, query.limit]);
    if (since !== undefined && rows.length < query.limit) newestSeen.set(poller.key, rows.length ? Number(rows[rows.length - 1][0]) : since);
    return writePollPage(ctx, rows, actor.sessionId, now);
  };
}
