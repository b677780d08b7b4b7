import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { assertOwnId, assertSide, INBOX_LIMIT, isoFromUtcText, writeAttachments } from '../queries.js';

/**
 * The super admin's inbox as text columns, named once: each call sends only the caller's id, and PostgreSQL plans
 * the statement once per connection instead of on every refresh. One query: the unread count of each of these
 * conversations comes with it, counted through the unread index for the rows the limit keeps (never the whole
 * table). Only the columns the answer shows, times as UTC text.
 */
const INBOX_SQL =
  `select c.id, c.project_id::text, p.title, c.client_id::text, u.name, c.last_message_preview, c.last_sender_id::text, ` +
  `c.last_sender_name, (c.last_message_time at time zone 'UTC')::text, c.last_message_attachments::text, ` +
  `(select count(*) from messages m where m.conversation_id = c.id and m.receiver_id = $1 and m.is_read = 0)::text ` +
  `from conversations c join users u on u.id = c.client_id join projects p on p.id = c.project_id ` +
  `where c.last_message_id is not null order by c.last_message_time desc nulls last, c.id desc nulls last limit ${INBOX_LIMIT}`;

/**
 * The inbox's answer written straight from its text columns, in `conversationSchema`'s fields and order, as the
 * route's serialiser writes them (a test holds it to that, byte for byte): no row objects, dates or presented
 * conversations made for each of 200 rows.
 */
function writeInbox(ctx: AppContext, rows: (string | null)[][], sessionId: number, now: Date): string {
  let out = '{"conversations":[';
  for (let i = 0; i < rows.length; i++) {
    const [id, projectId, projectTitle, clientId, clientName, preview, senderId, senderName, time, attachments, unread] = rows[i];
    if (i > 0) out += ',';
    out +=
      `{"conversation_id":${JSON.stringify(id)},"project_id":"${projectId}","project_title":${JSON.stringify(projectTitle)},` +
      `"other_user_id":"${clientId}","other_user_name":${JSON.stringify(clientName)},"last_message_preview":${JSON.stringify(preview)},` +
      `"last_sender_id":${senderId === null ? 'null' : `"${senderId}"`},"last_sender_name":${JSON.stringify(senderName)},` +
      `"last_message_time":${time === null ? 'null' : `"${isoFromUtcText(time)}"`},` +
      `"last_message_attachments":${attachments === null || attachments === '[]' ? '[]' : writeAttachments(ctx, attachments, sessionId, now)},` +
      `"unread_count":${unread}}`;
  }
  return `${out}]}`;
}

/** The super admin's inbox, as the JSON of its answer (writeInbox). */
export function inbox(ctx: AppContext) {
  return async (actor: Actor, userId: string): Promise<string> => {
    assertSide(actor, 'superadmin');
    assertOwnId(actor, userId);
    return writeInbox(ctx, await ctx.database.queryTextRows('superadmin_inbox', INBOX_SQL, [actor.id]), actor.sessionId, ctx.now());
  };
}
