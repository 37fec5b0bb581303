import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Compressed answers (docs/product.md section 12: the first-load budget counts compressed bytes). */
async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Dynamic responses: fast brotli; built assets are precompressed at maximum level.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

export default fp(compression, { name: 'compression' });
