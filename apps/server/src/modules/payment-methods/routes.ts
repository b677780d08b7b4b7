import { idParam, paymentMethodListQuery, paymentMethodListSchema, paymentMethodSchema } from '@agency/schema';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { errorResponses } from '../../lib/api-docs.js';
import { access, requireActor } from '../../lib/route-guards.js';
import { renderCheckoutMissing } from '../payments/checkout-page.js';
import type { PaymentMethodService } from './service.js';
import { renderSetupPage } from './setup-page.js';

const tags = ['payment-methods'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const sessionParams = z.object({ session_id: z.string().regex(/^cs_local_setup_[A-Za-z0-9_-]{10,60}$/, 'Page not found') });
const cardForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(20).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(200).default(''),
});
const HTML = { 200: z.any().meta({ type: 'string' }).describe('An HTML page') };

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

export const paymentMethodRoutes: FastifyPluginAsyncZod<{ cards: PaymentMethodService }> = async (app, { cards }) => {
  app.get('/payment-methods', {
    onRequest: access('payment_method:read'),
    schema: {
      tags,
      security,
      summary:
        "A company's saved cards (brand, last four, expiry; never a number) and whether autopay is paused: a client's own company, or the one staff name",
      querystring: paymentMethodListQuery,
      response: { 200: paymentMethodListSchema },
    },
    handler: async (request) => cards.list(requireActor(request), request.query),
  });

  app.post('/payment-methods/setup', {
    onRequest: access('payment_method:manage'),
    schema: {
      tags,
      security,
      summary: "The provider's page that saves a card for the caller's company (Stripe Checkout in setup mode, a Customer per company)",
      response: { 200: z.object({ url: z.string() }), ...errorResponses(502) },
    },
    handler: async (request) => cards.setup(requireActor(request)),
  });

  app.post('/payment-methods/:id/default', {
    onRequest: access('payment_method:manage'),
    schema: {
      tags,
      security,
      summary: 'Use this card for autopay',
      params: idParams,
      response: { 200: z.object({ payment_method: paymentMethodSchema }) },
    },
    handler: async (request) => cards.setDefault(requireActor(request), Number(request.params.id)),
  });

  app.delete('/payment-methods/:id', {
    onRequest: access('payment_method:manage'),
    schema: {
      tags,
      security,
      summary: 'Remove a saved card (here and at the provider); the newest other card becomes the default',
      params: idParams,
      response: { 204: z.null().describe('Removed'), ...errorResponses(502) },
    },
    handler: async (request, reply) => {
      await cards.remove(requireActor(request), Number(request.params.id));
      return reply.code(204).send(null);
    },
  });

  // The local provider's page that saves a card: HTML of this server, a plain form without script.
  await app.register(async (setup) => {
    setup.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const routes = setup.withTypeProvider<ZodTypeProvider>();
    const actionOf = (sessionId: string) => `/api/payments/local/setup/${sessionId}`;
    const showMissing = (err: unknown, reply: FastifyReply) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return sendHtml(reply, 404, renderCheckoutMissing());
      throw err;
    };

    routes.get('/payments/local/setup/:session_id', {
      schema: {
        tags,
        summary: "The local provider's page that saves a test card (PAYMENT_PROVIDER=local)",
        params: sessionParams,
        produces: ['text/html'],
        response: HTML,
      },
      handler: async (request, reply) => {
        try {
          const model = await cards.localSetup(request.params.session_id);
          return sendHtml(reply, 200, renderSetupPage({ ...model, action: actionOf(request.params.session_id) }));
        } catch (err) {
          return showMissing(err, reply);
        }
      },
    });

    routes.post('/payments/local/setup/:session_id', {
      schema: {
        tags,
        summary: 'Save a test card: brand, last four and expiry are kept, then back to the billing page',
        params: sessionParams,
        body: cardForm,
        consumes: ['application/x-www-form-urlencoded'],
        produces: ['text/html'],
        response: { ...HTML, 303: z.null().describe('To the billing page') },
      },
      handler: async (request, reply) => {
        try {
          const result = await cards.saveLocalCard(request.params.session_id, request.body);
          if (result.ok) return reply.code(303).header('location', result.redirect).send();
          const model = await cards.localSetup(request.params.session_id);
          const { number, expiry, name } = request.body;
          return sendHtml(
            reply,
            200,
            renderSetupPage({ ...model, action: actionOf(request.params.session_id), error: result.error, values: { number, expiry, name } }),
          );
        } catch (err) {
          return showMissing(err, reply);
        }
      },
    });
  });
};
