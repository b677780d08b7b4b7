import type { AppContext } from '../../context.js';
import type { NotificationService } from '../notifications/service.js';

/** What every project action is built with: the app's context and the notifications a change sends. */
export type ProjectDeps = { ctx: AppContext; notifications: NotificationService };
