// Taking the booking wizard to step 5 the way a passenger does, for specs about the payment step.
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '#shared/languages.ts';
import { MSG } from '#shared/messages/api.ts';
import type { Location } from '#shared/schemas.ts';
import { expect } from '../fixtures.ts';
import { json, latestCode } from './booking-api.ts';
import { toast } from './ui.ts';
import { pattern, type texts } from './wizard-texts.ts';

/** The product's words in one language (wizard-texts.ts). */
type Say = ReturnType<typeof texts>;

export type WizardTrip = {
  /** YYYY-MM-DD; the demo seed has trips on each of the next 14 days. */
  date: string;
  /** A fresh address per test: codes and holds are counted per e-mail. */
  email: string;
  from?: string;
  to?: string;
  /** The one ticket's add button: 'Add one local adult ticket' unless told. */
  ticket?: string;
};

/** /booking to 'Complete Payment': the first trip, one verified local adult (or `trip.ticket`), the first free seat. */
export async function reachPaymentStep(page: Page, request: APIRequestContext, trip: WizardTrip) {
  await page.goto('/booking');
  await page.getByLabel('Travel date').fill(trip.date);
  await page.getByLabel('From', { exact: true }).selectOption({ label: trip.from ?? 'Malé' });
  await page.getByLabel('To', { exact: true }).selectOption({ label: trip.to ?? 'Maafushi' });
  await page.getByRole('button', { name: 'Search Trips' }).click();
  await page
    .getByRole('button', { name: /Select Trip/ })
    .first()
    .click();

  await expect(page.getByRole('heading', { name: 'Passenger Information' })).toBeVisible();
  await page.getByLabel('Full name').fill('Aminath Payment');
  await page.getByLabel('Email address').fill(trip.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: MSG.codeSent })).toBeVisible();
  await page.getByLabel('Verification code').fill(await latestCode(request, trip.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email verified', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: trip.ticket ?? 'Add one local adult ticket' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Choose Your Launch' })).toBeVisible();
  // The launch cards are toggle buttons (the header's buttons are not): the first one is chosen.
  await page.locator('main button[aria-pressed="false"]').first().click();
  await expect(page.locator('main button[aria-pressed="true"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Continue to Seats' }).click();

  await expect(page.getByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
  const available = page.getByRole('button', { name: /^Seat \S+, available$/ });
  // Another test may take the seat found first while this one reaches for it (the map follows
  // live): Playwright then waits on that same, now disabled, button. Looking again finds a free one.
  await expect(async () => {
    await available.first().click({ timeout: 2_000 });
    await expect(page.getByText('Selected 1 of 1')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible();
}

/**
 * The same in the page's language, read through `say` (wizard-texts.ts): Malé -> Maafushi's first
 * trip of `date`, one verified local adult `name`, and the free seat at `seat` in the map's
 * order, so that runs side by side each reach for their own (another test may still take it first:
 * looked for again). Answers the booking reference the seat hold made, shown on step 5.
 */
export async function reachPaymentStepIn(
  page: Page,
  request: APIRequestContext,
  say: Say,
  language: Language,
  trip: { date: string; email: string; name: string; seat: number },
): Promise<string> {
  const places = await json<Location[]>(await request.get('/api/locations'));
  const placeName = (name: string) => {
    const place = places.find((p) => p.name === name);
    return (language === 'dv' && place?.nameDv) || name;
  };
  await page.goto('/booking');
  await page.getByLabel(say('search.date')).fill(trip.date);
  await page.getByLabel(say('search.from'), { exact: true }).selectOption({ label: placeName('Malé') });
  await page.getByLabel(say('search.to'), { exact: true }).selectOption({ label: placeName('Maafushi') });
  await page.getByRole('button', { name: say('search.search') }).click();
  await page
    .getByRole('button', {
      name: new RegExp(say('vessel.selectTrip').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    })
    .first()
    .click();

  await expect(page.getByRole('heading', { name: say('passenger.title') })).toBeVisible();
  await page.getByLabel(say('passenger.fullName')).fill(trip.name);
  await page.getByLabel(say('passenger.emailAddress')).fill(trip.email);
  await page.getByRole('button', { name: say('passenger.sendCode') }).click();
  await expect(toast(page, say('msg.codeSent'))).toBeVisible();
  await page.getByLabel(say('passenger.verificationCode')).fill(await latestCode(request, trip.email));
  await page.getByRole('button', { name: say('passenger.verify'), exact: true }).click();
  await expect(page.getByText(say('passenger.emailVerified'), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: say('passenger.addLocalAdult') }).click();
  await page.getByRole('button', { name: say('passenger.continue') }).click();

  await expect(page.getByRole('heading', { name: say('vessel.launchTitle') })).toBeVisible();
  await page.locator('main button[aria-pressed="false"]').first().click();
  await expect(page.locator('main button[aria-pressed="true"]')).toHaveCount(1);
  await page.getByRole('button', { name: say('vessel.toSeats') }).click();

  await expect(page.getByRole('heading', { name: say('vessel.seatsTitle') })).toBeVisible();
  const available = page.getByRole('button', {
    name: pattern(say('vessel.seatAvailable', { seat: '\u0000' })),
  });
  await expect(async () => {
    await available.nth(trip.seat).click({ timeout: 2_000 });
    await expect(
      page.getByRole('button', { name: pattern(say('vessel.seatSelected', { seat: '\u0000' })) }),
    ).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const locked = page.waitForResponse(
    (res) => res.url().endsWith('/api/seat-locks') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: say('vessel.toPayment') }).click();
  const { reference } = (await (await locked).json()) as { reference: string };
  await expect(page.getByRole('heading', { name: say('payment.title') })).toBeVisible();
  return reference;
}
