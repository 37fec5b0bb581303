import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';

const OUTBOX_LIMIT = 100;

const querySchema = z.object({ to: z.string().trim().max(320).optional() });

/**
 * Lists recorded mail so a person running the demo, and the end-to-end tests, read one-time
 * codes the way a passenger would. It exposes every mail's text, so it is registered only
 * outside production.
 */
export default async function devOutboxRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/dev/outbox', async (request, reply) => {
    const parsed = querySchema.safeParse(request.query);
    if (!parsed.success) throw new AppError('invalid_query', 'to must be an e-mail address', 400);
    const to = parsed.data.to;
    const rows = await db
      .select({
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(to ? eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.seq))
      .limit(OUTBOX_LIMIT);
    reply.header('cache-control', 'no-store');
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  });
}
