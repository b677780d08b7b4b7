import type { AppContext } from '../../context.js';
import type { InvoiceService } from '../invoices/service.js';
import type { NotificationService } from '../notifications/service.js';

/**
 * What every time action is built with: the app's context, the notifications a change sends, and the invoice
 * service whose public functions billing uses (drafts gain their lines through its own edit).
 */
export type TimeDeps = { ctx: AppContext; notifications: NotificationService; invoices: InvoiceService };
