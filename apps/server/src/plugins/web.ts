import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app; any other GET or HEAD outside /api gets index.html so the client router can take it.
 * index.html is read from disk (memoised for a second), so a rebuild is picked up, and while it is missing (a
 * rebuild in progress, or no build at all) page requests get a clear 503 instead of an error.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (fs.existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/compress.mjs): sent to browsers that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  type Index = { html: Buffer; br: Buffer | null; gzip: Buffer | null };
  let memo: { at: number; index: Index | null } = { at: 0, index: null };
  async function readIndex(): Promise<Index | null> {
    if (Date.now() - memo.at < 1000) return memo.index;
    const read = (file: string) => fs.promises.readFile(file).catch(() => null);
    const [html, br, gzip] = await Promise.all([read(indexFile), read(`${indexFile}.br`), read(`${indexFile}.gz`)]);
    memo = { at: Date.now(), index: html ? { html, br, gzip } : null };
    return memo.index;
  }

  /** The smallest form of index.html the browser accepts. */
  function pick(index: Index, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
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
      const index = await readIndex();
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
