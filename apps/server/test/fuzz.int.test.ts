import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from '../src/plugins/security-headers.js';
import { PASSWORD, SETUP_KEY, call, createTestApp, inviteAndSignup, signupClient, signupSuperadmin, uniqueEmail, type TestApp } from './helpers.js';

// A fuzz run driven by the OpenAPI document: every operation is called many times, signed out and as each kind
// of person, with inputs built from its schemas and then bent out of shape (wrong types, edge numbers, NUL and
// lone surrogates, huge and empty texts, missing and extra fields, bad JSON, wrong content types). Whatever comes
// in, the answer is never a 5xx and always carries the security headers. The run is seeded, so a failure replays.

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  nullable?: boolean;
};
type Operation = {
  method: string;
  path: string;
  parameters: { in: string; name: string; required?: boolean; schema: Schema }[];
  body?: Schema;
  contentTypes: string[];
};

/** A small seeded generator (mulberry32), so every run sends the same requests. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

const NASTY_STRINGS = [
  '',
  ' ',
  'a',
  '\u0000',
  'x\u0000y',
  '\ud800',
  'tail\udfff',
  '😀'.repeat(50),
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../etc/passwd',
  '%E0%A4%A',
  '%00',
  'data:text/plain,%E0%A4%A',
  'data:image/png;base64,!!!!',
  '2024-02-30',
  '9999-99-99',
  '99999999999999999999',
  '99999999999999999999:1',
  '1:99999999999999999999',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '{}',
  'x'.repeat(10_001),
  'a'.repeat(300),
  '\r\n\t',
  'Ω≈ç√∫˜µ≤≥÷',
];
const NASTY_NUMBERS = [0, -1, 1, 2, 1.5, -0.0001, 2 ** 31, 2 ** 53, 2 ** 53 + 2, 1e20, 1e308, -1e308, Number.MAX_SAFE_INTEGER];

function nasty(rng: Random): unknown {
  switch (rng.int(8)) {
    case 0:
      return rng.pick(NASTY_STRINGS);
    case 1:
      return rng.pick(NASTY_NUMBERS);
    case 2:
      return rng.pick([null, true, false]);
    case 3:
      return [];
    case 4:
      return {};
    case 5:
      return Array.from({ length: rng.pick([1, 50, 2000]) }, () => rng.pick(NASTY_STRINGS.slice(0, 10)));
    case 6:
      return { nested: { deeper: [rng.pick(NASTY_STRINGS)] } };
    default:
      return rng.pick(NASTY_STRINGS);
  }
}

/** A value that fits the schema most of the time, and is bent out of shape the rest. */
function valueFor(schema: Schema | undefined, rng: Random, depth = 0): unknown {
  if (!schema || depth > 5 || rng.chance(0.15)) return nasty(rng);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return valueFor(rng.pick(variants), rng, depth + 1);
  if (schema.enum?.length) return rng.chance(0.8) ? rng.pick(schema.enum) : rng.pick(NASTY_STRINGS);
  if (schema.nullable && rng.chance(0.1)) return null;
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        const required = schema.required?.includes(key);
        if (!required && rng.chance(0.4)) continue;
        if (required && rng.chance(0.05)) continue;
        out[key] = valueFor(sub, rng, depth + 1);
      }
      if (rng.chance(0.1)) out[rng.pick(['extra', '__proto__', 'constructor'])] = nasty(rng);
      return out;
    }
    case 'array':
      return Array.from({ length: rng.pick([0, 1, 2, 11, 101]) }, () => valueFor(schema.items, rng, depth + 1));
    case 'integer':
    case 'number': {
      if (rng.chance(0.5)) return rng.pick(NASTY_NUMBERS);
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? 1000, min + 1000);
      return min + rng.int(Math.max(1, max - min + 1));
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'string':
    default: {
      if (rng.chance(0.5)) return rng.pick(NASTY_STRINGS);
      const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 20, 20));
      return 'Fuzzed text '.repeat(5).slice(0, length);
    }
  }
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Operation['parameters']) ?? [],
        body: content['application/json']?.schema,
        contentTypes: Object.keys(content),
      });
    }
  }
  return out;
}

const INBOUND_SECRET = 'fuzz-inbound-secret-0123456789';

let t: TestApp;
let tokens: Record<string, string | undefined>;
let knownIds: string[];

async function freshTokens() {
  // The first call makes the owner; later ones take the role over with the setup key (the fuzzer may have signed
  // the owner out, or handed the role to someone else).
  const owner = await signupSuperadmin(t.app).catch(async () => {
    const res = await call(t.app, 'POST', '/auth/signup/superadmin', {
      body: { name: 'Owner Again', email: uniqueEmail('owner'), password: PASSWORD, setup_key: SETUP_KEY },
    });
    if (res.status !== 201) throw new Error(`owner hand-over failed: ${res.status} ${res.text}`);
    return res.body as { token: string };
  });
  const ownerToken = owner.token;
  const client = await signupClient(t.app);
  const admin = await inviteAndSignup(t.app, ownerToken!, 'admin');
  const lead = await inviteAndSignup(t.app, ownerToken!, 'teamlead');
  // `inbound`: a mail provider's webhook, its secret as the bearer (every other route takes it for a stranger).
  return { anonymous: undefined, client: client.token, superadmin: ownerToken, admin: admin.token, teamlead: lead.token, inbound: INBOUND_SECRET };
}

beforeAll(async () => {
  t = await createTestApp({ INBOUND_EMAIL_SECRET: INBOUND_SECRET, INBOUND_EMAIL_DOMAIN: 'reply.fuzz.test' });
  tokens = await freshTokens();
  const project = await call(t.app, 'POST', '/projects', {
    token: tokens.client,
    body: { title: 'Fuzz target', description: 'A project the fuzzer can find.' },
  });
  knownIds = ['1', '2', '3', project.body.project.id];
}, 120_000);
afterAll(async () => t.close());

describe('the API under fuzzed input', () => {
  it('never answers 5xx and always sends the security headers, over 5,000 requests', async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    // Logging out would end the fuzzer's own sessions; the event stream never ends by itself, so it is tried over a
    // real socket in realtime.int.test.ts (a bad Last-Event-ID included) instead of through inject here.
    const operations = operationsOf(doc).filter((op) => op.path !== '/api/auth/logout' && op.path !== '/api/events');
    const rng = random(Number(process.env.TEST_SEED ?? 20260607));
    const callers = Object.keys(tokens);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const perOperation = Math.ceil(5200 / operations.length);
    let sent = 0;

    for (const op of operations) {
      for (let i = 0; i < perOperation; i += 1) {
        const caller = rng.pick(callers);
        let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
          const value = rng.chance(0.3) ? rng.pick(knownIds) : String(valueFor(op.parameters.find((p) => p.name === name)?.schema, rng));
          // A lone surrogate cannot be percent-encoded as UTF-8: send the bytes of one anyway.
          return (value.isWellFormed() ? encodeURIComponent(value) : `%ED%A0%80${encodeURIComponent(value.toWellFormed())}`).slice(0, 400);
        });
        const query = new URLSearchParams();
        for (const p of op.parameters.filter((p) => p.in === 'query')) {
          if (!p.required && rng.chance(0.4)) continue;
          const v = valueFor(p.schema, rng);
          query.set(p.name, typeof v === 'string' ? v.slice(0, 2000) : JSON.stringify(v));
        }
        if (rng.chance(0.05)) query.set('unexpected', rng.pick(NASTY_STRINGS).slice(0, 100));
        if ([...query].length) url += `?${query}`;
        const headers: Record<string, string> = {};
        const token = tokens[caller];
        if (token) headers.authorization = `Bearer ${token}`;
        let payload: string | undefined;
        if (op.method !== 'GET' && op.method !== 'DELETE') {
          const shape = rng.int(10);
          if (shape === 0) {
            payload = '{"broken": ';
            headers['content-type'] = 'application/json';
          } else if (shape === 1) {
            payload = 'plain text body';
            headers['content-type'] = 'text/plain';
          } else if (shape === 2) {
            payload = '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000b.txt"\r\n\r\nhi\r\n--x--\r\n';
            headers['content-type'] = 'multipart/form-data; boundary=x';
          } else {
            payload = JSON.stringify(valueFor(op.body, rng));
            headers['content-type'] = 'application/json';
          }
        }
        const res = await t.app.inject({ method: op.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        // JSON answers (a 204 was one until its empty body) carry the API's set; files and pages every header.
        const json = res.statusCode === 204 || String(res.headers['content-type']).startsWith('application/json');
        const expected = json ? API_SECURITY_HEADERS : SECURITY_HEADERS;
        const missing = Object.keys(expected).filter((h) => res.headers[h] === undefined);
        if (res.statusCode >= 500 || missing.length) {
          failures.push(
            `${caller} ${op.method} ${url.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}${missing.length ? ` (missing ${missing.join(', ')})` : ''}`,
          );
        }
      }
      // A call may have ended a session (disabling an account, a role hand-over): sign in afresh now and then.
      if ((await call(t.app, 'GET', '/auth/me', { token: tokens.admin })).status !== 200) tokens = await freshTokens();
    }

    console.log(
      `fuzz: ${sent} requests over ${operations.length} operations; answers ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    expect(sent).toBeGreaterThanOrEqual(5000);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 600_000);
});
