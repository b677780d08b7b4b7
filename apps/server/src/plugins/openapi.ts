import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { errorResponses, operationIdFor, type Status } from '../lib/api-docs.js';

/**
 * Completes every API route's OpenAPI entry so nobody has to remember it: an operationId, an explicit empty
 * `security` for public routes, and the error answers that follow from the route's shape (400 with input,
 * 401/403 when signed in, 404 with an id in the path, 500 always).
 */
function completeRouteSchema(route: RouteOptions) {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.every((m) => m === 'HEAD')) return;
  const schema = (route.schema ??= {}) as Record<string, unknown> & { response?: Record<string, unknown>; security?: unknown[] };
  schema.operationId ??= operationIdFor(methods[0], route.url);
  schema.security ??= [];
  const statuses: Status[] = [];
  if (schema.body || schema.querystring || schema.params) statuses.push(400);
  if (schema.security.length > 0) statuses.push(401, 403);
  if (route.url.includes('/:')) statuses.push(404);
  // Signed-out calls are rate-limited as a whole, and some doors have a limit of their own (plugins/rate-limit.ts).
  if (schema.security.length === 0 || (route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
  statuses.push(500);
  schema.response = { ...errorResponses(...statuses), ...(schema.response ?? {}) };
}

export async function registerOpenApi(app: FastifyInstance, config: Config) {
  app.addHook('onRoute', completeRouteSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${config.brandName} API`,
        version: '1.0.0',
        description:
          'Every route of the agency platform. Errors are `{error, code}`; the codes are listed in the `Error` schema.\n\n' +
          '**Typed client (SDK)**: `packages/sdk` in the source is generated from [this document](/api/docs/json) ' +
          '(openapi-typescript types, openapi-fetch calls): `createAgencyClient({baseUrl, token})` with a personal API token. ' +
          "Its example `packages/sdk/examples/open-invoices.ts` lists a company's open invoices.",
        license: { name: 'All rights reserved', url: '/' },
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token from login or signup' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
