import type { AppContext } from '../../context.js';
import type { NotificationService } from '../notifications/service.js';
import type { ContractTemplateService } from './template-service.js';

/** What every contract action is built with: the app's context, the notifications, and the templates drafts come from. */
export type ContractDeps = { ctx: AppContext; notifications: NotificationService; templates: ContractTemplateService };
