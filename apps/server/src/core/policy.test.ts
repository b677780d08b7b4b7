import { ROLES, type Role } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.js';
import { AppError } from './errors.js';
import {
  assertCan,
  can,
  decide,
  projectAttention,
  projectScope,
  rolesFor,
  toolRequestScope,
  trainingProgressScope,
  type Action,
  type ContractFacts,
  type Decision,
  type InvoiceFacts,
  type ProjectFacts,
  type Resources,
} from './policy.js';

// Who asks. Client A owns project P; LEAD leads it and MEMBER works on it; the others have nothing to do with P.
const people = {
  clientA: { id: 1, role: 'client' },
  clientB: { id: 2, role: 'client' },
  lead: { id: 3, role: 'teamlead' },
  member: { id: 4, role: 'teammember' },
  otherMember: { id: 5, role: 'teammember' },
  admin: { id: 6, role: 'admin' },
  superadmin: { id: 7, role: 'superadmin' },
  otherLead: { id: 8, role: 'teamlead' },
} as const satisfies Record<string, { id: number; role: Role }>;
type Person = keyof typeof people;

const actor = (id: number, role: Role): Actor => ({ id, role, name: `${role} ${id}`, email: `${role}.${id}@example.test`, sessionId: 1 });
const as = (who: Person) => actor(people[who].id, people[who].role);

const P: ProjectFacts = { clientId: 1, teamLeadId: 3, memberIds: [4] };
/** P with the other team lead working on it as a member, not leading it. */
const P_WITH_LEAD_AS_MEMBER: ProjectFacts = { clientId: 1, teamLeadId: 3, memberIds: [4, 8] };

/** Client A signs a client contract on P; the member signs a team contract on P, which the lead follows. */
const CLIENT_CONTRACT: ContractFacts = { signerId: 1, kind: 'client', status: 'sent', projectTeamLeadId: 3 };
const TEAM_CONTRACT: ContractFacts = { signerId: 4, kind: 'team', status: 'sent', projectTeamLeadId: 3 };
const INVOICE: InvoiceFacts = { clientId: 1, status: 'sent' };
const DRAFT: InvoiceFacts = { clientId: 1, status: 'draft' };

type Case<A extends Action> = { on: string; resource: Resources[A]; expect: Record<Person, Decision> };

const allow = 'allow';
const forbid = 'forbid';
const hide = 'hide';
const all = (d: Decision): Record<Person, Decision> => ({
  clientA: d,
  clientB: d,
  lead: d,
  member: d,
  otherMember: d,
  admin: d,
  superadmin: d,
  otherLead: d,
});
/** Only the named people are allowed; everyone else is refused (403). */
const only = (...allowed: Person[]): Record<Person, Decision> => ({ ...all(forbid), ...Object.fromEntries(allowed.map((p) => [p, allow])) });

/** Every action of the policy, for every kind of caller: a new action does not compile until it is listed here. */
const TABLE: { [A in Action]: Case<A>[] } = {
  'project:create': [{ on: 'no record', resource: null, expect: only('clientA', 'clientB') }],
  'project:list': [{ on: 'no record', resource: null, expect: all(allow) }],
  'project:read': [
    {
      on: 'P',
      resource: P,
      expect: { clientA: allow, clientB: hide, lead: allow, member: allow, otherMember: hide, admin: allow, superadmin: allow, otherLead: hide },
    },
  ],
  'project:upload': [
    {
      on: 'P',
      resource: P,
      expect: { clientA: allow, clientB: hide, lead: allow, member: forbid, otherMember: hide, admin: allow, superadmin: allow, otherLead: hide },
    },
    {
      on: 'P with the other lead as a member',
      resource: P_WITH_LEAD_AS_MEMBER,
      expect: { clientA: allow, clientB: hide, lead: allow, member: forbid, otherMember: hide, admin: allow, superadmin: allow, otherLead: forbid },
    },
  ],
  // Only the super admin approves or rejects: everyone else is refused before the record is looked at.
  'project:approve': [{ on: 'P', resource: P, expect: only('superadmin') }],
  'project:reject': [{ on: 'P', resource: P, expect: only('superadmin') }],
  'project:change_status': [
    {
      on: 'P',
      resource: P,
      expect: {
        clientA: forbid,
        clientB: forbid,
        lead: allow,
        member: forbid,
        otherMember: forbid,
        admin: allow,
        superadmin: allow,
        otherLead: hide,
      },
    },
    {
      on: 'P with the other lead as a member',
      resource: P_WITH_LEAD_AS_MEMBER,
      expect: {
        clientA: forbid,
        clientB: forbid,
        lead: allow,
        member: forbid,
        otherMember: forbid,
        admin: allow,
        superadmin: allow,
        otherLead: forbid,
      },
    },
  ],
  'tool_request:create': [{ on: 'no record', resource: null, expect: only('clientA', 'clientB') }],
  'tool_request:list': [{ on: 'no record', resource: null, expect: only('clientA', 'clientB', 'admin', 'superadmin') }],
  'tool_request:read': [{ on: "client A's request", resource: { ownerId: 1 }, expect: { ...only('clientA', 'admin', 'superadmin'), clientB: hide } }],
  'tool_request:decide': [{ on: "client A's request", resource: { ownerId: 1 }, expect: only('admin', 'superadmin') }],
  'invitation:create': [
    { on: 'an admin', resource: { role: 'admin' }, expect: only('superadmin') },
    { on: 'a team lead', resource: { role: 'teamlead' }, expect: only('admin', 'superadmin') },
    { on: 'a team member', resource: { role: 'teammember' }, expect: only('admin', 'superadmin') },
    { on: 'a client', resource: { role: 'client' }, expect: all(forbid) },
    { on: 'a super admin', resource: { role: 'superadmin' }, expect: all(forbid) },
  ],
  // An admin may not know that an admin invitation exists.
  'invitation:manage': [
    { on: 'an admin invitation', resource: { role: 'admin' }, expect: { ...only('superadmin'), admin: hide } },
    { on: 'a team member invitation', resource: { role: 'teammember' }, expect: only('admin', 'superadmin') },
  ],
  'account:list': [
    { on: 'admins', resource: { role: 'admin' }, expect: only('superadmin') },
    { on: 'team leads', resource: { role: 'teamlead' }, expect: only('admin', 'superadmin') },
  ],
  'account:set_status': [
    { on: 'the team member', resource: { role: 'teammember', id: 4 }, expect: only('admin', 'superadmin') },
    { on: 'the admin', resource: { role: 'admin', id: 6 }, expect: { ...only('superadmin'), admin: hide } },
    { on: 'another admin', resource: { role: 'admin', id: 99 }, expect: { ...only('superadmin'), admin: hide } },
    { on: 'the super admin', resource: { role: 'superadmin', id: 7 }, expect: { ...all(forbid), admin: hide, superadmin: hide } },
    { on: 'client A', resource: { role: 'client', id: 1 }, expect: { ...all(forbid), admin: hide, superadmin: hide } },
  ],
  'messaging:superadmin': [{ on: 'no record', resource: null, expect: only('superadmin') }],
  'messaging:client': [{ on: 'no record', resource: null, expect: only('clientA', 'clientB') }],
  'conversation:read': [{ on: "client A's conversation", resource: { clientId: 1 }, expect: { ...only('clientA', 'superadmin'), clientB: hide } }],
  // Only the receiver marks a message; the sender is told no, anyone else on that side is told nothing.
  'message:mark': [
    { on: 'a message from A to the super admin', resource: { senderId: 1, receiverId: 7 }, expect: { ...only('superadmin'), clientB: hide } },
    { on: 'a message from the super admin to A', resource: { senderId: 7, receiverId: 1 }, expect: { ...only('clientA'), clientB: hide } },
  ],
  'messaging:use': [{ on: 'no record', resource: null, expect: only('clientA', 'clientB', 'superadmin') }],
  'notification:read': [
    { on: "client A's notification", resource: { ownerId: 1 }, expect: { ...all(hide), clientA: allow } },
    { on: "the admin's notification", resource: { ownerId: 6 }, expect: { ...all(hide), admin: allow } },
  ],
  'notification:list': [{ on: 'no record', resource: null, expect: all(allow) }],
  'session:own': [{ on: 'no record', resource: null, expect: all(allow) }],
  // The board: the project's team and staff; clients and people off the project are told nothing (404).
  'board:read': [{ on: "P's board", resource: P, expect: { ...all(hide), lead: allow, member: allow, admin: allow, superadmin: allow } }],
  'board:edit': [
    { on: "P's board", resource: P, expect: { ...all(hide), lead: allow, member: allow, admin: allow, superadmin: allow } },
    {
      on: "P's board with the other lead as a member",
      resource: P_WITH_LEAD_AS_MEMBER,
      expect: { ...all(hide), lead: allow, member: allow, admin: allow, superadmin: allow, otherLead: allow },
    },
  ],
  'board:delete_card': [
    {
      on: 'a card the member created on P',
      resource: { ...P, createdBy: 4 },
      expect: { ...all(hide), lead: allow, member: allow, admin: allow, superadmin: allow },
    },
    {
      on: 'a card the lead created on P, with the other lead as a member',
      resource: { ...P_WITH_LEAD_AS_MEMBER, createdBy: 3 },
      expect: { ...all(hide), lead: allow, member: forbid, admin: allow, superadmin: allow, otherLead: forbid },
    },
  ],
  'board:manage_columns': [
    { on: "P's board", resource: P, expect: { ...all(hide), lead: allow, member: forbid, admin: allow, superadmin: allow } },
    {
      on: "P's board with the other lead as a member",
      resource: P_WITH_LEAD_AS_MEMBER,
      expect: { ...all(hide), lead: allow, member: forbid, admin: allow, superadmin: allow, otherLead: forbid },
    },
  ],
  'board:overview': [{ on: 'no record', resource: null, expect: { ...all(allow), clientA: hide, clientB: hide } }],
  'training:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'training:read': [
    {
      on: 'a published module for team members',
      resource: { published: true, roles: ['teammember'] },
      expect: { ...all(hide), clientA: forbid, clientB: forbid, member: allow, otherMember: allow, admin: allow, superadmin: allow },
    },
    {
      on: 'a draft module for everyone',
      resource: { published: false, roles: ['teamlead', 'teammember'] },
      expect: { ...all(hide), clientA: forbid, clientB: forbid, admin: allow, superadmin: allow },
    },
  ],
  'training:complete': [
    {
      on: 'a published module for team leads',
      resource: { published: true, roles: ['teamlead'] },
      expect: { ...all(forbid), lead: allow, otherLead: allow, member: hide, otherMember: hide },
    },
  ],
  'training:mine': [{ on: 'no record', resource: null, expect: only('lead', 'otherLead', 'member', 'otherMember') }],
  'training:progress': [{ on: 'no record', resource: null, expect: only('lead', 'otherLead', 'admin', 'superadmin') }],
  'contract:list': [{ on: 'no record', resource: null, expect: all(allow) }],
  'contract:read': [
    {
      on: "A's sent client contract",
      resource: CLIENT_CONTRACT,
      expect: { clientA: allow, clientB: hide, lead: hide, member: hide, otherMember: hide, admin: allow, superadmin: allow, otherLead: hide },
    },
    {
      on: "A's draft client contract (invisible to the signer until sent)",
      resource: { ...CLIENT_CONTRACT, status: 'draft' },
      expect: { clientA: hide, clientB: hide, lead: hide, member: hide, otherMember: hide, admin: allow, superadmin: allow, otherLead: hide },
    },
    {
      on: "the member's sent team contract on P",
      resource: TEAM_CONTRACT,
      expect: { clientA: hide, clientB: hide, lead: allow, member: allow, otherMember: hide, admin: allow, superadmin: allow, otherLead: hide },
    },
  ],
  'contract:sign': [
    {
      on: "A's sent client contract",
      resource: CLIENT_CONTRACT,
      expect: { clientA: allow, clientB: hide, lead: hide, member: hide, otherMember: hide, admin: forbid, superadmin: forbid, otherLead: hide },
    },
    {
      on: "the member's sent team contract on P",
      resource: TEAM_CONTRACT,
      expect: { clientA: hide, clientB: hide, lead: forbid, member: allow, otherMember: hide, admin: forbid, superadmin: forbid, otherLead: hide },
    },
  ],
  'contract:download': [
    {
      on: "A's sent client contract",
      resource: CLIENT_CONTRACT,
      expect: { clientA: allow, clientB: hide, lead: hide, member: hide, otherMember: hide, admin: allow, superadmin: allow, otherLead: hide },
    },
    {
      on: "the member's sent team contract on P",
      resource: TEAM_CONTRACT,
      expect: { clientA: hide, clientB: hide, lead: forbid, member: allow, otherMember: hide, admin: allow, superadmin: allow, otherLead: hide },
    },
  ],
  'contract:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'contract_template:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'invoice:list': [{ on: 'no record', resource: null, expect: only('clientA', 'clientB', 'admin', 'superadmin') }],
  'invoice:read': [
    {
      on: "client A's sent invoice",
      resource: INVOICE,
      expect: { ...all(forbid), clientA: allow, clientB: hide, admin: allow, superadmin: allow },
    },
    {
      on: "client A's draft (the agency's own until sent)",
      resource: DRAFT,
      expect: { ...all(forbid), clientA: hide, clientB: hide, admin: allow, superadmin: allow },
    },
  ],
  'invoice:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'invoice:pay': [
    { on: "client A's sent invoice", resource: INVOICE, expect: { ...all(forbid), clientA: allow, clientB: hide } },
    { on: "client A's draft", resource: DRAFT, expect: { ...all(forbid), clientA: hide, clientB: hide } },
  ],
  'invoice:report': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'profile:own': [{ on: 'no record', resource: null, expect: all(allow) }],
  'mfa:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'audit:read': [{ on: 'no record', resource: null, expect: only('superadmin') }],
};

const ACTIONS = Object.keys(TABLE) as Action[];
const cases = ACTIONS.flatMap((action) =>
  (TABLE[action] as Case<Action>[]).flatMap((c) =>
    (Object.keys(people) as Person[]).map((who) => ({ action, who, on: c.on, resource: c.resource, expected: c.expect[who] })),
  ),
);

describe('decide', () => {
  it.each(cases.map((c) => [c.action, c.on, c.who, c.expected, c] as const))('%s on %s by %s: %s', (_a, _on, _who, expected, c) => {
    expect(decide(as(c.who), c.action, c.resource as never)).toBe(expected);
  });

  it('covers every role for every action', () => {
    const covered = new Set(cases.map((c) => `${c.action} ${people[c.who].role}`));
    const missing = ACTIONS.flatMap((a) => ROLES.map((r) => `${a} ${r}`)).filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
  });

  it.each(ACTIONS)('refuses an unknown role for %s, whatever the record', (action) => {
    const stranger = { ...actor(1, 'client'), role: 'owner' } as unknown as Actor;
    for (const c of TABLE[action] as Case<Action>[]) {
      expect(decide(stranger, action, c.resource as never)).toBe('forbid');
      expect(can(stranger, action, c.resource as never)).toBe(false);
    }
  });
});

describe('rolesFor', () => {
  // The route hook turns away a role before the body is read; it must never turn away someone the policy allows.
  it.each(ACTIONS)('names every role that %s ever allows', (action) => {
    const allowed = new Set(cases.filter((c) => c.action === action && c.expected === 'allow').map((c) => people[c.who].role));
    expect([...allowed].filter((role) => !rolesFor(action).includes(role))).toEqual([]);
  });

  it('never names an unknown role', () => {
    for (const action of ACTIONS) expect(rolesFor(action).every((role) => (ROLES as readonly string[]).includes(role))).toBe(true);
  });
});

describe('assertCan', () => {
  function thrown(fn: () => void): { status: number; code: string; message: string } | undefined {
    try {
      fn();
      return undefined;
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      return { status: e.status, code: e.code, message: e.message };
    }
  }

  it("returns when allowed, answers 403 when forbidden and 404 (with the caller's message) when hidden", () => {
    expect(thrown(() => assertCan(as('clientA'), 'project:read', P))).toBeUndefined();
    expect(thrown(() => assertCan(as('member'), 'project:upload', P))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(thrown(() => assertCan(as('clientB'), 'project:read', P, 'Project not found'))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
  });

  it('answers 403 to an unknown role, never 404 or access', () => {
    const stranger = { ...actor(1, 'client'), role: 'owner' } as unknown as Actor;
    expect(thrown(() => assertCan(stranger, 'project:read', P))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});

describe('projectScope', () => {
  it.each([
    ['admin', { kind: 'all' }],
    ['superadmin', { kind: 'all' }],
    ['client', { kind: 'client', clientId: 42 }],
    ['teamlead', { kind: 'team', userId: 42 }],
    ['teammember', { kind: 'team', userId: 42 }],
  ] as const)('lets a %s list %j', (role, scope) => {
    expect(projectScope(actor(42, role))).toEqual(scope);
  });

  it('refuses an unknown role instead of showing it every project', () => {
    const stranger = { ...actor(42, 'client'), role: 'owner' } as unknown as Actor;
    expect(() => projectScope(stranger)).toThrow(AppError);
    expect(() => projectScope(stranger)).toThrow(/Unknown role: owner/);
  });
});

describe('toolRequestScope', () => {
  it.each([
    ['admin', { kind: 'all' }],
    ['superadmin', { kind: 'all' }],
    ['client', { kind: 'client', clientId: 42 }],
  ] as const)('lets a %s list %j', (role, scope) => {
    expect(toolRequestScope(actor(42, role))).toEqual(scope);
  });

  it.each(['teamlead', 'teammember'] as const)('refuses a %s (403)', (role) => {
    expect(() => toolRequestScope(actor(42, role))).toThrow(expect.objectContaining({ status: 403, code: 'FORBIDDEN' }));
  });

  it('refuses an unknown role instead of showing it every request', () => {
    const stranger = { ...actor(42, 'client'), role: 'owner' } as unknown as Actor;
    expect(() => toolRequestScope(stranger)).toThrow(/Unknown role: owner/);
  });
});

describe('trainingProgressScope', () => {
  it.each([
    ['admin', { kind: 'all' }],
    ['superadmin', { kind: 'all' }],
    ['teamlead', { kind: 'team', leadId: 42 }],
  ] as const)("lets a %s read %j's progress", (role, scope) => {
    expect(trainingProgressScope(actor(42, role))).toEqual(scope);
  });

  it.each(['client', 'teammember'] as const)('refuses a %s (403)', (role) => {
    expect(() => trainingProgressScope(actor(42, role))).toThrow(expect.objectContaining({ status: 403, code: 'FORBIDDEN' }));
  });

  it("refuses an unknown role instead of showing it everyone's progress", () => {
    const stranger = { ...actor(42, 'teamlead'), role: 'owner' } as unknown as Actor;
    expect(() => trainingProgressScope(stranger)).toThrow(/Unknown role: owner/);
  });
});

describe('projectAttention', () => {
  it.each([
    ['admin', ['pending']],
    ['superadmin', ['pending']],
    ['client', ['rejected']],
    ['teamlead', ['approved']],
    ['teammember', ['in_progress']],
  ] as const)('points a %s at %j projects', (role, statuses) => {
    expect(projectAttention(actor(42, role))).toEqual(statuses);
  });

  it('covers every role', () => {
    for (const role of ROLES) expect(projectAttention(actor(42, role)).length).toBeGreaterThan(0);
  });

  it('refuses an unknown role', () => {
    const stranger = { ...actor(42, 'client'), role: 'owner' } as unknown as Actor;
    expect(() => projectAttention(stranger)).toThrow(/Unknown role: owner/);
  });
});
