// Helpers of the counter's browser tests (tests/e2e/counter.spec.ts): a seller of their own
// (shifts are per person, and the tests run side by side), printing without a dialog, and
// reading what was printed.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import type { AuthMe } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { Role } from '#shared/permissions.ts';
import { json } from './booking-api.ts';
import { newStaff } from './staff.ts';

// jsqr is CommonJS with its function under `default`.
const { default: jsQR } = jsQRModule as unknown as { default: typeof jsQRModule.default };

export const SCREENS = path.resolve(import.meta.dirname, '../../../.tmp/screens');

/** Signs this page's browser in as the demo Owner. */
export const signInAsOwner = (page: Page) => signInAsOwnerOn(page.request);

/** Signs a request context in as the demo Owner. */
export async function signInAsOwnerOn(api: APIRequestContext): Promise<void> {
  await json(await api.post('/api/auth/login', { data: DEMO_ADMIN }));
}

/**
 * A new Counter seller, invited by the Owner signed in on `page` (tests/e2e/support/staff.ts):
 * from then on `page` is signed in as that seller. Shifts are per person, so every test that
 * opens and closes one has a seller of its own.
 */
export const signInAsNewSeller = (
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
) => signInAsNewStaff(page, playwright, baseURL, 'counter');

/**
 * A new staff member of `role`, invited by the Owner signed in on `inviter` (the page's own
 * request context unless given): from then on `page` is signed in as that person.
 */
export async function signInAsNewStaff(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  role: Role,
  inviter: APIRequestContext = page.request,
): Promise<{ username: string }> {
  const person = await newStaff(playwright, inviter, baseURL, role);
  await person.api.dispose();
  const me = await json<AuthMe>(
    await page.request.post('/api/auth/login', { data: { email: person.email, password: person.password } }),
  );
  if (!me.user) throw new Error(`the new ${role} member could not sign in`);
  return { username: me.user.username };
}

/** window.print() counts its calls instead of opening the print dialog. */
export async function stubPrint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
}

export const printCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { printed: number }).printed);

/**
 * Taps as a finger would, counting them: the counter's budget is in taps. Typing into the field
 * that has the focus is not a tap; reaching a field is.
 */
export function tapCounter(): { tap: (target: Locator) => Promise<void>; readonly count: number } {
  let count = 0;
  return {
    async tap(target) {
      count += 1;
      await target.tap();
    },
    get count() {
      return count;
    },
  };
}

/** The number of pages of a PDF (as tests/e2e/e-ticket.spec.ts counts them). */
export const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;

/** The width of the PDF's first page, in millimetres (its MediaBox is in points). */
export function pdfPageWidthMm(pdf: Buffer): number {
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  if (!box) throw new Error('the PDF has no MediaBox');
  return ((Number(box[3]) - Number(box[1])) * 25.4) / 72;
}

/** What a QR code on screen says, read from a screenshot of it. */
export async function readQr(target: Locator): Promise<string | null> {
  const png = await target.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** A full-page screenshot in .tmp/screens, named after the project. */
export async function screen(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  await mkdir(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}-${testInfo.project.name}.png`), fullPage: true });
}
