// Taking the booking wizard to step 5 the way a passenger does, for specs about the payment step.
import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '#shared/messages/api.ts';
import { expect } from '../fixtures.ts';
import { latestCode } from './booking-api.ts';

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
