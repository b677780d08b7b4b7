import { COMPANY_ROLES, ROLES, type CompanyRole, type Role } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.js';
import { AppError } from './errors.js';
import {
  assertCan,
  can,
  companyRolesFor,
  contractScope,
  decide,
  invoiceScope,
  mayTry,
  projectDisclosure,
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
  type SpentFacts,
  type TimesheetFacts,
  timeScope,
} from './policy.js';

// Who asks. Client A (an owner of company 10) asked for project P; BILLING_A and MEMBER_A are its colleagues with
// those roles; client B owns company 20. LEAD leads P and MEMBER works on it; the others have nothing to do with P.
const people = {
  clientA: { id: 1, role: 'client', companyId: 10, companyRole: 'owner' },
  billingA: { id: 9, role: 'client', companyId: 10, companyRole: 'billing' },
  memberA: { id: 10, role: 'client', companyId: 10, companyRole: 'member' },
  clientB: { id: 2, role: 'client', companyId: 20, companyRole: 'owner' },
  lead: { id: 3, role: 'teamlead', companyId: null, companyRole: null },
  member: { id: 4, role: 'teammember', companyId: null, companyRole: null },
  otherMember: { id: 5, role: 'teammember', companyId: null, companyRole: null },
  admin: { id: 6, role: 'admin', companyId: null, companyRole: null },
  superadmin: { id: 7, role: 'superadmin', companyId: null, companyRole: null },
  otherLead: { id: 8, role: 'teamlead', companyId: null, companyRole: null },
} as const satisfies Record<string, { id: number; role: Role; companyId: number | null; companyRole: CompanyRole | null }>;
type Person = keyof typeof people;

const actor = (id: number, role: Role, companyId: number | null = null, companyRole: CompanyRole | null = null): Actor => ({
  id,
  role,
  name: `${role} ${id}`,
  email: `${role}.${id}@example.test`,
  sessionId: 1,
  companyId,
  companyRole,
});
const as = (who: Person) => actor(people[who].id, people[who].role, people[who].companyId, people[who].companyRole);

const P: ProjectFacts = { companyId: 10, clientId: 1, teamLeadId: 3, memberIds: [4] };
/** P with the other team lead working on it as a member, not leading it. */
const P_WITH_LEAD_AS_MEMBER: ProjectFacts = { companyId: 10, clientId: 1, teamLeadId: 3, memberIds: [4, 8] };

/** Client A signs company 10's client contract on P; the member signs a team contract on P, which the lead follows. */
const CLIENT_CONTRACT: ContractFacts = { signerId: 1, kind: 'client', status: 'sent', projectTeamLeadId: 3, companyId: 10 };
/** The same contract, named for the member of company 10 to sign. */
const MEMBER_SIGNS: ContractFacts = { ...CLIENT_CONTRACT, signerId: 10 };
const TEAM_CONTRACT: ContractFacts = { signerId: 4, kind: 'team', status: 'sent', projectTeamLeadId: 3, companyId: null };
const INVOICE: InvoiceFacts = { companyId: 10, status: 'sent' };
const DRAFT: InvoiceFacts = { companyId: 10, status: 'draft' };
/** The member's time (or expense) on P, and the admin's expense on P. */
const MEMBER_TIME: SpentFacts = { ownerId: 4, project: P };
const LEAD_TIME: SpentFacts = { ownerId: 3, project: P };
const ADMIN_EXPENSE: SpentFacts = { ownerId: 6, project: P };
/** The member's week (led by LEAD), and LEAD's own week while working on OTHER_LEAD's project. */
const MEMBER_WEEK: TimesheetFacts = { userId: 4, userRole: 'teammember', leadIds: [3] };
const LEAD_WEEK: TimesheetFacts = { userId: 3, userRole: 'teamlead', leadIds: [8] };

type Case<A extends Action> = { on: string; resource: Resources[A]; expect: Record<Person, Decision> };

const allow = 'allow';
const forbid = 'forbid';
const hide = 'hide';
const all = (d: Decision): Record<Person, Decision> => ({
  clientA: d,
  billingA: d,
  memberA: d,
  clientB: d,
  lead: d,
  member: d,
  otherMember: d,
  admin: d,
  superadmin: d,
  otherLead: d,
});
/** Client A's company: its owner, billing person and member. */
const COMPANY_A = ['clientA', 'billingA', 'memberA'] as const satisfies readonly Person[];
const CLIENTS = [...COMPANY_A, 'clientB'] as const satisfies readonly Person[];
/** The same decision for every person of client A's company. */
const sameCompany = (d: Decision) => ({ clientA: d, billingA: d, memberA: d });
/** Only the named people are allowed; everyone else is refused (403). */
const only = (...allowed: Person[]): Record<Person, Decision> => ({ ...all(forbid), ...Object.fromEntries(allowed.map((p) => [p, allow])) });

/** Every action of the policy, for every kind of caller: a new action does not compile until it is listed here. */
const TABLE: { [A in Action]: Case<A>[] } = {
  // Owners and members ask for projects; billing people only follow them.
  'project:create': [{ on: 'no record', resource: null, expect: only('clientA', 'memberA', 'clientB') }],
  'project:list': [{ on: 'no record', resource: null, expect: all(allow) }],
  'project:read': [
    {
      on: 'P',
      resource: P,
      expect: {
        ...sameCompany(allow),
        clientB: hide,
        lead: allow,
        member: allow,
        otherMember: hide,
        admin: allow,
        superadmin: allow,
        otherLead: hide,
      },
    },
  ],
  'project:upload': [
    {
      on: 'P',
      resource: P,
      expect: {
        ...sameCompany(allow),
        billingA: forbid,
        clientB: hide,
        lead: allow,
        member: forbid,
        otherMember: hide,
        admin: allow,
        superadmin: allow,
        otherLead: hide,
      },
    },
    {
      on: 'P with the other lead as a member',
      resource: P_WITH_LEAD_AS_MEMBER,
      expect: {
        ...sameCompany(allow),
        billingA: forbid,
        clientB: hide,
        lead: allow,
        member: forbid,
        otherMember: hide,
        admin: allow,
        superadmin: allow,
        otherLead: forbid,
      },
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
        ...sameCompany(forbid),
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
        ...sameCompany(forbid),
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
  'tool_request:create': [{ on: 'no record', resource: null, expect: only(...CLIENTS) }],
  'tool_request:list': [{ on: 'no record', resource: null, expect: only(...CLIENTS, 'admin', 'superadmin') }],
  'tool_request:read': [
    { on: "company 10's request", resource: { companyId: 10 }, expect: { ...only(...COMPANY_A, 'admin', 'superadmin'), clientB: hide } },
  ],
  'tool_request:decide': [{ on: "company 10's request", resource: { companyId: 10 }, expect: only('admin', 'superadmin') }],
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
  'messaging:client': [{ on: 'no record', resource: null, expect: only(...CLIENTS) }],
  'conversation:read': [
    { on: "company 10's conversation", resource: { companyId: 10 }, expect: { ...only(...COMPANY_A, 'superadmin'), clientB: hide } },
  ],
  // Only the receiving side marks a message (on the company's side, any of its people); the sending side is told no,
  // anyone else on that side is told nothing.
  'message:mark': [
    {
      on: 'a message from A to the super admin',
      resource: { senderId: 1, receiverId: 7, companyId: 10, toClient: false },
      expect: { ...only('superadmin'), clientB: hide },
    },
    {
      on: 'a message from the super admin to A',
      resource: { senderId: 7, receiverId: 1, companyId: 10, toClient: true },
      expect: { ...only(...COMPANY_A), clientB: hide },
    },
  ],
  'messaging:use': [{ on: 'no record', resource: null, expect: only(...CLIENTS, 'superadmin') }],
  'notification:read': [
    { on: "client A's notification", resource: { ownerId: 1 }, expect: { ...all(hide), clientA: allow } },
    { on: "the admin's notification", resource: { ownerId: 6 }, expect: { ...all(hide), admin: allow } },
  ],
  'notification:list': [{ on: 'no record', resource: null, expect: all(allow) }],
  'session:own': [{ on: 'no record', resource: null, expect: all(allow) }],
  'search:use': [{ on: 'no record', resource: null, expect: all(allow) }],
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
  'board:overview': [{ on: 'no record', resource: null, expect: { ...all(allow), ...sameCompany(hide), clientB: hide } }],
  'training:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'training:read': [
    {
      on: 'a published module for team members',
      resource: { published: true, roles: ['teammember'] },
      expect: { ...all(hide), ...sameCompany(forbid), clientB: forbid, member: allow, otherMember: allow, admin: allow, superadmin: allow },
    },
    {
      on: 'a draft module for everyone',
      resource: { published: false, roles: ['teamlead', 'teammember'] },
      expect: { ...all(hide), ...sameCompany(forbid), clientB: forbid, admin: allow, superadmin: allow },
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
    // Owners and billing people see every client contract of the company; a member only one they sign.
    {
      on: "A's sent client contract",
      resource: CLIENT_CONTRACT,
      expect: { ...all(hide), clientA: allow, billingA: allow, admin: allow, superadmin: allow },
    },
    {
      on: 'a client contract of company 10 the member signs',
      resource: MEMBER_SIGNS,
      expect: { ...all(hide), ...sameCompany(allow), admin: allow, superadmin: allow },
    },
    {
      on: "A's draft client contract (invisible to the signer until sent)",
      resource: { ...CLIENT_CONTRACT, status: 'draft' },
      expect: { ...all(hide), admin: allow, superadmin: allow },
    },
    {
      on: "the member's sent team contract on P",
      resource: TEAM_CONTRACT,
      expect: { ...all(hide), lead: allow, member: allow, admin: allow, superadmin: allow },
    },
  ],
  'contract:sign': [
    // Only the named signer signs; billing people read the company's contracts, never sign what is not theirs.
    {
      on: "A's sent client contract",
      resource: CLIENT_CONTRACT,
      expect: { ...all(hide), clientA: allow, billingA: forbid, admin: forbid, superadmin: forbid },
    },
    {
      on: 'a client contract of company 10 the member signs',
      resource: MEMBER_SIGNS,
      expect: { ...all(hide), clientA: forbid, billingA: forbid, memberA: allow, admin: forbid, superadmin: forbid },
    },
    {
      on: "the member's sent team contract on P",
      resource: TEAM_CONTRACT,
      expect: { ...all(hide), lead: forbid, member: allow, admin: forbid, superadmin: forbid },
    },
  ],
  'contract:download': [
    {
      on: "A's sent client contract",
      resource: CLIENT_CONTRACT,
      expect: { ...all(hide), clientA: allow, billingA: allow, admin: allow, superadmin: allow },
    },
    {
      on: "the member's sent team contract on P",
      resource: TEAM_CONTRACT,
      expect: { ...all(hide), lead: forbid, member: allow, admin: allow, superadmin: allow },
    },
  ],
  'contract:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'contract_template:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  // A company's owners and billing people see its invoices and pay them; its members see no money (403).
  'invoice:list': [{ on: 'no record', resource: null, expect: only('clientA', 'billingA', 'clientB', 'admin', 'superadmin') }],
  'invoice:read': [
    {
      on: "company 10's sent invoice",
      resource: INVOICE,
      expect: { ...all(forbid), clientA: allow, billingA: allow, clientB: hide, admin: allow, superadmin: allow },
    },
    {
      on: "company 10's draft (the agency's own until sent)",
      resource: DRAFT,
      expect: { ...all(forbid), clientA: hide, billingA: hide, clientB: hide, admin: allow, superadmin: allow },
    },
  ],
  'invoice:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'invoice:pay': [
    { on: "company 10's sent invoice", resource: INVOICE, expect: { ...all(forbid), clientA: allow, billingA: allow, clientB: hide } },
    { on: "company 10's draft", resource: DRAFT, expect: { ...all(forbid), clientA: hide, billingA: hide, clientB: hide } },
  ],
  'invoice:report': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  // Proposals carry prices: a company's owners and billing people see them, members do not; only owners answer.
  'proposal:list': [{ on: 'no record', resource: null, expect: only('clientA', 'billingA', 'clientB', 'admin', 'superadmin') }],
  'proposal:read': [
    {
      on: "company 10's sent proposal",
      resource: { companyId: 10, status: 'sent' },
      expect: { ...all(forbid), clientA: allow, billingA: allow, clientB: hide, admin: allow, superadmin: allow },
    },
    {
      on: "company 10's draft (the agency's own until sent)",
      resource: { companyId: 10, status: 'draft' },
      expect: { ...all(forbid), clientA: hide, billingA: hide, clientB: hide, admin: allow, superadmin: allow },
    },
  ],
  'proposal:answer': [
    { on: "company 10's sent proposal", resource: { companyId: 10, status: 'sent' }, expect: { ...all(forbid), clientA: allow, clientB: hide } },
    { on: "company 10's draft", resource: { companyId: 10, status: 'draft' }, expect: { ...all(forbid), clientA: hide, clientB: hide } },
  ],
  'proposal:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'profile:own': [{ on: 'no record', resource: null, expect: all(allow) }],
  'mfa:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'audit:read': [{ on: 'no record', resource: null, expect: only('superadmin') }],
  'company:read': [{ on: 'no record', resource: null, expect: only(...CLIENTS) }],
  // The owners manage their own company; another company's owner is told nothing of it.
  'company:manage': [{ on: 'company 10', resource: { companyId: 10 }, expect: { ...only('clientA'), clientB: hide } }],
  'company:browse': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'time:track': [
    {
      on: 'P',
      resource: P,
      expect: { ...all(forbid), lead: allow, member: allow, otherMember: hide, otherLead: hide },
    },
    {
      on: 'P with the other lead as a member',
      resource: P_WITH_LEAD_AS_MEMBER,
      expect: { ...all(forbid), lead: allow, member: allow, otherMember: hide, otherLead: allow },
    },
  ],
  'time:list': [{ on: 'no record', resource: null, expect: only('lead', 'member', 'otherMember', 'otherLead', 'admin', 'superadmin') }],
  'time:read': [
    {
      on: "the member's time on P",
      resource: MEMBER_TIME,
      expect: { ...all(forbid), lead: allow, member: allow, otherMember: hide, otherLead: hide, admin: allow, superadmin: allow },
    },
    {
      on: "the lead's own time on P",
      resource: LEAD_TIME,
      expect: { ...all(forbid), lead: allow, member: hide, otherMember: hide, otherLead: hide, admin: allow, superadmin: allow },
    },
  ],
  'time:edit': [
    {
      on: "the member's time on P",
      resource: MEMBER_TIME,
      expect: { ...all(forbid), lead: forbid, member: allow, otherMember: hide, otherLead: hide, admin: forbid, superadmin: forbid },
    },
  ],
  'time:own': [{ on: 'no record', resource: null, expect: only('lead', 'member', 'otherMember', 'otherLead') }],
  'timesheet:read': [
    {
      on: "the member's week",
      resource: MEMBER_WEEK,
      expect: { ...all(forbid), lead: allow, member: allow, otherMember: hide, otherLead: hide, admin: allow, superadmin: allow },
    },
    {
      on: "a lead's week (staff decide it, not the lead of the project they work on)",
      resource: LEAD_WEEK,
      expect: { ...all(forbid), lead: allow, member: hide, otherMember: hide, otherLead: hide, admin: allow, superadmin: allow },
    },
  ],
  'timesheet:decide': [
    {
      on: "the member's week",
      resource: MEMBER_WEEK,
      expect: { ...all(forbid), lead: allow, member: forbid, otherMember: hide, otherLead: hide, admin: allow, superadmin: allow },
    },
    {
      on: "a lead's week",
      resource: LEAD_WEEK,
      expect: { ...all(forbid), lead: forbid, member: hide, otherMember: hide, otherLead: hide, admin: allow, superadmin: allow },
    },
  ],
  'expense:create': [
    {
      on: 'P',
      resource: P,
      expect: { ...all(forbid), lead: allow, member: allow, otherMember: hide, otherLead: hide, admin: allow, superadmin: allow },
    },
  ],
  'expense:decide': [
    {
      on: "the member's expense on P",
      resource: MEMBER_TIME,
      expect: { ...all(forbid), lead: forbid, member: forbid, otherMember: hide, otherLead: hide, admin: allow, superadmin: allow },
    },
    {
      on: "the admin's own expense on P",
      resource: ADMIN_EXPENSE,
      expect: { ...all(forbid), lead: forbid, member: hide, otherMember: hide, otherLead: hide, admin: forbid, superadmin: allow },
    },
  ],
  'rates:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'profitability:read': [
    {
      on: 'P',
      resource: P,
      expect: { ...all(forbid), lead: allow, member: forbid, otherMember: hide, otherLead: hide, admin: allow, superadmin: allow },
    },
    {
      on: 'P with the other lead as a member',
      resource: P_WITH_LEAD_AS_MEMBER,
      expect: { ...all(forbid), lead: allow, member: forbid, otherMember: hide, otherLead: forbid, admin: allow, superadmin: allow },
    },
  ],
  'profitability:report': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'time_log:read': [
    {
      on: "P (company 10's project): its owners and billing people, like its invoices; never its members",
      resource: P,
      expect: { ...all(forbid), clientA: allow, billingA: allow, clientB: hide, admin: allow, superadmin: allow },
    },
  ],
  'api_token:own': [{ on: 'no record', resource: null, expect: all(allow) }],
  'api_token:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'webhook:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'recurring_invoice:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  'payment_plan:read': [
    {
      on: "P's plan: its company's owners and billing people (read only) and staff; another company is told nothing",
      resource: P,
      expect: { ...all(forbid), clientA: allow, billingA: allow, clientB: hide, admin: allow, superadmin: allow },
    },
  ],
  'payment_plan:manage': [{ on: 'P', resource: P, expect: only('admin', 'superadmin') }],
  'document_link:manage': [{ on: 'no record', resource: null, expect: only('admin', 'superadmin') }],
  // Cards: the company's owners and billing people; staff read brand, last four and expiry, never manage them.
  'payment_method:read': [
    { on: 'company 10', resource: { companyId: 10 }, expect: { ...only('clientA', 'billingA', 'admin', 'superadmin'), clientB: hide } },
  ],
  'payment_method:manage': [{ on: 'company 10', resource: { companyId: 10 }, expect: { ...only('clientA', 'billingA'), clientB: hide } }],
  'statement:read': [
    { on: 'company 10', resource: { companyId: 10 }, expect: { ...only('clientA', 'billingA', 'admin', 'superadmin'), clientB: hide } },
  ],
  'brand:manage': [{ on: 'no record', resource: null, expect: only('superadmin') }],
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

  it('covers every role, and every company role, for every action', () => {
    const covered = new Set(cases.map((c) => `${c.action} ${people[c.who].role} ${people[c.who].companyRole ?? ''}`));
    const kinds = [...ROLES.filter((r) => r !== 'client').map((r) => `${r} `), ...COMPANY_ROLES.map((c) => `client ${c}`)];
    const missing = ACTIONS.flatMap((a) => kinds.map((k) => `${a} ${k}`)).filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
  });

  it.each(ACTIONS)('refuses a client with an unknown company role, or none, for %s', (action) => {
    for (const companyRole of ['boss', null]) {
      const stranger = { ...as('clientA'), companyRole } as unknown as Actor;
      for (const c of TABLE[action] as Case<Action>[]) expect(decide(stranger, action, c.resource as never)).toBe('forbid');
      expect(mayTry(stranger, action)).toBe(false);
    }
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

  // The same for the company roles: the route turns away a client whose company role the action never allows.
  it.each(ACTIONS)('names every company role that %s ever allows, and mayTry agrees', (action) => {
    const allowed = new Set(cases.filter((c) => c.action === action && c.expected === 'allow').map((c) => people[c.who].companyRole));
    allowed.delete(null);
    expect([...allowed].filter((role) => !companyRolesFor(action).includes(role!))).toEqual([]);
    for (const who of Object.keys(people) as Person[]) {
      const tried = mayTry(as(who), action);
      if (cases.some((c) => c.action === action && c.who === who && c.expected === 'allow')) expect(tried).toBe(true);
    }
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
    ['client', { kind: 'company', companyId: 7 }],
    ['teamlead', { kind: 'team', userId: 42 }],
    ['teammember', { kind: 'team', userId: 42 }],
  ] as const)('lets a %s list %j', (role, scope) => {
    expect(projectScope(actor(42, role, role === 'client' ? 7 : null, role === 'client' ? 'member' : null))).toEqual(scope);
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
    ['client', { kind: 'company', companyId: 7 }],
  ] as const)('lets a %s list %j', (role, scope) => {
    expect(toolRequestScope(actor(42, role, role === 'client' ? 7 : null, role === 'client' ? 'member' : null))).toEqual(scope);
  });

  it.each(['teamlead', 'teammember'] as const)('refuses a %s (403)', (role) => {
    expect(() => toolRequestScope(actor(42, role))).toThrow(expect.objectContaining({ status: 403, code: 'FORBIDDEN' }));
  });

  it('refuses an unknown role instead of showing it every request', () => {
    const stranger = { ...actor(42, 'client'), role: 'owner' } as unknown as Actor;
    expect(() => toolRequestScope(stranger)).toThrow(/Unknown role: owner/);
  });
});

describe('invoiceScope', () => {
  it.each([
    ['owner', { kind: 'company', companyId: 7 }],
    ['billing', { kind: 'company', companyId: 7 }],
  ] as const)("lets a company's %s list %j", (companyRole, scope) => {
    expect(invoiceScope(actor(42, 'client', 7, companyRole))).toEqual(scope);
  });

  it("refuses a company's member (403): members see no money", () => {
    expect(() => invoiceScope(actor(42, 'client', 7, 'member'))).toThrow(expect.objectContaining({ status: 403, code: 'FORBIDDEN' }));
  });
});

describe('contractScope', () => {
  it("lets a company's owners and billing people list its client contracts, and a member what they sign", () => {
    expect(contractScope(actor(42, 'client', 7, 'owner'))).toEqual({ kind: 'company', companyId: 7, userId: 42 });
    expect(contractScope(actor(42, 'client', 7, 'billing'))).toEqual({ kind: 'company', companyId: 7, userId: 42 });
    expect(contractScope(actor(42, 'client', 7, 'member'))).toEqual({ kind: 'signer', userId: 42 });
  });
});

describe('projectDisclosure', () => {
  it("shows budgets to a company's owners and billing people, never to its members", () => {
    expect(projectDisclosure(actor(42, 'client', 7, 'owner'))).toEqual({ budget: true, clientNotes: true });
    expect(projectDisclosure(actor(42, 'client', 7, 'billing'))).toEqual({ budget: true, clientNotes: true });
    expect(projectDisclosure(actor(42, 'client', 7, 'member'))).toEqual({ budget: false, clientNotes: true });
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

describe('timeScope', () => {
  it("lists everyone's time for staff, a lead's own and their projects', a member's own", () => {
    expect(timeScope(as('admin'))).toEqual({ kind: 'all' });
    expect(timeScope(as('superadmin'))).toEqual({ kind: 'all' });
    expect(timeScope(as('lead'))).toEqual({ kind: 'lead', userId: 3 });
    expect(timeScope(as('member'))).toEqual({ kind: 'own', userId: 4 });
  });

  it('refuses clients and unknown roles', () => {
    expect(() => timeScope(as('clientA'))).toThrow(AppError);
    expect(() => timeScope(actor(9, 'auditor' as Role))).toThrow(AppError);
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
