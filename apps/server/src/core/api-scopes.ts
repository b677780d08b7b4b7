import { API_SCOPES, type ApiScope, type ApiScopeModule } from '@agency/schema';
import type { Actor } from './actor.js';
import { mayTry, type Action } from './policy.js';

/**
 * What each scope of an API token reaches, as actions of the access policy. A person may give a token a scope only
 * when their role (a client's, its role in its company) may take at least one of these actions: a token is never
 * more than its owner. The routes then check the actor as they do for a session, so a token can only narrow.
 */
const SCOPE_ACTIONS: Record<ApiScope, readonly Action[]> = {
  'projects:read': ['project:list', 'project:read'],
  'projects:write': ['project:create', 'project:upload', 'project:approve', 'project:reject', 'project:change_status'],
  'board:read': ['board:read', 'board:overview'],
  'board:write': ['board:edit', 'board:delete_card', 'board:manage_columns'],
  'messages:read': ['messaging:superadmin', 'messaging:client', 'conversation:read'],
  'messages:write': ['messaging:superadmin', 'messaging:client', 'message:mark', 'messaging:use'],
  'contracts:read': ['contract:list', 'contract:read', 'contract:download'],
  'contracts:write': ['contract:sign', 'contract:manage', 'contract_template:manage'],
  'invoices:read': ['invoice:list', 'invoice:read', 'invoice:report'],
  'invoices:write': ['invoice:manage', 'invoice:pay'],
  'training:read': ['training:read', 'training:mine', 'training:progress'],
  'training:write': ['training:manage', 'training:complete'],
  'companies:read': ['company:read', 'company:browse'],
  'companies:write': ['company:manage'],
  'users:read': ['account:list', 'invitation:manage'],
  'users:write': ['account:set_status', 'invitation:create', 'invitation:manage'],
  'tools:read': ['tool_request:list', 'tool_request:read'],
  'tools:write': ['tool_request:create', 'tool_request:decide'],
  'notifications:read': ['notification:list'],
  'notifications:write': ['notification:read', 'notification:list'],
  'audit:read': ['audit:read'],
  'webhooks:read': ['webhook:manage'],
  'webhooks:write': ['webhook:manage'],
};

/** Boards are the team's: their routes let clients through only to answer 404, like a missing board. */
const NOT_FOR_CLIENTS: readonly ApiScope[] = ['board:read', 'board:write'];

/** Whether the person's role allows a scope at all. */
export function mayHoldScope(actor: Pick<Actor, 'role' | 'companyRole'>, scope: ApiScope): boolean {
  if (actor.role === 'client' && NOT_FOR_CLIENTS.includes(scope)) return false;
  return SCOPE_ACTIONS[scope].some((action) => mayTry(actor, action));
}

/**
 * Which module each route belongs to, by the start of its path under /api (the first match wins, so the more
 * specific come first). `open`: any token may call it (who am I, health). A route in no entry is for a signed-in
 * session only: the account (password, e-mail, two-factor, sessions, API tokens), sign-in and sign-out, the event
 * stream, payments. Failing closed: a new route is session-only until it is given a module here.
 */
const ROUTE_MODULES: readonly (readonly [prefix: string, module: ApiScopeModule | 'open'])[] = [
  ['/api/health', 'open'],
  ['/api/ready', 'open'],
  ['/api/config', 'open'],
  ['/api/auth/me', 'open'],
  ['/api/projects/:id/board', 'board'],
  ['/api/projects/:id/progress', 'board'],
  ['/api/board/', 'board'],
  ['/api/projects/:id/billing', 'invoices'],
  ['/api/projects/:id/deposit-invoice', 'invoices'],
  ['/api/projects', 'projects'],
  ['/api/superadmin/', 'messages'],
  ['/api/client/', 'messages'],
  ['/api/messages/', 'messages'],
  ['/api/contracts', 'contracts'],
  ['/api/contract-templates', 'contracts'],
  ['/api/invoices', 'invoices'],
  ['/api/training/', 'training'],
  ['/api/company', 'companies'],
  ['/api/companies', 'companies'],
  ['/api/users', 'users'],
  ['/api/invitations', 'users'],
  ['/api/tool-requests', 'tools'],
  ['/api/notifications', 'notifications'],
  ['/api/audit-log', 'audit'],
  ['/api/webhooks', 'webhooks'],
];

/** What a token needs for a route: a scope, nothing (`open`), or a session (`session`). */
export type TokenRequirement = { kind: 'scope'; scope: ApiScope } | { kind: 'open' } | { kind: 'session' };

function matches(route: string, prefix: string): boolean {
  if (!route.startsWith(prefix)) return false;
  // `/api/projects` matches `/api/projects/:id` but not `/api/projectsx`; `/api/audit-log` matches `/api/audit-log.csv`.
  const next = route.charAt(prefix.length);
  return prefix.endsWith('/') || next === '' || next === '/' || next === '.';
}

export function tokenRequirement(method: string, route: string): TokenRequirement {
  const entry = ROUTE_MODULES.find(([prefix]) => matches(route, prefix));
  if (!entry) return { kind: 'session' };
  const [, module] = entry;
  if (module === 'open') return { kind: 'open' };
  const verb = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
  const scope = `${module}:${verb}`;
  // A verb the module has no scope for (writing to the audit log) is for nobody's token.
  return isApiScope(scope) ? { kind: 'scope', scope } : { kind: 'session' };
}

function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}
