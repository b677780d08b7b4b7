import type { Role } from '@agency/schema';
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
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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
  {
    method: 'POST',
    path: '/auth/signup/employee',
    body: { invite_token: 'no-such-invitation', name: 'Nobody', password: PASSWORD },
    allowed: 'public',
  },
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

  // projects
  {
    method: 'POST',
    path: '/projects',
    body: { title: 'Matrix project', description: 'Created by the access table.' },
    allowed: ['client'],
    invalid: { body: { title: '' } },
  },
  { method: 'GET', path: '/projects', allowed: EVERYONE, invalid: { query: { limit: '1000' } } },
  { method: 'GET', path: '/projects/summary', allowed: EVERYONE },
  { method: 'GET', path: `/projects/${MISSING_ID}`, allowed: EVERYONE, invalid: { path: '/projects/abc' } },
  { method: 'GET', path: `/projects/${MISSING_ID}/activity`, allowed: EVERYONE, invalid: { path: '/projects/abc/activity' } },
  { method: 'POST', path: `/projects/${MISSING_ID}/approve`, body: { team_lead_id: '1' }, allowed: ['superadmin'], invalid: { body: {} } },
  { method: 'POST', path: `/projects/${MISSING_ID}/reject`, body: { reason: 'Not a fit' }, allowed: ['superadmin'], invalid: { body: {} } },
  {
    method: 'POST',
    path: `/projects/${MISSING_ID}/status`,
    body: { status: 'in_progress' },
    allowed: ['superadmin', 'admin', 'teamlead'],
    invalid: { body: { status: 'pending' } },
  },
  { method: 'POST', path: `/projects/${MISSING_ID}/attachments`, allowed: EVERYONE },
  // Signed links carry their own proof: no session is needed, a missing or forged signature is a 404.
  { method: 'GET', path: `/projects/${MISSING_ID}/attachments/1/download`, query: { expires: '1', sig: 'x' }, allowed: 'public' },

  // notifications
  { method: 'GET', path: '/notifications', allowed: EVERYONE, invalid: { query: { limit: '0' } } },
  { method: 'GET', path: '/notifications/unread-count', allowed: EVERYONE },
  { method: 'POST', path: `/notifications/${MISSING_ID}/read`, allowed: EVERYONE, invalid: { path: '/notifications/abc/read' } },
  { method: 'POST', path: '/notifications/read-all', allowed: EVERYONE },

  // tool requests
  {
    method: 'POST',
    path: '/tool-requests',
    body: { name: 'Figma seat', category: 'Software licence', reason: 'Design reviews', quantity: 1 },
    allowed: ['client'],
    invalid: { body: { quantity: 0 } },
  },
  { method: 'GET', path: '/tool-requests', allowed: ['client', ...STAFF], invalid: { query: { status: 'lost' } } },
  { method: 'GET', path: `/tool-requests/${MISSING_ID}`, allowed: ['client', ...STAFF], invalid: { path: '/tool-requests/abc' } },
  {
    method: 'POST',
    path: `/tool-requests/${MISSING_ID}/decision`,
    body: { action: 'approve' },
    allowed: STAFF,
    invalid: { body: { action: 'explode' } },
  },

  // messaging: SPEC section 7 for the super admin, and the client's mirror
  ...(['superadmin', 'client'] as const).flatMap((side): AccessRow[] => [
    { method: 'GET', path: `/${side}/conversations`, query: { user_id: '$me' }, allowed: [side], invalid: { query: {} } },
    {
      method: 'GET',
      path: `/${side}/messages/thread`,
      query: { conversation_id: `${MISSING_ID}:1` },
      allowed: [side],
      invalid: { query: { conversation_id: 'x' } },
    },
    { method: 'GET', path: `/${side}/get-all-messages`, query: { user_id: '$me', limit: '200' }, allowed: [side], invalid: { query: {} } },
    { method: 'PUT', path: `/${side}/messages/${MISSING_ID}/delivered`, allowed: [side], invalid: { path: `/${side}/messages/abc/delivered` } },
    { method: 'PUT', path: `/${side}/messages/${MISSING_ID}/read`, allowed: [side], invalid: { path: `/${side}/messages/abc/read` } },
    {
      method: 'POST',
      path: `/${side}/send-message`,
      body: { sender_id: '$me', receiver_id: '1', message_content: 'hello', conversation_id: `${MISSING_ID}:1` },
      allowed: [side],
      invalid: { body: {} },
    },
  ]),
  { method: 'GET', path: '/messages/unread-count', allowed: ['superadmin', 'client'] },
  { method: 'POST', path: '/messages/uploads', allowed: ['superadmin', 'client'] },
  { method: 'GET', path: '/messages/attachments/no-such-file.png', allowed: 'public' },
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
