import { searchAnswerSchema, searchQuery } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../lib/route-guards.js';
import type { SearchService } from './service.js';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get('/search', {
    onRequest: access('search:use'),
    schema: {
      tags: ['search'],
      security: [{ bearer: [] }],
      summary:
        "Full-text search over what the caller may see: projects, companies, people, proposals, contracts, invoices (by number), cards and messages, best first. Matched words in title and snippet are wrapped in U+E000 and U+E001; conversation_id searches one conversation's messages",
      querystring: searchQuery,
      response: { 200: searchAnswerSchema },
    },
    handler: async (request) => search.search(requireActor(request), request.query),
  });
};
