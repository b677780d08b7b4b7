import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { isDatabaseUnavailable } from './core/unavailable.js';
import { openDatabase, type Database } from './db/client.js';
import { loadDemoData } from './demo.js';
import { safeErrorMessage } from './lib/log-safety.js';

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  let reportPoolError = (err: Error) => console.error(`database connection error: ${safeErrorMessage(err)}`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sharedBuffers: config.embeddedSharedBuffers,
    onPoolError: (err) => reportPoolError(err),
  });
  await migrateWhenReachable(database);
  const app = await buildApp(config, { database, deferJobs: true });
  reportPoolError = (err) => app.log.warn({ error: safeErrorMessage(err) }, 'database connection lost; reconnecting on the next query');
  app.addHook('onClose', async () => database.close());

  await app.ready();
  // The job queue warms up (its schema check, queues and workers) while the server starts answering: a job sent
  // meanwhile waits for it. While the database cannot be reached it tries again (a node outlives a database restart,
  // even one during its start); any other failure to start ends the process.
  const jobsStarted = app.ctx.jobs.start();
  jobsStarted.catch(() => undefined);
  if (process.argv.includes('--demo')) {
    const logins = await loadDemoData(app.ctx, app.services);
    console.log('\nDemo accounts (passwords are new on every demo start):');
    for (const login of logins) console.log(`  ${login.role.padEnd(11)} ${login.email.padEnd(32)} ${login.password}`);
    console.log('');
  }

  // Made before listening: whoever can reach the port first must find it already required.
  const setupToken = await app.services.auth.ownerSetupToken();
  const connections = trackConnections(app.server);
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ node: process.version }, `serving on Node ${process.version}`);
  // Replies by e-mail over SMTP, when INBOUND_SMTP_PORT is set; closed before the app on shutdown.
  const smtp =
    config.inbound.smtpPort === undefined
      ? null
      : await (await import('./modules/inbound-mail/smtp.js')).startInboundSmtp(app.ctx, app.services.inboundMail, config.inbound.smtpPort);
  if (smtp) app.log.info({ port: smtp.port }, 'inbound SMTP listener started');
  if (setupToken) {
    const link = `${config.appUrl}/protected/superadmin-signup?setup=${setupToken}`;
    console.log(
      `\nNo super admin yet. Create the owner account with this link (it works once; the token is also in ${config.dataDir}/owner-setup-token):\n  ${link}\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await drain(app.server, connections, () => {
      app.draining.active = true;
      // Event streams never go idle: end them now, and their browsers reconnect (to another node, if any).
      app.realtime.closeAll();
    });
    await smtp?.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await jobsStarted;
}

/** How long a draining node keeps idle keep-alive connections open for a last request. */
const DRAIN_GRACE_MS = 5000;

/**
 * Stops taking new connections but keeps the open ones: every answer from now on says `Connection: close`, so
 * a client that sends one more request on a kept-alive connection gets an answer and then lets go, instead of
 * finding its socket closed under it (a reset). Connections still idle after the grace period are closed.
 * Fastify's own close (afterwards) finds nothing left to cut off.
 */
async function drain(server: http.Server, connections: Set<net.Socket>, startDraining: () => void) {
  startDraining();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, DRAIN_GRACE_MS);
    // net.Server's close stops listening; http.Server's would also drop idle keep-alive connections at once.
    net.Server.prototype.close.call(server, () => {
      clearTimeout(timer);
      resolve();
    });
  });
  server.closeIdleConnections();
  // A connection that never sent a byte (a spare a browser, proxy or HTTP client opened ahead of need) counts as
  // busy to Node, which leaves it to the headers timeout: it would hold the shutdown up until the forced exit.
  for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
}

/** Every open connection of the server, so a draining node can find those that never sent a request. */
function trackConnections(server: http.Server): Set<net.Socket> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

/** A node may start while its database is still coming up (a cluster starting together): wait up to a minute. */
async function migrateWhenReachable(database: Database) {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return await database.migrate();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() > until) throw err;
      console.error(`database not reachable yet (${safeErrorMessage(err)}); retrying`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
