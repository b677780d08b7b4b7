import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../lib/route-guards.js';
import type { Realtime } from './service.js';

export const realtimeRoutes: FastifyPluginAsyncZod<{ realtime: Realtime }> = async (app, { realtime }) => {
  app.get('/events', {
    onRequest: access('session:own'),
    // Each event must leave at once, so the stream is never compressed (a compressor holds bytes back until its
    // buffer fills); @fastify/compress also leaves text/event-stream alone by default, and this says so here.
    compress: false,
    schema: {
      tags: ['realtime'],
      security: [{ bearer: [] }],
      summary:
        "The signed-in person's own events as Server-Sent Events (new messages, receipts, notifications, project status, contracts, invoices, board changes); once ready it names the id to resume from with Last-Event-ID, even before its first event",
      headers: z.object({
        'last-event-id': z
          .string()
          .regex(/^\d{1,15}$/, 'Last-Event-ID must be an event id')
          .optional(),
      }),
      produces: ['text/event-stream'],
      response: { 200: z.any().meta({ type: 'string' }).describe('An event stream: `id`, `event` (the event type) and `data` (JSON) per event') },
    },
    handler: async (request, reply) => {
      const actor = requireActor(request);
      const body = new PassThrough();
      const last = request.headers['last-event-id'];
      const closers: (() => void)[] = [];
      request.raw.on('close', () => {
        for (const close of closers) close();
        body.end();
      });
      await realtime.serve(actor, body, (close) => closers.push(close), typeof last === 'string' ? Number(last) : null);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  });
};
