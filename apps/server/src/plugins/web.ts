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
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  let memo: { at: number; html: Buffer | null } = { at: 0, html: null };
  async function readIndex(): Promise<Buffer | null> {
    if (Date.now() - memo.at < 1000) return memo.html;
    const html = await fs.promises.readFile(indexFile).catch(() => null);
    memo = { at: Date.now(), html };
    return html;
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api' && !path.extname(pathname);
    if (wantsPage) {
      const html = await readIndex();
      if (!html) {
        return reply
          .code(503)
          .header('retry-after', '10')
          .send({ error: 'The web app is not built yet or is being rebuilt; try again in a moment', code: 'UNAVAILABLE' });
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.code(404).send({ error: `Route ${request.method} ${pathname} not found`, code: 'ROUTE_NOT_FOUND' });
  });
}
