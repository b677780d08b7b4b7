import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@agency/schema';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { resolveSessionSecret, type Config } from './config.js';
import type { AppContext } from './context.js';
import { EventBus } from './core/events.js';
import { createTransact } from './core/transaction.js';
import { openDatabase, type Database } from './db/client.js';
import { createJobRunner } from './integrations/jobs.js';
import { createBrandStore } from './integrations/brand.js';
import { createMailer } from './integrations/mailer.js';
import { createPaymentProvider } from './integrations/payments.js';
import { createSealer } from './integrations/seal.js';
import { openStorage, type Storage } from './integrations/storage.js';
import { accountRoutes } from './modules/account/routes.js';
import { apiTokenRoutes } from './modules/api-tokens/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { registerAuthJobs } from './modules/auth/jobs.js';
import { authRoutes } from './modules/auth/routes.js';
import { brandRoutes } from './modules/brand/routes.js';
import { boardRoutes } from './modules/board/routes.js';
import { companyRoutes } from './modules/companies/routes.js';
import { documentLinkRoutes } from './modules/document-links/routes.js';
import { inboundMailRoutes } from './modules/inbound-mail/routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { messagingRoutes } from './modules/messaging/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { toolRoutes } from './modules/tools/routes.js';
import { trainingRoutes } from './modules/training/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerInputHygiene } from './plugins/input-hygiene.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { watchRequestDeadlines } from './plugins/request-deadline.js';
import { API_SECURITY_HEADERS, clientErrorHandler, registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web.js';
import { redactUrl, safeErrorMessage, serializeError } from './lib/log-safety.js';
import { TtlCache } from './lib/ttl-cache.js';
import { registerMailJobs } from './modules/mail/jobs.js';
import { registerInvoiceJobs } from './modules/invoices/jobs.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { registerAutopayJobs } from './modules/payment-methods/jobs.js';
import { paymentMethodRoutes } from './modules/payment-methods/routes.js';
import { statementRoutes } from './modules/statements/routes.js';
import { registerMessageJobs } from './modules/messaging/jobs.js';
import { createBroadcast } from './integrations/broadcast.js';
import { createRealtime, type Realtime } from './modules/realtime/service.js';
import { realtimeRoutes } from './modules/realtime/routes.js';
import { registerStorageJobs } from './modules/storage/jobs.js';
import { registerHousekeepingJobs } from './modules/system/jobs.js';
import { registerContractJobs } from './modules/contracts/jobs.js';
import { contractRoutes } from './modules/contracts/routes.js';
import { registerTimeJobs } from './modules/time/jobs.js';
import { timeRoutes } from './modules/time/routes.js';
import { paymentPlanRoutes } from './modules/payment-plans/routes.js';
import { registerProposalJobs } from './modules/proposals/jobs.js';
import { proposalRoutes } from './modules/proposals/routes.js';
import { registerRecurringJobs } from './modules/recurring-invoices/jobs.js';
import { recurringInvoiceRoutes } from './modules/recurring-invoices/routes.js';
import { ensureDefaultTemplates } from './modules/contracts/template-service.js';
import { registerWebhookJobs } from './modules/webhooks/jobs.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { createServices, type Services } from './services.js';

const SESSION_CACHE_TTL_MS = 1000;

export type BuildOptions = {
  /** A storage to use instead of the configured one (tests run the same suite on both drivers). */
  storage?: Storage;
  /** Where the log goes (tests capture it); standard output when absent. */
  logStream?: { write(line: string): void };
  /** An opened and migrated database; when absent the app opens (and later closes) its own. */
  database?: Database;
  now?: () => Date;
  /**
   * The caller starts the job runner (`app.ctx.jobs.start()`) itself: main.ts does so as the server starts
   * listening, so the first requests are answered while the queue warms up. By default it starts with `ready`.
   */
  deferJobs?: boolean;
  /** Adds the default contract templates a database lacks (default); off for the build's snapshot (prepare-snapshot.ts). */
  defaultTemplates?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    services: Services;
    /** Set when shutdown begins: responses then close their connection so keep-alive clients let go. */
    draining: { active: boolean };
    /** Open event streams; shutdown ends them so their browsers reconnect elsewhere. */
    realtime: Realtime;
  }
}

/**
 * Fastify's own hop count trusts no hop (it cannot tell a proxy from a client that connects directly), so a hop
 * count is a function here: the first `hops` addresses from the socket inwards are proxies, and the address before
 * them is the client's. A client that reaches the port directly could claim an address this way: with a hop count
 * the port must be reachable only through the proxies (README, "Behind a proxy"); a list of addresses has no such
 * condition.
 */
function proxyTrust(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Past the longest a request may take to arrive: the largest body (ten files as data URLs) at the slowest rate allowed. */
function backstopRequestTimeoutMs(config: Config): number {
  const largestBody = 2 * MAX_ATTACHMENTS_PER_MESSAGE * MAX_ATTACHMENT_BYTES;
  return config.requestTimeoutMs + Math.ceil((largestBody / config.uploadMinBytesPerSecond) * 1000);
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Bearer tokens wherever a library logs request headers (the multipart parser does, at trace level).
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
      ],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(String(req.url)), remoteAddress: req.ip }),
        err: serializeError,
      },
    },
    // With logging off, a request's logger is the app's own: a child per request (its bindings, serializers and
    // redaction set up anew) would be made for every request and never write a line.
    childLoggerFactory: (logger, bindings, opts) => (logger.level === 'silent' ? logger : logger.child(bindings, opts)),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // A connection that sends nothing for this long is closed (a half-sent body included). Each request has its
    // own deadline to arrive (watchRequestDeadlines below); Node's server-wide one is only a backstop behind it.
    connectionTimeout: config.requestIdleTimeoutMs,
    requestTimeout: backstopRequestTimeoutMs(config),
    // Node checks the headers deadline (REQUEST_TIMEOUT_SECONDS, set by watchRequestDeadlines) only this often; at
    // its default of 30 s, headers trickling in a line at a time held their connection for up to a minute.
    http: { connectionsCheckingInterval: 1000 },
    // Shutdown closes idle keep-alive connections itself, after a grace period (main.ts), never mid-request.
    forceCloseConnections: false,
    clientErrorHandler,
    // A path the router refuses (a parameter over its length limit, a bad %-escape) never reaches the hooks.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body = tooLong ? { error: 'The address is too long', code: 'URI_TOO_LONG' } : { error: 'The address is not valid', code: 'BAD_REQUEST' };
      (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .headers(API_SECURITY_HEADERS)
        .send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  watchRequestDeadlines(app.server, { baseMs: config.requestTimeoutMs, minBytesPerSecond: config.uploadMinBytesPerSecond });

  // A configured seal certificate that cannot be opened stops the start, before anything else is opened.
  const sealer = createSealer({ ...config.seal, dataDir: config.dataDir, organisation: config.brandName, log: app.log });
  if (config.seal.p12Path) sealer.check();
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemoryDb,
      sharedBuffers: config.embeddedSharedBuffers,
      onPoolError: (err) => app.log.warn({ error: safeErrorMessage(err) }, 'database connection lost; reconnecting on the next query'),
    }));
  if (ownsDatabase) await database.migrate();
  const now = options.now ?? (() => new Date());
  const events = new EventBus((err, event) => app.log.error({ err, event: event.type }, 'event subscriber failed'));
  const signingKey = resolveSessionSecret(config);
  const storage = options.storage ?? (await openStorage(config));
  const brand = createBrandStore(config, database.db);
  await brand.load();
  const ctx: AppContext = {
    config,
    log: app.log,
    signingKey,
    database,
    db: database.db,
    events,
    transaction: createTransact(database.db, events),
    jobs: createJobRunner({ database, log: app.log, pollIntervalSeconds: config.jobPollSeconds }),
    mailer: createMailer(config, database.db, storage, app.log, undefined, brand),
    brand,
    payments: createPaymentProvider(config, signingKey, now),
    storage,
    sealer,
    now,
    // Cache lifetimes run on the real clock; session expiry itself is checked with the app's clock.
    sessionCache: new TtlCache(SESSION_CACHE_TTL_MS, 50_000),
  };
  const services = createServices(ctx);
  const broadcast = createBroadcast({ databaseUrl: database.kind === 'postgres' ? database.url : undefined, log: app.log });
  const realtime = createRealtime(ctx, broadcast);
  app.decorate('realtime', realtime);
  app.addHook('onReady', async () => broadcast.start());
  app.addHook('onClose', async () => {
    realtime.closeAll();
    await broadcast.stop();
  });
  registerMailJobs(ctx);
  registerInvoiceJobs(ctx, services.invoices);
  registerMessageJobs(ctx);
  registerAuthJobs(ctx, services.auth);
  registerStorageJobs(ctx, services.storage);
  registerHousekeepingJobs(ctx);
  registerContractJobs(ctx, services.contracts);
  registerTimeJobs(ctx, services.time);
  registerWebhookJobs(ctx, services.webhooks);
  registerProposalJobs(ctx, services.proposals);
  registerRecurringJobs(ctx, services.recurringInvoices, services.paymentPlans);
  registerAutopayJobs(ctx, services.paymentMethods);
  if (options.defaultTemplates !== false) await ensureDefaultTemplates(ctx.db, now());
  app.decorate('ctx', ctx);
  app.decorate('services', services);
  // Jobs start once the app is ready (or when the caller says) and stop before the database closes (hooks run in order).
  if (!options.deferJobs) app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('onClose', async () => ctx.jobs.stop());
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  app.decorate('draining', { active: false });

  registerErrorHandler(app);
  registerInputHygiene(app);
  registerSecurityHeaders(app, () => app.draining.active);
  await registerOpenApi(app, config);
  await app.register(authPlugin, { ctx });
  await registerRateLimits(app, ctx);
  await registerMetrics(app, ctx, { openStreams: () => realtime.openStreams() });

  await app.register(
    async (api) => {
      // Request bodies are never compressed by the product's clients: no route reads one (one hook less per request,
      // and no inflating of what a stranger sends).
      api.addHook('onRoute', (route) => {
        route.decompress = false;
      });
      // The API's answers over 1 KB go out compressed to clients that accept it: Brotli at a quality cheap enough
      // for each request, or gzip. Only here: the built web app's files are compressed at build time. The event
      // stream is left alone (a compressor would hold its events back).
      await api.register(compress, {
        global: true,
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      await api.register(systemRoutes, { ctx, auth: services.auth, eventsHeard: () => broadcast.listening() });
      await api.register(authRoutes, { ctx, auth: services.auth });
      await api.register(accountRoutes, { ctx, account: services.account });
      await api.register(auditRoutes, { audit: services.audit });
      await api.register(invitationRoutes, { ctx, invitations: services.invitations });
      await api.register(companyRoutes, { ctx, companies: services.companies });
      await api.register(userRoutes, { users: services.users });
      await api.register(notificationRoutes, { notifications: services.notifications });
      await api.register(projectRoutes, { ctx, projects: services.projects, auth: services.auth, storage: services.storage });
      await api.register(toolRoutes, { tools: services.tools });
      await api.register(messagingRoutes, { ctx, messaging: services.messaging, auth: services.auth, storage: services.storage });
      await api.register(boardRoutes, { ctx, board: services.board, auth: services.auth, storage: services.storage });
      await api.register(trainingRoutes, { ctx, training: services.training, auth: services.auth, storage: services.storage });
      await api.register(invoiceRoutes, { ctx, invoices: services.invoices });
      await api.register(paymentRoutes, { ctx, payments: services.payments });
      await api.register(realtimeRoutes, { realtime });
      await api.register(contractRoutes, { contracts: services.contracts });
      await api.register(timeRoutes, { ctx, time: services.time, auth: services.auth, storage: services.storage });
      await api.register(apiTokenRoutes, { apiTokens: services.apiTokens });
      await api.register(webhookRoutes, { webhooks: services.webhooks });
      await api.register(proposalRoutes, { proposals: services.proposals });
      await api.register(recurringInvoiceRoutes, { recurring: services.recurringInvoices });
      await api.register(paymentPlanRoutes, { plans: services.paymentPlans });
      await api.register(searchRoutes, { search: services.search });
      await api.register(inboundMailRoutes, { ctx, inbound: services.inboundMail });
      await api.register(documentLinkRoutes, { ctx, links: services.documentLinks });
      await api.register(paymentMethodRoutes, { cards: services.paymentMethods });
      await api.register(statementRoutes, { statements: services.statements });
      await api.register(brandRoutes, { ctx, brand: services.brand });
    },
    { prefix: '/api' },
  );

  const webDist = config.webDistDir ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  await registerWebApp(app, webDist);
  return app;
}
