import type { FastifyInstance } from 'fastify';
import { call } from './helpers.js';

/** A day as the API takes it, `days` after the app's clock. */
export function dayFrom(app: FastifyInstance, days: number): string {
  return new Date(app.ctx.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A client's new project request: pending, with a budget the proposal replaces. */
export async function pendingProject(app: FastifyInstance, clientToken: string, title = 'Shop relaunch') {
  const res = await call(app, 'POST', '/projects', {
    token: clientToken,
    body: { title, description: 'A new online shop with a blog.', budget_minor: 500000, currency: 'GBP', deadline: '2027-06-01' },
  });
  if (res.status !== 201) throw new Error(`project: ${res.status} ${res.text}`);
  return res.body.project as { id: string; title: string };
}

/** Design 10,000.00 + hosting 1,200.00 (20 % tax), and an optional 2,500.00 SEO package, not ticked. */
export const ITEMS = [
  { id: 'design', description: 'Design and build', quantity: 1, unit_price: 1_000_000, tax_rate: 0 },
  { id: 'hosting', description: 'Hosting, first year', quantity: 12, unit_price: 10_000, tax_rate: 20 },
  { id: 'seo', description: 'SEO package', quantity: 1, unit_price: 250_000, tax_rate: 0, optional: true, selected: false },
];

export async function draftProposal(app: FastifyInstance, staffToken: string, projectId: string, extra: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', '/proposals', {
    token: staffToken,
    body: {
      project_id: projectId,
      title: 'Shop relaunch proposal',
      intro_markdown: 'Thank you for asking us. **Here is our offer.**',
      sections: [
        { title: 'Scope', body_markdown: '- Design\n- Build\n- Launch' },
        { title: 'Timeline', body_markdown: 'Six weeks from the deposit.' },
      ],
      items: ITEMS,
      valid_until: dayFrom(app, 30),
      deposit_percent: 40,
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`proposal: ${res.status} ${res.text}`);
  return res.body.proposal as { id: string; status: string; total: number };
}

/** A sent proposal on a new pending project of the client, staffed with `teamLeadId`. */
export async function sentProposal(app: FastifyInstance, staffToken: string, clientToken: string, teamLeadId: string, title?: string) {
  const project = await pendingProject(app, clientToken, title);
  const draft = await draftProposal(app, staffToken, project.id, { team_lead_id: teamLeadId });
  const sent = await call(app, 'POST', `/proposals/${draft.id}/send`, { token: staffToken });
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${sent.text}`);
  return { project, proposal: sent.body.proposal as { id: string; status: string; total: number } };
}
