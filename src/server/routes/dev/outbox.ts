import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WriteLaterMail } from '#server/lib/mailer.ts';
import { type ExpireStaffLinksOptions, expireStaffLinks } from '#server/services/expire-staff-links.ts';
import { listOutboxMail } from '#server/services/list-outbox-mail.ts';
import { outboxMailSchema, outboxQuerySchema } from '#shared/schemas.ts';

const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function fromThisMachine(req: FastifyRequest): boolean {
  return isLoopback(req.socket.remoteAddress) && PROXY_HEADERS.every((h) => req.headers[h] === undefined);
}

/**
 * Lists recorded mail so a person running the demo, and the end-to-end tests, read one-time
 * codes the way a passenger would. It exposes every mail's text, so it is registered only
 * outside production, where mail is logged instead of sent, and answers only this machine.
 */
export default async function devOutboxRoutes(
  fastify: FastifyInstance,
  opts: { db: ExpireStaffLinksOptions['db']; writeLater?: WriteLaterMail },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  // Only a person at this machine: the socket's own address, not req.ip, which TRUST_PROXY lets a
  // forwarded header decide. A staging server behind a reverse proxy sees every visitor come from
  // the proxy's loopback address, so anything that came through a proxy is turned away too.
  app.addHook('onRequest', async (req, reply) => {
    if (!fromThisMachine(req)) return reply.callNotFound();
  });

  app.get(
    '/dev/outbox',
    { schema: { querystring: outboxQuerySchema, response: { 200: outboxMailSchema.array() } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOutboxMail({ db, to: request.query.to, writeLater: opts.writeLater });
    },
  );

  // Lets the browser tests see an expired invitation without waiting 72 hours: the open links of
  // an e-mail expire now, as time would have them.
  app.post(
    '/dev/staff-links/expire',
    {
      schema: { body: z.object({ email: z.string() }), response: { 200: z.object({ expired: z.number() }) } },
    },
    async (request) => ({ expired: await expireStaffLinks({ db, email: request.body.email }) }),
  );
}
