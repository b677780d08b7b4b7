import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { loadDemoData, type DemoLogin } from '../src/demo.js';
import { call, createTestApp, type TestApp } from './helpers.js';

// `npm run demo`: the demo data an owner first looks at, loaded through the services as the server does.

let t: TestApp;
let logins: DemoLogin[];

beforeAll(async () => {
  t = await createTestApp();
  logins = await loadDemoData(t.app.ctx, t.app.services);
}, 120_000);
afterAll(async () => t.close());

async function signIn(role: string) {
  const login = logins.find((l) => l.role === role)!;
  const res = await call(t.app, 'POST', '/auth/login', { body: { email: login.email, password: login.password } });
  expect(res.status, res.text).toBe(200);
  return res.body.token as string;
}

describe('the demo', () => {
  it("gives the owner's revenue chart money in most of the last six months", async () => {
    const summary = await call(t.app, 'GET', '/invoices/summary', { token: await signIn('superadmin') });
    expect(summary.status, summary.text).toBe(200);
    const months = summary.body.revenue_by_month as { month: string; currency: string; amount: number }[];
    expect(months).toHaveLength(12);
    const withMoney = months.slice(-6).filter((m) => m.amount > 0);
    expect(withMoney.length).toBeGreaterThanOrEqual(5);
    expect(months.every((m) => m.currency === 'GBP')).toBe(true);
  });

  it('has invoices paid, partly paid, sent and overdue, and the client sees their own', async () => {
    const owner = await signIn('superadmin');
    const list = await call(t.app, 'GET', '/invoices', { token: owner, query: { limit: '100' } });
    expect(list.status, list.text).toBe(200);
    const statuses = (list.body.items as { status: string }[]).map((i) => i.status);
    for (const status of ['paid', 'partially_paid', 'sent', 'overdue']) expect(statuses).toContain(status);
    expect(statuses.filter((s) => s === 'paid').length).toBeGreaterThanOrEqual(6);

    const [client] = await t.app.ctx.db.select().from(users).where(eq(users.emailNormalized, 'client1@demo.example'));
    const mine = await call(t.app, 'GET', '/invoices', { token: await signIn('client') });
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect((mine.body.items as { client: { id: string } }[]).every((i) => i.client.id === String(client.id))).toBe(true);
  });

  it('loads once: a second run keeps the invoices as they are', async () => {
    const owner = await signIn('superadmin');
    const before = (await call(t.app, 'GET', '/invoices', { token: owner, query: { limit: '100' } })).body.items.length;
    logins = await loadDemoData(t.app.ctx, t.app.services);
    const after = (await call(t.app, 'GET', '/invoices', { token: await signIn('superadmin'), query: { limit: '100' } })).body.items.length;
    expect(after).toBe(before);
  });
});
