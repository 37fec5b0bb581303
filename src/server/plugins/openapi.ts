import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

const OPENAPI_PATH = '/api/openapi.json';

/**
 * GET /api/openapi.json: the HTTP API as OpenAPI 3.1, generated from the zod schemas the routes
 * declare (docs/decisions/014-one-validation-path.md), so the document is the contract the
 * server validates requests with. Registered before the routes, whose schemas it collects.
 */
async function openapi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Island ferry booking API',
        description:
          'The HTTP API described in docs/architecture.md. Errors: {"error": {"code", "message", "fields"?}}.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  app.after(() => {
    app.get(
      OPENAPI_PATH,
      {
        schema: {
          response: { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
        },
      },
      async (_req, reply) => {
        reply.header('Cache-Control', 'no-cache');
        return app.swagger();
      },
    );
  });
}

export default fp(openapi, { name: 'openapi' });
