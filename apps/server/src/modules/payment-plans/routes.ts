import { idParam, invoiceSchema, paymentPlanInput, paymentPlanSchema } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-docs.js';
import { access, requireActor } from '../../lib/route-guards.js';
import type { PaymentPlanService } from './service.js';

const tags = ['payment plans'];
const security = [{ bearer: [] }];
const planResponse = z.object({ plan: paymentPlanSchema });

export const paymentPlanRoutes: FastifyPluginAsyncZod<{ plans: PaymentPlanService }> = async (app, { plans }) => {
  app.get('/projects/:id/payment-plan', {
    onRequest: access('payment_plan:read'),
    schema: {
      tags,
      security,
      summary: "A project's payment plan: its stages, each one's amount and state (planned, invoiced, paid)",
      params: z.object({ id: idParam }),
      response: { 200: planResponse },
    },
    handler: async (request) => ({ plan: await plans.get(requireActor(request), request.params.id) }),
  });

  app.put('/projects/:id/payment-plan', {
    onRequest: access('payment_plan:manage'),
    schema: {
      tags,
      security,
      summary: 'Set the payment plan: stages as percentages of the accepted total or fixed amounts, adding up to 100 %',
      params: z.object({ id: idParam }),
      body: paymentPlanInput,
      response: { 200: planResponse },
    },
    handler: async (request) => ({ plan: await plans.put(requireActor(request), request.params.id, request.body) }),
  });

  app.post('/projects/:id/payment-plan/stages/:stage_id/release', {
    onRequest: access('payment_plan:manage'),
    schema: {
      tags,
      security,
      summary: 'Release a stage by hand: its milestone invoice is raised and sent (once; a stage invoiced already is 409)',
      params: z.object({ id: idParam, stage_id: idParam }),
      response: { 200: z.object({ invoice: invoiceSchema }), ...errorResponses(409, 422) },
    },
    handler: async (request) => ({ invoice: await plans.releaseByHand(requireActor(request), request.params.id, request.params.stage_id) }),
  });
};
