import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendCsv } from '#server/lib/csv.ts';
import { exportFinalManifest } from '#server/services/export-final-manifest.ts';
import { tripIdParamsSchema } from '#shared/admin-api.ts';

/** The final manifest's CSV, as Ticketing and boarding both offer it, each behind its own guard. */
export const finalManifestSchema = {
  params: tripIdParamsSchema,
  produces: ['text/csv'],
  response: { 200: z.string().describe('The final manifest, CSV') },
};

/** Sends a departure's final manifest (export-final-manifest.ts) as a CSV download. */
export async function sendFinalManifest(req: FastifyRequest, reply: FastifyReply, scheduleId: string) {
  const { database, clock, config } = req.server.deps;
  return sendCsv(
    reply,
    await exportFinalManifest({ db: database.db, scheduleId, tz: config.tzOperator, now: clock.now() }),
  );
}
