import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Headers on every response (docs/product.md section 13): a CSP without inline scripts,
 * nosniff, a referrer policy, HSTS when served over https, no framing.
 */
async function securityHeaders(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const s3Origin = config.s3
    ? new URL(config.s3.publicUrl ?? config.s3.endpoint ?? 'https://s3.amazonaws.com').origin
    : undefined;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly only (the boarding scanner's QR reader): no eval, no inline script.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Inline style attributes come from React and the toast library; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(s3Origin ? [s3Origin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['app-deps'] });
