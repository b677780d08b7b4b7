import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../core/errors.js';
import { errorResponses } from '../../lib/api-docs.js';
import { doorLimit } from '../../lib/door-limit.js';
import type { PaymentService } from './service.js';
import { renderCheckoutPage } from './checkout-page.js';
import { localPageRoutes } from './local-page-routes.js';

const tags = ['payments'];

export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; payments: PaymentService }> = async (app, { ctx, payments }) => {
  // In a context of its own: the signature is computed over the exact bytes sent, so the body is kept raw.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    webhook.withTypeProvider<ZodTypeProvider>().post('/payments/stripe/webhook', {
      config: { rateLimit: { ...doorLimit(ctx.config.payments.webhooksPerMinute, 60_000, 'ip'), groupId: 'payment-webhooks' } },
      schema: {
        tags,
        summary:
          "Stripe's webhook: the Stripe-Signature header is verified over the raw body (300 s tolerance), then the event is fulfilled once by its id",
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        response: {
          200: z.object({ received: z.literal(true), event_id: z.string(), outcome: z.string() }),
          ...errorResponses(404, 415),
        },
      },
      handler: async (request) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The webhook body must be the JSON Stripe sent');
        const result = await payments.receive('stripe', raw, request.headers['stripe-signature']);
        return { received: true as const, ...result };
      },
    });
  });

  // The local provider's hosted test checkout: HTML pages of this server, a plain form without script.
  await app.register(
    localPageRoutes({
      path: '/payments/local/checkout/:session_id',
      tags,
      params: z.object({ session_id: z.string().regex(/^cs_local_[A-Za-z0-9_-]{10,60}$/, 'Checkout page not found') }),
      summaries: {
        page: "The local provider's test checkout page (PAYMENT_PROVIDER=local)",
        submit: 'Pay on the test checkout with a test card; a good card delivers a signed event to fulfilment, then redirects to the success page',
        redirect: 'To the success page',
      },
      load: (sessionId) => payments.localCheckout(sessionId),
      submit: (sessionId, card) => payments.payLocalCheckout(sessionId, card),
      render: renderCheckoutPage,
    }),
  );
};
