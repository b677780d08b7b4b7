import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse, Invoice } from '@agency/schema';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, inviteAndSignup, mailsTo as allMailsTo, signupClient, signupSuperadmin } from './helpers.js';

export type World = {
  owner: AuthResponse;
  admin: AuthResponse;
  lead: AuthResponse;
  member: AuthResponse;
  client: AuthResponse;
  otherClient: AuthResponse;
};

/** One account of every kind: the super admin, an admin, a team lead and member, and two clients. */
export async function makeWorld(app: FastifyInstance): Promise<World> {
  const owner = await signupSuperadmin(app);
  const admin = await inviteAndSignup(app, owner.token, 'admin');
  const lead = await inviteAndSignup(app, owner.token, 'teamlead');
  const member = await inviteAndSignup(app, owner.token, 'teammember');
  const client = await signupClient(app, { name: 'Clara Client' });
  const otherClient = await signupClient(app, { name: 'Otto Other' });
  return { owner, admin, lead, member, client, otherClient };
}

/** A client's project, approved by the super admin with the team lead and member. */
export async function approvedProject(
  app: FastifyInstance,
  world: World,
  options: { budget?: number; currency?: string; client?: AuthResponse } = {},
): Promise<string> {
  const client = options.client ?? world.client;
  const created = await call(app, 'POST', '/projects', {
    token: client.token,
    body: {
      title: `Website ${Math.random().toString(36).slice(2, 8)}`,
      description: 'A new website for the shop',
      ...(options.budget !== undefined ? { budget_minor: options.budget } : {}),
      currency: options.currency ?? 'GBP',
    },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.body.project.id as string;
  const approved = await call(app, 'POST', `/projects/${id}/approve`, {
    token: world.owner.token,
    body: { team_lead_id: world.lead.user.id, member_ids: [world.member.user.id] },
  });
  expect(approved.status, approved.text).toBe(200);
  return id;
}

export const LINE = { description: 'Design work', quantity: 1, unit_price: 10000, tax_rate: 20 };

export async function createInvoice(app: FastifyInstance, token: string, body: Record<string, unknown>): Promise<Invoice> {
  const res = await call(app, 'POST', '/invoices', { token, body: { lines: [LINE], ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.invoice;
}

/** A sent invoice for the project: created and sent by the super admin. */
export async function sentInvoice(app: FastifyInstance, world: World, projectId: string, body: Record<string, unknown> = {}): Promise<Invoice> {
  const draft = await createInvoice(app, world.owner.token, { project_id: projectId, ...body });
  const sent = await call(app, 'POST', `/invoices/${draft.id}/send`, { token: world.owner.token });
  expect(sent.status, sent.text).toBe(200);
  return sent.body.invoice;
}

export async function getInvoice(app: FastifyInstance, token: string, id: string): Promise<Invoice> {
  const res = await call(app, 'GET', `/invoices/${id}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.invoice;
}

/**
 * Mails to one address whose subject starts with `subject` (invoice mails name the invoice number in the subject).
 * The outbox keeps who and what subject after delivery, so each mail is counted once, delivered or not; a delivered
 * mail's text (cleared from the outbox) is read from what the test transport received.
 */
export async function mailsTo(app: FastifyInstance, to: string, subject: string) {
  // Oldest first, as they were queued.
  return (await allMailsTo(app, to)).filter((mail) => mail.subject.startsWith(subject)).sort((a, b) => a.id - b.id);
}

/** The text of a PDF, read by poppler's pdftotext. */
export function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-pdf-'));
  const file = path.join(dir, 'invoice.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits until `check` passes (background jobs poll the queue). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      return await check();
    } catch (err) {
      last = err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw last;
}

export const DAY_MS = 86_400_000;
