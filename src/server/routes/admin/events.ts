import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '#server/lib/live-events.ts';

// Proxies and load balancers drop a connection that stays silent for a minute or so.
const PING_MS = 25_000;
// How long a browser waits before reconnecting after the stream ends.
const RETRY_MS = 3_000;

const frame = (event: LiveEvent) => `event: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * GET /api/admin/events: Server-Sent Events for the admin screens (ARCHITECTURE.md section 1).
 * The response is written to the socket directly, so @fastify/compress never sees (or buffers)
 * it; the headers the hooks set (security headers, no-store) are carried over by hand. Every
 * open stream is ended when the app closes, so it cannot hold a shutdown up.
 */
export default async function adminEventRoutes(app: FastifyInstance) {
  const { liveEvents } = app.deps;
  const streams = new Set<() => void>();

  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  app.get('/api/admin/events', async (req, reply) => {
    await liveEvents.start();
    reply.hijack();
    const res: ServerResponse = reply.raw;
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    res.write(`retry: ${RETRY_MS}\n: connected\n\n`);

    const unsubscribe = liveEvents.subscribe((event) => {
      res.write(frame(event));
    });
    const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
    ping.unref();
    const end = () => {
      if (!streams.delete(end)) return;
      clearInterval(ping);
      unsubscribe();
      if (!res.writableEnded) res.end();
    };
    streams.add(end);
    req.raw.on('close', end);
    res.on('error', end);
  });
}
