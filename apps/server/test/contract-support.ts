import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse } from '@agency/schema';
import type { FastifyInstance } from 'fastify';
import { call, inviteAndSignup, signInEveryRole } from './helpers.js';

/** A fresh data folder, so the generated sealing certificate of a test run never lands in the working tree. */
export function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'agency-data-'));
}

/** A tiny valid PNG (1x1, one pixel), as a data URL. */
export const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export type People = Awaited<ReturnType<typeof signInEveryRole>> & { outsider: AuthResponse };

/** Every role, plus a team member who works on no project of the tests. */
export async function signInPeople(app: FastifyInstance): Promise<People> {
  const who = await signInEveryRole(app);
  const outsider = await inviteAndSignup(app, who.admin.token, 'teammember');
  return { ...who, outsider };
}

/** A client's project, approved with the team lead and the team member: its draft contracts are generated. */
export async function approvedProject(app: FastifyInstance, who: People, title = 'Company website') {
  const created = await call(app, 'POST', '/projects', {
    token: who.client.token,
    body: { title, description: 'A five-page marketing site with a blog.', budget_minor: 250000, currency: 'GBP', deadline: '2027-03-01' },
  });
  if (created.status !== 201) throw new Error(`project: ${created.status} ${created.text}`);
  const project = created.body.project;
  const approved = await call(app, 'POST', `/projects/${project.id}/approve`, {
    token: who.superadmin.token,
    body: { team_lead_id: who.teamlead.user.id, member_ids: [who.teammember.user.id] },
  });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text}`);
  return approved.body.project as { id: string; title: string };
}

/** The live contract of a kind for a signer on a project (staff's view). */
export async function contractFor(app: FastifyInstance, staffToken: string, projectId: string, kind: 'client' | 'team', signerId: string) {
  const res = await call(app, 'GET', '/contracts', { token: staffToken, query: { project_id: projectId, kind, signer_id: signerId } });
  const live = res.body.items.filter((c: { status: string }) => ['draft', 'sent', 'signed'].includes(c.status));
  if (live.length !== 1) throw new Error(`expected one live ${kind} contract, got ${live.length}`);
  return live[0];
}

/** Voids whatever live contract the signer has and makes a new one from the default template, sent or left a draft. */
export async function freshContract(
  app: FastifyInstance,
  staffToken: string,
  projectId: string,
  kind: 'client' | 'team',
  signerId: string,
  send = true,
): Promise<{ id: string; document_sha256: string | null }> {
  const list = await call(app, 'GET', '/contracts', { token: staffToken, query: { project_id: projectId, kind, signer_id: signerId } });
  for (const c of list.body.items.filter((x: { status: string }) => x.status === 'draft' || x.status === 'sent')) {
    await call(app, 'POST', `/contracts/${c.id}/void`, { token: staffToken, body: { reason: 'Replaced by a new version' } });
  }
  const templates = await call(app, 'GET', '/contract-templates', { token: staffToken, query: { kind } });
  const template = templates.body.items.find((t: { is_default: boolean }) => t.is_default);
  const created = await call(app, 'POST', '/contracts', {
    token: staffToken,
    body: { project_id: projectId, template_id: template.id, kind, signer_id: signerId },
  });
  if (created.status !== 201) throw new Error(`create contract: ${created.status} ${created.text}`);
  if (!send) return created.body.contract;
  const sent = await call(app, 'POST', `/contracts/${created.body.contract.id}/send`, { token: staffToken, body: {} });
  if (sent.status !== 200) throw new Error(`send contract: ${sent.status} ${sent.text}`);
  return sent.body.contract;
}

/** Runs poppler's `pdfsig` on a PDF and returns what it prints (it exits non-zero for an invalid signature). */
export function pdfsig(bytes: Buffer): string {
  const file = path.join(tempDataDir(), 'contract.pdf');
  fs.writeFileSync(file, bytes);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  if (run.error) throw new Error(`pdfsig is not installed (apt-get install -y poppler-utils): ${run.error.message}`);
  return `${run.stdout}${run.stderr}`;
}

/** The text of a PDF's pages (poppler's `pdftotext`), one string per page. */
export function pdfPages(bytes: Buffer): string[] {
  const file = path.join(tempDataDir(), 'contract.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((p) => p.trim() !== '');
}

/** A PDF answer's bytes (the JSON helper would decode them as text). */
export async function fetchPdf(app: FastifyInstance, url: string, token?: string) {
  const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    status: res.statusCode,
    headers: res.headers,
    bytes: res.rawPayload,
    json: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : undefined,
  };
}
