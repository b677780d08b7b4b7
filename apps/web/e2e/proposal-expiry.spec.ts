// A proposal expires: staff send one valid until tomorrow, three days pass, the expiry job marks it expired, the client
// sees it as expired on a phone (390 px) and cannot accept it, and staff revise it into a new draft (1280 px).
//
// The suite's server has no clock to move, and the product has none to offer. This spec starts a server of its own
// from the same build, on a fresh embedded database, with a test-only preload (support/moving-clock.mjs) whose clock
// the spec moves by rewriting a file. Its mail goes to an in-memory sink of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { startMailSink } from '../../../scripts/mail-sink.mjs';
import { SERVER_MAIN, serverNodeFlags } from '../../../scripts/server-command.mjs';
import {
  authHeaders,
  createTeamlead,
  DEFAULT_PASSWORD,
  expectStatus,
  loginSuperadmin,
  storageStateFor,
  SUPERADMIN,
  uniqueEmail,
  uniqueSuffix,
  type Auth,
  type ApiUser,
} from './support/accounts';
import { watchConsole } from './support/console';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const suitePort = Number(process.env.E2E_PORT ?? 3210);
const suffix = suitePort === 3210 ? '' : `-${suitePort}`;
const dataDir = path.join(root, '.tmp', `e2e-clock-data${suffix}`);
const clockFile = path.join(root, '.tmp', `e2e-clock-offset${suffix}`);
// The web build the suite's own server serves (scripts/e2e-server.mjs copies it there before any spec runs).
const webDir = path.join(root, '.tmp', `e2e-web${suffix}`);

const DAY_MS = 86_400_000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };

let server: ChildProcess;
let mailSink: Awaited<ReturnType<typeof startMailSink>>;
let baseURL: string;
let api: APIRequestContext;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function moveClock(offsetMs: number) {
  fs.writeFileSync(clockFile, String(offsetMs));
}

/** A client signed up and confirmed from the link this server mailed, as createClient does on the suite's server. */
async function signUpClient(): Promise<Auth> {
  const email = uniqueEmail('client');
  const data = { name: `Ivy Client ${uniqueSuffix()}`, email, password: DEFAULT_PASSWORD };
  await expectStatus(await api.post('/api/auth/signup/client', { data }), 202, 'client signup');
  let token = '';
  await expect
    .poll(() => {
      const mail = mailSink.messages.find((m) => m.to === email && /finish signing up/.test(m.subject));
      token = mail ? (/confirm-signup\?token=([A-Za-z0-9_%-]+)/.exec(mail.text.replace(/=\r?\n/g, ''))?.[1] ?? '') : '';
      return token;
    })
    .not.toBe('');
  const confirmed = await api.post('/api/auth/signup/confirm', { data: { token: decodeURIComponent(token) } });
  const body = await expectStatus<{ token: string; user: ApiUser }>(confirmed, 201, 'client signup confirmation');
  return { token: body.token, user: body.user, password: DEFAULT_PASSWORD };
}

test.describe('proposal expiry', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
    moveClock(0);
    mailSink = await startMailSink();
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    server = spawn(
      process.execPath,
      ['--import', path.join(here, 'support', 'moving-clock.mjs'), ...serverNodeFlags(), path.join(root, SERVER_MAIN)],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          CLOCK_OFFSET_FILE: clockFile,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          WEB_DIST_DIR: webDir,
          APP_URL: baseURL,
          SESSION_SECRET: 'e2e-clock-only-session-secret-0123456789',
          LOG_LEVEL: 'warn',
          MAIL_TRANSPORT: 'smtp',
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(mailSink.port),
          SMTP_SECURE: 'false',
          JOB_POLL_SECONDS: '0.5',
          // Production refuses the built-in test checkout unless it is named (nothing here pays).
          ALLOW_TEST_PAYMENTS: 'true',
        },
      },
    );
    api = await playwrightRequest.newContext({ baseURL });
    await expect
      .poll(
        async () => {
          if (server.exitCode !== null) throw new Error(`the clock server exited with ${server.exitCode}`);
          return (await api.get('/api/health').catch(() => null))?.ok() ?? false;
        },
        { timeout: 90_000, message: 'the clock server starts' },
      )
      .toBe(true);
    // The owner of this fresh install: the suite's super admin, so that the account helpers sign in as on the suite's.
    const setupToken = fs.readFileSync(path.join(dataDir, 'owner-setup-token'), 'utf8').trim();
    const owner = await api.post('/api/auth/signup/superadmin', { data: { ...SUPERADMIN, setup_token: setupToken } });
    expect(owner.status(), await owner.text()).toBe(201);
  });

  test.afterAll(async () => {
    await api?.dispose();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await mailSink?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clockFile, { force: true });
  });

  test('valid_until passes: the job expires it, the client cannot accept it on a phone, staff revise it into a new draft', async ({ browser }) => {
    test.setTimeout(240_000);
    const owner = await loginSuperadmin(api);
    const lead = await createTeamlead(api, { inviter: owner });
    const client = await signUpClient();
    const requested = await api.post('/api/projects', {
      headers: authHeaders(client),
      data: { title: `Garden centre ${uniqueSuffix()}`, description: 'An online shop for a garden centre.', budget_minor: 300_000, currency: 'GBP' },
    });
    const { project } = await expectStatus<{ project: { id: string } }>(requested, 201, 'request project');
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    const drafted = await api.post('/api/proposals', {
      headers: authHeaders(owner),
      data: {
        project_id: project.id,
        title: 'Garden centre proposal',
        items: [{ description: 'Design and build', quantity: 1, unit_price: 300_000 }],
        valid_until: tomorrow,
        team_lead_id: lead.user.id,
      },
    });
    const { proposal } = await expectStatus<{ proposal: { id: string } }>(drafted, 201, 'proposal');
    await expectStatus(await api.post(`/api/proposals/${proposal.id}/send`, { headers: authHeaders(owner) }), 200, 'send');

    // Three days pass (sessions last seven idle days, so everyone stays signed in): the minute's sweep finds the
    // proposal past its last valid day and its job expires it.
    moveClock(3 * DAY_MS);
    await expect
      .poll(
        async () => {
          const res = await api.get(`/api/proposals/${proposal.id}`, { headers: authHeaders(client) });
          return (await expectStatus<{ proposal: { status: string } }>(res, 200, 'proposal')).proposal.status;
        },
        { timeout: 150_000, intervals: [2_000], message: 'the expiry job marks the proposal expired' },
      )
      .toBe('expired');
    await expect.poll(() => mailSink.messages.some((m) => m.to === client.user.email && /A.proposal.expired/.test(m.subject))).toBe(true);

    // The client, on a phone: expired, nothing to tick or accept; the API refuses an acceptance all the same.
    const phone = await browser.newContext({ ...PHONE, baseURL, storageState: storageStateFor(client, baseURL) });
    const page = await phone.newPage();
    const phoneConsole = watchConsole(page);
    await page.goto(`/proposal?id=${proposal.id}`);
    await expect(page.getByTestId('proposal-status')).toHaveAttribute('data-status', 'expired');
    await expect(page.getByText('This proposal expired. Ask us for a new version.')).toBeVisible();
    await expect(page.getByTestId('accept-panel')).toHaveCount(0);
    const accept = await api.post(`/api/proposals/${proposal.id}/accept`, {
      headers: authHeaders(client),
      data: { signature_name: client.user.name, agree: true },
    });
    expect(accept.status()).toBe(409);
    expect(phoneConsole.problems()).toEqual([]);
    await phone.close();

    // Staff revise it: a new draft, version 2, made from the expired one, which stays as it was.
    const desk = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
      baseURL,
      storageState: storageStateFor(owner, baseURL),
    });
    const staffPage = await desk.newPage();
    const staffConsole = watchConsole(staffPage);
    await staffPage.goto(`/proposals?id=${proposal.id}`);
    const detail = staffPage.getByTestId('staff-proposal-detail');
    await expect(detail.getByTestId('proposal-status')).toHaveAttribute('data-status', 'expired');
    await detail.getByTestId('revise-proposal').click();
    await expect(staffPage.getByTestId('staff-proposal-detail').getByTestId('proposal-status')).toHaveAttribute('data-status', 'draft');
    const listed = await api.get(`/api/proposals?project_id=${project.id}`, { headers: authHeaders(owner) });
    const { items } = await expectStatus<{
      items: { id: string; status: string; version: number; previous_id: string | null; revised_by_id: string | null }[];
    }>(listed, 200, 'proposals of the project');
    const revised = items.find((p) => p.previous_id === proposal.id);
    expect(revised).toMatchObject({ status: 'draft', version: 2 });
    expect(items.find((p) => p.id === proposal.id)).toMatchObject({ status: 'expired', revised_by_id: revised!.id });
    await expect(staffPage).toHaveURL(new RegExp(`/proposals\\?id=${revised!.id}$`));
    expect(staffConsole.problems()).toEqual([]);
    await desk.close();
  });
});
