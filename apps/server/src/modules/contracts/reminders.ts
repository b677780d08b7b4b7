import { formatDateTimeUtc } from '@agency/schema';
import type { Publish } from '../../core/events.js';
import type { DbOrTx } from '../../db/client.js';
import type { NotificationService } from '../notifications/service.js';
import type { ContractRow } from './helpers.js';

/** Tells the signer a sent contract still waits for their signature (staff's reminder and the automatic one). */
export async function notifyReminder(notifications: NotificationService, tx: DbOrTx, publish: Publish, c: ContractRow, projectTitle: string) {
  await notifications.notify(tx, publish, [c.signerId], {
    kind: 'contract_reminder',
    title: 'Reminder: a contract is waiting for your signature',
    body: `"${c.title}" for ${projectTitle} is still waiting for your signature.${c.expiresAt ? ` It expires ${formatDateTimeUtc(c.expiresAt)}.` : ''}`,
    target: { type: 'contract', id: String(c.id) },
    projectId: c.projectId,
  });
}
