import { z } from 'zod';

/**
 * What a notification is about. The server stores this target, never a web path: the web app decides where
 * each role opens it (`notificationPath`), and e-mails link to `/go/<type>/<id>`, which the web app resolves.
 */
export const NOTIFICATION_TARGET_TYPES = ['project', 'project_approval', 'tool_request', 'conversation', 'contract', 'invoice'] as const;
export const notificationTargetTypeSchema = z.enum(NOTIFICATION_TARGET_TYPES);
export type NotificationTargetType = z.infer<typeof notificationTargetTypeSchema>;

export const notificationTargetSchema = z.object({ type: notificationTargetTypeSchema, id: z.string() });
export type NotificationTarget = z.infer<typeof notificationTargetSchema>;

/** The one web path the server may name: a resolver that sends each reader to their own screen for a target. */
export const GO_PATH_PREFIX = '/go';
export function goPath(target: NotificationTarget): string {
  return `${GO_PATH_PREFIX}/${target.type}/${encodeURIComponent(target.id)}`;
}

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  target: notificationTargetSchema.nullable(),
  project_id: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** How often open dashboards ask for the unread count (toasts for new ones come from it). */
export const NOTIFICATION_POLL_INTERVAL_MS = 15000;
