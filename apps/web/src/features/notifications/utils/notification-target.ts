import { assertNever, NOTIFICATION_TARGET_TYPES, type Notification, type NotificationTarget, type Role } from '@agency/schema';
import { contractPathFor } from '../../../lib/contract-links';
import { paths } from '../../../lib/paths';
import { invoicePathFor, projectPathFor } from '../../../lib/project-links';

/**
 * The one place that turns what a notification is about into a web path. The server stores the target only
 * (`{type, id}`; e-mails link to `/go/<type>/<id>`), and each reader opens it on their own role's screen, or
 * nowhere (null) when their role has no screen for it.
 */
export function targetPath(target: NotificationTarget, role: Role): string | null {
  switch (target.type) {
    case 'project':
      return projectPathFor(role, target.id);
    case 'project_approval':
      // The super admin decides in the approval queue; everyone else who may see the project opens it.
      return role === 'superadmin' ? `${paths.superadmin.projectApproval}?id=${encodeURIComponent(target.id)}` : projectPathFor(role, target.id);
    case 'tool_request':
      return toolRequestsPathFor(role);
    case 'conversation':
      return messagesPathFor(role);
    case 'board_card':
      return boardCardPathFor(role, target.id);
    case 'training':
      return trainingPathFor(role, target.id);
    case 'contract':
      return contractPathFor(role, target.id);
    case 'invoice':
      return invoicePathFor(role, target.id);
    case 'proposal':
      return proposalPathFor(role, target.id);
    case 'company':
      return companyPathFor(role, target.id);
    case 'person':
      // A staff or employee account (search results): the accounts screens of those who manage them.
      return role === 'admin' || role === 'superadmin' ? paths.staff.employees : null;
    default:
      return assertNever(target.type);
  }
}

/** Staff open a company on the clients screen; a client's own company is its company page. */
function companyPathFor(role: Role, id: string): string | null {
  switch (role) {
    case 'admin':
    case 'superadmin':
      return `${paths.staff.clients}?id=${encodeURIComponent(id)}`;
    case 'client':
      return paths.client.company;
    case 'teamlead':
    case 'teammember':
      return null;
    default:
      return assertNever(role);
  }
}

/** A client answers a proposal on its own path (then signs and pays there); staff open it in the proposals list. */
function proposalPathFor(role: Role, id: string): string | null {
  const query = `?id=${encodeURIComponent(id)}`;
  switch (role) {
    case 'client':
      return `${paths.client.proposal}${query}`;
    case 'admin':
    case 'superadmin':
      return `${paths.staff.proposals}${query}`;
    case 'teamlead':
    case 'teammember':
      return null;
    default:
      return assertNever(role);
  }
}

function toolRequestsPathFor(role: Role): string | null {
  switch (role) {
    case 'client':
      return paths.client.toolRequests;
    case 'admin':
    case 'superadmin':
      return paths.staff.toolRequests;
    case 'teamlead':
    case 'teammember':
      return null;
    default:
      return assertNever(role);
  }
}

/** Conversations are between a client and the super admin (SPEC section 6). */
function messagesPathFor(role: Role): string | null {
  switch (role) {
    case 'client':
      return paths.client.messages;
    case 'superadmin':
      return paths.superadmin.replyMessage;
    case 'admin':
    case 'teamlead':
    case 'teammember':
      return null;
    default:
      return assertNever(role);
  }
}

/** The board is its project's team's and staff's; the card's own project is looked up when it opens. */
function boardCardPathFor(role: Role, cardId: string): string | null {
  switch (role) {
    case 'admin':
    case 'superadmin':
    case 'teamlead':
    case 'teammember':
      return `${paths.kanbanBoard}?card=${encodeURIComponent(cardId)}`;
    case 'client':
      return null;
    default:
      return assertNever(role);
  }
}

/** Employees open their own training; staff open the module in the management screen. */
function trainingPathFor(role: Role, moduleId: string): string | null {
  switch (role) {
    case 'teamlead':
    case 'teammember':
      return `${paths.employee.training}?module=${encodeURIComponent(moduleId)}`;
    case 'admin':
    case 'superadmin':
      return `${paths.staff.training}?module=${encodeURIComponent(moduleId)}`;
    case 'client':
      return null;
    default:
      return assertNever(role);
  }
}

export function notificationPath(notification: Notification, role: Role): string | null {
  return notification.target ? targetPath(notification.target, role) : null;
}

/** A target read from a `/go/<type>/<id>` link; null when the type is not one the server names. */
export function parseTarget(type: string | undefined, id: string | undefined): NotificationTarget | null {
  const knownType = NOTIFICATION_TARGET_TYPES.find((known) => known === type);
  return knownType && id ? { type: knownType, id } : null;
}
