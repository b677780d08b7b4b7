import type { ProjectRates, UserRates } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../core/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { projectRates, userRates, users } from '../../db/schema.js';
import { currencyOf, type ProjectRow } from './queries.js';

/** Hourly rates of projects and cost rates of people, as the rate actions share them. */

const PERSON_NOT_FOUND = 'Person not found';

/** A project's hourly rate as the API answers it. */
export async function presentProjectRates(db: DbOrTx, project: ProjectRow): Promise<ProjectRates> {
  const [rate] = await db.select().from(projectRates).where(eq(projectRates.projectId, project.id));
  return {
    project_id: String(project.id),
    hourly_rate: rate?.hourlyRate ?? null,
    currency: currencyOf(project.currency),
    client_time_log: rate?.clientTimeLog ?? false,
    updated_at: rate?.updatedAt.toISOString() ?? null,
  };
}

/** Someone whose time is tracked: cost rates are for team leads and members. */
export async function requireTrackedPerson(db: DbOrTx, userId: number) {
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  if (user.role !== 'teamlead' && user.role !== 'teammember') throw new AppError('UNPROCESSABLE', 'Cost rates are set for team leads and members');
  return user;
}

/** A person's cost rate as the API answers it. */
export async function presentUserRates(db: DbOrTx, userId: number): Promise<UserRates> {
  const [rate] = await db.select().from(userRates).where(eq(userRates.userId, userId));
  return {
    user_id: String(userId),
    cost_rate: rate?.costRate ?? null,
    currency: rate?.currency ?? 'GBP',
    updated_at: rate?.updatedAt.toISOString() ?? null,
  };
}
