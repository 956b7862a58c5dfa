import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PATH = '/api/docs';

/**
 * OpenAPI generated from the routes' zod schemas (registered before the routes, which it collects as
 * they are added), browsable at /api/docs and as JSON at /api/docs/json.
 */
export const apiDocs = fp(
  async function apiDocs(app: FastifyInstance, options: { publicUrl: string }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Skillroute API',
          description: 'Every error answers with { message, errors: [{ message, field? }] }.',
          version: '0.0.0',
        },
        servers: [{ url: options.publicUrl }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      // Swagger UI's own page has inline scripts and styles: it sends its own CSP with their hashes,
      // minus the HTTPS upgrade, which would break a plain-HTTP install on a LAN address.
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  },
  { name: 'api-docs' },
);
