// The boarding screen's side of the browser tests: approved passengers with the code their
// e-ticket shows, a Chromium whose fake camera films a code, and a signed-in boarding device.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type TestInfo,
} from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { ETicket } from '#shared/e-ticket-api.ts';
import type { OutboxMail } from '#shared/schemas.ts';
import { CHROMIUM_ARGS } from '../../../scripts/browser.ts';
import { expect } from '../fixtures.ts';
import { bookScheduleViaApi, json } from './booking-api.ts';
import type { Departure } from './departures.ts';
import { writeQrVideo } from './fake-camera.ts';

const VIDEOS = path.resolve(import.meta.dirname, '../../../.tmp/fake-camera');

export type Passenger = {
  reference: string;
  ticketId: string;
  code: string;
  name: string;
  email: string;
  /** The e-ticket page's token, from the approval mail. */
  token: string;
};

/** A booking on the departure, approved by the office, with the code its e-ticket shows. */
export async function approvedPassenger(
  api: APIRequestContext,
  departure: Departure,
  seat: string,
): Promise<Passenger> {
  const booking = await bookScheduleViaApi(api, departure.schedule, departure.launch.id, seat);
  const ticket = await json<AdminTicket>(
    await api.get(`/api/admin/tickets/by-reference/${booking.reference}`),
  );
  await json(await api.post(`/api/admin/tickets/${ticket.id}/approve`));
  let token = '';
  await expect
    .poll(async () => {
      const mails = await json<OutboxMail[]>(
        await api.get('/dev/outbox', { params: { to: ticket.passengerEmail } }),
      );
      token = /\/t\/([A-Za-z0-9_-]{43})/.exec(mails.find((m) => /\/t\//.test(m.text))?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  const eTicket = await json<ETicket>(await api.get(`/api/t/${token}`));
  if (!eTicket.code) throw new Error('an approved booking has a code');
  return {
    reference: booking.reference,
    ticketId: ticket.id,
    code: eTicket.code,
    name: ticket.passengerName,
    email: ticket.passengerEmail,
    token,
  };
}

/** A Chromium whose camera films `code` as a QR code. */
export async function cameraBrowser(code: string, name: string): Promise<Browser> {
  await mkdir(VIDEOS, { recursive: true });
  const file = path.join(VIDEOS, `${name}-${crypto.randomUUID().slice(0, 8)}.y4m`);
  await writeQrVideo(code, file);
  return chromium.launch({
    executablePath: process.env.E2E_CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
}

/**
 * A signed-in boarding device, sized like this project's (phone or desktop) unless `options`
 * size it otherwise (a tablet); its service worker blocked unless allowed there.
 */
export async function device(
  browser: Browser,
  testInfo: TestInfo,
  options: Pick<BrowserContextOptions, 'viewport' | 'isMobile' | 'hasTouch' | 'serviceWorkers'> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { viewport, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    permissions: ['camera'],
    serviceWorkers: 'block',
    ...options,
  });
  await json(await context.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  const page = await context.newPage();
  recordDevice(page, testInfo);
  return { context, page };
}

/*
 * What a boarding device's page went through, kept per test: its own browser is closed before
 * Playwright's trace and screenshot could show it, so a failed test attaches this instead.
 */
const deviceLogs = new Map<string, string[]>();

function recordDevice(page: Page, testInfo: TestInfo) {
  const log = deviceLogs.get(testInfo.testId) ?? [];
  deviceLogs.set(testInfo.testId, log);
  const started = Date.now();
  const note = (line: string) => log.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
  note('device page opened');
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
  });
  page.on('console', (message) => note(`console.${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('crash', () => note('the page crashed'));
  page.on('requestfailed', (request) => note(`failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) note(`${response.status()} ${response.url()}`);
  });
  page.on('close', () => note('device page closed'));
}

/** After each test: a failed one gets its boarding devices' logs attached. */
export async function attachDeviceLogs(testInfo: TestInfo): Promise<void> {
  const log = deviceLogs.get(testInfo.testId);
  deviceLogs.delete(testInfo.testId);
  if (!log || testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach('boarding devices', { body: log.join('\n'), contentType: 'text/plain' });
}
