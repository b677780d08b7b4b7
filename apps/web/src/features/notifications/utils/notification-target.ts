import type { Notification, Role } from '@agency/schema';
import { paths } from '../../../lib/paths';
import { projectPathFor } from '../../../lib/project-links';

/**
 * Where a notification leads for this person. The server writes one link for all recipients (the client's
 * project page), so a project notification is sent to the reader's own project screen instead.
 */
export function notificationTarget(notification: Notification, role: Role): string | null {
  const link = notification.link?.startsWith('/') ? notification.link : null;
  if (notification.project_id) {
    if (role === 'superadmin' && link?.startsWith(paths.superadmin.projectApproval)) return link;
    return projectPathFor(role, notification.project_id);
  }
  if (link?.startsWith(paths.client.toolRequests) && role !== 'client') return paths.staff.toolRequests;
  return link;
}
