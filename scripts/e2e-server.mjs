// The server the end-to-end suite runs against: the built app on a fresh, empty embedded database.
// Everything it writes lives under .tmp/ and is keyed by port, so runs on different ports do not disturb each
// other. The web app is served from a snapshot of apps/web/dist taken at start, so a rebuild during a run
// cannot swap the page's chunks out from under the browser. Its mail goes over SMTP to a sink on loopback
// that appends each message to .tmp/e2e-mail<suffix>.jsonl, where journeys read their links (e2e/support/mailbox.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startMailSink } from './mail-sink.mjs';
import { SERVER_MAIN, serverNodeFlags } from './server-command.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = process.env.PORT;
const suffix = port === '3210' ? '' : `-${port}`;
const dataDir = path.join(root, '.tmp', `e2e-data${suffix}`);
const webDir = path.join(root, '.tmp', `e2e-web${suffix}`);
const distDir = path.join(root, 'apps', 'web', 'dist');
const mailFile = path.join(root, '.tmp', `e2e-mail${suffix}.jsonl`);

function listFiles(dir, base = dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(full, base);
      return [`${path.relative(base, full)}:${fs.statSync(full).size}`];
    })
    .sort();
}

/** index.html and every asset it references are present. */
function isComplete(dir) {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return false;
  const html = fs.readFileSync(index, 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]);
  return refs.length > 0 && refs.every((ref) => fs.existsSync(path.join(dir, ref)));
}

/** Copies the web build; retries while it is missing or changing (another build writing it). */
async function snapshotWebBuild() {
  for (let attempt = 1; attempt <= 60; attempt += 1) {
    try {
      if (isComplete(distDir)) {
        const before = listFiles(distDir).join('\n');
        fs.rmSync(webDir, { recursive: true, force: true });
        fs.cpSync(distDir, webDir, { recursive: true });
        if (isComplete(webDir) && listFiles(distDir).join('\n') === before && listFiles(webDir).join('\n') === before) {
          return;
        }
      }
    } catch {
      // The build directory changed while it was read; try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no complete web build in ${distDir}; run npm run build`);
}

fs.rmSync(dataDir, { recursive: true, force: true });
await snapshotWebBuild();
const mailSink = await startMailSink({ file: mailFile });

const child = spawn(process.execPath, [...serverNodeFlags(), path.join(root, SERVER_MAIN)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    APP_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: 'e2e-only-session-secret-0123456789abcdef',
    SUPERADMIN_SETUP_KEY: 'e2e-setup-key-0123456789',
    LOG_LEVEL: 'warn',
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mailSink.port),
    SMTP_SECURE: 'false',
    // Cards go to the built-in test checkout, named on purpose (production refuses it otherwise).
    ALLOW_TEST_PAYMENTS: 'true',
    JOB_POLL_SECONDS: '0.5',
    // Replies by e-mail: chat mails carry a reply+<token>@ address of this domain, and journeys post the client's
    // answer to POST /api/inbound-email with this secret (e2e/support/mailbox.ts), as a provider's webhook would.
    // An unread message is mailed after 3 s instead of 10 minutes.
    INBOUND_EMAIL_DOMAIN: 'reply.e2e.test',
    INBOUND_EMAIL_SECRET: 'e2e-only-inbound-secret-0123456789',
    MESSAGE_EMAIL_DELAY_MINUTES: '0.05',
    // Recurring invoices are swept every 5 s instead of every minute once the first sweep has run.
    RECURRING_SWEEP_SECONDS: '5',
    // Every journey signs people up and in from this one address: the door limits are raised for the run
    // (apps/server/test/limits.int.test.ts checks the defaults).
    RATE_LIMIT_SIGNUP_PER_HOUR: '2000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '2000',
    RATE_LIMIT_INVITATIONS_PER_HOUR: '2000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '20000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code) => {
  mailSink.close();
  process.exit(code ?? 0);
});
