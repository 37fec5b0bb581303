import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '#server/db/client.ts';
import { listOutboxMail } from '#server/services/list-outbox-mail.ts';
import { outboxMailSchema, outboxQuerySchema } from '#shared/schemas.ts';

/**
 * Lists recorded mail so a person running the demo, and the end-to-end tests, read one-time
 * codes the way a passenger would. It exposes every mail's text, so it is registered only
 * outside production.
 */
export default async function devOutboxRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/dev/outbox',
    { schema: { querystring: outboxQuerySchema, response: { 200: outboxMailSchema.array() } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOutboxMail({ db, to: request.query.to });
    },
  );
}
