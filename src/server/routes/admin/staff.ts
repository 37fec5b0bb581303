import { z } from 'zod';
import { announceSessionsEnded } from '#server/lib/sessions.ts';
import { inviteStaff } from '#server/services/invite-staff.ts';
import { listStaff } from '#server/services/list-staff.ts';
import { readBranding } from '#server/services/read-branding.ts';
import { resendInvitation } from '#server/services/resend-invitation.ts';
import { resetStaffPassword } from '#server/services/reset-staff-password.ts';
import { revokeInvitation } from '#server/services/revoke-invitation.ts';
import { updateStaff } from '#server/services/update-staff.ts';
import {
  invitationIdParamsSchema,
  invitationSchema,
  inviteStaffSchema,
  staffIdParamsSchema,
  staffListSchema,
  staffMemberSchema,
  updateStaffSchema,
} from '#shared/admin-api.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf, thenSendMail } from './index.ts';

const permission = 'staff.manage' as const;

/** The Owner's Staff screen: people, their roles and status, and invitations. */
export default defineRoutes(async (app, { clock, config, db }) => {
  const linkDeps = async () => ({
    db,
    now: clock.now(),
    linkBase: config.linkBase,
    appName: (await readBranding({ db })).appName,
  });

  app.get(
    '/api/admin/staff',
    { config: { permission }, schema: { response: { 200: staffListSchema } } },
    async () => listStaff({ db }),
  );

  app.post(
    '/api/admin/staff/invitations',
    { config: { permission }, schema: { body: inviteStaffSchema, response: { 201: invitationSchema } } },
    async (req, reply) => {
      const inviting = inviteStaff({ ...(await linkDeps()), input: req.body, actor: adminOf(req) });
      return reply.status(201).send(await thenSendMail(req, inviting));
    },
  );

  app.post(
    '/api/admin/staff/invitations/:id/resend',
    {
      config: { permission },
      schema: { params: invitationIdParamsSchema, response: { 200: invitationSchema } },
    },
    async (req) =>
      thenSendMail(req, resendInvitation({ ...(await linkDeps()), id: req.params.id, actor: adminOf(req) })),
  );

  app.delete(
    '/api/admin/staff/invitations/:id',
    {
      config: { permission },
      schema: { params: invitationIdParamsSchema, response: { 204: z.undefined() } },
    },
    async (req, reply) => {
      await revokeInvitation({ db, now: clock.now(), id: req.params.id, actor: adminOf(req) });
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/admin/staff/:id',
    {
      config: { permission },
      schema: { params: staffIdParamsSchema, body: updateStaffSchema, response: { 200: staffMemberSchema } },
    },
    async (req) => {
      const { member, endedSessions } = await updateStaff({
        db,
        now: clock.now(),
        id: req.params.id,
        input: req.body,
        actorUserId: adminOf(req).id,
      });
      announceSessionsEnded(endedSessions);
      return member;
    },
  );

  app.post(
    '/api/admin/staff/:id/reset-password',
    { config: { permission }, schema: { params: staffIdParamsSchema, response: { 204: z.undefined() } } },
    async (req, reply) => {
      const { endedSessions } = await thenSendMail(
        req,
        resetStaffPassword({ ...(await linkDeps()), id: req.params.id, actorUserId: adminOf(req).id }),
      );
      announceSessionsEnded(endedSessions);
      return reply.status(204).send();
    },
  );
});
