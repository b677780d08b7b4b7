import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { renderCheckoutMissing } from './checkout-page.js';

const cardForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(20).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(200).default(''),
});
const HTML = { 200: z.any().meta({ type: 'string' }).describe('An HTML page') };

/** What a person typed on a local page, shown again with the reason a card was refused (never its security code). */
type Typed = { number: string; expiry: string; name: string };

/** One of the local provider's card pages (a checkout, a card set-up): the session it shows and what a card does. */
export type LocalPage<Model> = {
  /** Below /api, ending in `:session_id`. */
  path: string;
  tags: string[];
  /** The session id's form; an id of another form is answered 400 before anything is looked up. */
  params: z.ZodObject<{ session_id: z.ZodString }>;
  summaries: { page: string; submit: string; redirect: string };
  /** The session as the page shows it; throws NOT_FOUND for a session that does not exist. */
  load: (sessionId: string) => Promise<Model>;
  /** Checks the card and does what the page is for: `redirect` where the person goes on to, or why the card was refused. */
  submit: (sessionId: string, card: z.infer<typeof cardForm>) => Promise<{ ok: true; redirect: string } | { ok: false; error: string }>;
  render: (model: Model & { action: string; error?: string; values?: Typed }) => string;
};

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * The GET and POST of a local page: HTML of this server, a plain form without script, in a context of its own that
 * reads the form's body. A session that does not exist is the "page not found" page.
 */
export function localPageRoutes<Model>(page: LocalPage<Model>): FastifyPluginAsync {
  return async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const actionOf = (sessionId: string) => `/api${page.path.replace(':session_id', sessionId)}`;
    const showMissing = (err: unknown, reply: FastifyReply) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return sendHtml(reply, 404, renderCheckoutMissing());
      throw err;
    };

    routes.get(page.path, {
      schema: { tags: page.tags, summary: page.summaries.page, params: page.params, produces: ['text/html'], response: HTML },
      handler: async (request, reply) => {
        try {
          const model = await page.load(request.params.session_id);
          return sendHtml(reply, 200, page.render({ ...model, action: actionOf(request.params.session_id) }));
        } catch (err) {
          return showMissing(err, reply);
        }
      },
    });

    routes.post(page.path, {
      schema: {
        tags: page.tags,
        summary: page.summaries.submit,
        params: page.params,
        body: cardForm,
        consumes: ['application/x-www-form-urlencoded'],
        produces: ['text/html'],
        response: { ...HTML, 303: z.null().describe(page.summaries.redirect) },
      },
      handler: async (request, reply) => {
        try {
          const result = await page.submit(request.params.session_id, request.body);
          if (result.ok) return reply.code(303).header('location', result.redirect).send();
          const model = await page.load(request.params.session_id);
          const { number, expiry, name } = request.body;
          // The page again, saying why the card was refused: a page the person reads, answered 200 as a form shown
          // again is (a 4xx document is logged as a failed load by the browser, as if the page itself had broken).
          return sendHtml(
            reply,
            200,
            page.render({ ...model, action: actionOf(request.params.session_id), error: result.error, values: { number, expiry, name } }),
          );
        } catch (err) {
          return showMissing(err, reply);
        }
      },
    });
  };
}
