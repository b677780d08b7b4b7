import type { AuthResponse } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_ROWS, CALLERS, isAllowed, parseRouteTree, routeMatcher, type AccessRow, type Caller } from './access-matrix.js';
import { FORBIDDEN, UNAUTHENTICATED, call, createTestApp, login, signInEveryRole, type TestApp } from './helpers.js';

let t: TestApp;
let accounts: Record<Exclude<Caller, 'anonymous'>, AuthResponse>;

beforeAll(async () => {
  t = await createTestApp();
  accounts = await signInEveryRole(t.app);
});
afterAll(async () => t.close());

async function tokenFor(caller: Caller, row: AccessRow): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (!row.endsSession) return accounts[caller].token;
  const res = await login(t.app, accounts[caller].user.email);
  expect(res.status).toBe(200);
  return res.body.token;
}

async function send(row: AccessRow, caller: Caller, input: { path?: string; query?: Record<string, string>; body?: unknown } = row) {
  const body = input === row && row.makeBody ? row.makeBody() : input.body;
  // `$me` stands for the caller's own id (SPEC's user_id and sender_id must be the caller's).
  const me = caller === 'anonymous' ? '1' : accounts[caller].user.id;
  const withMe = <T>(value: T): T => (value === undefined ? value : JSON.parse(JSON.stringify(value).replaceAll('$me', me)));
  return call(t.app, row.method, input.path ?? row.path, { token: await tokenFor(caller, row), query: withMe(input.query), body: withMe(body) });
}

describe.each(ACCESS_ROWS.map((row) => [`${row.method} /api${row.path}`, row] as const))('%s', (_name, row) => {
  it.each(CALLERS.map((caller) => [caller]))('as %s', async (caller) => {
    const res = await send(row, caller);
    if (isAllowed(row, caller)) {
      expect([401, 403], `${res.status} ${res.text}`).not.toContain(res.status);
      expect(res.status, res.text).toBeLessThan(500);
    } else if (caller === 'anonymous') {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTHENTICATED);
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });
});

describe('access is decided before input is checked', () => {
  const rows = ACCESS_ROWS.filter((row) => row.invalid && row.allowed !== 'public');

  it.each(rows.map((row) => [`${row.method} /api${row.invalid!.path ?? row.path}`, row] as const))(
    '%s tells callers who may not use it 401/403, not how their input is wrong',
    async (_name, row) => {
      const expected: Record<string, number> = {};
      const actual: Record<string, number> = {};
      for (const caller of CALLERS.filter((c) => !isAllowed(row, c))) {
        expected[caller] = caller === 'anonymous' ? 401 : 403;
        actual[caller] = (await send(row, caller, row.invalid)).status;
      }
      for (const caller of CALLERS.filter((c) => isAllowed(row, c))) {
        expected[caller] = 400;
        actual[caller] = (await send(row, caller, row.invalid)).status;
      }
      expect(actual).toEqual(expected);
    },
  );
});

describe('the table covers the API', () => {
  const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

  function servedRoutes() {
    return parseRouteTree(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.method !== 'HEAD' && isApiRoute(r.url));
  }

  it('reads the route tree', () => {
    const routes = servedRoutes();
    expect(routes).toContainEqual({ method: 'GET', url: '/api/auth/me' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/invitations/:id/resend' });
    expect(routes).toContainEqual({ method: 'PATCH', url: '/api/users/:id/status' });
  });

  it('has a row for every API route the app serves', () => {
    const missing = servedRoutes()
      .filter((route) => !ACCESS_ROWS.some((row) => row.method === route.method && routeMatcher(route.url).test(`/api${row.path}`)))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing, 'add these routes to ACCESS_ROWS in test/access-matrix.ts').toEqual([]);
  });

  it('has no row for a route that does not exist', () => {
    const routes = servedRoutes();
    const stale = ACCESS_ROWS.filter(
      (row) => !routes.some((route) => route.method === row.method && routeMatcher(route.url).test(`/api${row.path}`)),
    ).map((row) => `${row.method} ${row.path}`);
    expect(stale).toEqual([]);
  });

  it('documents every API route in OpenAPI', async () => {
    const res = await call(t.app, 'GET', '/docs/json');
    expect(res.status).toBe(200);
    const documented = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), matcher: routeMatcher(path) })),
    );
    const undocumented = servedRoutes()
      .filter((route) => !documented.some((d) => d.method === route.method && d.matcher.test(route.url.replace(/:(\w+)/g, '{$1}'))))
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented).toEqual([]);
  });
});
