import { BRAND_LOGO_MAX_BYTES, brandResponse, updateBrandInput } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../core/errors.js';
import { assertDeclaredLength, streamUploads, withMultipart } from '../../integrations/uploads.js';
import { fileResponse } from '../../lib/api-docs.js';
import { doorLimit } from '../../lib/door-limit.js';
import { access, requireActor } from '../../lib/route-guards.js';
import type { BrandService } from './service.js';

const tags = ['brand'];
const security = [{ bearer: [] }];

/** An SVG logo is a picture, never a page: nothing in it may run, load or be framed. */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const brandRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; brand: BrandService }> = async (app, { ctx, brand }) => {
  app.get('/settings/brand', {
    onRequest: access('brand:manage'),
    schema: {
      tags,
      security,
      summary: 'The brand settings (empty where the environment default applies) and what applies now',
      response: { 200: brandResponse },
    },
    handler: async (request) => ({ brand: await brand.get(requireActor(request)) }),
  });

  app.patch('/settings/brand', {
    onRequest: access('brand:manage'),
    schema: {
      tags,
      security,
      summary: 'Change the brand; an empty field goes back to its default. A primary colour under 4.5:1 contrast with white text is refused',
      body: updateBrandInput,
      response: { 200: brandResponse },
    },
    handler: async (request) => ({ brand: await brand.update(requireActor(request), request.body) }),
  });

  await withMultipart(app, (uploads) => {
    uploads.put('/settings/brand/logo', {
      config: { rateLimit: { ...doorLimit(ctx.config.rateLimits.uploadsPerHour, 3_600_000), groupId: 'uploads' } },
      onRequest: access('brand:manage'),
      schema: {
        tags,
        security,
        summary: `Upload the logo (multipart, one SVG or PNG file of at most ${BRAND_LOGO_MAX_BYTES / 1024} KB); SVG with scripts is refused`,
        consumes: ['multipart/form-data'],
        response: { 200: brandResponse },
      },
      handler: async (request) => {
        const actor = requireActor(request);
        assertDeclaredLength(request, 1, BRAND_LOGO_MAX_BYTES);
        const upload = await streamUploads(request, ctx.storage, { maxFiles: 1, maxBytes: BRAND_LOGO_MAX_BYTES });
        return { brand: await brand.setLogo(actor, upload.files[0]!) };
      },
    });
  });

  app.delete('/settings/brand/logo', {
    onRequest: access('brand:manage'),
    schema: { tags, security, summary: 'Remove the logo: the default (the agency name alone) applies again', response: { 200: brandResponse } },
    handler: async (request) => ({ brand: await brand.removeLogo(requireActor(request)) }),
  });

  app.get('/brand/logo', {
    schema: {
      tags,
      summary: 'The agency’s logo for anyone (SVG or PNG), cacheable with an entity tag; 404 when none is set',
      querystring: z.object({ v: z.string().max(40).optional() }),
      produces: ['image/svg+xml', 'image/png'],
      response: { ...fileResponse, 304: z.null().describe('The copy the client holds (If-None-Match) is current') },
    },
    handler: async (request, reply) => {
      const logo = await brand.logo();
      if (!logo) throw new AppError('NOT_FOUND', 'No logo is set');
      reply
        .header('etag', logo.etag)
        .header('cache-control', 'public, max-age=300')
        .header('content-security-policy', LOGO_CSP)
        .header('content-disposition', 'inline');
      if (request.headers['if-none-match'] === logo.etag) {
        logo.stream.destroy();
        return reply.code(304).send(null);
      }
      return reply.header('content-type', logo.mime).send(logo.stream);
    },
  });
};
