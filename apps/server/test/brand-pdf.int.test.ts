import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@agency/schema';
import { freshContract } from './contract-support.js';
import { call, createTestApp, must, multipart, type TestApp } from './helpers.js';
import { approvedProject, makeWorld, pdfText, sentInvoice, type World } from './invoice-helpers.js';
import { sentProposal } from './proposal-support.js';

/** A 3x2 PNG (RGBA), so the picture in a PDF can be told from anything else by its size. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAFklEQVR4nGPgjpX7D8MM////BzNAAACRcQ4NRtpWtgAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123"/></svg>');

/** The pictures in a PDF as poppler's `pdfimages -list` gives them: page, width and height. */
function pdfImages(bytes: Buffer): { page: number; width: number; height: number }[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brand-pdf-')), 'doc.pdf');
  fs.writeFileSync(file, bytes);
  const out = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/))
    .map((cols) => ({ page: Number(cols[0]), width: Number(cols[3]), height: Number(cols[4]) }));
}
const logoIn = (bytes: Buffer) => pdfImages(bytes).filter((i) => i.page === 1 && i.width === 3 && i.height === 2);

describe('the brand’s logo in documents', () => {
  let t: TestApp;
  let w: World;
  let invoice: Invoice;
  let receiptUrl: string;
  let proposalId: string;
  let contractId: string;

  const get = async (url: string, token: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.rawPayload;
  };
  const setLogo = async (file: { name: string; content: Buffer; type: string }) => {
    const body = multipart([file]);
    must(await call(t.app, 'PUT', '/settings/brand/logo', { token: w.owner.token, body: body.body, headers: body.headers }), 200, 'upload the logo');
  };
  const documents = () => ({
    invoice: () => get(`/api/invoices/${invoice.id}/pdf`, w.client.token),
    receipt: () => get(receiptUrl, w.client.token),
    statement: () => get(`/api/companies/${w.client.user.company_id}/statement.pdf?from=2020-01-01&to=2099-12-31`, w.admin.token),
    proposal: () => get(`/api/proposals/${proposalId}/pdf`, w.owner.token),
    contract: () => get(`/api/contracts/${contractId}/pdf`, w.owner.token),
  });

  beforeAll(async () => {
    t = await createTestApp({ BRAND_NAME: 'Env Studio' });
    w = await makeWorld(t.app);
    must(await call(t.app, 'PATCH', '/settings/brand', { token: w.owner.token, body: { agency_name: 'Acme Works' } }), 200, 'name the agency');
    const projectId = await approvedProject(t.app, w);
    invoice = await sentInvoice(t.app, w, projectId);
    const paid = must(
      await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
        token: w.admin.token,
        body: { amount: 2000, date: new Date().toISOString().slice(0, 10), reference: 'BANK-1' },
      }),
      201,
      'a payment',
    ).body.invoice as Invoice;
    receiptUrl = `/api/invoices/${invoice.id}/payments/${paid.payments[0]!.id}/receipt`;
    proposalId = (await sentProposal(t.app, w.owner.token, w.client.token, w.lead.user.id)).proposal.id;
    contractId = (await freshContract(t.app, w.owner.token, projectId, 'client', w.client.user.id, false)).id;
  }, 120_000);
  afterAll(() => t.close());

  it('draws an uploaded PNG logo on the first page of invoices, receipts, statements, proposals and contracts', async () => {
    must(await call(t.app, 'DELETE', '/settings/brand/logo', { token: w.owner.token }), 200, 'no logo');
    for (const [name, fetchPdf] of Object.entries(documents())) expect(logoIn(await fetchPdf()), `${name} before the upload`).toEqual([]);

    await setLogo({ name: 'logo.png', content: PNG, type: 'image/png' });
    for (const [name, fetchPdf] of Object.entries(documents())) {
      const bytes = await fetchPdf();
      expect(logoIn(bytes), name).toHaveLength(1);
      // The name stays under the logo.
      expect(pdfText(bytes), name).toMatch(/acme works/i);
    }
  }, 120_000);

  it('shows the agency’s name alone with an SVG logo, which PDFs cannot draw', async () => {
    await setLogo({ name: 'logo.svg', content: SVG, type: 'image/svg+xml' });
    for (const [name, fetchPdf] of Object.entries(documents())) {
      const bytes = await fetchPdf();
      expect(logoIn(bytes), name).toEqual([]);
      expect(pdfText(bytes), name).toMatch(/acme works/i);
    }
  }, 120_000);
});
