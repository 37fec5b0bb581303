import type { FastifyRequest } from 'fastify';
import { deleteTextOverride } from '#server/services/delete-text-override.ts';
import { listAdminTexts } from '#server/services/list-admin-texts.ts';
import { saveTextOverride } from '#server/services/save-text-override.ts';
import {
  adminTextListSchema,
  adminTextSchema,
  textOverrideSchema,
  textParamsSchema,
} from '#shared/admin-api.ts';
import type { Language } from '#shared/languages.ts';
import { isPaymentText } from '#shared/payment-texts.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminCan, adminOf } from './index.ts';

/**
 * The operator's corrections of passenger texts (admin: Texts; docs/decisions/021). The public
 * side reads them with GET /api/branding, which nothing caches: a change shows on the next load.
 * The texts about paying need `bank.manage` as well (#shared/payment-texts.ts).
 */
export default defineRoutes(async (app, { db }) => {
  const change = (req: FastifyRequest, { language, id }: { language: Language; id: string }) => {
    const admin = adminOf(req);
    return {
      db,
      language,
      id,
      actorUserId: admin.id,
      actorEmail: admin.email,
      mayChangePaymentTexts: adminCan(req, 'bank.manage'),
    };
  };
  // A change of a text about paying has queued the Owners' notice.
  const sendNotices = (id: string) => {
    if (isPaymentText(id)) app.deps.mailer?.kick();
  };

  app.get(
    '/api/admin/texts',
    { config: { permission: 'texts.manage' }, schema: { response: { 200: adminTextListSchema } } },
    async () => ({
      texts: await listAdminTexts({ db }),
    }),
  );

  app.put(
    '/api/admin/texts/:language/:id',
    {
      config: { permission: 'texts.manage' },
      schema: { params: textParamsSchema, body: textOverrideSchema, response: { 200: adminTextSchema } },
    },
    async (req) => {
      const saved = await saveTextOverride({ ...change(req, req.params), text: req.body.text });
      sendNotices(req.params.id);
      return saved;
    },
  );

  app.delete(
    '/api/admin/texts/:language/:id',
    {
      config: { permission: 'texts.manage' },
      schema: { params: textParamsSchema, response: { 200: adminTextSchema } },
    },
    async (req) => {
      const restored = await deleteTextOverride(change(req, req.params));
      sendNotices(req.params.id);
      return restored;
    },
  );
});
