import type { Role } from '@agency/schema';
import { paths } from './paths';

/** The list screen where each role browses its projects; `?id=` on it opens one project. */
export function projectsPathFor(role: Role): string {
  switch (role) {
    case 'client':
      return paths.client.projects;
    case 'admin':
    case 'superadmin':
      return paths.staff.projects;
    case 'teamlead':
      return paths.employee.teamleadDashboard;
    case 'teammember':
      return paths.employee.teammemberDashboard;
  }
}

export function projectPathFor(role: Role, projectId: string): string {
  return `${projectsPathFor(role)}?id=${encodeURIComponent(projectId)}`;
}

/** A project's kanban board, or one card on it. */
export function boardPathFor(projectId: string, cardId?: string): string {
  return `${paths.kanbanBoard}?project=${encodeURIComponent(projectId)}${cardId ? `&card=${encodeURIComponent(cardId)}` : ''}`;
}

/** Where each role opens an invoice (`?id=`), or null: employees have no invoice screen. */
export function invoicePathFor(role: Role, invoiceId: string): string | null {
  const id = `?id=${encodeURIComponent(invoiceId)}`;
  switch (role) {
    case 'client':
      return `${paths.client.invoices}${id}`;
    case 'admin':
      return `${paths.admin.invoices}${id}`;
    case 'superadmin':
      return `${paths.superadmin.invoices}${id}`;
    case 'teamlead':
    case 'teammember':
      return null;
  }
}
