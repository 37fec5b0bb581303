import { randomUUID } from 'node:crypto';
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import type { Role } from '#shared/permissions.ts';
import type { OutboxMail } from '#shared/schemas.ts';
import { expect } from '../fixtures.ts';
import { json } from './booking-api.ts';

export const STAFF_PASSWORD = 'harbour-crossing-2026';

/**
 * A new staff member of `role`, invited by the Owner through the API and signed in by taking up
 * the e-mailed link: their own request context, their e-mail and password. Tests that open and
 * close a counter shift each use a person of their own, so one test's shift never ends another's.
 */
export async function newStaff(
  playwright: PlaywrightWorkerArgs['playwright'],
  owner: APIRequestContext,
  baseURL: string | undefined,
  role: Role,
): Promise<{ api: APIRequestContext; email: string; password: string }> {
  const email = `staff-${role}-${randomUUID().slice(0, 8)}@example.com`;
  expect((await owner.post('/api/admin/staff/invitations', { data: { email, role } })).status()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      const mails = await json<OutboxMail[]>(await owner.get('/dev/outbox', { params: { to: email } }));
      token = /\/admin\/welcome#([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  const api = await playwright.request.newContext({ baseURL });
  await json(await api.post('/api/auth/links/complete', { data: { token, password: STAFF_PASSWORD } }));
  return { api, email, password: STAFF_PASSWORD };
}
