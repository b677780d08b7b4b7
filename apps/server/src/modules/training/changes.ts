import { formatDate, type EmployeeRole, type TrainingMaterialKind } from '@agency/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Publish } from '../../core/events.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { NotificationService } from '../notifications/service.js';
import type { ModuleRow } from './queries.js';

/** A link says what it is; without one, an uploaded file; without either, the Markdown text is the material. */
export function kindOf(
  linkUrl: string | null,
  linkKind: 'video' | 'article' | undefined,
  previous: TrainingMaterialKind | null,
  hasFile: boolean,
): TrainingMaterialKind {
  if (linkUrl) return linkKind ?? (previous === 'video' || previous === 'article' ? previous : 'article');
  return hasFile ? 'file' : 'text';
}

/** Tells the people of `roles` that a module is theirs to do; only for a published module. */
export async function notifyAssigned(
  notifications: NotificationService,
  tx: DbOrTx,
  publish: Publish,
  module: ModuleRow,
  roles: readonly EmployeeRole[],
) {
  if (module.status !== 'published' || roles.length === 0) return;
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.status, 'active')));
  await notifications.notify(
    tx,
    publish,
    people.map((p) => p.id),
    {
      kind: 'training_assigned',
      title: 'New training assigned',
      body: `"${module.title}" was assigned to you${module.dueDate ? `, due ${formatDate(module.dueDate)}` : ''}.`,
      target: { type: 'training', id: String(module.id) },
    },
  );
}
