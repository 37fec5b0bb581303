import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/errors.ts';
import { isValidKey, type Storage } from '#server/lib/storage.ts';
import { MSG } from '#shared/messages/api.ts';

/** Public uploads (banners, launch images, branding). Payment slips are private and never served here. */
export default async function fileRoutes(
  fastify: FastifyInstance,
  opts: { storage: Storage },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { storage } = opts;
  app.get(
    '/files/*',
    {
      schema: {
        params: z.object({ '*': z.string() }),
        produces: ['image/webp', 'image/png', 'image/jpeg'],
        response: { 200: z.instanceof(Buffer).describe('The stored file') },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      // An invalid key is answered like a missing one: no hint about what the store holds.
      const object = isValidKey(key) ? await storage.get(key, 'public') : null;
      if (!object) throw notFound(MSG.notFound);
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
    },
  );
}
