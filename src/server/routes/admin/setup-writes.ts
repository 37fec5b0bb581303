import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Permission } from '#shared/permissions.ts';
import { adminOf } from './index.ts';

/** Who changes a setup entry, and which one (none when it is being created). */
type Change = { id?: string; actorUserId: string };

export type CatalogueWritesOptions<Input, Item> = {
  /** The list's URL, `/api/admin/launches`: an entry is `<url>/:id`. */
  url: string;
  permission: Permission;
  params: z.ZodType<{ id: string }>;
  input: z.ZodType<Input>;
  item: z.ZodType<Item>;
  save: (change: Change & { input: Input }) => Promise<Item>;
  remove: (change: Required<Change>, req: FastifyRequest) => Promise<void>;
};

/**
 * A setup screen's writes (schedules, launches, locations): POST `url` creates an entry (201),
 * PUT `url/:id` saves it, DELETE `url/:id` deletes or archives it (204). Each is done by the
 * signed-in admin, whose id the audit entry carries.
 */
export function setupWrites<Input, Item>(app: FastifyInstance, opts: CatalogueWritesOptions<Input, Item>) {
  const config = { permission: opts.permission };

  app.post<{ Body: Input }>(
    opts.url,
    { config, schema: { body: opts.input, response: { 201: opts.item } } },
    async (req, reply) =>
      reply.code(201).send(await opts.save({ input: req.body as Input, actorUserId: adminOf(req).id })),
  );

  app.put<{ Params: { id: string }; Body: Input }>(
    `${opts.url}/:id`,
    { config, schema: { params: opts.params, body: opts.input, response: { 200: opts.item } } },
    async (req) => opts.save({ id: req.params.id, input: req.body as Input, actorUserId: adminOf(req).id }),
  );

  app.delete<{ Params: { id: string } }>(
    `${opts.url}/:id`,
    { config, schema: { params: opts.params, response: { 204: z.undefined() } } },
    async (req, reply) => {
      await opts.remove({ id: req.params.id, actorUserId: adminOf(req).id }, req);
      return reply.code(204).send();
    },
  );
}
