import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMigrationsFolder, openDatabase, type Database } from '../src/db/client.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { PASSWORD, call, createPostgresDatabase, createTestApp, login, type TestApp } from './helpers.js';

// Migration 0015 on a database with data from before it: the database is migrated to the migration before, filled
// with SQL as the product of then would have left it (clients, projects, conversations and receipts, tool requests,
// invoices in every state, client and team contracts, a staff invitation), then migrated on. Every client must have
// become the owner of a one-person company and every record must belong to its client's company, nothing lost.
const COMPANIES_MIGRATION = '0015_client_companies';

let database: Database;
let dropDatabase = async () => {};
let t: TestApp;
let ids: Record<string, number>;
/** Row counts of every table the data went into, before the migration. */
let before: Record<string, number>;
const TABLES = ['users', 'projects', 'project_members', 'conversations', 'messages', 'tool_requests', 'invoices', 'contracts', 'invitations'];

/** The migrations folder cut just before the companies migration. */
function migrationsBefore(tag: string): string {
  const source = findMigrationsFolder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  fs.cpSync(source, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`migration ${tag} not found`);
  for (const entry of journal.entries.slice(at)) fs.rmSync(path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

async function migrateTo(db: Database, folder: string) {
  if (db.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(db.db as never, { migrationsFolder: folder });
  }
}

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.executeSql(text, values)).rows as T[];
}

async function insert(text: string, values: unknown[]): Promise<number> {
  const [row] = await sql<{ id: string | number }>(`${text} returning id`, values);
  return Number(row.id);
}

async function countAll() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = Number((await sql<{ n: string }>(`select count(*)::text as n from ${table}`))[0].n);
  return counts;
}

/** The data a database of migration 0014 held: written as the product of then wrote it. */
async function fillAsBefore() {
  const hash = await hashPassword(PASSWORD);
  const user = (name: string, role: string, company: string | null) =>
    insert('insert into users (email, email_normalized, name, role, password_hash, company) values ($1, $2, $3, $4, $5, $6)', [
      `${name.toLowerCase().replace(/\W+/g, '.')}@before.example`,
      `${name.toLowerCase().replace(/\W+/g, '.')}@before.example`,
      name,
      role,
      hash,
      company,
    ]);
  const sa = await user('Sam Owner', 'superadmin', null);
  const admin = await user('Ada Admin', 'admin', null);
  const lead = await user('Lee Lead', 'teamlead', null);
  const member = await user('Mia Member', 'teammember', null);
  const cleo = await user('Cleo Client', 'client', 'Cleo Ceramics');
  const paul = await user('Paul Plain', 'client', null);
  const bea = await user('Bea Blank', 'client', '   ');
  const project = (title: string, client: number, status: string, teamLead: number | null) =>
    insert('insert into projects (title, description, budget_minor, client_id, status, team_lead_id) values ($1, $2, $3, $4, $5, $6)', [
      title,
      'Made before companies.',
      500000,
      client,
      status,
      teamLead,
    ]);
  const p1 = await project('Cleo shop', cleo, 'in_progress', lead);
  const p2 = await project('Paul app', paul, 'pending', null);
  const p3 = await project('Bea site', bea, 'approved', lead);
  await sql('insert into project_members (project_id, user_id) values ($1, $2)', [p1, member]);

  const c1 = `${p1}:${cleo}`;
  const c2 = `${p2}:${paul}`;
  for (const [id, projectId, clientId] of [
    [c1, p1, cleo],
    [c2, p2, paul],
  ] as const)
    await sql('insert into conversations (id, project_id, client_id) values ($1, $2, $3)', [id, projectId, clientId]);
  const message = (conversation: string, from: number, to: number, text: string, read: boolean) =>
    insert(
      'insert into messages (conversation_id, sender_id, receiver_id, message_content, timestamp, read_at, is_read) values ($1, $2, $3, $4, $5, $6, $7)',
      [conversation, from, to, text, '2026-01-05T10:00:00Z', read ? '2026-01-05T11:00:00Z' : null, read ? 1 : 0],
    );
  const toSa = await message(c1, cleo, sa, 'Hello from Cleo', true);
  const readByCleo = await message(c1, sa, cleo, 'Hello Cleo', true);
  const unreadByCleo = await message(c1, sa, cleo, 'Any news?', false);
  const unreadByPaul = await message(c2, sa, paul, 'Hello Paul', false);
  await sql('update conversations set last_message_id = $1 where id = $2', [unreadByCleo, c1]);

  const tool = (client: number, name: string) =>
    insert('insert into tool_requests (client_id, name, category, reason, quantity) values ($1, $2, $3, $4, $5)', [
      client,
      name,
      'Software licence',
      'Reviews',
      1,
    ]);
  const toolCleo = await tool(cleo, 'Figma seat');
  const toolPaul = await tool(paul, 'Test phone');

  const invoice = (no: string, status: string, paid: number) =>
    insert(
      `insert into invoices (invoice_no, project_id, client_id, kind, status, currency, lines, subtotal, tax_total, total, amount_paid, issue_date, due_date, sent_at, paid_at)
       values ($1, $2, $3, 'standard', $4, 'GBP', '[]'::jsonb, 100000, 20000, 120000, $5, '2026-01-01', '2026-01-15', $6, $7)`,
      [no, p1, cleo, status, paid, status === 'draft' ? null : '2026-01-01T09:00:00Z', status === 'paid' ? '2026-01-10T09:00:00Z' : null],
    );
  const draft = await invoice('INV-2026-0001', 'draft', 0);
  const sent = await invoice('INV-2026-0002', 'sent', 0);
  const paid = await invoice('INV-2026-0003', 'paid', 120000);

  const contract = (kind: string, signer: number, status: string) =>
    insert(
      `insert into contracts (kind, project_id, signer_id, title, body_markdown, body_html, document_sha256, status, sent_at)
       values ($1, $2, $3, $4, 'Terms', $5, $6, $7, $8)`,
      [
        kind,
        p1,
        signer,
        `${kind} contract`,
        status === 'draft' ? null : '<p>Terms</p>',
        status === 'draft' ? null : 'a'.repeat(64),
        status,
        status === 'draft' ? null : '2026-01-02T09:00:00Z',
      ],
    );
  const clientContract = await contract('client', cleo, 'sent');
  const teamContract = await contract('team', lead, 'sent');

  await sql(
    `insert into invitations (email, email_normalized, role, token_hash, invited_by, expires_at) values ('new.member@before.example', 'new.member@before.example', 'teammember', 'hash-of-a-token', $1, '2099-01-01T00:00:00Z')`,
    [admin],
  );
  return {
    sa,
    admin,
    lead,
    member,
    cleo,
    paul,
    bea,
    p1,
    p2,
    p3,
    toSa,
    readByCleo,
    unreadByCleo,
    unreadByPaul,
    toolCleo,
    toolPaul,
    draft,
    sent,
    paid,
    clientContract,
    teamContract,
  };
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-data-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    // An empty database: the template every other test starts from is migrated already.
    const created = await createPostgresDatabase(baseUrl);
    dropDatabase = created.drop;
    database = await openDatabase({ databaseUrl: created.url, dataDir, poolSize: 3 });
  } else {
    database = await openDatabase({ dataDir, inMemory: true });
  }
  await migrateTo(database, migrationsBefore(COMPANIES_MIGRATION));
  ids = await fillAsBefore();
  before = await countAll();
  // The app migrates the database on (the companies migration and any after it), as a start of the new version does.
  t = await createTestApp({}, { database });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await dropDatabase();
});

/** The company of each client, by the client's id. */
async function companiesOfClients() {
  const rows = await sql<{ id: string; company_id: string | null; company_role: string | null; name: string }>(
    `select u.id::text, u.company_id::text, u.company_role, c.name from users u left join client_companies c on c.id = u.company_id where u.role = 'client' order by u.id`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

describe('migration 0015 on a database with data from before', () => {
  it('loses nothing', async () => {
    expect(await countAll()).toEqual(before);
  });

  it('makes each client the owner of a one-person company named after its company, or itself', async () => {
    const companies = await companiesOfClients();
    expect([...companies.values()].map((c) => [c.name, c.company_role])).toEqual([
      ['Cleo Ceramics', 'owner'],
      ['Paul Plain', 'owner'],
      ['Bea Blank', 'owner'],
    ]);
    expect(new Set([...companies.values()].map((c) => c.company_id)).size).toBe(3);
    const [{ n }] = await sql<{ n: string }>('select count(*)::text as n from client_companies');
    expect(Number(n)).toBe(3);
    const people = await sql<{ company_id: string; n: string }>(
      `select company_id::text, count(*)::text as n from users where role = 'client' group by company_id`,
    );
    expect(people.every((p) => p.n === '1')).toBe(true);
    const staff = await sql(`select id from users where role <> 'client' and (company_id is not null or company_role is not null)`);
    expect(staff).toEqual([]);
  });

  it('gives every record the company of its client; a team contract has none', async () => {
    const companies = await companiesOfClients();
    const companyOf = (clientId: number) => companies.get(clientId)!.company_id;
    for (const table of ['projects', 'tool_requests', 'invoices', 'conversations']) {
      const rows = await sql<{ client_id: string; company_id: string | null }>(`select client_id::text, company_id::text from ${table}`);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) expect(row.company_id, table).toBe(companyOf(Number(row.client_id)));
    }
    const contracts = await sql<{ id: string; kind: string; company_id: string | null }>(
      'select id::text, kind, company_id::text from contracts order by id',
    );
    expect(contracts).toEqual([
      { id: String(ids.clientContract), kind: 'client', company_id: companyOf(ids.cleo) },
      { id: String(ids.teamContract), kind: 'team', company_id: null },
    ]);
    const [invitation] = await sql<{ company_id: string | null; company_role: string | null }>('select company_id, company_role from invitations');
    expect(invitation).toEqual({ company_id: null, company_role: null });
  });

  it('keeps what each client had read as its own read receipt, and nothing else', async () => {
    const reads = await sql<{ message_id: string; user_id: string; read_at: Date | string }>(
      'select message_id::text, user_id::text, read_at from message_reads order by message_id',
    );
    expect(reads.map((r) => [Number(r.message_id), Number(r.user_id), new Date(r.read_at).toISOString()])).toEqual([
      [ids.readByCleo, ids.cleo, '2026-01-05T11:00:00.000Z'],
    ]);
  });

  it('holds the new rules: a client needs a company, a record its company, a paid invoice its addressee', async () => {
    await expect(
      sql(`insert into users (email, email_normalized, name, role, password_hash) values ('x@after.example', 'x@after.example', 'X', 'client', 'h')`),
    ).rejects.toThrow();
    await expect(sql('update projects set company_id = null where id = $1', [ids.p1])).rejects.toThrow();
    await expect(sql('update invoices set company_id = (select max(id) from client_companies) where id = $1', [ids.paid])).rejects.toThrow(
      /cannot change/,
    );
  });

  it('serves the clients as companies: each signs in and finds its company, projects, messages and invoices', async () => {
    const cleo = (await login(t.app, 'cleo.client@before.example')).body;
    expect(cleo.user).toMatchObject({ name: 'Cleo Client', role: 'client', company_role: 'owner', company_id: expect.stringMatching(/^\d+$/) });
    expect((await call(t.app, 'GET', '/company', { token: cleo.token })).body.company.name).toBe('Cleo Ceramics');
    expect((await call(t.app, 'GET', '/projects', { token: cleo.token })).body.items.map((p: { id: string }) => Number(p.id))).toEqual([ids.p1]);
    expect((await call(t.app, 'GET', '/messages/unread-count', { token: cleo.token })).body.count).toBe(1);
    const thread = await call(t.app, 'GET', '/client/messages/thread', { token: cleo.token, query: { conversation_id: `${ids.p1}:${ids.cleo}` } });
    expect(thread.body.messages.map((m: { id: number; sender_name: string }) => [m.id, m.sender_name])).toEqual([
      [ids.toSa, 'Cleo Client'],
      [ids.readByCleo, 'Sam Owner'],
      [ids.unreadByCleo, 'Sam Owner'],
    ]);
    const invoices = await call(t.app, 'GET', '/invoices', { token: cleo.token });
    expect(invoices.body.items.map((i: { id: string }) => Number(i.id)).sort()).toEqual([ids.sent, ids.paid].sort());
    expect(invoices.body.items[0].company).toMatchObject({ name: 'Cleo Ceramics' });
    expect((await call(t.app, 'GET', `/contracts/${ids.clientContract}`, { token: cleo.token })).status).toBe(200);

    const paul = (await login(t.app, 'paul.plain@before.example')).body;
    expect((await call(t.app, 'GET', '/company', { token: paul.token })).body.company.name).toBe('Paul Plain');
    expect((await call(t.app, 'GET', `/projects/${ids.p1}`, { token: paul.token })).status).toBe(404);
    expect((await call(t.app, 'GET', '/tool-requests', { token: paul.token })).body.items.map((r: { id: string }) => Number(r.id))).toEqual([
      ids.toolPaul,
    ]);
  });
});

// The time migration (0016) runs after it on the same data: the invoices issued before it must count in the monthly
// totals the profitability report reads, net of tax, with the same share of what was paid; a draft never does.
describe('migration 0016 on the same data', () => {
  it('counts the invoices issued before it into the monthly totals, and the report by client shows them by company', async () => {
    const totals = await sql<{ project_id: string; month: string; currency: string; invoiced: string; paid: string; minutes: string }>(
      `select project_id::text, to_char(month, 'YYYY-MM-DD') as month, currency, invoiced::text, paid::text, minutes::text from project_month_totals order by 1, 2`,
    );
    expect(totals).toEqual([{ project_id: String(ids.p1), month: '2026-01-01', currency: 'GBP', invoiced: '200000', paid: '100000', minutes: '0' }]);

    const sam = (await login(t.app, 'sam.owner@before.example')).body;
    const report = await call(t.app, 'GET', '/reports/profitability', { token: sam.token, query: { group_by: 'client' } });
    expect(report.status).toBe(200);
    const companyId = (await companiesOfClients()).get(ids.cleo)!.company_id;
    expect(report.body.rows).toEqual([
      {
        key: companyId,
        label: 'Cleo Ceramics',
        currency: 'GBP',
        budget: null,
        minutes: 0,
        cost: 0,
        expenses: 0,
        invoiced: 200000,
        paid: 100000,
        margin: 200000,
      },
    ]);
  });
});
