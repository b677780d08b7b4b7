import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_ROWS,
  CALLERS,
  VISIBILITY_ROWS,
  buildWorld,
  parseRouteTree,
  routeMatcher,
  rowName,
  type AccessRow,
  type Caller,
  ROUTES_WITH_OWN_TABLE,
  type Expected,
  type Request,
  type World,
} from './access-matrix.js';
import { call, createTestApp, login, must, type TestApp } from './helpers.js';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.app);
});
afterAll(async () => t.close());

/** The caller's session; a fresh one when the call ends it. */
async function tokenFor(caller: Caller, endsSession = false): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (!endsSession) return w.accounts[caller].token;
  const res = must(await login(t.app, w.accounts[caller].user.email), 200, `sign in as ${caller}`);
  return res.body.token;
}

async function send(row: AccessRow, caller: Caller, which: 'valid' | 'invalid' = 'valid') {
  const me = { id: caller === 'anonymous' ? '1' : w.accounts[caller].user.id };
  let request: Request;
  if (which === 'invalid') {
    request = row.invalid!(w, me);
  } else {
    const fresh = row.setup ? await row.setup(w, caller) : undefined;
    request = row.request(w, me, fresh);
    expect(`/api${request.path}`, 'the row reaches its own route').toMatch(routeMatcher(`/api${row.route}`));
  }
  return call(t.app, row.method, request.path, {
    token: await tokenFor(caller, row.endsSession),
    query: request.query,
    body: request.body,
    headers: request.headers,
  });
}

/** Status and error code: what a client branches on. */
function answer(res: { status: number; body: unknown }) {
  const code = typeof res.body === 'object' && res.body !== null ? (res.body as { code?: unknown }).code : undefined;
  return { status: res.status, code };
}

function expected(e: Expected) {
  return typeof e === 'number' ? { status: e, code: undefined } : { status: e[0], code: e[1] };
}

describe.each(ACCESS_ROWS.map((row) => [rowName(row), row] as const))('%s', (_name, row) => {
  it.each(CALLERS.map((caller) => [caller, row.expect[caller]] as const))('as %s: %j', async (caller, expectation) => {
    const res = await send(row, caller);
    expect(answer(res), res.text.slice(0, 300)).toEqual(expected(expectation));
  });
});

describe('lists show each caller only what they may see', () => {
  it.each(VISIBILITY_ROWS.flatMap((row) => Object.entries(row.shown).map(([caller, shown]) => [row.name, caller as Caller, shown, row] as const)))(
    '%s to %s: %s',
    async (_name, caller, shown, row) => {
      const me = { id: w.accounts[caller as Exclude<Caller, 'anonymous'>].user.id };
      const request = row.request(w, me);
      const token = await tokenFor(caller);
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const query: Record<string, string> = { ...request.query, ...(cursor ? { cursor } : {}) };
        const res = must(await call(t.app, 'GET', request.path, { token, query }), 200, `${row.name} as ${caller}`);
        ids.push(...row.ids(res.body));
        cursor = res.body.next_cursor ?? null;
      } while (cursor);
      expect(ids.includes(row.target(w))).toBe(shown);
    },
  );
});

describe('access is decided before input is checked', () => {
  const rows = ACCESS_ROWS.filter((row) => row.invalid);

  /** Turned away by the route itself: signed out, or a role the route never serves. */
  function refusedByRoute(row: AccessRow, caller: Caller): number | undefined {
    if (caller === 'anonymous') return 401;
    const e = row.expect[caller];
    return typeof e !== 'number' && e[0] === 403 && e[1] === 'FORBIDDEN' ? 403 : undefined;
  }

  it.each(rows.map((row) => [rowName(row), row] as const))(
    '%s tells callers who may not use it 401/403, not how their input is wrong',
    async (_name, row) => {
      const want: Record<string, number> = {};
      const got: Record<string, number> = {};
      for (const caller of CALLERS) {
        want[caller] = refusedByRoute(row, caller) ?? 400;
        got[caller] = (await send(row, caller, 'invalid')).status;
      }
      expect(got).toEqual(want);
    },
  );
});

describe('the table covers the API', () => {
  const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
  const served = () => parseRouteTree(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.method !== 'HEAD' && isApiRoute(r.url));
  const key = (method: string, url: string) => `${method} ${url}`;

  it('reads the route tree', () => {
    const routes = served();
    expect(routes).toContainEqual({ method: 'GET', url: '/api/health' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/auth/me' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/invitations/:id/resend' });
    expect(routes).toContainEqual({ method: 'PATCH', url: '/api/users/:id/status' });
  });

  it('has a row for every API route the app serves', () => {
    const rows = new Set([
      ...ACCESS_ROWS.map((row) => key(row.method, `/api${row.route}`)),
      ...Object.values(ROUTES_WITH_OWN_TABLE)
        .flat()
        .map((route) => {
          const [method, path] = route.split(' ');
          return key(method, `/api${path}`);
        }),
    ]);
    const missing = served()
      .map((route) => key(route.method, route.url))
      .filter((route) => !rows.has(route));
    expect(missing, 'add these routes to ACCESS_ROWS in test/access-matrix.ts').toEqual([]);
  });

  it('has no row for a route that does not exist', () => {
    const routes = new Set(served().map((route) => key(route.method, route.url)));
    const own = Object.values(ROUTES_WITH_OWN_TABLE)
      .flat()
      .map((route) => key(route.split(' ')[0], `/api${route.split(' ')[1]}`));
    const stale = [...ACCESS_ROWS.map((row) => key(row.method, `/api${row.route}`)), ...own].filter((row) => !routes.has(row));
    expect(stale).toEqual([]);
  });

  it('names each row once', () => {
    const names = ACCESS_ROWS.map(rowName);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('documents every API route in OpenAPI', async () => {
    const res = await call(t.app, 'GET', '/docs/json');
    expect(res.status).toBe(200);
    const documented = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), matcher: routeMatcher(path) })),
    );
    const undocumented = served()
      .filter((route) => !documented.some((d) => d.method === route.method && d.matcher.test(route.url.replace(/:(\w+)/g, '{$1}'))))
      .map((route) => key(route.method, route.url));
    expect(undocumented).toEqual([]);
  });
});
