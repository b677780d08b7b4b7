// Server side of `npm run bench` (scripts/bench.mjs starts it as a child process with an IPC channel).
// Runs, in one process: the real app (buildApp) and a bare Fastify instance with one JSON route, both on
// 127.0.0.1, so the bare route is a baseline from the same machine and the same run. The parent drives it
// with IPC commands: seeding, and an event-loop-delay / memory monitor around the upload measurement.
// Environment: BENCH_BACKEND (pglite | postgres), BENCH_DATA_DIR, DATABASE_URL (postgres only).
import crypto from 'node:crypto';
import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import Stripe from 'stripe';
import { boardCards, boardColumns, boards, clientCompanies, projects, sessions, users } from '../apps/server/src/db/schema.js';
import { hashToken } from '../apps/server/src/modules/auth/tokens.js';
import { initialKeys } from '../apps/server/src/modules/board/ordering.js';
import { replyAddressFor } from '../apps/server/src/modules/inbound-mail/reply-tokens.js';

type Command = { id: number; cmd: string; args?: Record<string, unknown> };

const send = (msg: unknown) => process.send?.(msg);
const backend = process.env.BENCH_BACKEND === 'postgres' ? 'postgres' : 'pglite';
const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
if (backend === 'postgres' && !process.env.DATABASE_URL) throw new Error('DATABASE_URL is required for the postgres backend');

const WEBHOOK_SECRET = `whsec_bench_${crypto.randomBytes(16).toString('hex')}`;
const INBOUND_SECRET = `inbound_bench_${crypto.randomBytes(16).toString('hex')}`;

const loaded = loadConfig(
  {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: backend === 'postgres' ? process.env.DATABASE_URL : undefined,
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    MAIL_TRANSPORT: 'log',
    // No built web app: the benchmark only calls the API.
    WEB_DIST_DIR: `${dataDir}/no-web`,
    // The Stripe webhook path with a random signing secret; the API itself is never called.
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_bench_never_called',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: 'http://127.0.0.1:9',
    RATE_LIMIT_WEBHOOKS_PER_MINUTE: '10000000',
    // Replies by e-mail through POST /api/inbound-email. The per-sender cap guards a server against one mailbox
    // flooding it, not what the inbound rows measure (each seeded client replies about once every three seconds).
    INBOUND_EMAIL_DOMAIN: 'reply.bench.invalid',
    INBOUND_EMAIL_SECRET: INBOUND_SECRET,
    INBOUND_EMAIL_PER_SENDER_PER_MINUTE: '1000',
  },
  {},
);
// The realtime rows fan one message out to 2,000 streams of one person: the caps on streams per session and per
// person (EVENT_STREAMS_PER_SESSION, _PER_PERSON) guard a server against one person, not what is measured here.
const config = { ...loaded, eventStreams: { perSession: Number.MAX_SAFE_INTEGER, perPerson: Number.MAX_SAFE_INTEGER } };

const database: Database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const db = database.db;
const app = await buildApp(config, { database });

const bare = Fastify({ logger: false });
bare.get('/api/bench/bare', async () => ({ ok: true }));
// Diagnostic: the bare route plus one trivial query through the app's database handle, i.e. the ceiling for any
// route that makes a single database round trip.
bare.get('/api/bench/bare-db', async () => {
  await db.execute(sql`select 1`);
  return { ok: true };
});

await app.listen({ port: 0, host: '127.0.0.1' });
await bare.listen({ port: 0, host: '127.0.0.1' });
const portOf = (f: typeof bare) => {
  const addr = f.server.address();
  if (!addr || typeof addr === 'string') throw new Error('server has no port');
  return addr.port;
};

const gc = (globalThis as { gc?: () => void }).gc;
const collect = () => {
  if (gc) {
    gc();
    gc();
  }
};
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
const one = async <T>(query: ReturnType<typeof sql>) => {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows[0];
};
const nextId = async (table: string) => {
  const row = await one<{ n: string | number }>(sql.raw(`select coalesce(max(id), 0) as n from ${table}`));
  return Number(row.n) + 1;
};

const state: { superadminId?: number; clientId?: number; companyId?: number; projectId?: number; token?: string } = {};

async function seedBasic() {
  const [owner] = await db
    .insert(users)
    .values({
      email: 'owner@bench.invalid',
      emailNormalized: 'owner@bench.invalid',
      name: 'Bench Owner',
      role: 'superadmin',
      passwordHash: 'not-a-hash',
    })
    .returning({ id: users.id });
  const [company] = await db.insert(clientCompanies).values({ name: 'Bench Client' }).returning({ id: clientCompanies.id });
  const [client] = await db
    .insert(users)
    .values({
      email: 'client@bench.invalid',
      emailNormalized: 'client@bench.invalid',
      name: 'Bench Client',
      role: 'client',
      passwordHash: 'not-a-hash',
      companyId: company.id,
      companyRole: 'owner',
    })
    .returning({ id: users.id });
  const [project] = await db
    .insert(projects)
    .values({ title: 'Bench project', description: 'Benchmark project', clientId: client.id, companyId: company.id, status: 'in_progress' })
    .returning({ id: projects.id });
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId: owner.id, createdAt: now, lastUsedAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
  Object.assign(state, { superadminId: owner.id, clientId: client.id, companyId: company.id, projectId: project.id, token });
  return { ...state, conversationId: `${project.id}:${client.id}` };
}

/** `count` messages between the super admin and the client in their conversation; returns the id range. */
async function seedThread(count: number) {
  const { superadminId: sa, clientId: cl, companyId: co, projectId: p } = state;
  if (!sa || !cl || !co || !p) throw new Error('seed-basic first');
  const conv = `${p}:${cl}`;
  const first = await nextId('messages');
  await db.execute(
    sql.raw(`insert into conversations (id, project_id, client_id, company_id) values ('${conv}', ${p}, ${cl}, ${co}) on conflict do nothing`),
  );
  await db.execute(
    sql.raw(`insert into messages (conversation_id, sender_id, receiver_id, message_content, timestamp, is_read)
      select '${conv}', case when g % 2 = 0 then ${sa} else ${cl} end, case when g % 2 = 0 then ${cl} else ${sa} end,
             'Poll message ' || g || ': a realistic line of chat text about the delivery schedule.',
             now() - (${count} - g) * interval '1 second', 0
      from generate_series(1, ${count}) g`),
  );
  const last = (await nextId('messages')) - 1;
  await db.execute(
    sql.raw(`update conversations set last_message_id = ${last}, last_message_preview = 'Poll message ${count}', last_sender_id = ${count % 2 === 0 ? sa : cl},
      last_sender_name = '${count % 2 === 0 ? 'Bench Owner' : 'Bench Client'}', last_message_time = now(), last_message_attachments = '[]'::jsonb where id = '${conv}'`),
  );
  return { firstId: first, lastId: last };
}

/**
 * The inbox data set, generated in SQL: `clients` clients, `conversations` projects with one conversation each
 * (last_message_* filled, as the send path keeps them), `perConversation` messages each, then ANALYZE.
 */
async function seedInbox(args: { clients: number; conversations: number; perConversation: number }) {
  const sa = state.superadminId;
  if (!sa) throw new Error('seed-basic first');
  const { clients: k, conversations: n, perConversation: m } = args;
  const started = performance.now();
  const bu = (await nextId('users')) - 1;
  const bc = (await nextId('client_companies')) - 1;
  const bp = (await nextId('projects')) - 1;
  const bm = (await nextId('messages')) - 1;
  const cid = (g: string) => `(${bu} + 1 + (${g} % ${k}))`;
  // Each client owns a company of its own, numbered like the client.
  const coid = (g: string) => `(${bc} + 1 + (${g} % ${k}))`;
  const sender = (g: string, kk: string) => `case when (${g} + ${kk}) % 2 = 0 then ${sa} else ${cid(g)} end`;
  const receiver = (g: string, kk: string) => `case when (${g} + ${kk}) % 2 = 0 then ${cid(g)} else ${sa} end`;
  const lastTime = (g: string) => `(timestamptz '2025-06-01T12:00:00Z' - ((${g}::bigint * 7919) % ${n}) * interval '1 minute')`;
  const attachments = (g: string) =>
    `case when ${g} % 10 = 0 then jsonb_build_array(jsonb_build_object('name', 'brief.pdf', 'mime', 'application/pdf', 'size', 48213, 'stored_filename', md5(${g}::text) || '.pdf')) else '[]'::jsonb end`;
  const statements = [
    `insert into client_companies (id, name) overriding system value
       select ${bc} + g, 'Bench company ' || g from generate_series(1, ${k}) g`,
    `insert into users (id, email, email_normalized, name, role, password_hash, company_id, company_role) overriding system value
       select ${bu} + g, 'bench-client-' || g || '@bench.invalid', 'bench-client-' || g || '@bench.invalid', 'Bench client ' || g, 'client', 'not-a-hash',
              ${bc} + g, 'owner'
       from generate_series(1, ${k}) g`,
    `insert into projects (id, title, description, client_id, company_id, status) overriding system value
       select ${bp} + g, 'Seeded project ' || g, 'Seeded for the inbox benchmark', ${cid('g')}, ${coid('g')}, 'in_progress'
       from generate_series(1, ${n}) g`,
    `insert into conversations (id, project_id, client_id, company_id, last_message_id, last_message_preview, last_sender_id, last_sender_name, last_message_time, last_message_attachments)
       select (${bp} + g) || ':' || ${cid('g')}, ${bp} + g, ${cid('g')}, ${coid('g')}, ${bm} + g::bigint * ${m},
              'Seeded message ${m} in conversation ' || g, ${sender('g', String(m))},
              case when (g + ${m}) % 2 = 0 then 'Bench Owner' else 'Bench client ' || (1 + g % ${k}) end,
              ${lastTime('g')}, ${attachments('g')}
       from generate_series(1, ${n}) g`,
    `insert into messages (id, conversation_id, sender_id, receiver_id, message_content, message_attachments, timestamp, delivered_at, read_at, is_read) overriding system value
       select ${bm} + (g::bigint - 1) * ${m} + kk, (${bp} + g) || ':' || ${cid('g')}, ${sender('g', 'kk')}, ${receiver('g', 'kk')},
              'Seeded message ' || kk || ' in conversation ' || g,
              case when kk = ${m} then ${attachments('g')} else '[]'::jsonb end,
              ${lastTime('g')} - (${m} - kk) * interval '1 second',
              ${lastTime('g')} - (${m} - kk) * interval '1 second', ${lastTime('g')} - (${m} - kk) * interval '1 second', 1
       from generate_series(1, ${n}) g cross join generate_series(1, ${m}) kk`,
    `select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`,
    `select setval(pg_get_serial_sequence('client_companies', 'id'), (select max(id) from client_companies))`,
    `select setval(pg_get_serial_sequence('projects', 'id'), (select max(id) from projects))`,
    `select setval(pg_get_serial_sequence('messages', 'id'), (select max(id) from messages))`,
    // VACUUM as well, so autovacuum does not wake up on the fresh million rows in the middle of the measurement.
    `vacuum analyze users`,
    `vacuum analyze projects`,
    `vacuum analyze conversations`,
    `vacuum analyze messages`,
  ];
  for (const s of statements) await db.execute(sql.raw(s));
  const counts = await one<{ c: string; m: string }>(
    sql.raw(`select (select count(*) from conversations) as c, (select count(*) from messages) as m`),
  );
  return { conversations: Number(counts.c), messages: Number(counts.m), seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/**
 * The reply addresses of up to `count` seeded clients, one conversation each (seed-inbox first), as a chat e-mail
 * would name them, with the client's own address to send from; and the secret the inbound webhook wants.
 */
async function inboundAddresses(args: { count: number }) {
  const rows = (
    (await db.execute(
      sql.raw(`select distinct on (c.client_id) c.id, c.client_id, u.email from conversations c join users u on u.id = c.client_id
               where u.email like 'bench-client-%' order by c.client_id, c.id limit ${Number(args.count)}`),
    )) as unknown as { rows: { id: string; client_id: number | string; email: string }[] }
  ).rows;
  const ctx = (app as unknown as { ctx: Parameters<typeof replyAddressFor>[0] }).ctx;
  const senders = [];
  for (const r of rows) senders.push({ from: r.email, to: (await replyAddressFor(ctx, db, r.id, Number(r.client_id)))! });
  return { secret: INBOUND_SECRET, senders };
}

/** How many messages arrived by e-mail whose text starts with `tag`. */
async function inboundCount(args: { tag: string }) {
  const row = await one<{ n: string | number }>(
    sql`select count(*) as n from messages where via = 'email' and message_content like ${`${String(args.tag)}%`}`,
  );
  return { messages: Number(row.n) };
}

/**
 * A project's board with `cards` cards spread over its five default columns (order keys made the way the app makes
 * them), the super admin's to read and move. Returns the project and the columns.
 */
async function seedBoard(args: { cards: number }) {
  const { superadminId: sa, clientId: cl, companyId: co } = state;
  if (!sa || !cl || !co) throw new Error('seed-basic first');
  const [project] = await db
    .insert(projects)
    .values({ title: 'Bench board', description: 'A 1,000-card board', clientId: cl, companyId: co, status: 'in_progress' })
    .returning({ id: projects.id });
  await db.insert(boards).values({ projectId: project.id });
  const names = ['Backlog', 'To do', 'In progress', 'Review', 'Done'];
  const columnKeys = initialKeys(names.length);
  const columns = await db
    .insert(boardColumns)
    .values(names.map((name, i) => ({ projectId: project.id, name, position: columnKeys[i] })))
    .returning({ id: boardColumns.id, name: boardColumns.name });
  const perColumn = Math.ceil(args.cards / columns.length);
  const keys = initialKeys(perColumn);
  const rows = [];
  for (let i = 0; i < args.cards; i++) {
    const column = columns[i % columns.length];
    rows.push({
      projectId: project.id,
      columnId: column.id,
      title: `Seeded card ${i + 1}: a realistic task title for the board`,
      position: keys[Math.floor(i / columns.length)],
      labels: i % 3 === 0 ? ['backend'] : i % 3 === 1 ? ['design', 'web'] : [],
      assigneeIds: i % 4 === 0 ? [] : [sa],
      dueDate: i % 5 === 0 ? null : `2030-0${1 + (i % 9)}-1${i % 9}`,
      checklist:
        i % 6 === 0
          ? [
              { id: 'a', text: 'First step', done: true },
              { id: 'b', text: 'Second step', done: false },
            ]
          : [],
      doneAt: column.name === 'Done' ? new Date() : null,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(boardCards).values(rows.slice(i, i + 500));
  await db.execute(sql.raw('vacuum analyze board_cards'));
  await db.execute(sql.raw('vacuum analyze board_columns'));
  return { projectId: project.id, columns };
}

/** Every card's column and key: the benchmark checks that no card was lost and no two share a place. */
async function boardPositions(args: { projectId: number }) {
  return db
    .select({ id: boardCards.id, columnId: boardCards.columnId, position: boardCards.position, version: boardCards.version })
    .from(boardCards)
    .where(sql`${boardCards.projectId} = ${args.projectId}`);
}

/**
 * `count` sent invoices of the bench client, each with a signed `checkout.session.completed` event paying exactly
 * what it owes (one distinct event per invoice): the webhook benchmark posts these, each several times over.
 */
async function seedWebhookEvents(args: { count: number; tag: string }) {
  const { clientId: cl, companyId: co, projectId: p } = state;
  if (!cl || !co || !p) throw new Error('seed-basic first');
  const first = await nextId('invoices');
  const total = 120_000;
  await db.execute(
    sql.raw(`insert into invoices (invoice_no, project_id, client_id, company_id, kind, status, currency, lines, subtotal, tax_total, total, issue_date, due_date, sent_at)
      select 'INV-2024-${args.tag}' || lpad(g::text, 6, '0'), ${p}, ${cl}, ${co}, 'standard', 'sent', 'GBP',
             '[{"description":"Work","quantity":1,"unit_price":100000,"tax_rate":20,"amount":100000,"discount":0,"tax":20000}]'::jsonb,
             100000, 20000, ${total}, current_date, current_date + 14, now()
      from generate_series(1, ${args.count}) g`),
  );
  const rows = (await db.execute(sql.raw(`select id, invoice_no from invoices where id >= ${first} order by id`))) as unknown as {
    rows: { id: string | number; invoice_no: string }[];
  };
  const timestamp = Math.floor(Date.now() / 1000);
  return rows.rows.map((r) => {
    const payload = JSON.stringify({
      id: `evt_bench_${args.tag}_${r.id}`,
      object: 'event',
      created: timestamp,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_bench_${args.tag}_${r.id}`,
          object: 'checkout.session',
          amount_total: total,
          currency: 'gbp',
          payment_status: 'paid',
          status: 'complete',
          client_reference_id: String(r.id),
          metadata: { invoice_no: r.invoice_no, invoice_id: String(r.id) },
          payment_intent: `pi_bench_${args.tag}_${r.id}`,
        },
      },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }) };
  });
}

/** After the webhook run: one payment per distinct event and every invoice paid, however often its event came. */
async function webhookCheck(args: { tag: string }) {
  const row = await one<{ invoices: string; paid: string; payments: string; events: string }>(
    sql.raw(`select (select count(*) from invoices where invoice_no like 'INV-2024-${args.tag}%') as invoices,
      (select count(*) from invoices where invoice_no like 'INV-2024-${args.tag}%' and status = 'paid') as paid,
      (select count(*) from payments p join invoices i on i.id = p.invoice_id where i.invoice_no like 'INV-2024-${args.tag}%') as payments,
      (select count(*) from payment_events where event_id like 'evt_bench_${args.tag}_%') as events`),
  );
  return { invoices: Number(row.invoices), paid: Number(row.paid), payments: Number(row.payments), events: Number(row.events) };
}

/**
 * The invoice-list data set: `invoices` invoices over `clients` clients and as many projects, in every status,
 * generated in SQL, then VACUUM ANALYZE.
 */
async function seedInvoiceList(args: { invoices: number; clients: number }) {
  const { invoices: n, clients: k } = args;
  const started = performance.now();
  const bu = (await nextId('users')) - 1;
  const bc = (await nextId('client_companies')) - 1;
  const bp = (await nextId('projects')) - 1;
  const statements = [
    `insert into client_companies (id, name) overriding system value
       select ${bc} + g, 'Bench payer company ' || g from generate_series(1, ${k}) g`,
    `insert into users (id, email, email_normalized, name, role, password_hash, company_id, company_role) overriding system value
       select ${bu} + g, 'bench-payer-' || g || '@bench.invalid', 'bench-payer-' || g || '@bench.invalid', 'Bench payer ' || g, 'client', 'not-a-hash',
              ${bc} + g, 'owner'
       from generate_series(1, ${k}) g`,
    `insert into projects (id, title, description, client_id, company_id, status) overriding system value
       select ${bp} + g, 'Invoiced project ' || g, 'Seeded for the invoice benchmark', ${bu} + g, ${bc} + g, 'in_progress'
       from generate_series(1, ${k}) g`,
    `insert into invoices (invoice_no, project_id, client_id, company_id, kind, status, currency, lines, discount, subtotal, tax_total, total, amount_paid, issue_date, due_date, sent_at, notes)
       select 'INV-2025-' || lpad(g::text, 6, '0'), ${bp} + 1 + g % ${k}, ${bu} + 1 + g % ${k}, ${bc} + 1 + g % ${k}, case when g <= ${k} then 'deposit' else 'standard' end,
              (array['draft','sent','partially_paid','paid','overdue','void'])[1 + g % 6], 'GBP',
              jsonb_build_array(jsonb_build_object('description', 'Line ' || g, 'quantity', 1, 'unit_price', 100000, 'tax_rate', 20, 'amount', 100000, 'discount', 0, 'tax', 20000)),
              0, 100000, 20000, 120000, case when g % 6 = 3 then 120000 when g % 6 = 2 then 50000 else 0 end,
              date '2025-01-01' + (g % 365), date '2025-01-15' + (g % 365), timestamptz '2025-01-01' + (g % 365) * interval '1 day', null
       from generate_series(1, ${n}) g`,
    `select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`,
    `select setval(pg_get_serial_sequence('client_companies', 'id'), (select max(id) from client_companies))`,
    `select setval(pg_get_serial_sequence('projects', 'id'), (select max(id) from projects))`,
    `vacuum analyze users`,
    `vacuum analyze projects`,
    `vacuum analyze invoices`,
  ];
  for (const s of statements) await db.execute(sql.raw(s));
  const counts = await one<{ n: string }>(sql.raw(`select count(*) as n from invoices`));
  return { invoices: Number(counts.n), seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/**
 * The time-tracking data set, generated in SQL: `people` team members, `projects` projects of 100 clients (each the
 * owner of a company of its own; each person works on projects/people of them), `entries` time entries spread over two years (seven a day per person,
 * 20 to 65 minutes each, never overlapping), costed at each person's rate with the app's half-up rule,
 * `invoicesPerProject` issued invoices per project, the monthly totals the app keeps (the sums `recountStatement`
 * makes, here in two statements over everything), then VACUUM ANALYZE. Returns a person and an ISO week of theirs to read.
 */
async function seedTime(args: { people: number; projects: number; entries: number; invoicesPerProject: number }) {
  const { people: n, projects: m, entries: e, invoicesPerProject: ipp } = args;
  if (m % n !== 0) throw new Error('projects must be a multiple of people');
  const started = performance.now();
  const clients = 100;
  const bu = (await nextId('users')) - 1;
  const bc = (await nextId('client_companies')) - 1;
  const bp = (await nextId('projects')) - 1;
  const firstPerson = bu + clients + 1;
  const person = (i: string) => `(${firstPerson} + ${i})`;
  const statements = [
    `insert into client_companies (id, name) overriding system value
       select ${bc} + g, 'Time client company ' || g from generate_series(1, ${clients}) g`,
    `insert into users (id, email, email_normalized, name, role, password_hash, company_id, company_role) overriding system value
       select ${bu} + g, 'bench-time-client-' || g || '@bench.invalid', 'bench-time-client-' || g || '@bench.invalid', 'Time client ' || g, 'client', 'not-a-hash',
              ${bc} + g, 'owner'
       from generate_series(1, ${clients}) g`,
    `insert into users (id, email, email_normalized, name, role, password_hash) overriding system value
       select ${firstPerson} + g, 'bench-person-' || g || '@bench.invalid', 'bench-person-' || g || '@bench.invalid', 'Person ' || g, 'teammember', 'not-a-hash'
       from generate_series(0, ${n - 1}) g`,
    `insert into projects (id, title, description, client_id, company_id, status, budget_minor, currency) overriding system value
       select ${bp} + g, 'Timed project ' || g, 'Seeded for the time benchmark', ${bu} + 1 + g % ${clients}, ${bc} + 1 + g % ${clients}, 'in_progress',
              5000000 + (g % 50) * 100000, 'GBP'
       from generate_series(1, ${m}) g`,
    `insert into project_members (project_id, user_id) select ${bp} + g, ${person(`((g - 1) % ${n})`)} from generate_series(1, ${m}) g`,
    `insert into user_rates (user_id, cost_rate, currency) select ${person('g')}, 3000 + (g % 31) * 100, 'GBP' from generate_series(0, ${n - 1}) g`,
    // Entry g: person g % n, their k-th entry (k = g / n): day k / 7 from 2024-01-01, slot k % 7 of 70 minutes from 08:00.
    `insert into time_entries (user_id, project_id, started_at, minutes, work_date, note, billable, status, cost_rate, cost_currency, cost, created_at, updated_at)
       select ${person(`(g % ${n})`)}, ${bp} + 1 + (g % ${n}) + ${n} * ((g / ${n}) % ${m / n}),
              (date '2024-01-01' + ((g / ${n}) / 7)::int)::timestamp at time zone 'UTC' + interval '8 hours' + ((g / ${n}) % 7) * interval '70 minutes',
              20 + (g % 4) * 15, date '2024-01-01' + ((g / ${n}) / 7)::int, 'Seeded work', true, 'approved',
              3000 + ((g % ${n}) % 31) * 100, 'GBP', (2 * (20 + (g % 4) * 15)::bigint * (3000 + ((g % ${n}) % 31) * 100) + 60) / 120, now(), now()
       from generate_series(0, ${e - 1}) g`,
    `insert into project_month_totals (project_id, month, currency, minutes, unpriced_minutes, cost, expenses)
       select project_id, date_trunc('month', work_date)::date, 'GBP', sum(minutes), 0, sum(cost), 0
       from time_entries where project_id > ${bp} group by 1, 2`,
    `insert into invoices (invoice_no, project_id, client_id, company_id, kind, status, currency, lines, discount, subtotal, tax_total, total, amount_paid, issue_date, due_date, sent_at)
       select 'INV-2023-T' || lpad(g::text, 7, '0'), ${bp} + 1 + g % ${m}, ${bu} + 1 + (g % ${m} + 1) % ${clients}, ${bc} + 1 + (g % ${m} + 1) % ${clients}, 'standard',
              (array['sent','paid','partially_paid','overdue'])[1 + g % 4], 'GBP',
              jsonb_build_array(jsonb_build_object('description', 'Time', 'quantity', 25, 'unit_price', 10000, 'tax_rate', 20, 'amount', 250000, 'discount', 0, 'tax', 50000)),
              0, 250000, 50000, 300000, case when g % 4 = 1 then 300000 when g % 4 = 2 then 100000 else 0 end,
              date '2024-01-01' + (g % 700), date '2024-01-15' + (g % 700), timestamptz '2024-01-01' + (g % 700) * interval '1 day'
       from generate_series(1, ${m * ipp}) g`,
    // Every issued invoice of the database (the invoice list's too, when that section ran first) in the totals, as the
    // app's recount and the migration's backfill count them.
    `insert into project_month_totals (project_id, month, currency, invoiced, paid)
       select project_id, date_trunc('month', issue_date)::date, currency, sum(subtotal - discount),
              sum(case when total <= 0 or amount_paid <= 0 then 0 else round(amount_paid::numeric * (subtotal - discount) / total)::bigint end)
       from invoices where status not in ('draft', 'void') group by 1, 2, 3
       on conflict (project_id, month, currency) do update set invoiced = excluded.invoiced, paid = excluded.paid`,
    `select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`,
    `select setval(pg_get_serial_sequence('client_companies', 'id'), (select max(id) from client_companies))`,
    `select setval(pg_get_serial_sequence('projects', 'id'), (select max(id) from projects))`,
    `vacuum analyze client_companies`,
    `vacuum analyze users`,
    `vacuum analyze projects`,
    `vacuum analyze project_members`,
    `vacuum analyze time_entries`,
    `vacuum analyze project_month_totals`,
    `vacuum analyze invoices`,
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
  const counts = await one<{ e: string; t: string; i: string }>(
    sql.raw(
      `select (select count(*) from time_entries) as e, (select count(*) from project_month_totals) as t, (select count(*) from invoices) as i`,
    ),
  );
  // 2025-W10 (3 to 9 March 2025) is days 427 to 433 of the seed: seven entries a day.
  const week = '2025-W10';
  const inWeek = await one<{ n: string }>(
    sql.raw(`select count(*) as n from time_entries where user_id = ${firstPerson} and work_date between date '2025-03-03' and date '2025-03-09'`),
  );
  return {
    entries: Number(counts.e),
    monthlyTotals: Number(counts.t),
    invoices: Number(counts.i),
    userId: firstPerson,
    week,
    weekEntries: Number(inWeek.n),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/**
 * Waits until no job is due or running (pg-boss's table: waiting jobs whose time has come, retries, active ones), so
 * a section is measured on a server that is not still working off the one before it: the webhook run's payments
 * queue a receipt each (a PDF rendered, stored and mailed), about a thousand of them. Jobs set for later are left.
 */
async function jobsDrain(args: { timeoutMs?: number }) {
  const started = performance.now();
  const due = async () =>
    Number(
      (
        await one<{ n: string }>(
          sql.raw(`select count(*) as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`),
        )
      ).n,
    );
  const first = await due();
  let quiet = 0;
  while (quiet < 2) {
    if (performance.now() - started > (args.timeoutMs ?? 300_000)) throw new Error(`jobs still due after ${args.timeoutMs ?? 300_000} ms`);
    await new Promise((r) => setTimeout(r, 500));
    quiet = (await due()) === 0 ? quiet + 1 : 0;
  }
  return { jobs: first, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

let monitor: {
  h: ELDHistogram;
  resolution: number;
  timer: NodeJS.Timeout;
  base: NodeJS.MemoryUsage;
  peakRss: number;
  peakHeap: number;
  peakExternal: number;
  stalls: { wallMs: number; cpuMs: number }[];
} | null = null;

function monitorStart() {
  collect();
  const base = process.memoryUsage();
  const resolution = 1;
  const h = monitorEventLoopDelay({ resolution });
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const sample = () => {
    if (!monitor) return;
    const t = performance.now();
    const cpu = process.cpuUsage();
    // Stalls (gaps well over the 20 ms sampling interval), with the CPU time the process used meanwhile (all
    // threads): a stall with little CPU time means the process was not running (a busy machine), not busy code.
    if (t - last > 40) {
      const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
      monitor.stalls.push({ wallMs: Math.round(t - last), cpuMs: Math.round(cpuMs) });
    }
    last = t;
    lastCpu = cpu;
    const u = process.memoryUsage();
    monitor.peakRss = Math.max(monitor.peakRss, u.rss);
    monitor.peakHeap = Math.max(monitor.peakHeap, u.heapUsed);
    monitor.peakExternal = Math.max(monitor.peakExternal, u.external);
  };
  monitor = {
    h,
    resolution,
    base,
    peakRss: base.rss,
    peakHeap: base.heapUsed,
    peakExternal: base.external,
    stalls: [],
    timer: setInterval(sample, 20),
  };
  h.enable();
  return { rssMb: mb(base.rss), heapMb: mb(base.heapUsed), gc: Boolean(gc) };
}

function monitorStop() {
  const m = monitor;
  if (!m) throw new Error('monitor not started');
  monitor = null;
  m.h.disable();
  clearInterval(m.timer);
  const end = process.memoryUsage();
  collect();
  const after = process.memoryUsage();
  // The histogram records the time between timer ticks, which includes the tick interval itself.
  const delayMs = (ns: number) => Math.max(0, Math.round((ns / 1e6 - m.resolution) * 100) / 100);
  return {
    samples: m.h.count,
    loopDelayP50Ms: delayMs(m.h.percentile(50)),
    loopDelayP99Ms: delayMs(m.h.percentile(99)),
    loopDelayMaxMs: delayMs(m.h.max),
    baseRssMb: mb(m.base.rss),
    peakRssGrowthMb: mb(Math.max(m.peakRss, end.rss) - m.base.rss),
    peakHeapGrowthMb: mb(Math.max(m.peakHeap, end.heapUsed) - m.base.heapUsed),
    peakExternalGrowthMb: mb(Math.max(m.peakExternal, end.external) - m.base.external),
    longestStalls: m.stalls.sort((a, b) => b.wallMs - a.wallMs).slice(0, 5),
    retainedRssGrowthMb: mb(after.rss - m.base.rss),
    retainedHeapGrowthMb: mb(after.heapUsed - m.base.heapUsed),
  };
}

let closing = false;
async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => process.exit(code || 1), 10_000);
  force.unref();
  try {
    await bare.close();
    await app.close();
    await database.close();
  } finally {
    process.exit(code);
  }
}

const handlers: Record<string, (args: Record<string, unknown>) => Promise<unknown> | unknown> = {
  'seed-basic': () => seedBasic(),
  'seed-thread': (a) => seedThread(Number(a.count)),
  'seed-inbox': (a) => seedInbox(a as { clients: number; conversations: number; perConversation: number }),
  'seed-board': (a) => seedBoard(a as { cards: number }),
  'inbound-addresses': (a) => inboundAddresses(a as { count: number }),
  'inbound-count': (a) => inboundCount(a as { tag: string }),
  'board-positions': (a) => boardPositions(a as { projectId: number }),
  'seed-webhook-events': (a) => seedWebhookEvents(a as { count: number; tag: string }),
  'webhook-check': (a) => webhookCheck(a as { tag: string }),
  'seed-invoice-list': (a) => seedInvoiceList(a as { invoices: number; clients: number }),
  'seed-time': (a) => seedTime(a as { people: number; projects: number; entries: number; invoicesPerProject: number }),
  'jobs-drain': (a) => jobsDrain(a as { timeoutMs?: number }),
  'monitor-start': () => monitorStart(),
  'monitor-stop': () => monitorStop(),
  memory: () => {
    const u = process.memoryUsage();
    return { rssMb: mb(u.rss), heapMb: mb(u.heapUsed) };
  },
};

process.on('message', async (msg: Command) => {
  if (msg.cmd === 'shutdown') {
    send({ id: msg.id, ok: true, result: null });
    await shutdown(0);
    return;
  }
  const handler = handlers[msg.cmd];
  try {
    if (!handler) throw new Error(`unknown command ${msg.cmd}`);
    send({ id: msg.id, ok: true, result: await handler(msg.args ?? {}) });
  } catch (err) {
    send({ id: msg.id, ok: false, error: err instanceof Error ? `${err.message}${err.cause ? ` (${String(err.cause)})` : ''}` : String(err) });
  }
});
// The parent went away (crash or Ctrl-C): do not linger.
process.on('disconnect', () => void shutdown(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(0));

send({ type: 'ready', backend: database.kind, appPort: portOf(app as unknown as typeof bare), barePort: portOf(bare), pid: process.pid });
