import type { Publish } from '../../core/events.js';
import type { DbOrTx } from '../../db/client.js';
import { billingContacts } from '../companies/queries.js';
import type { NewNotification, NotificationService } from '../notifications/service.js';

/**
 * Tells a company about one of its invoices: in the app, everyone of it who sees invoices (owners and billing
 * people); by e-mail, its billing people and billing address, or its owners when it has neither.
 */
export async function notifyCompany(notifications: NotificationService, tx: DbOrTx, publish: Publish, companyId: number, message: NewNotification) {
  const contacts = await billingContacts(tx, companyId);
  await notifications.notify(tx, publish, contacts.viewerIds, {
    ...message,
    mailTo: { userIds: contacts.mailUserIds, addresses: contacts.addresses },
  });
}
