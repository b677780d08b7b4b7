import type { AuthResponse } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPdf, pdfPages, signInPeople, tempDataDir, type People } from './contract-support.js';
import { call, createTestApp, inviteColleague, login, mailsTo, must, type TestApp } from './helpers.js';
import { eventually } from './invoice-helpers.js';
import { dayFrom, draftProposal, ITEMS, pendingProject, sentProposal } from './proposal-support.js';

let t: TestApp;
let who: People;
let billing: AuthResponse;
let member: AuthResponse;
let coOwner: AuthResponse;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tempDataDir() });
  who = await signInPeople(t.app);
  billing = await inviteColleague(t.app, who.client.token, 'billing');
  member = await inviteColleague(t.app, who.client.token, 'member');
  coOwner = await inviteColleague(t.app, who.client.token, 'owner');
});
afterAll(async () => t.close());

const staff = () => who.admin.token;
const get = async (token: string, id: string) => call(t.app, 'GET', `/proposals/${id}`, { token });

describe('creating and editing a proposal', () => {
  it('computes the totals on the server from the items that count, with the deposit of deposit_percent', async () => {
    const project = await pendingProject(t.app, who.client.token);
    const draft = await draftProposal(t.app, staff(), project.id, { subtotal: 1, total: 1 });
    const p = must(await get(staff(), draft.id), 200, 'get').body.proposal;
    expect(p).toMatchObject({ status: 'draft', currency: 'GBP', version: 1, deposit_percent: 40 });
    // 10,000.00 + 12 x 100.00 + 20 % tax on the hosting; the optional SEO package is not ticked.
    expect({ subtotal: p.subtotal, tax_total: p.tax_total, total: p.total, deposit_amount: p.deposit_amount }).toEqual({
      subtotal: 1_120_000,
      tax_total: 24_000,
      total: 1_144_000,
      deposit_amount: 457_600,
    });
    expect(p.items.map((i: { id: string; amount: number; tax: number }) => [i.id, i.amount, i.tax])).toEqual([
      ['design', 1_000_000, 0],
      ['hosting', 120_000, 24_000],
      ['seo', 250_000, 0],
    ]);
  });

  it('defaults deposit_percent to DEPOSIT_PERCENT and numbers items without an id', async () => {
    const project = await pendingProject(t.app, who.client.token);
    const res = must(
      await call(t.app, 'POST', '/proposals', {
        token: staff(),
        body: {
          project_id: project.id,
          title: 'Plain',
          items: [{ description: 'Work', quantity: 2, unit_price: 5000 }],
          valid_until: dayFrom(t.app, 5),
        },
      }),
      201,
      'create',
    );
    expect(res.body.proposal).toMatchObject({ deposit_percent: 30, total: 10_000, deposit_amount: 3_000, sections: [], intro_markdown: '' });
    expect(res.body.proposal.items[0].id).toBe('item-1');
  });

  it.each([
    ['more than 100 items', { items: Array.from({ length: 101 }, () => ({ description: 'x', quantity: 1, unit_price: 1 })) }, 'at most 100 items'],
    ['a negative price', { items: [{ description: 'x', quantity: 1, unit_price: -5 }] }, 'Unit price cannot be negative'],
    ['a fraction of a minor unit', { items: [{ description: 'x', quantity: 1, unit_price: 1.5 }] }, 'whole number of minor units'],
    ['no items', { items: [] }, 'at least one item'],
    ['a date that does not exist', { valid_until: '2027-02-30' }, 'Not a real date'],
    ['a deposit over 100 %', { deposit_percent: 101 }, 'deposit_percent cannot be more than 100'],
  ])('refuses %s with 400 and a clear message, storing nothing', async (_what, change, message) => {
    const project = await pendingProject(t.app, who.client.token);
    const res = await call(t.app, 'POST', '/proposals', {
      token: staff(),
      body: { project_id: project.id, title: 'Bad', items: ITEMS, valid_until: dayFrom(t.app, 5), ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    const list = await call(t.app, 'GET', '/proposals', { token: staff(), query: { project_id: project.id } });
    expect(list.body.items).toEqual([]);
  });

  it('refuses a valid_until in the past (by the server clock) with 400', async () => {
    const project = await pendingProject(t.app, who.client.token);
    const res = await call(t.app, 'POST', '/proposals', {
      token: staff(),
      body: { project_id: project.id, title: 'Late', items: ITEMS, valid_until: dayFrom(t.app, -1) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/valid_until: .*past/);
  });

  it('is made only for pending or approved projects (422 otherwise)', async () => {
    const project = await pendingProject(t.app, who.client.token);
    must(
      await call(t.app, 'POST', `/projects/${project.id}/reject`, { token: who.superadmin.token, body: { reason: 'Out of scope' } }),
      200,
      'reject',
    );
    const res = await call(t.app, 'POST', '/proposals', {
      token: staff(),
      body: { project_id: project.id, title: 'Rejected', items: ITEMS, valid_until: dayFrom(t.app, 5) },
    });
    expect(res.status).toBe(422);
  });

  it('edits a draft, and answers 409 once it is sent', async () => {
    const project = await pendingProject(t.app, who.client.token);
    const draft = await draftProposal(t.app, staff(), project.id);
    const edited = must(
      await call(t.app, 'PATCH', `/proposals/${draft.id}`, {
        token: staff(),
        body: { title: 'Edited', items: [{ description: 'Only this', quantity: 1, unit_price: 70_000 }], team_lead_id: who.teamlead.user.id },
      }),
      200,
      'patch',
    );
    expect(edited.body.proposal).toMatchObject({ title: 'Edited', total: 70_000, team_lead_id: who.teamlead.user.id });
    must(await call(t.app, 'POST', `/proposals/${draft.id}/send`, { token: staff() }), 200, 'send');
    const late = await call(t.app, 'PATCH', `/proposals/${draft.id}`, { token: staff(), body: { title: 'Too late' } });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('INVALID_TRANSITION');
    expect((await get(staff(), draft.id)).body.proposal.title).toBe('Edited');
  });

  it('needs the team for a pending project before it is sent (400), as approving does', async () => {
    const project = await pendingProject(t.app, who.client.token);
    const draft = await draftProposal(t.app, staff(), project.id);
    const res = await call(t.app, 'POST', `/proposals/${draft.id}/send`, { token: staff() });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('team_lead_id');
    expect((await get(staff(), draft.id)).body.proposal.status).toBe('draft');
  });
});

describe('sending, viewing and ticking options', () => {
  it("tells the company's owners in the app and by e-mail with a link, and only them", async () => {
    const { proposal } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id, 'Mailed project');
    for (const owner of [who.client, coOwner]) {
      const notes = await call(t.app, 'GET', '/notifications', { token: owner.token });
      const note = notes.body.items.find(
        (n: { target: { type: string; id: string } | null }) => n.target?.type === 'proposal' && n.target.id === proposal.id,
      );
      expect(note).toMatchObject({ kind: 'proposal_sent', title: 'A proposal is waiting for your answer' });
      const mails = await eventually(async () => {
        const list = (await mailsTo(t.app, owner.user.email)).filter((m) => (m.text ?? '').includes(`/go/proposal/${proposal.id}`));
        if (list.length === 0) throw new Error('no mail yet');
        return list;
      });
      expect(mails[0].text).toContain('£11,440.00');
    }
    for (const other of [billing, member]) {
      const notes = await call(t.app, 'GET', '/notifications', { token: other.token });
      expect(notes.body.items.some((n: { target: { type: string } | null }) => n.target?.type === 'proposal')).toBe(false);
    }
  });

  it('records viewed_at once when an owner opens it', async () => {
    const { proposal } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id);
    const first = must(await call(t.app, 'POST', `/proposals/${proposal.id}/view`, { token: who.client.token }), 200, 'view').body.proposal;
    expect(first.viewed_at).not.toBeNull();
    t.clock.advance(60_000);
    const second = must(await call(t.app, 'POST', `/proposals/${proposal.id}/view`, { token: coOwner.token }), 200, 'view again').body.proposal;
    expect(second.viewed_at).toBe(first.viewed_at);
  });

  it('ticks optional items and the totals follow; a required or unknown item is 400', async () => {
    const { proposal } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id);
    const ticked = must(
      await call(t.app, 'POST', `/proposals/${proposal.id}/select`, { token: who.client.token, body: { item_ids: ['seo'] } }),
      200,
      'select',
    );
    expect(ticked.body.proposal).toMatchObject({ total: 1_394_000, deposit_amount: 557_600 });
    expect(ticked.body.proposal.items.find((i: { id: string }) => i.id === 'seo').selected).toBe(true);
    const required = await call(t.app, 'POST', `/proposals/${proposal.id}/select`, { token: who.client.token, body: { item_ids: ['design'] } });
    expect(required.status).toBe(400);
    expect(required.body.error).toContain('"Design and build" is not optional');
    const unknown = await call(t.app, 'POST', `/proposals/${proposal.id}/select`, { token: who.client.token, body: { item_ids: ['nope'] } });
    expect(unknown.status).toBe(400);
    expect((await get(who.client.token, proposal.id)).body.proposal.total).toBe(1_394_000);
    const none = must(
      await call(t.app, 'POST', `/proposals/${proposal.id}/select`, { token: who.client.token, body: { item_ids: [] } }),
      200,
      'untick',
    );
    expect(none.body.proposal.total).toBe(1_144_000);
  });

  it('lists by project and status; clients never see drafts, another company sees nothing', async () => {
    const project = await pendingProject(t.app, who.client.token, 'Listed project');
    const draft = await draftProposal(t.app, staff(), project.id, { team_lead_id: who.teamlead.user.id });
    const other = await draftProposal(t.app, staff(), project.id, { team_lead_id: who.teamlead.user.id });
    must(await call(t.app, 'POST', `/proposals/${other.id}/send`, { token: staff() }), 200, 'send');
    const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);
    expect(ids(await call(t.app, 'GET', '/proposals', { token: staff(), query: { project_id: project.id } }))).toEqual([other.id, draft.id]);
    expect(ids(await call(t.app, 'GET', '/proposals', { token: staff(), query: { project_id: project.id, status: 'draft' } }))).toEqual([draft.id]);
    expect(ids(await call(t.app, 'GET', '/proposals', { token: who.client.token, query: { project_id: project.id } }))).toEqual([other.id]);
    expect(ids(await call(t.app, 'GET', '/proposals', { token: billing.token, query: { project_id: project.id } }))).toEqual([other.id]);
    expect(ids(await call(t.app, 'GET', '/proposals', { token: who.otherClient.token, query: { project_id: project.id } }))).toEqual([]);
    expect((await call(t.app, 'GET', '/proposals', { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/proposals', { token: who.teamlead.token })).status).toBe(403);
    expect((await get(who.client.token, draft.id)).status).toBe(404);
    expect((await get(who.otherClient.token, other.id)).status).toBe(404);
  });

  it('sums every proposal by status for the dashboards: conversion and accepted value counted by the database', async () => {
    const summary = async () => must(await call(t.app, 'GET', '/proposals/summary', { token: staff() }), 200, 'summary').body;
    const before = await summary();
    const project = await pendingProject(t.app, who.client.token, 'Summed project');
    await draftProposal(t.app, staff(), project.id, { team_lead_id: who.teamlead.user.id });
    const { proposal: accepted } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id, 'Summed and accepted');
    must(
      await call(t.app, 'POST', `/proposals/${accepted.id}/accept`, {
        token: who.client.token,
        body: { signature_name: 'Clara Client', agree: true },
      }),
      200,
      'accept',
    );
    const { proposal: declined } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id, 'Summed and declined');
    must(
      await call(t.app, 'POST', `/proposals/${declined.id}/decline`, { token: who.client.token, body: { reason: 'Not this year' } }),
      200,
      'decline',
    );
    const after = await summary();

    const grew = (key: 'draft' | 'sent' | 'accepted' | 'declined' | 'expired' | 'void') => after.counts[key] - before.counts[key];
    expect([grew('draft'), grew('sent'), grew('accepted'), grew('declined'), grew('expired'), grew('void')]).toEqual([1, 0, 1, 1, 0, 0]);
    expect(after.conversion).toEqual({ accepted: before.conversion.accepted + 1, sent: before.conversion.sent + 2 });
    const gbp = (s: { accepted_value: { currency: string; total: number }[] }) => s.accepted_value.find((v) => v.currency === 'GBP')?.total ?? 0;
    expect(gbp(after) - gbp(before)).toBe(1_144_000);
    // The agency's own figures: clients and employees are refused.
    for (const token of [who.client.token, billing.token, member.token, who.teamlead.token]) {
      expect((await call(t.app, 'GET', '/proposals/summary', { token })).status).toBe(403);
    }
  });
});

describe('accepting', () => {
  it('freezes it, approves the pending project with the accepted total, and sends the contract naming the items and total', async () => {
    const { project, proposal } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id, 'Accepted project');
    must(await call(t.app, 'POST', `/proposals/${proposal.id}/select`, { token: who.client.token, body: { item_ids: ['seo'] } }), 200, 'select');
    const accepted = must(
      await call(t.app, 'POST', `/proposals/${proposal.id}/accept`, {
        token: who.client.token,
        body: { signature_name: 'Clara Client', agree: true },
        headers: { 'user-agent': 'ProposalTest/1.0' },
      }),
      200,
      'accept',
    ).body.proposal;
    expect(accepted).toMatchObject({ status: 'accepted', total: 1_394_000, deposit_amount: 557_600 });
    expect(accepted.document_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(accepted.acceptance).toMatchObject({ name: 'Clara Client', user_agent: 'ProposalTest/1.0', accepted_by: { id: who.client.user.id } });
    expect(accepted.acceptance.ip).toBeTruthy();

    const p = must(await call(t.app, 'GET', `/projects/${project.id}`, { token: who.client.token }), 200, 'project').body.project;
    expect(p).toMatchObject({ status: 'approved', budget_minor: 1_394_000 });
    expect(p.team_lead?.id ?? p.team_lead_id).toBe(who.teamlead.user.id);

    const contract = must(await call(t.app, 'GET', `/contracts/${accepted.contract_id}`, { token: who.client.token }), 200, 'contract').body.contract;
    expect(contract).toMatchObject({ kind: 'client', status: 'sent', signer: { id: who.client.user.id } });
    expect(contract.body_html).toContain('<li>Design and build: 1 x £10,000.00 = £10,000.00</li>');
    expect(contract.body_html).toContain('<li>Hosting, first year: 12 x £100.00 = £1,200.00 + tax £240.00</li>');
    expect(contract.body_html).toContain('<li>SEO package: 1 x £2,500.00 = £2,500.00</li>');
    expect(contract.body_html).toContain('The accepted total is <strong>£13,940.00</strong>');
    expect(contract.body_html).toContain('A deposit of 40% of the accepted total (£5,576.00)');

    // The options are frozen with it.
    const late = await call(t.app, 'POST', `/proposals/${proposal.id}/select`, { token: who.client.token, body: { item_ids: [] } });
    expect(late.status).toBe(409);
    // Staff are told.
    const notes = await call(t.app, 'GET', '/notifications', { token: who.admin.token });
    expect(
      notes.body.items.some((n: { kind: string; target: { id: string } | null }) => n.kind === 'proposal_accepted' && n.target?.id === proposal.id),
    ).toBe(true);

    // Signing the contract raises the deposit: deposit_percent of the accepted total, not of the old budget.
    must(
      await call(t.app, 'POST', `/contracts/${contract.id}/sign`, { token: who.client.token, body: { signature_name: 'Clara Client', agree: true } }),
      200,
      'sign',
    );
    const deposit = await eventually(async () => {
      const list = await call(t.app, 'GET', '/invoices', { token: who.client.token, query: { project_id: project.id } });
      const found = list.body.items.find((i: { kind: string }) => i.kind === 'deposit');
      if (!found) throw new Error('no deposit yet');
      return found;
    });
    expect(deposit.total).toBe(557_600);
    expect((await get(who.client.token, proposal.id)).body.proposal.deposit_invoice_id).toBe(deposit.id);
  });

  it('answers 409 to a second acceptance, to a decline after it, and to a void', async () => {
    const { proposal } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id);
    must(
      await call(t.app, 'POST', `/proposals/${proposal.id}/accept`, { token: who.client.token, body: { signature_name: 'Clara', agree: true } }),
      200,
      'accept',
    );
    for (const [path, token, body] of [
      ['accept', coOwner.token, { signature_name: 'Other Owner', agree: true }],
      ['decline', who.client.token, { reason: 'Changed my mind' }],
      ['void', staff(), { reason: 'Withdrawn' }],
    ] as const) {
      const res = await call(t.app, 'POST', `/proposals/${proposal.id}/${path}`, { token, body });
      expect(res.status, path).toBe(409);
    }
    expect((await get(staff(), proposal.id)).body.proposal.acceptance.name).toBe('Clara');
  });

  it('two acceptances at once: one succeeds, the other is 409, and one contract is sent', async () => {
    const { project, proposal } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id, 'Raced project');
    const [a, b] = await Promise.all([
      call(t.app, 'POST', `/proposals/${proposal.id}/accept`, { token: who.client.token, body: { signature_name: 'First Owner', agree: true } }),
      call(t.app, 'POST', `/proposals/${proposal.id}/accept`, { token: coOwner.token, body: { signature_name: 'Second Owner', agree: true } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const contracts = await call(t.app, 'GET', '/contracts', { token: staff(), query: { project_id: project.id, kind: 'client' } });
    expect(contracts.body.items.filter((c: { status: string }) => c.status === 'sent')).toHaveLength(1);
  });

  it('two proposals of one project accepted at once: only one is accepted', async () => {
    const project = await pendingProject(t.app, who.client.token, 'Two offers');
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const d = await draftProposal(t.app, staff(), project.id, { team_lead_id: who.teamlead.user.id, title: `Offer ${i + 1}` });
      must(await call(t.app, 'POST', `/proposals/${d.id}/send`, { token: staff() }), 200, 'send');
      ids.push(d.id);
    }
    const results = await Promise.all(
      ids.map((id) => call(t.app, 'POST', `/proposals/${id}/accept`, { token: who.client.token, body: { signature_name: 'Clara', agree: true } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const statuses = await Promise.all(ids.map(async (id) => (await get(staff(), id)).body.proposal.status));
    expect(statuses.filter((s) => s === 'accepted')).toHaveLength(1);
  });

  it('refuses acceptance without consent or a name (400), and by billing, members, staff or another company', async () => {
    const { proposal } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id);
    const path = `/proposals/${proposal.id}/accept`;
    expect((await call(t.app, 'POST', path, { token: who.client.token, body: { signature_name: 'Clara' } })).status).toBe(400);
    expect((await call(t.app, 'POST', path, { token: who.client.token, body: { signature_name: 'C', agree: true } })).status).toBe(400);
    const body = { signature_name: 'Someone', agree: true };
    expect((await call(t.app, 'POST', path, { token: billing.token, body })).status).toBe(403);
    expect((await call(t.app, 'POST', path, { token: member.token, body })).status).toBe(403);
    expect((await call(t.app, 'POST', path, { token: staff(), body })).status).toBe(403);
    expect((await call(t.app, 'POST', path, { token: who.teamlead.token, body })).status).toBe(403);
    expect((await call(t.app, 'POST', path, { token: who.otherClient.token, body })).status).toBe(404);
    expect((await get(staff(), proposal.id)).body.proposal.status).toBe('sent');
  });

  it('on an approved project: keeps it approved, replaces the unsigned client contract with the accepted one', async () => {
    const project = await pendingProject(t.app, who.client.token, 'Approved first');
    must(
      await call(t.app, 'POST', `/projects/${project.id}/approve`, { token: who.superadmin.token, body: { team_lead_id: who.teamlead.user.id } }),
      200,
      'approve',
    );
    const old = await eventually(async () => {
      const list = await call(t.app, 'GET', '/contracts', { token: staff(), query: { project_id: project.id, kind: 'client' } });
      if (list.body.items.length === 0) throw new Error('no draft yet');
      return list.body.items[0];
    });
    const draft = await draftProposal(t.app, staff(), project.id);
    must(await call(t.app, 'POST', `/proposals/${draft.id}/send`, { token: staff() }), 200, 'send without a team: the project has one');
    const accepted = must(
      await call(t.app, 'POST', `/proposals/${draft.id}/accept`, { token: coOwner.token, body: { signature_name: 'Co Owner', agree: true } }),
      200,
      'accept',
    ).body.proposal;
    expect((await call(t.app, 'GET', `/contracts/${old.id}`, { token: staff() })).body.contract.status).toBe('void');
    const contract = (await call(t.app, 'GET', `/contracts/${accepted.contract_id}`, { token: staff() })).body.contract;
    expect(contract).toMatchObject({ status: 'sent', signer: { id: coOwner.user.id } });
    const p = (await call(t.app, 'GET', `/projects/${project.id}`, { token: staff() })).body.project;
    expect(p).toMatchObject({ status: 'approved', budget_minor: 1_144_000 });
  });
});

describe('declining, voiding, expiring and revising', () => {
  it('declines with a reason, tells staff, and may be revised into a new draft version once', async () => {
    const { proposal } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id);
    expect((await call(t.app, 'POST', `/proposals/${proposal.id}/decline`, { token: who.client.token, body: {} })).status).toBe(400);
    const declined = must(
      await call(t.app, 'POST', `/proposals/${proposal.id}/decline`, { token: who.client.token, body: { reason: 'Too expensive for now' } }),
      200,
      'decline',
    ).body.proposal;
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'Too expensive for now' });
    const notes = await call(t.app, 'GET', '/notifications', { token: who.superadmin.token });
    const note = notes.body.items.find(
      (n: { kind: string; target: { id: string } | null }) => n.kind === 'proposal_declined' && n.target?.id === proposal.id,
    );
    expect(note.body).toContain('Too expensive for now');
    expect(
      (await call(t.app, 'POST', `/proposals/${proposal.id}/accept`, { token: who.client.token, body: { signature_name: 'Clara', agree: true } }))
        .status,
    ).toBe(409);

    const v2 = must(await call(t.app, 'POST', `/proposals/${proposal.id}/revise`, { token: staff() }), 201, 'revise').body.proposal;
    expect(v2).toMatchObject({ status: 'draft', version: 2, previous_id: proposal.id, total: 1_144_000 });
    expect((await get(staff(), proposal.id)).body.proposal).toMatchObject({ status: 'declined', revised_by_id: v2.id });
    const listed = (await call(t.app, 'GET', '/proposals', { token: staff(), query: { project_id: v2.project_id } })).body.items;
    expect(listed.map((p: { id: string; revised_by_id: string | null }) => [p.id, p.revised_by_id])).toEqual([
      [v2.id, null],
      [proposal.id, v2.id],
    ]);
    expect((await call(t.app, 'POST', `/proposals/${proposal.id}/revise`, { token: staff() })).status).toBe(409);
  });

  it('voids a sent proposal with a reason; the client may no longer accept it', async () => {
    const { proposal } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id);
    const voided = must(
      await call(t.app, 'POST', `/proposals/${proposal.id}/void`, { token: staff(), body: { reason: 'Wrong prices' } }),
      200,
      'void',
    );
    expect(voided.body.proposal).toMatchObject({ status: 'void', void_reason: 'Wrong prices' });
    expect(
      (await call(t.app, 'POST', `/proposals/${proposal.id}/accept`, { token: who.client.token, body: { signature_name: 'Clara', agree: true } }))
        .status,
    ).toBe(409);
    expect((await call(t.app, 'POST', `/proposals/${proposal.id}/revise`, { token: staff() })).status).toBe(409);
  });

  it('expires past valid_until (the job, once), refuses acceptance, and reminds before', async () => {
    // Its own app: the clock moves a month on, past every session's idle limit.
    const x = await createTestApp({ DATA_DIR: tempDataDir() });
    try {
      const people = await signInPeople(x.app);
      const { proposal } = await sentProposal(x.app, people.admin.token, people.client.token, people.teamlead.user.id, 'Expiring project');
      const service = x.app.services.proposals;
      x.clock.advance(28 * 86_400_000);
      expect((await service.due()).remind).toContain(Number(proposal.id));
      expect(await service.remind(Number(proposal.id))).toBe(true);
      expect(await service.remind(Number(proposal.id))).toBe(false);
      x.clock.advance(3 * 86_400_000);
      const client = must(await login(x.app, people.client.user.email), 200, 'sign in again').body.token as string;
      const admin = must(await login(x.app, people.admin.user.email), 200, 'sign in again').body.token as string;
      // Past the last valid day, an acceptance is 409 even before the job runs.
      const early = await call(x.app, 'POST', `/proposals/${proposal.id}/accept`, { token: client, body: { signature_name: 'Clara', agree: true } });
      expect(early.status).toBe(409);
      expect(early.body.error).toContain('expired');
      expect((await service.due()).expire).toContain(Number(proposal.id));
      expect(await service.expire(Number(proposal.id))).toBe(true);
      expect(await service.expire(Number(proposal.id))).toBe(false);
      const expired = must(await call(x.app, 'GET', `/proposals/${proposal.id}`, { token: client }), 200, 'get').body.proposal;
      expect(expired.status).toBe('expired');
      expect(expired.expired_at).not.toBeNull();
      const notes = await call(x.app, 'GET', '/notifications', { token: client });
      expect(notes.body.items.map((n: { kind: string }) => n.kind)).toEqual(expect.arrayContaining(['proposal_expired', 'proposal_reminder']));
      const v2 = must(await call(x.app, 'POST', `/proposals/${proposal.id}/revise`, { token: admin }), 201, 'revise').body.proposal;
      expect(v2).toMatchObject({ status: 'draft', version: 2 });
      expect(v2.valid_until >= dayFrom(x.app, 14)).toBe(true);
    } finally {
      await x.close();
    }
  });
});

describe('the PDF', () => {
  it('shows the parties, sections, items with the selection, totals, validity and the acceptance (pdftotext)', async () => {
    const { proposal } = await sentProposal(t.app, staff(), who.client.token, who.teamlead.user.id, 'PDF project');
    must(
      await call(t.app, 'POST', `/proposals/${proposal.id}/accept`, {
        token: who.client.token,
        body: { signature_name: 'Clara Client', agree: true },
      }),
      200,
      'accept',
    );
    const p = (await get(who.client.token, proposal.id)).body.proposal;
    const pdf = await fetchPdf(t.app, p.pdf_url, billing.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfPages(pdf.bytes).join('\n');
    for (const expected of [
      'PROPOSAL',
      'Shop relaunch proposal',
      'PDF project',
      'SCOPE',
      'Six weeks from the deposit.',
      'Design and build',
      'SEO package (optional, not included)',
      'GBP 11,440.00',
      'Deposit (40%)',
      'GBP 4,576.00',
      'Status: Accepted',
      'Accepted by Clara Client',
      'From IP address',
      p.document_sha256,
    ]) {
      expect(text).toContain(expected);
    }
    expect((await fetchPdf(t.app, p.pdf_url, member.token)).status).toBe(403);
    expect((await fetchPdf(t.app, p.pdf_url, who.otherClient.token)).status).toBe(404);
    expect((await fetchPdf(t.app, p.pdf_url)).status).toBe(401);
  });
});

describe('proposal templates', () => {
  it('staff save, list, change and delete the sections and items to start from', async () => {
    const created = must(
      await call(t.app, 'POST', '/proposal-templates', {
        token: staff(),
        body: {
          title: 'Website',
          sections: [{ title: 'Scope', body_markdown: 'Pages' }],
          items: [{ description: 'Build', quantity: 1, unit_price: 100 }],
        },
      }),
      201,
      'create',
    ).body.template;
    expect(created.items[0]).toMatchObject({ id: 'item-1', optional: false, selected: true });
    const list = must(await call(t.app, 'GET', '/proposal-templates', { token: who.superadmin.token }), 200, 'list');
    expect(list.body.items.map((x: { id: string }) => x.id)).toContain(created.id);
    const changed = must(
      await call(t.app, 'PATCH', `/proposal-templates/${created.id}`, { token: staff(), body: { title: 'Website v2' } }),
      200,
      'patch',
    );
    expect(changed.body.template.title).toBe('Website v2');
    expect((await call(t.app, 'DELETE', `/proposal-templates/${created.id}`, { token: staff() })).status).toBe(204);
    expect((await call(t.app, 'PATCH', `/proposal-templates/${created.id}`, { token: staff(), body: { title: 'x' } })).status).toBe(404);
    expect((await call(t.app, 'GET', '/proposal-templates', { token: who.client.token })).status).toBe(403);
  });
});
