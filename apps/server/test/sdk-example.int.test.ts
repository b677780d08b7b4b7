import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, must, type TestApp } from './helpers.js';
import { approvedProject, makeWorld, sentInvoice, type World } from './invoice-helpers.js';

// The SDK's example script, run as a user would (tsx, a real HTTP server, an API token), and what it prints.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const EXAMPLE = path.join(root, 'packages/sdk/examples/open-invoices.ts');
const TSX = path.join(root, 'node_modules/.bin/tsx');

let t: TestApp;
let w: World;
let baseUrl: string;
let invoices: { open: string[]; draft: string; other: string };

function runExample(token: string, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [EXAMPLE, ...args],
      { cwd: root, env: { ...process.env, AGENCY_URL: baseUrl, AGENCY_TOKEN: token }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function apiToken(token: string, scopes: string[]) {
  return must(await call(t.app, 'POST', '/account/tokens', { token, body: { name: 'Open invoices script', scopes } }), 201, 'API token').body
    .token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app);
  const project = await approvedProject(t.app, w);
  const first = await sentInvoice(t.app, w, project, { lines: [{ description: 'Design', quantity: 1, unit_price: 120000, tax_rate: 0 }] });
  const second = await sentInvoice(t.app, w, project, { lines: [{ description: 'Build', quantity: 2, unit_price: 50050, tax_rate: 0 }] });
  const draft = must(
    await call(t.app, 'POST', '/invoices', {
      token: w.owner.token,
      body: { project_id: project, lines: [{ description: 'Later', quantity: 1, unit_price: 1000, tax_rate: 0 }] },
    }),
    201,
    'draft',
  ).body.invoice;
  const other = await sentInvoice(t.app, w, await approvedProject(t.app, w, { client: w.otherClient }));
  invoices = { open: [first.invoice_no, second.invoice_no], draft: draft.invoice_no, other: other.invoice_no };
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);
afterAll(async () => t.close());

describe('packages/sdk/examples/open-invoices.ts', () => {
  it("prints a client's open invoices, with a token of the client's, and what is due", async () => {
    const run = await runExample(await apiToken(w.client.token, ['invoices:read']));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const company = w.client.user.name;
    expect(lines).toHaveLength(3);
    expect(lines[0]!.split('\t')).toEqual([
      invoices.open[0],
      expect.stringContaining(company),
      expect.stringMatching(/^due \d{4}-\d{2}-\d{2}$/),
      'sent',
      '£1,200.00',
    ]);
    expect(lines[1]!.split('\t')).toEqual([invoices.open[1], expect.stringContaining(company), expect.stringMatching(/^due /), 'sent', '£1,001.00']);
    expect(lines[2]).toBe('Open in GBP: £2,201.00 over 2 invoice(s)');
    expect(run.stdout).not.toContain(invoices.draft);
    expect(run.stdout).not.toContain(invoices.other);
  });

  it("lists one company's invoices for staff, given the company's id", async () => {
    const run = await runExample(await apiToken(w.owner.token, ['invoices:read']), [w.otherClient.user.company_id!]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]!.startsWith(`${invoices.other}\t`)).toBe(true);
    expect(lines).toHaveLength(2);
  });

  it('says so when the token may not read invoices', async () => {
    const run = await runExample(await apiToken(w.client.token, ['projects:read']));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^GET \/api\/invoices answered 403: /);
  });
});
