import type { FastifyInstance } from 'fastify';
import { MSG } from '#shared/messages.ts';
import { errorBody, notFound } from '../../lib/errors.ts';
import { isValidKey, type Storage } from '../../lib/storage.ts';

/** Public uploads (banners, launch images, branding). Payment slips are private and never served here. */
export default async function fileRoutes(app: FastifyInstance, opts: { storage: Storage }): Promise<void> {
  app.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const key = request.params['*'];
    // An invalid key is answered like a missing one: no hint about what the store holds.
    const object = isValidKey(key) ? await opts.storage.get(key, 'public') : null;
    if (!object) return reply.code(404).send(errorBody(notFound(MSG.notFound)));
    return (
      reply
        .header('Content-Type', object.contentType)
        // Keys are unique per upload (a new upload gets a new key), so the bytes never change.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        // Uploaded bytes are never a document: an SVG or mislabelled file opened directly runs nothing.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(object.body)
    );
  });
}
