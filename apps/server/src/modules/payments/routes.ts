import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../core/errors.js';
import { errorResponses } from '../../lib/api-docs.js';
import { doorLimit } from '../../lib/door-limit.js';
import type { PaymentService } from './service.js';
import { renderCheckoutMissing, renderCheckoutPage } from './checkout-page.js';

const tags = ['payments'];
const sessionParams = z.object({ session_id: z.string().regex(/^cs_local_[A-Za-z0-9_-]{10,60}$/, 'Checkout page not found') });
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
  await app.register(async (checkout) => {
    checkout.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const routes = checkout.withTypeProvider<ZodTypeProvider>();

    const showMissing = (err: unknown, reply: FastifyReply) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return sendHtml(reply, 404, renderCheckoutMissing());
      throw err;
    };
    const actionOf = (sessionId: string) => `/api/payments/local/checkout/${sessionId}`;

    routes.get('/payments/local/checkout/:session_id', {
      schema: {
        tags,
        summary: "The local provider's test checkout page (PAYMENT_PROVIDER=local)",
        params: sessionParams,
        produces: ['text/html'],
        response: HTML,
      },
      handler: async (request, reply) => {
        try {
          const model = await payments.localCheckout(request.params.session_id);
          return sendHtml(reply, 200, renderCheckoutPage({ ...model, action: actionOf(request.params.session_id) }));
        } catch (err) {
          return showMissing(err, reply);
        }
      },
    });

    routes.post('/payments/local/checkout/:session_id', {
      schema: {
        tags,
        summary: 'Pay on the test checkout with a test card; a good card delivers a signed event to fulfilment, then redirects to the success page',
        params: sessionParams,
        body: cardForm,
        consumes: ['application/x-www-form-urlencoded'],
        produces: ['text/html'],
        response: {
          ...HTML,
          303: z.null().describe('To the success page'),
        },
      },
      handler: async (request, reply) => {
        try {
          const result = await payments.payLocalCheckout(request.params.session_id, request.body);
          if (result.ok) return reply.code(303).header('location', result.redirect).send();
          const model = await payments.localCheckout(request.params.session_id);
          const { number, expiry, name } = request.body;
          // The page again, saying why the card was declined: a page the person reads, answered 200 as a form shown
          // again is (a 4xx document is logged as a failed load by the browser, as if the page itself had broken).
          return sendHtml(
            reply,
            200,
            renderCheckoutPage({ ...model, action: actionOf(request.params.session_id), error: result.error, values: { number, expiry, name } }),
          );
        } catch (err) {
          return showMissing(err, reply);
        }
      },
    });
  });
};
