import type { FastifyInstance } from 'fastify';
import { type LocationList, locationInputSchema } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteLocation, listLocations, saveLocation } from '../../services/save-location.ts';
import { parseOrThrow } from '../public/email-codes.ts';
import { adminOf, idParam } from './index.ts';

const locationId = (params: unknown) =>
  idParam(params, () => new AppError('location_not_found', MSG.locationNotFound, 404));

/** The location screen (SPEC.md section 2). */
export default async function adminLocationRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;

  app.get(
    '/api/admin/locations',
    async (): Promise<LocationList> => ({ locations: await listLocations(db) }),
  );

  app.post('/api/admin/locations', async (req, reply) => {
    const input = parseOrThrow(locationInputSchema, req.body);
    return reply.code(201).send(await saveLocation(db, { input, actorUserId: adminOf(req).id }));
  });

  app.put('/api/admin/locations/:id', async (req) => {
    const id = locationId(req.params);
    const input = parseOrThrow(locationInputSchema, req.body);
    return saveLocation(db, { id, input, actorUserId: adminOf(req).id });
  });

  app.delete('/api/admin/locations/:id', async (req, reply) => {
    await deleteLocation(db, { id: locationId(req.params), actorUserId: adminOf(req).id });
    return reply.code(204).send();
  });
}
