import {
  invitableRoles,
  isEmployeeRole,
  ROLES,
  type ContractKind,
  type ContractStatus,
  type EmployeeRole,
  type InvoiceStatus,
  type ProjectStatus,
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

export type ProjectFacts = { clientId: number; teamLeadId: number | null; memberIds: readonly number[] };
export type OwnedFacts = { ownerId: number };
export type MessageFacts = { senderId: number; receiverId: number };
/** A card is decided on its project, and on who created it (for deletion). */
export type CardFacts = ProjectFacts & { createdBy: number | null };
/** A training module: employees see it once it is published and assigned to their role. */
export type TrainingFacts = { published: boolean; roles: readonly EmployeeRole[] };
/** A contract as the policy sees it: who signs it, what kind, its status, and who leads its project. */
export type ContractFacts = { signerId: number; kind: ContractKind; status: ContractStatus; projectTeamLeadId: number | null };
/** An invoice as the policy sees it: whose it is, and whether it has been issued (drafts are the agency's own). */
export type InvoiceFacts = { clientId: number; status: InvoiceStatus };

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
  'tool_request:read': OwnedFacts;
  'tool_request:decide': OwnedFacts;
  'invitation:create': { role: Role };
  'invitation:manage': { role: Role };
  'account:list': { role: Role };
  'account:set_status': { role: Role; id: number };
  'messaging:superadmin': null;
  'messaging:client': null;
  'conversation:read': { clientId: number };
  'message:mark': MessageFacts;
  /** Either side of the conversations: upload files, count unread messages. */
  'messaging:use': null;
  'notification:read': OwnedFacts;
  /** One's own notifications as a whole: list them, count the unread, mark them all read. */
  'notification:list': null;
  'session:own': null;
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
  /** Clients list their own invoices, staff every invoice; employees none. */
  'invoice:list': null;
  'invoice:read': InvoiceFacts;
  /** Create, edit drafts, send, void, record offline payments, refund, billing settings. */
  'invoice:manage': null;
  /** Pay by card: the invoice's own client only. */
  'invoice:pay': InvoiceFacts;
  /** Totals, revenue by month, CSV export. */
  'invoice:report': null;
  /** One's own profile, password, e-mail address and notification preferences. */
  'profile:own': null;
  /** Turning two-factor authentication on and off for one's own account (staff). */
  'mfa:manage': null;
  /** Reading and exporting the audit log of staff actions. */
  'audit:read': null;
};
export type Action = keyof Resources;

type RoleTable<R> = Record<Role, (actor: Actor, resource: R) => Decision>;
type Rule<R> = { roles: readonly Role[]; decide: RoleTable<R> };

const allow = (): Decision => 'allow';
const forbid = (): Decision => 'forbid';
const when = (test: boolean, otherwise: Decision = 'hide'): Decision => (test ? 'allow' : otherwise);

const isOnTeam = (actor: Actor, p: ProjectFacts) => p.teamLeadId === actor.id || p.memberIds.includes(actor.id);

/** Who may see a project at all: the owning client, staff, and the people who deliver it. */
const projectRead: RoleTable<ProjectFacts> = {
  client: (a, p) => when(p.clientId === a.id),
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

/** Who may know a contract exists: staff; the signer once it is sent (drafts are invisible); a team lead, their team's. */
const isSigner = (a: Actor, c: ContractFacts) => c.signerId === a.id;
const contractRead: RoleTable<ContractFacts> = {
  client: (a, c) => when(isSigner(a, c) && c.status !== 'draft'),
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

function rolesWhere<R>(decide: RoleTable<R>, roles: readonly Role[]): Rule<R> {
  return { roles, decide };
}

const everyone = ROLES;
const staff = ['admin', 'superadmin'] as const satisfies readonly Role[];
const employees = ['teamlead', 'teammember'] as const satisfies readonly Role[];

/** The board's people: the project's team and staff. A client is told nothing, not even that a board exists. */
const boardTeam: RoleTable<ProjectFacts> = {
  client: () => 'hide',
  admin: allow,
  superadmin: allow,
  teamlead: (a, p) => when(isOnTeam(a, p)),
  teammember: (a, p) => when(isOnTeam(a, p)),
};

/** Staff see every module; an employee sees one published and assigned to their role, and nothing else. */
const assignedToMe = (a: Actor, t: TrainingFacts) => when(t.published && isEmployeeRole(a.role) && t.roles.includes(a.role));

const RULES: { [A in Action]: Rule<Resources[A]> } = {
  'project:create': rolesWhere({ client: allow, admin: forbid, superadmin: forbid, teamlead: forbid, teammember: forbid }, ['client']),
  'project:list': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),
  'project:read': rolesWhere(projectRead, everyone),
  'project:upload': rolesWhere(
    onVisibleProject({
      client: allow,
      admin: allow,
      superadmin: allow,
      teamlead: (a, p) => when(p.teamLeadId === a.id, 'forbid'),
      teammember: forbid,
    }),
    everyone,
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
  'tool_request:read': rolesWhere(
    { client: (a, r) => when(r.ownerId === a.id), admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid },
    ['client', ...staff],
  ),
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
  'conversation:read': rolesWhere(
    { client: (a, c) => when(c.clientId === a.id), admin: forbid, superadmin: allow, teamlead: forbid, teammember: forbid },
    ['superadmin', 'client'],
  ),
  'message:mark': rolesWhere(messageTable(), ['superadmin', 'client']),
  'messaging:use': rolesWhere({ client: allow, admin: forbid, superadmin: allow, teamlead: forbid, teammember: forbid }, ['superadmin', 'client']),

  'notification:read': rolesWhere(ownTable(), everyone),
  'notification:list': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),
  'session:own': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),

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
    onVisibleContract({ client: signerOnly, admin: forbid, superadmin: forbid, teamlead: signerOnly, teammember: signerOnly }),
    ['client', 'teamlead', 'teammember'],
  ),
  // A team lead follows the team's signing status, but the PDF and its trail are the signer's and the agency's.
  'contract:download': rolesWhere(
    onVisibleContract({ client: signerOnly, admin: allow, superadmin: allow, teamlead: signerOnly, teammember: signerOnly }),
    everyone,
  ),
  'contract:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'contract_template:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'invoice:list': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, ['client', ...staff]),
  'invoice:read': rolesWhere(
    { client: (a, i) => when(i.clientId === a.id && i.status !== 'draft'), admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid },
    ['client', ...staff],
  ),
  'invoice:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'invoice:pay': rolesWhere(
    { client: (a, i) => when(i.clientId === a.id && i.status !== 'draft'), admin: forbid, superadmin: forbid, teamlead: forbid, teammember: forbid },
    ['client'],
  ),
  'invoice:report': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'profile:own': rolesWhere({ client: allow, admin: allow, superadmin: allow, teamlead: allow, teammember: allow }, everyone),
  'mfa:manage': rolesWhere({ client: forbid, admin: allow, superadmin: allow, teamlead: forbid, teammember: forbid }, staff),
  'audit:read': rolesWhere({ client: forbid, admin: forbid, superadmin: allow, teamlead: forbid, teammember: forbid }, ['superadmin']),
};

/** Staff act on the roles they may invite (DESIGN section 4); a role they may not invite is `otherwise`. */
function inviterTable(otherwise: Decision = 'forbid'): RoleTable<{ role: Role }> {
  const inviter = (a: Actor, r: { role: Role }) => when(invitableRoles(a.role).includes(r.role), otherwise);
  return { client: forbid, admin: inviter, superadmin: inviter, teamlead: forbid, teammember: forbid };
}

/** Only the receiver marks a message; the sender is told no; anyone else is told nothing. */
function messageTable(): RoleTable<MessageFacts> {
  const receiver = (a: Actor, m: MessageFacts) => (m.receiverId === a.id ? 'allow' : m.senderId === a.id ? 'forbid' : 'hide');
  return { client: receiver, admin: forbid, superadmin: receiver, teamlead: forbid, teammember: forbid };
}

function ownTable(): RoleTable<OwnedFacts> {
  const own = (a: Actor, r: OwnedFacts) => when(r.ownerId === a.id);
  return { client: own, admin: own, superadmin: own, teamlead: own, teammember: own };
}

function isKnownRole(role: unknown): role is Role {
  return (ROLES as readonly unknown[]).includes(role);
}

/** The roles that may call an action at all: routes check this before reading the body. */
export function rolesFor(action: Action): readonly Role[] {
  return RULES[action].roles;
}

export function decide<A extends Action>(actor: Actor, action: A, resource: Resources[A]): Decision {
  const rule = RULES[action] as Rule<Resources[A]>;
  // Fail closed: an unknown role, or a role the action does not name, is refused.
  if (!isKnownRole(actor.role) || !rule.roles.includes(actor.role)) return 'forbid';
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

/** Which projects a caller may list: a filter the projects service turns into SQL. */
export type ProjectScope = { kind: 'all' } | { kind: 'client'; clientId: number } | { kind: 'team'; userId: number };

export function projectScope(actor: Actor): ProjectScope {
  const role: Role = actor.role;
  switch (role) {
    case 'admin':
    case 'superadmin':
      return { kind: 'all' };
    case 'client':
      return { kind: 'client', clientId: actor.id };
    case 'teamlead':
    case 'teammember':
      return { kind: 'team', userId: actor.id };
    default:
      return refuseUnknownRole(role);
  }
}

/** Which contracts a caller may list: a filter the contracts service turns into SQL (drafts only for staff). */
export type ContractScope = { kind: 'all' } | { kind: 'signer'; userId: number } | { kind: 'lead'; userId: number };

export function contractScope(actor: Actor): ContractScope {
  const role: Role = actor.role;
  switch (role) {
    case 'admin':
    case 'superadmin':
      return { kind: 'all' };
    case 'client':
    case 'teammember':
      return { kind: 'signer', userId: actor.id };
    case 'teamlead':
      return { kind: 'lead', userId: actor.id };
    default:
      return refuseUnknownRole(role);
  }
}

/**
 * Which records that belong to a client a caller may list: every one (staff) or their own (a client); employees are
 * refused before this. Invoices and tool requests are both such records.
 */
export type ClientRecordScope = { kind: 'all' } | { kind: 'client'; clientId: number };

export function clientRecordScope(actor: Actor): ClientRecordScope {
  const role: Role = actor.role;
  switch (role) {
    case 'admin':
    case 'superadmin':
      return { kind: 'all' };
    case 'client':
      return { kind: 'client', clientId: actor.id };
    case 'teamlead':
    case 'teammember':
      throw new AppError('FORBIDDEN');
    default:
      return refuseUnknownRole(role);
  }
}

/** Which invoices a caller may list. */
export type InvoiceScope = ClientRecordScope;
export const invoiceScope = clientRecordScope;

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

/** The `default` of every switch over roles: an unknown role is refused (403), never treated as anyone. */
export function refuseUnknownRole(role: never): never {
  throw new AppError('FORBIDDEN', `Unknown role: ${String(role)}`);
}

/**
 * What of a project each role may read, beyond seeing it at all. The budget and the notes written to the client
 * (an approval note, a rejection reason, a note on a status change) are between the client and the agency: the
 * team lead, who runs the project, sees them; a team member does not.
 */
export type ProjectDisclosure = { budget: boolean; clientNotes: boolean };

export function projectDisclosure(actor: Actor): ProjectDisclosure {
  const role: Role = actor.role;
  switch (role) {
    case 'client':
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
