import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** A path's segments as the router compares them: without empty segments, lower case (its matching ignores case). */
function segmentsOf(pathname: string): string[] {
  return pathname.toLowerCase().split('/').filter(Boolean);
}

const isParam = (segment: string) => segment.startsWith(':');

/**
 * Serves the built web app; any other GET or HEAD outside /api gets index.html so the client router can take it
 * (the copy of index.html that preloads the chunks of the route the path matches, when the build made one).
 * index.html is read from disk (memoised for a second), so a rebuild is picked up, and while it is missing (a
 * rebuild in progress, or no build at all) page requests get a clear 503 instead of an error.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const routesFile = path.join(distDir, 'route-pages.json');
  if (fs.existsSync(distDir)) {
    // The build writes .br and .gz copies (apps/web/scripts/compress.mjs): sent to browsers that accept them.
    const shared = { index: false as const, preCompressed: true };
    // The hashed chunks (several hundred files with their compressed copies): one route under /assets/ that looks
    // each file up on disk when asked for. Registering a route per file was a measurable share of each start, and
    // a chunk the build adds later is served without a restart. Only under /assets/: a catch-all at the root
    // would also catch API paths the router refuses (a parameter over its length limit must stay a 414).
    if (fs.existsSync(path.join(distDir, 'assets'))) {
      await app.register(fastifyStatic, {
        ...shared,
        root: path.join(distDir, 'assets'),
        prefix: '/assets/',
        wildcard: true,
        setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
      });
    }
    // The few files at the top of the build (the icons, the route table), one route each. The pages are sent by
    // the not-found handler below.
    await app.register(fastifyStatic, {
      ...shared,
      root: distDir,
      wildcard: false,
      globIgnore: ['assets/**', 'pages/**'],
      decorateReply: false,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=3600'),
    });
  }

  type Page = { html: Buffer; br: Buffer | null; gzip: Buffer | null };
  const memo = new Map<string, { at: number; page: Page | null }>();
  /** A page of the build and its compressed copies, read from disk and memoised for a second. */
  async function readPage(file: string): Promise<Page | null> {
    const known = memo.get(file);
    if (known && Date.now() - known.at < 1000) return known.page;
    const read = (name: string) => fs.promises.readFile(name).catch(() => null);
    const [html, br, gzip] = await Promise.all([read(file), read(`${file}.br`), read(`${file}.gz`)]);
    const page = html ? { html, br, gzip } : null;
    memo.set(file, { at: Date.now(), page });
    return page;
  }

  // The build writes, for each route, a copy of index.html that preloads the route's chunks
  // (apps/web/scripts/route-pages.mjs) and lists them in route-pages.json.
  type RoutePage = { segments: string[]; file: string };
  let routesMemo: { at: number; routes: RoutePage[] } = { at: 0, routes: [] };
  async function routePages(): Promise<RoutePage[]> {
    if (Date.now() - routesMemo.at < 1000) return routesMemo.routes;
    let routes: RoutePage[] = [];
    try {
      const table = JSON.parse(await fs.promises.readFile(routesFile, 'utf8')) as { routes: { path: string; page: string }[] };
      routes = table.routes.map((route) => ({ segments: segmentsOf(route.path), file: path.join(distDir, route.page) }));
      // Fixed segments before parameters, as the web app's router ranks them.
      routes.sort((a, b) => Number(a.segments.some(isParam)) - Number(b.segments.some(isParam)));
    } catch {
      // No table (an older or a partial build): every page gets index.html.
    }
    routesMemo = { at: Date.now(), routes };
    return routes;
  }

  /** The page for a path: the copy of its route when one matches, index.html otherwise. */
  async function pageFor(pathname: string): Promise<Page | null> {
    const segments = segmentsOf(pathname);
    const route = (await routePages()).find(
      (candidate) => candidate.segments.length === segments.length && candidate.segments.every((s, i) => isParam(s) || s === segments[i]),
    );
    return (route && (await readPage(route.file))) || readPage(indexFile);
  }

  /** The smallest form of index.html the browser accepts. */
  function pick(index: Page, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
    const accepted = new Set(
      (acceptEncoding ?? '')
        .split(',')
        .map((part) => part.trim().split(';'))
        .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
        .map(([name]) => name.trim().toLowerCase()),
    );
    const accepts = (name: string) => accepted.has(name);
    if (index.br && accepts('br')) return { body: index.br, encoding: 'br' };
    if (index.gzip && accepts('gzip')) return { body: index.gzip, encoding: 'gzip' };
    return { body: index.html };
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api' && !path.extname(pathname);
    if (wantsPage) {
      const index = await pageFor(pathname);
      if (!index) {
        return reply
          .code(503)
          .header('retry-after', '10')
          .send({ error: 'The web app is not built yet or is being rebuilt; try again in a moment', code: 'UNAVAILABLE' });
      }
      const { body, encoding } = pick(index, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8').send(body);
    }
    return reply.code(404).send({ error: `Route ${request.method} ${pathname} not found`, code: 'ROUTE_NOT_FOUND' });
  });
}
