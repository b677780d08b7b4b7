import { idParam, paymentMethodListQuery, paymentMethodListSchema, paymentMethodSchema } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-docs.js';
import { access, requireActor } from '../../lib/route-guards.js';
import { localPageRoutes } from '../payments/local-page-routes.js';
import type { PaymentMethodService } from './service.js';
import { renderSetupPage } from './setup-page.js';

const tags = ['payment-methods'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });

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
  await app.register(
    localPageRoutes({
      path: '/payments/local/setup/:session_id',
      tags,
      params: z.object({ session_id: z.string().regex(/^cs_local_setup_[A-Za-z0-9_-]{10,60}$/, 'Page not found') }),
      summaries: {
        page: "The local provider's page that saves a test card (PAYMENT_PROVIDER=local)",
        submit: 'Save a test card: brand, last four and expiry are kept, then back to the billing page',
        redirect: 'To the billing page',
      },
      load: (sessionId) => cards.localSetup(sessionId),
      submit: (sessionId, card) => cards.saveLocalCard(sessionId, card),
      render: renderSetupPage,
    }),
  );
};
