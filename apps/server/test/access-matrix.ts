import type { Role } from '@agency/schema';
import type { InjectOptions } from 'fastify';
import { PASSWORD, uniqueEmail } from './helpers.js';

/** Who calls: nobody signed in, or an account of one role. */
export type Caller = 'anonymous' | Role;
export const CALLERS: readonly Caller[] = ['anonymous', 'client', 'admin', 'superadmin', 'teamlead', 'teammember'];

type Input = { query?: Record<string, string>; body?: unknown };

/**
 * One API route and who may call it. `path` is a concrete request path under /api that reaches the route
 * (ids of records that need not exist: an allowed caller may then get 404, never 401/403).
 */
export type AccessRow = Input & {
  method: NonNullable<InjectOptions['method']> & string;
  path: string;
  allowed: readonly Role[] | 'public';
  /** Called for each request when the body must be fresh (for example a new e-mail every time). */
  makeBody?: () => unknown;
  /** The call ends the caller's session, so it runs on a session of its own. */
  endsSession?: boolean;
  /** Input the route refuses; a caller who may not use the route must still be told 401/403, not 400. */
  invalid?: Input & { path?: string };
};

const STAFF = ['superadmin', 'admin'] as const satisfies readonly Role[];
const EVERYONE = ['client', 'admin', 'superadmin', 'teamlead', 'teammember'] as const satisfies readonly Role[];
const MISSING_ID = '999999';

/** Every API route. A new route fails the coverage test until it has a row here. */
export const ACCESS_ROWS: AccessRow[] = [
  // system
  { method: 'GET', path: '/health', allowed: 'public' },
  { method: 'GET', path: '/config', allowed: 'public' },

  // auth
  { method: 'POST', path: '/auth/signup/client', body: {}, allowed: 'public' },
  { method: 'POST', path: '/auth/signup/superadmin', body: {}, allowed: 'public' },
  { method: 'POST', path: '/auth/signup/admin', body: { invite_token: 'no-such-invitation', name: 'Nobody', password: PASSWORD }, allowed: 'public' },
  { method: 'POST', path: '/auth/signup/employee', body: { invite_token: 'no-such-invitation', name: 'Nobody', password: PASSWORD }, allowed: 'public' },
  { method: 'POST', path: '/auth/login', body: {}, allowed: 'public' },
  { method: 'POST', path: '/auth/logout', allowed: EVERYONE, endsSession: true },
  { method: 'GET', path: '/auth/me', allowed: EVERYONE },

  // invitations
  { method: 'GET', path: '/invitations/preview', query: { token: 'no-such-invitation' }, allowed: 'public' },
  {
    method: 'POST',
    path: '/invitations',
    makeBody: () => ({ email: uniqueEmail('matrix'), role: 'teammember' }),
    allowed: STAFF,
    invalid: { body: {} },
  },
  { method: 'GET', path: '/invitations', query: { role: 'employee' }, allowed: STAFF, invalid: { query: { role: 'employee', limit: '1000' } } },
  { method: 'POST', path: `/invitations/${MISSING_ID}/resend`, allowed: STAFF, invalid: { path: '/invitations/abc/resend' } },
  { method: 'DELETE', path: `/invitations/${MISSING_ID}`, allowed: STAFF, invalid: { path: '/invitations/abc' } },

  // users
  { method: 'GET', path: '/users', query: { role: 'employee' }, allowed: STAFF, invalid: { query: {} } },
  {
    method: 'PATCH',
    path: `/users/${MISSING_ID}/status`,
    body: { status: 'active' },
    allowed: STAFF,
    invalid: { path: '/users/abc/status', body: { status: 'banned' } },
  },
];

export function isAllowed(row: AccessRow, caller: Caller): boolean {
  if (row.allowed === 'public') return true;
  return caller !== 'anonymous' && row.allowed.includes(caller);
}

/** Fastify route pattern (`/invitations/:id`) or OpenAPI path (`/invitations/{id}`) -> matcher of concrete paths. */
export function routeMatcher(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (/^(:\w+|\{\w+\})$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Every route the app serves, read from `printRoutes({ commonPrefix: false })`: each line is a tree node whose
 * depth is given by its indentation (4 characters per level) and whose path extends its parent's.
 */
export function parseRouteTree(tree: string): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]].length / 4;
    const url = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

