import {
  COMPANY_ROLES,
  invitableRoles,
  isCompanyRole,
  isEmployeeRole,
  ROLES,
  type CompanyRole,
  type ContractKind,
  type ContractStatus,
  type EmployeeRole,
  type InvoiceStatus,
  type ProjectStatus,
  type ProposalStatus,
  type Role,
} from '@agency/schema';
import type { Actor } from './actor.js';
import { AppError } from './errors.js';

/**
 * The access policy: one place that says who may do what. Fail closed: every rule is a table over all roles,
 * so a new role is a compile error until each rule decides for it, and a role not in the table (bad data, a
 * stale session) is refused at run time.
 *
 * A decision is `allow`, `forbid` (403: the caller knows the record, but may not do this) or `hide` (404: the
 * caller may not even know the record exists, so it is answered exactly like a missing one).
 */
export type Decision = 'allow' | 'forbid' | 'hide';

/** A project is its company's; `clientId` is the person who asked for it. */
export type ProjectFacts = { companyId: number; clientId: number; teamLeadId: number | null; memberIds: readonly number[] };
export type OwnedFacts = { ownerId: number };
/** A record a client company owns (a tool request, a conversation), or the company itself. */
export type CompanyFacts = { companyId: number };
/**
 * A message of a company's project conversation: `toClient` when the super admin wrote it to the client side (any
 * person of the company reads it); otherwise one of the company's people wrote it to the super admin.
 */
export type MessageFacts = { senderId: number; receiverId: number; companyId: number; toClient: boolean };
/** A card is decided on its project, and on who created it (for deletion). */
export type CardFacts = ProjectFacts & { createdBy: number | null };
/** A training module: employees see it once it is published and assigned to their role. */
export type TrainingFacts = { published: boolean; roles: readonly EmployeeRole[] };
/**
 * A contract as the policy sees it: who signs it, what kind, its status, who leads its project, and (a client
 * contract) the company it binds.
 */
export type ContractFacts = {
  signerId: number;
  kind: ContractKind;
  status: ContractStatus;
  projectTeamLeadId: number | null;
  companyId: number | null;
};
/** An invoice as the policy sees it: the company it is addressed to, and whether it has been issued (drafts are the agency's own). */
export type InvoiceFacts = { companyId: number; status: InvoiceStatus };
/** Time or an expense as the policy sees it: whose it is, and the project it was spent on. */
export type SpentFacts = { ownerId: number; project: ProjectFacts };
/**
 * A person's timesheet: whose, their role, and who leads the projects they work on as a member (a team lead decides
 * the weeks of the members of their teams; staff decide the team leads').
 */
export type TimesheetFacts = { userId: number; userRole: Role; leadIds: readonly number[] };

/** A proposal as the policy sees it: the company whose project it prices, and its status (drafts are the agency's own). */
export type ProposalFacts = { companyId: number; status: ProposalStatus };

/** Every action and the record it is decided on (`null`: decided on the role alone). */
export type Resources = {
  'project:create': null;
  'project:list': null;
  'project:read': ProjectFacts;
  'project:upload': ProjectFacts;
  'project:approve': ProjectFacts;
  'project:reject': ProjectFacts;
  'project:change_status': ProjectFacts;
  'tool_request:create': null;
  'tool_request:list': null;
  'tool_request:read': CompanyFacts;
  'tool_request:decide': CompanyFacts;
  'invitation:create': { role: Role };
  'invitation:manage': { role: Role };
  'account:list': { role: Role };
  'account:set_status': { role: Role; id: number };
  'messaging:superadmin': null;
  'messaging:client': null;
  'conversation:read': CompanyFacts;
  'message:mark': MessageFacts;
  /** Either side of the conversations: upload files, count unread messages. */
  'messaging:use': null;
  'notification:read': OwnedFacts;
  /** One's own notifications as a whole: list them, count the unread, mark them all read. */
  'notification:list': null;
  'session:own': null;
  /** The search box: every signed-in person; each kind of result is then scoped by its own list's rule. */
  'search:use': null;
  /** The board of a project: its team and staff; a client may not know it exists (404). */
  'board:read': ProjectFacts;
  /** Create, edit, move, comment on and attach to cards. */
  'board:edit': ProjectFacts;
  'board:delete_card': CardFacts;
  /** Add, rename, reorder and delete columns and set WIP limits: the project's team lead and staff. */
  'board:manage_columns': ProjectFacts;
  /** Boards at a glance across projects (my cards, board summaries): whatever the caller works on. */
  'board:overview': null;
  'training:manage': null;
  'training:read': TrainingFacts;
  'training:complete': TrainingFacts;
  /** The caller's own assigned training. */
  'training:mine': null;
  /** Progress per person and module: staff for everyone, team leads for their team. */
  'training:progress': null;
  'contract:list': null;
  'contract:read': ContractFacts;
  /** Record that the signer opened it, and sign it. */
  'contract:sign': ContractFacts;
  /** The PDF and the audit trail: the signer and staff. */
  'contract:download': ContractFacts;
  /** Create, edit a draft, send, remind, void. */
  'contract:manage': ContractFacts | null;
  'contract_template:manage': null;
  /** A company's owners and billing people list its invoices, staff every invoice; members and employees none. */
  'invoice:list': null;
  'invoice:read': InvoiceFacts;
  /** Create, edit drafts, send, void, record offline payments, refund, billing settings. */
  'invoice:manage': null;
  /** A company's owners and billing people list its sent proposals, staff every proposal; members and employees none. */
  'proposal:list': null;
  'proposal:read': ProposalFacts;
  /** Open, tick optional items, accept, decline: the owners of the proposal's company. */
  'proposal:answer': ProposalFacts;
  /** Create, edit drafts, send, void, revise; proposal templates. */
  'proposal:manage': null;
  /** Pay by card: the owners and billing people of the invoice's company. */
  'invoice:pay': InvoiceFacts;
  /** Totals, revenue by month, CSV export. */
  'invoice:report': null;
  /** One's own profile, password, e-mail address and notification preferences. */
  'profile:own': null;
  /** Turning two-factor authentication on and off for one's own account (staff). */
  'mfa:manage': null;
  /** Reading and exporting the audit log of staff actions. */
  'audit:read': null;
  /** A client reads its own company and its people. */
  'company:read': null;
  /** Company details, invitations and people: the company's owners. */
  'company:manage': CompanyFacts;
  /** Staff browse every company (the clients screen, its CSV). */
  'company:browse': null;
  /** Entering one's own time on a project (and running a timer): the people on its team. */
  'time:track': ProjectFacts;
  /** Lists of time and expenses: what each caller may see is the list's scope (`timeScope`). */
  'time:list': null;
  /** One entry or expense: its owner, the lead of its project, staff. */
  'time:read': SpentFacts;
  /** Changing or deleting one's own entry or expense (while it is a draft or sent back). */
  'time:edit': SpentFacts;
  /** One's own timer and week (running a timer, submitting the week): the people whose time is tracked. */
  'time:own': null;
  'timesheet:read': TimesheetFacts;
  /** Approving or rejecting a week. */
  'timesheet:decide': TimesheetFacts;
  /** Recording an expense on a project: its team, and staff. */
  'expense:create': ProjectFacts;
  /** Approving or rejecting an expense: staff, never their own (the super admin may). */
  'expense:decide': SpentFacts;
  /** Hourly rates of projects and cost rates of people. */
  'rates:manage': null;
  /** A project's budget, cost, invoiced and margin: staff and the project's lead. */
  'profitability:read': ProjectFacts;
  /** The agency's profitability report. */
  'profitability:report': null;
  /**
   * A project's time log as its client company sees it (approved and billed time; never costs or rates): staff, and
   * the company's owners and billing people, who see its invoices. Whether staff shared it is the action's check.
   */
  'time_log:read': ProjectFacts;
  /** One's own API tokens: create, list, revoke. */
  'api_token:own': null;
  /** Every person's API tokens: staff list and revoke them. */
  'api_token:manage': null;
  /** Outgoing webhooks: their endpoints, deliveries and replays. */
  'webhook:manage': null;
  /** Recurring invoices: create, edit, pause, resume, end, preview (staff). */
  'recurring_invoice:manage': null;
  /** A project's payment plan: staff, and its company's owners and billing people (read only); nobody else. */
  'payment_plan:read': ProjectFacts;
  /** Set a project's payment plan and release its stages by hand (staff). */
  'payment_plan:manage': ProjectFacts;
  /** The one-tap links e-mailed with proposals, contracts and invoices: staff list and revoke them. */
  'document_link:manage': null;
  /** A company's saved cards (brand, last four, expiry): its owners and billing people, and staff. */
  'payment_method:read': CompanyFacts;
  /** Save, remove and choose the default card for autopay: the company's owners and billing people only. */
  'payment_method:manage': CompanyFacts;
  /** A company's statement (invoices, payments, refunds, credit notes): its owners and billing people, and staff. */
  'statement:read': CompanyFacts;
  /** The agency's brand settings and logo: the super admin only. */
  'brand:manage': null;
};
export type Action = keyof Resources;

type Decide<R> = (actor: Actor, resource: R) => Decision;
type RoleTable<R> = Record<Role, Decide<R>>;
/** A client's decision, by its role in its company: a new company role fails to compile until each rule decides for it. */
type CompanyRoleTable<R> = Record<CompanyRole, Decide<R>>;
/**
 * `roles`: who may take the action at all; `companyRoles`: which clients among them (by their role in their company).
 * Both are checked by the route before the body is read.
 */
type Rule<R> = { roles: readonly Role[]; companyRoles: readonly CompanyRole[]; decide: RoleTable<R> };

const allow = (): Decision => 'allow';
const forbid = (): Decision => 'forbid';
const when = (test: boolean, otherwise: Decision = 'hide'): Decision => (test ? 'allow' : otherwise);

const isOnTeam = (actor: Actor, p: ProjectFacts) => p.teamLeadId === actor.id || p.memberIds.includes(actor.id);
/** The actor is a person of this company (never true for someone without one). */
const inCompany = (actor: Actor, companyId: number | null) => actor.companyId !== null && companyId !== null && actor.companyId === companyId;
const sameCompany = <R extends { companyId: number | null }>(a: Actor, r: R) => when(inCompany(a, r.companyId));

/** The client entry of a role table, decided by the client's role in its company; a client without one is refused. */
function byCompanyRole<R>(table: CompanyRoleTable<R>): Decide<R> {
  return (actor, resource) => (isCompanyRole(actor.companyRole) ? table[actor.companyRole](actor, resource) : 'forbid');
}
/** The same decision for every role in a company. */
function everyCompanyRole<R>(decide: Decide<R>): Decide<R> {
  return byCompanyRole({ owner: decide, billing: decide, member: decide });
}

/** Who may see a project at all: every person of its company, staff, and the people who deliver it. */
const projectRead: RoleTable<ProjectFacts> = {
  client: everyCompanyRole(sameCompany),
  admin: allow,
  superadmin: allow,
  teamlead: (a, p) => when(isOnTeam(a, p)),
  teammember: (a, p) => when(isOnTeam(a, p)),
};

/** A rule that first needs the project to be visible, then decides. */
function onVisibleProject(decide: RoleTable<ProjectFacts>): RoleTable<ProjectFacts> {
  const table = {} as RoleTable<ProjectFacts>;
  for (const role of ROLES) {
    table[role] = (actor, project) => {
      const read = projectRead[role](actor, project);
      return read === 'allow' ? decide[role](actor, project) : read;
    };
  }
  return table;
}

/**
 * Who may know a contract exists: staff; the signer once it is sent (drafts are invisible); a team lead, their team's;
 * a company's owners and billing people, every client contract of the company (billing read only: only the signer signs).
 */
const isSigner = (a: Actor, c: ContractFacts) => c.signerId === a.id;
const companyContract = (a: Actor, c: ContractFacts) =>
  c.status !== 'draft' && (isSigner(a, c) || (c.kind === 'client' && inCompany(a, c.companyId)));
const contractRead: RoleTable<ContractFacts> = {
  client: byCompanyRole({
    owner: (a, c) => when(companyContract(a, c)),
    billing: (a, c) => when(companyContract(a, c)),
    member: (a, c) => when(isSigner(a, c) && c.status !== 'draft'),
  }),
  admin: allow,
  superadmin: allow,
  teamlead: (a, c) => when((isSigner(a, c) || (c.kind === 'team' && c.projectTeamLeadId === a.id)) && c.status !== 'draft'),
  teammember: (a, c) => when(isSigner(a, c) && c.status !== 'draft'),
};

/** A rule that first needs the contract to be visible, then decides. */
function onVisibleContract(decide: RoleTable<ContractFacts>): RoleTable<ContractFacts> {
  const table = {} as RoleTable<ContractFacts>;
  for (const role of ROLES) {
    table[role] = (actor, contract) => {
      const read = contractRead[role](actor, contract);
      return read === 'allow' ? decide[role](actor, contract) : read;
    };
  }
  return table;
}

const signerOnly = (a: Actor, c: ContractFacts) => when(isSigner(a, c), 'forbid');

function rolesWhere<R>(
  decide: RoleTable<R>,
  roles: readonly Role[],
  companyRoles: readonly CompanyRole[] = roles.includes('client') ? COMPANY_ROLES : [],
): Rule<R> {
  return { roles, companyRoles, decide };
}

const everyone = ROLES;
/** The company roles that see money: budgets, invoices, payments. */
const moneyPeople = ['owner', 'billing'] as const satisfies readonly CompanyRole[];
/** The company roles that ask for work: new projects and their files. */
const requesters = ['owner', 'member'] as const satisfies readonly CompanyRole[];
const staff = ['admin', 'superadmin'] as const satisfies readonly Role[];
const employees = ['teamlead', 'teammember'] as const satisfies readonly Role[];

/**
 * A company's money (its payment plans, saved cards, statement, time log): its owners and billing people, their own
 * company's only (another company's is not known to exist); members and employees are refused. Staff are allowed
 * too, except where `staffAllowed` is false (what only the company itself may do, such as saving its cards).
 */
function companyMoneyRule<R extends { companyId: number | null }>({ staffAllowed = true } = {}): Rule<R> {
  const staffDecide = staffAllowed ? allow : forbid;
  return rolesWhere(
    {
      client: byCompanyRole({ owner: sameCompany, billing: sameCompany, member: forbid }),
      admin: staffDecide,
      superadmin: staffDecide,
      teamlead: forbid,
      teammember: forbid,
    },
    staffAllowed ? ['client', ...staff] : ['client'],
    moneyPeople,
  );
}

/** The board's people: the project's team and staff. A client is told nothing, not even that a board exists. */
const boardTeam: RoleTable<ProjectFacts> = {
  client: () => 'hide',
  admin: allow,
  superadmin: allow,
  teamlead: (a, p) => when(isOnTeam(a, p)),
  teammember: (a, p) => when(isOnTeam(a, p)),
};

/**
 * Time and expenses are the agency's own: a client is told nothing of them. The person who spent them and the lead
 * of their project see them; staff see everything.
 */
const spentRead: RoleTable<SpentFacts> = {
  client: () => 'hide',
  admin: allow,
  superadmin: allow,
  teamlead: (a, s) => when(s.ownerId === a.id || s.project.teamLeadId === a.id),
  teammember: (a, s) => when(s.ownerId === a.id),
};

/** One's own, and only one's own: someone who may read it (a lead, staff) is told no; anyone else, nothing. */
function ownSpent(): RoleTable<SpentFacts> {
  const table = {} as RoleTable<SpentFacts>;
  for (const role of ROLES) {
    table[role] = (actor, spent) => {
      const read = spentRead[role](actor, spent);
      if (read !== 'allow') return read;
      return spent.ownerId === actor.id ? 'allow' : 'forbid';
    };
  }
  return table;
}

/** A person's week: their own; a lead, the weeks of the members of their teams; staff, everyone's. */
const leadsThem = (a: Actor, t: TimesheetFacts) => t.leadIds.includes(a.id);
const timesheetRead: RoleTable<TimesheetFacts> = {
  client: () => 'hide',
  admin: allow,
  superadmin: allow,
  teamlead: (a, t) => when(t.userId === a.id || (t.userRole === 'teammember' && leadsThem(a, t))),
  teammember: (a, t) => when(t.userId === a.id),
};

/** Staff see every module; an employee sees one published and assigned to their role, and nothing else. */
const assignedToMe = (a: Actor, t: TrainingFacts) => when(t.published && isEmployeeRole(a.role) && t.roles.includes(a.role));

const RULES: { [A in Action]: Rule<Resources[A]> } = {
  'project:create': rolesWhere(
    {
      client: byCompanyRole({ owner: allow, billing: forbid, member: allow }),
      admin: forbid,
      superadmin: forbid,
      teamlead: forbid,
      teammember: forbid,
    },
    ['client'],
    requesters,
  ),
  'project:list': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),
  'project:read': rolesWhere(projectRead, everyone),
  'project:upload': rolesWhere(
    onVisibleProject({
      client: byCompanyRole({ owner: allow, billing: forbid, member: allow }),
      admin: allow,
      superadmin: allow,
      teamlead: (a, p) => when(p.teamLeadId === a.id, 'forbid'),
      teammember: forbid,
    }),
    everyone,
    requesters,
  ),
  'project:approve': rolesWhere(onVisibleProject({ client: forbid, admin: forbid, superadmin: allow, teamlead: forbid, teammember: forbid }), [
    'superadmin',
  ]),
  'project:reject': rolesWhere(onVisibleProject({ client: forbid, admin: forbid, superadmin: allow, teamlead: forbid, teammember: forbid }), [
    'superadmin',
  ]),
  // Which transition a caller may make is the project state machine's table; this only says who may try.
  'project:change_status': rolesWhere(
    onVisibleProject({
      client: forbid,
      admin: allow,
      superadmin: allow,
      teamlead: (a, p) => when(p.teamLeadId === a.id, 'forbid'),
      teammember: forbid,
    }),
    ['superadmin', 'admin', 'teamlead'],
  ),

  'tool_request:create': rolesWhere({ client: allow, admin: forbid, superadmin: forbid, teamlead: forbid, teammember: forbid }, ['client']),
  'tool_request:list': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, ['client', ...staff]),
  'tool_request:read': rolesWhere({ client: everyCompanyRole(sameCompany), admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, [
    'client',
    ...staff,
  ]),
  'tool_request:decide': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),

  'invitation:create': rolesWhere(inviterTable(), staff),
  'invitation:manage': rolesWhere(inviterTable('hide'), staff),
  'account:list': rolesWhere(inviterTable(), staff),
  'account:set_status': rolesWhere(
    {
      client: forbid,
      admin: (a, t) => when(t.id !== a.id && invitableRoles(a.role).includes(t.role)),
      superadmin: (a, t) => when(t.id !== a.id && invitableRoles(a.role).includes(t.role)),
      teamlead: forbid,
      teammember: forbid,
    },
    staff,
  ),

  'messaging:superadmin': rolesWhere({ client: forbid, admin: forbid, superadmin: allow, teamlead: forbid, teammember: forbid }, ['superadmin']),
  'messaging:client': rolesWhere({ client: allow, admin: forbid, superadmin: forbid, teamlead: forbid, teammember: forbid }, ['client']),
  'conversation:read': rolesWhere({ client: everyCompanyRole(sameCompany), admin: forbid, superadmin: allow, teamlead: forbid, teammember: forbid }, [
    'superadmin',
    'client',
  ]),
  'message:mark': rolesWhere(messageTable(), ['superadmin', 'client']),
  'messaging:use': rolesWhere({ client: allow, admin: forbid, superadmin: allow, teamlead: forbid, teammember: forbid }, ['superadmin', 'client']),

  'notification:read': rolesWhere(ownTable(), everyone),
  'notification:list': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),
  'session:own': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),
  'search:use': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),

  // Clients are let through the route so that the record answers them 404, exactly like a missing board.
  'board:read': rolesWhere(boardTeam, everyone),
  'board:edit': rolesWhere(boardTeam, everyone),
  'board:delete_card': rolesWhere(
    {
      client: () => 'hide',
      admin: allow,
      superadmin: allow,
      // On the team: the project's lead deletes any card, everyone else the cards they created.
      teamlead: (a, c) => (isOnTeam(a, c) ? when(c.teamLeadId === a.id || c.createdBy === a.id, 'forbid') : 'hide'),
      teammember: (a, c) => (isOnTeam(a, c) ? when(c.createdBy === a.id, 'forbid') : 'hide'),
    },
    everyone,
  ),
  'board:manage_columns': rolesWhere(
    {
      client: () => 'hide',
      admin: allow,
      superadmin: allow,
      teamlead: (a, p) => (isOnTeam(a, p) ? when(p.teamLeadId === a.id, 'forbid') : 'hide'),
      teammember: (a, p) => (isOnTeam(a, p) ? 'forbid' : 'hide'),
    },
    everyone,
  ),
  'board:overview': rolesWhere({ client: () => 'hide', admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),

  'training:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'training:read': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: assignedToMe, teammember: assignedToMe }, [
    ...staff,
    ...employees,
  ]),
  'training:complete': rolesWhere({ client: forbid, admin: forbid, superadmin: forbid, teamlead: assignedToMe, teammember: assignedToMe }, employees),
  'training:mine': rolesWhere({ client: forbid, admin: forbid, superadmin: forbid, teamlead: allow, teammember: allow }, employees),
  'training:progress': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: allow, teammember: forbid }, [...staff, 'teamlead']),
  'contract:list': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),
  'contract:read': rolesWhere(contractRead, everyone),
  'contract:sign': rolesWhere(
    onVisibleContract({ client: everyCompanyRole(signerOnly), admin: forbid, superadmin: forbid, teamlead: signerOnly, teammember: signerOnly }),
    ['client', 'teamlead', 'teammember'],
  ),
  // A team lead follows the team's signing status, but the PDF and its trail are the signer's and the agency's (and,
  // for a client contract, the company's owners' and billing people's, who see it at all).
  'contract:download': rolesWhere(
    onVisibleContract({ client: everyCompanyRole(allow), admin: allow, superadmin: allow, teamlead: signerOnly, teammember: signerOnly }),
    everyone,
  ),
  'contract:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'contract_template:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'invoice:list': rolesWhere(
    {
      client: byCompanyRole({ owner: allow, billing: allow, member: forbid }),
      admin: allow,
      superadmin: allow,
      teamlead: forbid,
      teammember: forbid,
    },
    ['client', ...staff],
    moneyPeople,
  ),
  'invoice:read': rolesWhere(
    { client: byCompanyRole(invoiceOfMyCompany()), admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid },
    ['client', ...staff],
    moneyPeople,
  ),
  'invoice:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'invoice:pay': rolesWhere(
    { client: byCompanyRole(invoiceOfMyCompany()), admin: forbid, superadmin: forbid, teamlead: forbid, teammember: forbid },
    ['client'],
    moneyPeople,
  ),
  'proposal:list': rolesWhere(
    {
      client: byCompanyRole({ owner: allow, billing: allow, member: forbid }),
      admin: allow,
      superadmin: allow,
      teamlead: forbid,
      teammember: forbid,
    },
    ['client', ...staff],
    moneyPeople,
  ),
  'proposal:read': rolesWhere(
    {
      client: byCompanyRole({ owner: sentProposalOfMyCompany, billing: sentProposalOfMyCompany, member: forbid }),
      admin: allow,
      superadmin: allow,
      teamlead: forbid,
      teammember: forbid,
    },
    ['client', ...staff],
    moneyPeople,
  ),
  'proposal:answer': rolesWhere(
    {
      client: byCompanyRole({ owner: sentProposalOfMyCompany, billing: forbid, member: forbid }),
      admin: forbid,
      superadmin: forbid,
      teamlead: forbid,
      teammember: forbid,
    },
    ['client'],
    ['owner'],
  ),
  'proposal:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'invoice:report': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'profile:own': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),
  'mfa:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'audit:read': rolesWhere({ client: forbid, admin: forbid, superadmin: allow, teamlead: forbid, teammember: forbid }, ['superadmin']),
  'company:read': rolesWhere({ client: everyCompanyRole(allow), admin: forbid, superadmin: forbid, teamlead: forbid, teammember: forbid }, [
    'client',
  ]),
  'company:manage': rolesWhere(
    {
      client: byCompanyRole({ owner: sameCompany, billing: forbid, member: forbid }),
      admin: forbid,
      superadmin: forbid,
      teamlead: forbid,
      teammember: forbid,
    },
    ['client'],
    ['owner'],
  ),
  'company:browse': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),

  'time:track': rolesWhere(
    { client: () => 'hide', admin: forbid, superadmin: forbid, teamlead: (a, p) => when(isOnTeam(a, p)), teammember: (a, p) => when(isOnTeam(a, p)) },
    employees,
  ),
  'time:list': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, [...staff, ...employees]),
  'time:read': rolesWhere(spentRead, [...staff, ...employees]),
  'time:edit': rolesWhere(ownSpent(), [...staff, ...employees]),
  'time:own': rolesWhere({ client: forbid, admin: forbid, superadmin: forbid, teamlead: allow, teammember: allow }, employees),
  'timesheet:read': rolesWhere(timesheetRead, [...staff, ...employees]),
  'timesheet:decide': rolesWhere(
    {
      client: () => 'hide',
      admin: allow,
      superadmin: allow,
      // A lead decides the weeks of the members of their teams, never their own (staff decide those).
      teamlead: (a, t) => (timesheetRead.teamlead(a, t) === 'allow' ? when(t.userId !== a.id, 'forbid') : 'hide'),
      teammember: (a, t) => (t.userId === a.id ? 'forbid' : 'hide'),
    },
    [...staff, ...employees],
  ),
  'expense:create': rolesWhere(
    { client: () => 'hide', admin: allow, superadmin: allow, teamlead: (a, p) => when(isOnTeam(a, p)), teammember: (a, p) => when(isOnTeam(a, p)) },
    [...staff, ...employees],
  ),
  'expense:decide': rolesWhere(
    {
      client: () => 'hide',
      admin: (a, s) => when(s.ownerId !== a.id, 'forbid'),
      superadmin: allow,
      teamlead: (a, s) => (spentRead.teamlead(a, s) === 'allow' ? 'forbid' : 'hide'),
      teammember: (a, s) => (spentRead.teammember(a, s) === 'allow' ? 'forbid' : 'hide'),
    },
    [...staff, ...employees],
  ),
  'rates:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'profitability:read': rolesWhere(
    {
      client: () => 'hide',
      admin: allow,
      superadmin: allow,
      teamlead: (a, p) => (isOnTeam(a, p) ? when(p.teamLeadId === a.id, 'forbid') : 'hide'),
      teammember: (a, p) => (isOnTeam(a, p) ? 'forbid' : 'hide'),
    },
    [...staff, 'teamlead', 'teammember'],
  ),
  'profitability:report': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'time_log:read': companyMoneyRule(),
  'api_token:own': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),
  'api_token:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'webhook:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'recurring_invoice:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  // Money: a company's owners and billing people see their own projects' plans; another company is told nothing.
  'payment_plan:read': companyMoneyRule(),
  'payment_plan:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'document_link:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'payment_method:read': companyMoneyRule(),
  'payment_method:manage': companyMoneyRule({ staffAllowed: false }),
  'statement:read': companyMoneyRule(),
  'brand:manage': rolesWhere({ client: forbid, admin: forbid, superadmin: allow, teamlead: forbid, teammember: forbid }, ['superadmin']),
};

/** A proposal of the caller's company once sent: another company's, or a draft, may not be known to exist. */
function sentProposalOfMyCompany(a: Actor, p: ProposalFacts): Decision {
  return when(inCompany(a, p.companyId) && p.status !== 'draft');
}

/** An issued invoice of the caller's company for its owners and billing people; a member never sees one. */
function invoiceOfMyCompany(): CompanyRoleTable<InvoiceFacts> {
  const mine = (a: Actor, i: InvoiceFacts) => when(inCompany(a, i.companyId) && i.status !== 'draft');
  return { owner: mine, billing: mine, member: forbid };
}

/** Staff act on the roles they may invite (DESIGN section 4); a role they may not invite is `otherwise`. */
function inviterTable(otherwise: Decision = 'forbid'): RoleTable<{ role: Role }> {
  const inviter = (a: Actor, r: { role: Role }) => when(invitableRoles(a.role).includes(r.role), otherwise);
  return { client: forbid, admin: inviter, superadmin: inviter, teamlead: forbid, teammember: forbid };
}

/**
 * Only the receiving side marks a message: the super admin the messages written to them; any person of the company
 * the super admin's messages in its conversations (each person's read is their own). The sending side is told no
 * (a person of the company reads their colleagues' messages, but never marks them); anyone else is told nothing.
 */
function messageTable(): RoleTable<MessageFacts> {
  const receiver = (a: Actor, m: MessageFacts) => (m.receiverId === a.id ? 'allow' : m.senderId === a.id ? 'forbid' : 'hide');
  const companySide = (a: Actor, m: MessageFacts) => (!inCompany(a, m.companyId) ? 'hide' : m.toClient ? 'allow' : 'forbid');
  return { client: everyCompanyRole(companySide), admin: forbid, superadmin: receiver, teamlead: forbid, teammember: forbid };
}

function ownTable(): RoleTable<OwnedFacts> {
  const own = (a: Actor, r: OwnedFacts) => when(r.ownerId === a.id);
  return { client: own, admin: own, superadmin: own, teamlead: own, teammember: own };
}

function isKnownRole(role: unknown): role is Role {
  return (ROLES as readonly unknown[]).includes(role);
}

/** The roles that may call an action at all. */
export function rolesFor(action: Action): readonly Role[] {
  return RULES[action].roles;
}

/** The company roles of the clients that may call an action at all (none when clients may not). */
export function companyRolesFor(action: Action): readonly CompanyRole[] {
  return RULES[action].roles.includes('client') ? RULES[action].companyRoles : [];
}

/** Whether the caller's role (and, for a client, role in its company) may take the action at all: routes check this before reading the body. */
export function mayTry(actor: Pick<Actor, 'role' | 'companyRole'>, action: Action): boolean {
  const rule = RULES[action];
  if (!isKnownRole(actor.role) || !rule.roles.includes(actor.role)) return false;
  return actor.role !== 'client' || (isCompanyRole(actor.companyRole) && rule.companyRoles.includes(actor.companyRole));
}

export function decide<A extends Action>(actor: Actor, action: A, resource: Resources[A]): Decision {
  const rule = RULES[action] as Rule<Resources[A]>;
  // Fail closed: an unknown role, or a role (or company role) the action does not name, is refused.
  if (!mayTry(actor, action)) return 'forbid';
  return rule.decide[actor.role](actor, resource);
}

export function can<A extends Action>(actor: Actor, action: A, resource: Resources[A]): boolean {
  return decide(actor, action, resource) === 'allow';
}

/**
 * The first line of every service method. `notFound` is the message of the 404 given when the caller may not
 * know the record exists.
 */
export function assertCan<A extends Action>(actor: Actor, action: A, resource: Resources[A], notFound = 'Not found'): void {
  const decision = decide(actor, action, resource);
  if (decision === 'allow') return;
  throw decision === 'hide' ? new AppError('NOT_FOUND', notFound) : new AppError('FORBIDDEN');
}

/** The company of a client caller; a client without one is refused (the database holds that none exists). */
export function companyOf(actor: Actor): number {
  if (actor.role !== 'client' || actor.companyId === null) throw new AppError('FORBIDDEN');
  return actor.companyId;
}

/** Which projects a caller may list: a filter the projects service turns into SQL. */
export type ProjectScope = { kind: 'all' } | { kind: 'company'; companyId: number } | { kind: 'team'; userId: number };

export function projectScope(actor: Actor): ProjectScope {
  const role: Role = actor.role;
  switch (role) {
    case 'admin':
    case 'superadmin':
      return { kind: 'all' };
    case 'client':
      return { kind: 'company', companyId: companyOf(actor) };
    case 'teamlead':
    case 'teammember':
      return { kind: 'team', userId: actor.id };
    default:
      return refuseUnknownRole(role);
  }
}

/**
 * Which contracts a caller may list: a filter the contracts service turns into SQL (drafts only for staff). A
 * company's owners and billing people list every client contract of the company and what they sign themselves.
 */
export type ContractScope =
  { kind: 'all' } | { kind: 'signer'; userId: number } | { kind: 'lead'; userId: number } | { kind: 'company'; companyId: number; userId: number };

export function contractScope(actor: Actor): ContractScope {
  const role: Role = actor.role;
  switch (role) {
    case 'admin':
    case 'superadmin':
      return { kind: 'all' };
    case 'client':
      return companyContractScope(actor);
    case 'teammember':
      return { kind: 'signer', userId: actor.id };
    case 'teamlead':
      return { kind: 'lead', userId: actor.id };
    default:
      return refuseUnknownRole(role);
  }
}

function companyContractScope(actor: Actor): ContractScope {
  const role: CompanyRole | null = actor.companyRole;
  switch (role) {
    case 'owner':
    case 'billing':
      return { kind: 'company', companyId: companyOf(actor), userId: actor.id };
    case 'member':
      return { kind: 'signer', userId: actor.id };
    case null:
      throw new AppError('FORBIDDEN');
    default:
      return refuseUnknownRole(role);
  }
}

/**
 * Which records that belong to a client company a caller may list: every one (staff) or their company's (a client);
 * employees are refused before this. Tool requests are such records.
 */
export type ClientRecordScope = { kind: 'all' } | { kind: 'company'; companyId: number };

export function clientRecordScope(actor: Actor): ClientRecordScope {
  const role: Role = actor.role;
  switch (role) {
    case 'admin':
    case 'superadmin':
      return { kind: 'all' };
    case 'client':
      return { kind: 'company', companyId: companyOf(actor) };
    case 'teamlead':
    case 'teammember':
      throw new AppError('FORBIDDEN');
    default:
      return refuseUnknownRole(role);
  }
}

/**
 * Whose time and expenses a caller may list: everyone's (staff), their own and their projects' (a team lead), or
 * their own (a team member). Clients are refused before this.
 */
export type TimeScope = { kind: 'all' } | { kind: 'lead'; userId: number } | { kind: 'own'; userId: number };

export function timeScope(actor: Actor): TimeScope {
  const role: Role = actor.role;
  switch (role) {
    case 'admin':
    case 'superadmin':
      return { kind: 'all' };
    case 'teamlead':
      return { kind: 'lead', userId: actor.id };
    case 'teammember':
      return { kind: 'own', userId: actor.id };
    case 'client':
      throw new AppError('FORBIDDEN');
    default:
      return refuseUnknownRole(role);
  }
}

/** Which invoices a caller may list: staff all, a company's owners and billing people the company's; nobody else. */
export type InvoiceScope = ClientRecordScope;
export function invoiceScope(actor: Actor): InvoiceScope {
  if (actor.role === 'client') {
    const role: CompanyRole | null = actor.companyRole;
    switch (role) {
      case 'owner':
      case 'billing':
        return { kind: 'company', companyId: companyOf(actor) };
      case 'member':
      case null:
        throw new AppError('FORBIDDEN');
      default:
        return refuseUnknownRole(role);
    }
  }
  return clientRecordScope(actor);
}

/** Which proposals a caller may list: the same people as invoices (staff all; a company's owners and billing people its own). */
export type ProposalScope = InvoiceScope;
export const proposalScope = invoiceScope;

/** Which tool requests a caller may list. */
export type ToolRequestScope = ClientRecordScope;
export const toolRequestScope = clientRecordScope;

/**
 * Whose training progress a caller may read: every employee's (staff), or a team lead's own team (the people on
 * the projects they lead, and themselves). Clients and team members are refused before this.
 */
export type TrainingProgressScope = { kind: 'all' } | { kind: 'team'; leadId: number };

export function trainingProgressScope(actor: Actor): TrainingProgressScope {
  const role: Role = actor.role;
  switch (role) {
    case 'admin':
    case 'superadmin':
      return { kind: 'all' };
    case 'teamlead':
      return { kind: 'team', leadId: actor.id };
    case 'client':
    case 'teammember':
      throw new AppError('FORBIDDEN');
    default:
      return refuseUnknownRole(role);
  }
}

/**
 * Which of the projects a caller sees need them now, for their dashboard: staff, the pending queue; a client,
 * their rejected projects; a team lead, the approved ones waiting to start; a team member, the ones in progress.
 */
export function projectAttention(actor: Actor): readonly ProjectStatus[] {
  const role: Role = actor.role;
  switch (role) {
    case 'admin':
    case 'superadmin':
      return ['pending'];
    case 'client':
      return ['rejected'];
    case 'teamlead':
      return ['approved'];
    case 'teammember':
      return ['in_progress'];
    default:
      return refuseUnknownRole(role);
  }
}

function companyRoleSeesMoney(role: CompanyRole | null): boolean {
  switch (role) {
    case 'owner':
    case 'billing':
      return true;
    case 'member':
    case null:
      return false;
    default:
      return refuseUnknownRole(role);
  }
}

/** The `default` of every switch over roles: an unknown role is refused (403), never treated as anyone. */
export function refuseUnknownRole(role: never): never {
  throw new AppError('FORBIDDEN', `Unknown role: ${String(role)}`);
}

/**
 * What of a project each role may read, beyond seeing it at all. The budget and the notes written to the client
 * (an approval note, a rejection reason, a note on a status change) are between the client and the agency: the
 * team lead, who runs the project, sees them; a team member does not. In the client's company, members see the
 * notes but no money.
 */
export type ProjectDisclosure = { budget: boolean; clientNotes: boolean };

export function projectDisclosure(actor: Actor): ProjectDisclosure {
  const role: Role = actor.role;
  switch (role) {
    case 'client':
      return { budget: companyRoleSeesMoney(actor.companyRole), clientNotes: true };
    case 'admin':
    case 'superadmin':
    case 'teamlead':
      return { budget: true, clientNotes: true };
    case 'teammember':
      return { budget: false, clientNotes: false };
    default:
      return refuseUnknownRole(role);
  }
}
