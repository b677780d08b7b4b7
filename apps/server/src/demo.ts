import crypto from 'node:crypto';
import type { CreateCardInput, Role } from '@agency/schema';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { clientCompanies, projects, users } from './db/schema.js';
import type { Actor } from './core/actor.js';
import { hashPassword } from './modules/auth/passwords.js';
import { normalizeEmail } from './modules/auth/tokens.js';
import type { Services } from './services.js';

export type DemoLogin = { role: Role; email: string; password: string };

const DEMO_ACCOUNTS: { role: Role; name: string; email: string; company?: string }[] = [
  { role: 'superadmin', name: 'Sam Owner', email: 'owner@demo.example' },
  { role: 'admin', name: 'Ada Admin', email: 'admin@demo.example' },
  { role: 'teamlead', name: 'Lee Lead', email: 'lead@demo.example' },
  { role: 'teammember', name: 'Mia Member', email: 'member1@demo.example' },
  { role: 'teammember', name: 'Noah Member', email: 'member2@demo.example' },
  { role: 'client', name: 'Chloe Client', email: 'client1@demo.example', company: 'Chloe & Co' },
  { role: 'client', name: 'Carl Client', email: 'client2@demo.example', company: 'Carl Ltd' },
];

/**
 * Creates the demo accounts that are missing and gives every demo account a fresh random password, so no
 * password ever sits in the repository. An existing super admin that is not the demo one is left alone.
 */
export async function loadDemoData(ctx: AppContext, services: Services): Promise<DemoLogin[]> {
  const logins: DemoLogin[] = [];
  const hasOtherOwner = await ctx.db.select({ email: users.emailNormalized }).from(users).where(eq(users.role, 'superadmin')).limit(1);
  for (const account of DEMO_ACCOUNTS) {
    if (account.role === 'superadmin' && hasOtherOwner[0] && hasOtherOwner[0].email !== account.email) continue;
    const password = `demo-${crypto.randomBytes(6).toString('base64url')}`;
    const passwordHash = await hashPassword(password);
    const emailNormalized = normalizeEmail(account.email);
    const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, emailNormalized)).limit(1);
    if (existing) {
      await ctx.db.update(users).set({ passwordHash, status: 'active' }).where(eq(users.id, existing.id));
    } else {
      // A demo client owns a company of its own, as a sign-up makes.
      const [company] =
        account.role === 'client'
          ? await ctx.db
              .insert(clientCompanies)
              .values({ name: account.company ?? account.name })
              .returning({ id: clientCompanies.id })
          : [];
      await ctx.db.insert(users).values({
        name: account.name,
        email: account.email,
        emailNormalized,
        role: account.role,
        passwordHash,
        company: account.company ?? null,
        companyId: company?.id ?? null,
        companyRole: company ? 'owner' : null,
      });
    }
    logins.push({ role: account.role, email: account.email, password });
  }
  await loadDemoProjects(ctx, services);
  return logins;
}

async function actorFor(ctx: AppContext, email: string): Promise<Actor> {
  const [u] = await ctx.db.select().from(users).where(eq(users.emailNormalized, email)).limit(1);
  return { id: u.id, role: u.role, name: u.name, email: u.email, sessionId: 0, companyId: u.companyId, companyRole: u.companyRole };
}

/** Projects in every status, a tool request and a conversation, once (skipped when the clients already have projects). */
async function loadDemoProjects(ctx: AppContext, services: Services) {
  const [owner] = await ctx.db.select().from(users).where(eq(users.role, 'superadmin')).limit(1);
  if (!owner || owner.emailNormalized !== 'owner@demo.example') return;
  const client1 = await actorFor(ctx, 'client1@demo.example');
  const client2 = await actorFor(ctx, 'client2@demo.example');
  const [existing] = await ctx.db.select({ n: count() }).from(projects).where(eq(projects.clientId, client1.id));
  if (Number(existing?.n ?? 0) > 0) return;
  const superadmin = await actorFor(ctx, 'owner@demo.example');
  const admin = await actorFor(ctx, 'admin@demo.example');
  const lead = await actorFor(ctx, 'lead@demo.example');
  const member = await actorFor(ctx, 'member1@demo.example');
  const staff = { team_lead_id: String(lead.id), member_ids: [String(member.id)] };
  const make = (actor: Actor, title: string, description: string, budget: number) =>
    services.projects.create(actor, { title, description, budget_minor: budget, currency: 'GBP', category: 'Web' });

  await make(client1, 'Online shop', 'A small online shop for handmade ceramics, with card payments.', 1200000);
  const approved = await make(client1, 'Brand refresh', 'New logo, colour palette and a one-page style guide.', 450000);
  await services.projects.approve(superadmin, Number(approved.id), { ...staff, note: 'Lee leads this one.' });
  const started = await make(client1, 'Booking app', 'Appointment booking for three salons, with SMS reminders.', 2500000);
  await services.projects.approve(superadmin, Number(started.id), staff);
  await services.projects.changeStatus(lead, Number(started.id), { status: 'in_progress', note: 'Kick-off done.' });
  const done = await make(client2, 'Landing page', 'A landing page for the spring campaign.', 300000);
  await services.projects.approve(superadmin, Number(done.id), staff);
  await services.projects.changeStatus(lead, Number(done.id), { status: 'in_progress' });
  await services.projects.changeStatus(admin, Number(done.id), { status: 'completed', note: 'Live since Monday.' });
  const rejected = await make(client2, 'Crypto exchange', 'A trading platform for a new token.', 9000000);
  await services.projects.reject(superadmin, Number(rejected.id), 'Outside what we build.');
  const cancelled = await make(client2, 'Intranet', 'An intranet for 20 staff.', 800000);
  await services.projects.changeStatus(admin, Number(cancelled.id), { status: 'cancelled', note: 'Client postponed.' });

  await services.tools.create(client1, { name: 'Figma seat', category: 'Software licence', reason: 'To comment on the designs.', quantity: 1 });
  await services.messaging.send(client1, 'client', {
    sender_id: String(client1.id),
    receiver_id: String(superadmin.id),
    conversation_id: `${started.id}:${client1.id}`,
    message_content: 'Hello! Could we add a waiting list to the booking app?',
    message_attachments: [],
  });
  await services.messaging.send(superadmin, 'superadmin', {
    sender_id: String(superadmin.id),
    receiver_id: String(client1.id),
    conversation_id: `${started.id}:${client1.id}`,
    message_content: 'Yes, we can. I will ask Lee to estimate it.',
    message_attachments: [],
  });
  await loadDemoBoard(services, lead, member, Number(started.id));
  await loadDemoTraining(services, admin, member);
  await loadDemoInvoices(ctx, services, superadmin, [Number(started.id), Number(done.id)]);
}

/**
 * Invoices across the last six months, so the owner's first look at revenue is not all zeros: paid ones (their
 * payments dated in the month they were due), one partly paid, one sent and not yet due, and one overdue.
 */
async function loadDemoInvoices(ctx: AppContext, services: Services, owner: Actor, [running, finished]: number[]) {
  const today = ctx.now();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const line = (description: string, unitPrice: number, quantity = 1) => ({ description, quantity, unit_price: unitPrice, tax_rate: 20 });
  const invoice = async (projectId: number, issuedDaysAgo: number, lines: ReturnType<typeof line>[]) => {
    const created = await services.invoices.create(owner, {
      project_id: String(projectId),
      lines,
      discount: 0,
      issue_date: day(-issuedDaysAgo),
      due_date: day(-issuedDaysAgo + 14),
    });
    await services.invoices.send(owner, Number(created.id));
    return { id: Number(created.id), total: created.total };
  };
  const pay = (id: number, amount: number, daysAgo: number, reference: string) =>
    services.invoices.recordPayment(owner, id, { amount, date: day(-daysAgo), reference });

  const paid: [number, number, string, number][] = [
    [finished, 170, 'Landing page design', 150000],
    [finished, 140, 'Landing page build', 120000],
    [running, 110, 'Booking app discovery workshop', 240000],
    [running, 80, 'Booking calendar, first milestone', 380000],
    [running, 50, 'Salon admin screens', 310000],
    [running, 20, 'SMS reminders', 180000],
  ];
  for (const [projectId, issuedDaysAgo, description, price] of paid) {
    const { id, total } = await invoice(projectId, issuedDaysAgo, [line(description, price)]);
    await pay(id, total, issuedDaysAgo - 9, `BANK-${id}`);
  }
  const partly = await invoice(running, 12, [line('Booking API', 90000, 2)]);
  await pay(partly.id, Math.round(partly.total / 2), 3, `BANK-${partly.id}`);
  await invoice(running, 2, [line('Waiting list estimate', 45000)]);
  // Due three weeks ago and unpaid: the overdue job marks it, as it does each night.
  await invoice(finished, 35, [line('Spring campaign variants', 60000)]);
  await services.invoices.markOverdue();
}

/** The running project's board: cards in every column, some assigned, one overdue, In progress limited to 3. */
async function loadDemoBoard(services: Services, lead: Actor, member: Actor, projectId: number) {
  const board = await services.board.getBoard(lead, projectId);
  const column = (name: string) => board.columns.find((c) => c.name === name)!.id;
  await services.board.updateColumn(lead, Number(column('In progress')), { wip_limit: 3 });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const cards: [string, string, Partial<CreateCardInput>][] = [
    ['Backlog', 'Waiting list for fully booked days', { labels: ['idea'] }],
    ['To do', 'SMS reminder provider', { labels: ['backend'], assignee_ids: [String(member.id)], due_date: day(-1) }],
    ['To do', 'Salon opening hours screen', { labels: ['web'], due_date: day(4) }],
    ['In progress', 'Booking calendar', { labels: ['web', 'design'], assignee_ids: [String(member.id)], due_date: day(2) }],
    [
      'In progress',
      'Booking API',
      { labels: ['backend'], assignee_ids: [String(lead.id)], description: '- `POST /bookings`\n- **idempotent** retries' },
    ],
    ['Review', 'Logo on the confirmation e-mail', { labels: ['design'], assignee_ids: [String(member.id)] }],
    ['Done', 'Kick-off notes', {}],
  ];
  for (const [name, title, extra] of cards) await services.board.createCard(lead, projectId, { column_id: column(name), title, ...extra });
}

/** A published onboarding module for every employee, half done by the team member. */
async function loadDemoTraining(services: Services, admin: Actor, member: Actor) {
  const module = await services.training.createModule(admin, {
    title: 'Onboarding: how we work',
    description: 'Tools, rituals and the definition of done.',
  });
  const first = await services.training.createMaterial(admin, Number(module.id), {
    title: 'Our definition of done',
    content: '1. Reviewed by a peer\n2. **Tested** on a phone\n3. Deployed to staging',
  });
  await services.training.createMaterial(admin, Number(module.id), {
    title: 'Board etiquette',
    content: 'Respect the WIP limits: finish before you start.',
  });
  await services.training.setAssignment(admin, Number(module.id), { roles: ['teamlead', 'teammember'] });
  await services.training.updateModule(admin, Number(module.id), { status: 'published' });
  await services.training.setCompleted(member, Number(first.id), true);
}
