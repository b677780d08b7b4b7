import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, PROJECT_TRANSITIONS, ROLES, type ProjectStatus, type Role } from '@agency/schema';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Tx } from '../db/client.js';
import { projects } from '../db/schema.js';
import type { Actor } from './actor.js';
import { AppError } from './errors.js';
import type { ProjectFacts } from './policy.js';
import { defineStateMachine } from './state-machine.js';

// The project lifecycle as the projects module defines it (modules/projects/lifecycle.ts, checked there too):
// the shared transition table, with the caller's relation to the project.
const projectLifecycle = defineStateMachine<ProjectStatus, ProjectFacts>({
  entity: 'project',
  labels: PROJECT_STATUS_LABELS,
  edges: PROJECT_TRANSITIONS.map((edge) => ({
    from: edge.from,
    to: edge.to,
    who: (actor, project) => edge.who(actor.role, { isTeamLead: project.teamLeadId === actor.id }),
  })),
});

const LEAD_ID = 3;
const actor = (role: Role, id = 10): Actor => ({
  id,
  role,
  name: role,
  email: `${role}@example.test`,
  sessionId: 1,
  companyId: role === 'client' ? 1 : null,
  companyRole: role === 'client' ? 'owner' : null,
});
const project: ProjectFacts = { companyId: 1, clientId: 1, teamLeadId: LEAD_ID, memberIds: [4] };
const ownLead = actor('teamlead', LEAD_ID);
const otherLead = actor('teamlead', 8);

/** What assertMay answers: 'ok', or the status and code of the error it throws. */
function answer(who: Actor, from: ProjectStatus, to: ProjectStatus): 'ok' | `${number} ${string}` {
  try {
    projectLifecycle.assertMay(who, project, from, to);
    return 'ok';
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return `${(err as AppError).status} ${(err as AppError).code}`;
  }
}

const FORBIDDEN = '403 FORBIDDEN';
const ILLEGAL = '409 INVALID_TRANSITION';

describe('project lifecycle: who may make which change (assertMay)', () => {
  it.each([
    ['the super admin approves a pending project', actor('superadmin'), 'pending', 'approved', 'ok'],
    ['the super admin rejects a pending project', actor('superadmin'), 'pending', 'rejected', 'ok'],
    ['an admin starts an approved project', actor('admin'), 'approved', 'in_progress', 'ok'],
    ['the team lead starts their approved project', ownLead, 'approved', 'in_progress', 'ok'],
    ['the team lead completes their project in progress', ownLead, 'in_progress', 'completed', 'ok'],
    ['an admin cancels a pending project', actor('admin'), 'pending', 'cancelled', 'ok'],
    ['the super admin cancels a project in progress', actor('superadmin'), 'in_progress', 'cancelled', 'ok'],
    // 403: the caller may never make this kind of change, whatever the project's status.
    ['an admin approves', actor('admin'), 'pending', 'approved', FORBIDDEN],
    ['the team lead cancels their own project', ownLead, 'approved', 'cancelled', FORBIDDEN],
    ['the team lead cancels a project in a status it cannot leave', ownLead, 'completed', 'cancelled', FORBIDDEN],
    ['another team lead starts the project', otherLead, 'approved', 'in_progress', FORBIDDEN],
    ['a team member completes the project', actor('teammember', 4), 'in_progress', 'completed', FORBIDDEN],
    ['the client cancels their project', actor('client', 1), 'pending', 'cancelled', FORBIDDEN],
    // 409: the caller may make this kind of change, but not from the current status.
    ['the super admin approves an approved project', actor('superadmin'), 'approved', 'approved', ILLEGAL],
    ['the super admin approves a rejected project', actor('superadmin'), 'rejected', 'approved', ILLEGAL],
    ['the team lead completes a project not yet started', ownLead, 'approved', 'completed', ILLEGAL],
    ['an admin cancels a completed project', actor('admin'), 'completed', 'cancelled', ILLEGAL],
    ['an admin starts a pending project', actor('admin'), 'pending', 'in_progress', ILLEGAL],
  ] as const)('%s: %s', (_name, who, from, to, expected) => {
    expect(answer(who, from, to)).toBe(expected);
  });

  it('names both statuses in a 409', () => {
    expect(() => projectLifecycle.assertMay(ownLead, project, 'approved', 'completed')).toThrow('A project that is approved cannot become completed');
  });

  // Over every caller and every pair of statuses: 403 exactly when no change to `to` is ever the caller's to make,
  // 409 when it is but not from `from`, and allowed exactly when canMake says so.
  const callers = [...ROLES.map((role) => actor(role)), ownLead];
  const combos = callers.flatMap((who) => PROJECT_STATUSES.flatMap((from) => PROJECT_STATUSES.map((to) => [who, from, to] as const)));

  it.each(combos.map(([who, from, to]) => [who.id === LEAD_ID ? 'own teamlead' : who.role, from, to, who] as const))(
    '%s: %s -> %s is allowed, 403 or 409 consistently',
    (_label, from, to, who) => {
      const result = answer(who, from, to);
      const mayEver = PROJECT_STATUSES.some((s) => projectLifecycle.canMake(who, project, s, to));
      if (projectLifecycle.canMake(who, project, from, to)) expect(result).toBe('ok');
      else expect(result).toBe(mayEver ? ILLEGAL : FORBIDDEN);
    },
  );
});

/** A transaction that answers the conditional update with `rows` and records what it was asked. */
function fakeTx(rows: unknown[]) {
  const asked: { set?: Record<string, unknown>; where?: SQL } = {};
  const tx = {
    update: vi.fn(() => ({
      set: (set: Record<string, unknown>) => {
        asked.set = set;
        return {
          where: (where: SQL) => {
            asked.where = where;
            return { returning: async () => rows };
          },
        };
      },
    })),
  };
  return { tx: tx as unknown as Tx, update: tx.update, asked };
}

describe('project lifecycle: the change itself (transition)', () => {
  const args = (after = vi.fn(async () => {})) =>
    ({ table: projects, id: 42, actor: actor('admin'), resource: project, from: 'approved', to: 'in_progress', after }) as const;

  it('updates only while the status is still the one read, sets the new status, then runs the follow-up', async () => {
    const updated = { id: 42, status: 'in_progress' };
    const { tx, asked } = fakeTx([updated]);
    const after = vi.fn(async () => {});
    await expect(projectLifecycle.transition(tx, { ...args(after), set: { rejectionReason: null } })).resolves.toBe(updated);
    expect(asked.set).toEqual({ rejectionReason: null, status: 'in_progress' });
    const where = new PgDialect().sqlToQuery(asked.where!);
    expect(where.sql).toBe('("projects"."id" = $1 and "projects"."status" = $2)');
    expect(where.params).toEqual([42, 'approved']);
    expect(after).toHaveBeenCalledWith(updated);
  });

  it('answers 409 STALE_STATE when the record changed meanwhile (no row updated), without the follow-up', async () => {
    const { tx } = fakeTx([]);
    const after = vi.fn(async () => {});
    const failure = projectLifecycle.transition(tx, args(after));
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ status: 409, code: 'STALE_STATE' });
    expect(after).not.toHaveBeenCalled();
  });

  it('refuses a forbidden or illegal change before touching the database', async () => {
    const { tx, update } = fakeTx([{ id: 42 }]);
    await expect(projectLifecycle.transition(tx, { ...args(), actor: ownLead, to: 'cancelled' })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    await expect(projectLifecycle.transition(tx, { ...args(), from: 'completed' })).rejects.toMatchObject({
      status: 409,
      code: 'INVALID_TRANSITION',
    });
    expect(update).not.toHaveBeenCalled();
  });
});
