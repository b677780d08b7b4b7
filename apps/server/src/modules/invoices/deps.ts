import type { AppContext } from '../../context.js';
import type { NotificationService } from '../notifications/service.js';
import type { ProjectService } from '../projects/service.js';

/** What every invoice action is built with: the app's context and the two services an invoice tells or moves. */
export type InvoiceDeps = { ctx: AppContext; notifications: NotificationService; projects: ProjectService };
