import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';

/**
 * The one validation path (docs/decisions/014-one-validation-path.md): every route declares
 * `schema: {params, querystring, headers, body, response}` with the shared zod schemas. A
 * request part that fails its schema throws the ZodError itself, which the error handler maps
 * (lib/errors.ts invalidRequest) exactly as it maps a multipart field parsed in a handler.
 * Responses are written as they are: the response schemas document the API (GET
 * /api/openapi.json) and are enforced by the tests (plugins/response-check.ts), so a request
 * pays no second pass over its answer.
 */
async function validation(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

export default fp(validation, { name: 'validation' });
