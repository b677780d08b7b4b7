import { describe, expect, it } from 'vitest';
import type { Actor } from '../../core/actor.js';
import type { ProjectFacts } from '../../core/policy.js';
import { projectLifecycle } from './lifecycle.js';

const actor = (id: number): Actor => ({
  id,
  role: 'teamlead',
  name: 'Lead',
  email: `lead.${id}@example.test`,
  sessionId: 1,
  companyId: null,
  companyRole: null,
});
const project: ProjectFacts = { companyId: 1, clientId: 1, teamLeadId: 3, memberIds: [8] };

// The rules themselves are tested in core/state-machine.test.ts; this checks the projects module wires the
// caller's relation to the project into them.
describe('projectLifecycle', () => {
  it("lets the project's own team lead start and complete it, and no other team lead", () => {
    expect(projectLifecycle.canMake(actor(3), project, 'approved', 'in_progress')).toBe(true);
    expect(projectLifecycle.canMake(actor(3), project, 'in_progress', 'completed')).toBe(true);
    expect(projectLifecycle.canMake(actor(8), project, 'approved', 'in_progress')).toBe(false);
    expect(() => projectLifecycle.assertMay(actor(8), project, 'approved', 'in_progress')).toThrow(expect.objectContaining({ status: 403 }));
  });

  it('never lets the team lead cancel: 403, not 409', () => {
    expect(() => projectLifecycle.assertMay(actor(3), project, 'approved', 'cancelled')).toThrow(
      expect.objectContaining({ status: 403, code: 'FORBIDDEN' }),
    );
  });
});
