import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { LiveEvent } from '#server/lib/live-events.ts';
import { isSessionLive, onSessionEnded } from '#server/lib/sessions.ts';
import { adminCan, adminOf } from './index.ts';

// Proxies and load balancers drop a connection that stays silent for a minute or so.
const PING_MS = 25_000;

/**
 * How often a stream pings and re-checks its session, so it ends within one interval of a
 * sign-out elsewhere, a password change or expiry. Tests shorten it; nothing else changes it.
 */
export const eventStreamOptions = { pingMs: PING_MS };
// How long a browser waits before reconnecting after the stream ends.
const RETRY_MS = 3_000;
// ...and after its session ended: knocking again at once would only earn a 401 (which the
// browser logs as an error and gives up on). By then the screen has usually moved to the login
// page, or the admin has signed in again.
const SESSION_ENDED_RETRY_MS = 10 * 60_000;

const frame = (event: LiveEvent) => `event: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * GET /api/admin/events: Server-Sent Events for the admin screens (docs/decisions/001-stack-and-layout.md).
 * The response is written to the socket directly, so @fastify/compress never sees (or buffers)
 * it; the headers the hooks set (security headers, no-store) are carried over by hand. Every
 * open stream is ended when the app closes, so it cannot hold a shutdown up, and when its
 * session ends.
 */
export default async function adminEventRoutes(app: FastifyInstance) {
  const { liveEvents, database, clock, config } = app.deps;
  const streams = new Set<() => void>();

  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  const schema = {
    produces: ['text/event-stream'],
    response: {
      200: z
        .string()
        .describe(
          'Server-Sent Events: `ticket` and `schedule` with {type, id}; `session` when the signed-in person’s access changed',
        ),
    },
  };
  app.get(
    '/api/admin/events',
    { config: { permission: ['events.read', 'boarding.board'] }, schema },
    async (req, reply) => {
      const { sessionId, id: userId } = adminOf(req);
      // Everyone signed in holds a stream, so a change to their own access reaches them at once;
      // booking and trip events go only to the roles that follow them live.
      const followsBookings = adminCan(req, 'events.read');
      const followsBoarding = adminCan(req, 'boarding.board');
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
        if (event.kind === 'boarding') {
          if (followsBookings || followsBoarding) res.write(frame(event));
          return;
        }
        if (event.kind !== 'staff') {
          if (followsBookings) res.write(frame(event));
          return;
        }
        // The person's own access changed, on whichever instance: their screens re-check who is
        // signed in at once, and the stream ends; a deactivated or reset person's reconnect is a 401.
        if (event.data.userId !== userId || res.writableEnded) return;
        if (event.data.sessionIds && !event.data.sessionIds.includes(sessionId)) return;
        res.write('event: session\ndata: {}\n\n');
        end();
      });
      // The stream carries ticket ids, so it lives no longer than its session: each ping first
      // checks the session is still live (without counting as activity, or an open admin tab
      // would keep an idle session alive for ever). A sign-out on this instance ends it at once.
      let checking = false;
      const check = async () => {
        if (checking) return;
        checking = true;
        try {
          if (!(await isSessionLive({ db: database.db, sessionId, clock, config }))) {
            sessionEnded();
            return;
          }
        } catch (err) {
          // The database is unreachable: no events flow either, and the next ping checks again.
          req.log.warn({ err }, 'event stream could not re-check its session');
        } finally {
          checking = false;
        }
        if (!res.writableEnded) res.write(': ping\n\n');
      };
      const ping = setInterval(() => void check(), eventStreamOptions.pingMs);
      ping.unref();
      // Ended here (a sign-out, a deactivation, a reset on this instance) or found ended by a
      // ping: the screen is told to ask who is signed in, as for a change announced elsewhere;
      // whichever of this and the live event comes first closes the stream.
      const sessionEnded = () => {
        if (streams.has(end) && !res.writableEnded) {
          res.write(`event: session\ndata: {}\nretry: ${SESSION_ENDED_RETRY_MS}\n\n`);
        }
        end();
      };
      const stopWatching = onSessionEnded(sessionId, sessionEnded);
      const end = () => {
        if (!streams.delete(end)) return;
        clearInterval(ping);
        stopWatching();
        unsubscribe();
        if (!res.writableEnded) res.end();
      };
      streams.add(end);
      req.raw.on('close', end);
      res.on('error', end);
    },
  );
}
