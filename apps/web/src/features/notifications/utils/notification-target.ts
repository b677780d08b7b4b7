import type { Notification, NotificationTarget, Role } from '@agency/schema';
import { contractPathFor } from '../../../lib/contract-links';
import { paths } from '../../../lib/paths';
import { projectPathFor } from '../../../lib/project-links';

/** Where a target opens for this reader: the server names what a notification is about, the web app decides where. */
export function targetPath(target: NotificationTarget, role: Role): string | null {
  switch (target.type) {
    case 'project':
      return projectPathFor(role, target.id);
    case 'project_approval':
      return role === 'superadmin' ? `${paths.superadmin.projectApproval}?id=${encodeURIComponent(target.id)}` : projectPathFor(role, target.id);
    case 'tool_request':
      if (role === 'client') return paths.client.toolRequests;
      return role === 'admin' || role === 'superadmin' ? paths.staff.toolRequests : null;
    case 'conversation':
      if (role === 'client') return paths.client.messages;
      return role === 'superadmin' ? paths.superadmin.replyMessage : null;
    case 'contract':
      return contractPathFor(role, target.id);
  }
}

export function notificationTarget(notification: Notification, role: Role): string | null {
  return notification.target ? targetPath(notification.target, role) : null;
}
