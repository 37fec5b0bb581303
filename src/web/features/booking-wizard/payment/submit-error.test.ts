import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileNamespace } from '#scripts/catalogue-plugin.ts';
import { paymentSettings } from '#server/db/schema.ts';
import { DEMO_PAYMENT_SETTINGS } from '#server/db/seed.ts';
import type { ErrorDetails } from '#shared/api-errors.ts';
import { MSG } from '#shared/messages/api.ts';
import msgTexts from '#shared/messages/msg.ts';
import { makeSchedule, uniqueSuffix } from '#tests/factories.ts';
import { bookingRequest } from '#tests/setup/http-passenger.ts';
import { verifiedToken } from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';
import { i18n, type Messages } from '#web/i18n/catalogue.ts';
import { text } from '#web/i18n/texts.tsx';
import { ApiError, api, type ClientErrorCode } from '#web/lib/api-client.ts';
import { submitErrorMessage } from './submit-error.ts';

// What the wizard shows an English reader: the `msg` texts compiled as the web build does.
i18n.load('en', compileNamespace('msg', msgTexts) as Messages);
i18n.activate('en');
const shown = (thrown: unknown) => submitErrorMessage(text, thrown);

const FILES = path.resolve(import.meta.dirname, '../../../../../tests/files');
const error = (code: ClientErrorCode, message: string, status: number, details?: ErrorDetails) =>
  new ApiError(code, message, status, undefined, details);
const long = `${'A refusal that goes on and on '.repeat(4)}.`;

describe('submitErrorMessage: docs/product.md section 8, chosen by error code', () => {
  it.each([
    ['an upload code', error('invalid_image_type', MSG.imageType, 415), MSG.uploadError(MSG.imageType)],
    ['image_*', error('image_too_many_pixels', MSG.imagePixels, 413), MSG.uploadError(MSG.imagePixels)],
    ['a body over the limit', error('payload_too_large', MSG.imageSize, 413), MSG.uploadError(MSG.imageSize)],
    [
      'an image that is no image',
      error('invalid_image', MSG.imageUnreadable, 400),
      MSG.uploadError(MSG.imageUnreadable),
    ],
    ['a taken reference', error('reference_exists', 'duplicate', 409), MSG.referenceExists],
    ['an unknown schedule', error('invalid_schedule', 'x', 400), MSG.invalidSchedule],
    ['a trip gone', error('trip_not_found', MSG.tripNotFound, 404), MSG.invalidSchedule],
    ['a SPEC text', error('select_ticket', MSG.selectTicket, 400), MSG.selectTicket],
    [
      'validation_error, whatever its text',
      error('validation_error', MSG.selectSeats, 400),
      MSG.checkRequiredFields,
    ],
    ['another validation text', error('validation_error', 'name: Too small', 400), MSG.checkRequiredFields],
    ['a SPEC rule by its code, not its text', error('select_seats', 'anything', 400), MSG.selectSeats],
    ['missing payment details', error('payment_details_missing', 'whatever', 409), MSG.paymentDetailsMissing],
    [
      'a hold limit, however long',
      error('pending_bookings_limit', MSG.pendingBookingsLimit(3), 409, { max: 3 }),
      MSG.pendingBookingsLimit(3),
    ],
    [
      'a fair-hold limit, by its code and details',
      error('seat_hold_limit', long, 409, { more: 2 }),
      MSG.seatHoldLimit(2),
    ],
    ['a closed departure', error('departure_closed', MSG.departureClosed, 409), MSG.departureClosed],
    [
      'another short 4xx message',
      error('invalid_seats', MSG.invalidSeats(['Z9']), 400, { seats: ['Z9'] }),
      MSG.invalidSeats(['Z9']),
    ],
    [
      'a short 4xx message without a text of its own',
      error('something_new' as ClientErrorCode, 'Not now', 409),
      'Not now',
    ],
    ['a long 4xx message', error('something_else' as ClientErrorCode, long, 409), MSG.submitFailed],
    ['a server fault', error('internal_error', MSG.serverError, 500), MSG.submitFailed],
    ['an outage', error('service_unavailable', MSG.databaseUnavailable, 503), MSG.submitFailed],
    ['a non-JSON answer', error('http_502', MSG.serverError, 502), MSG.submitFailed],
    ['no answer at all', error('network_error', MSG.serverError, 0), MSG.submitFailed],
    ['not an API error', new TypeError('Failed to fetch'), MSG.submitFailed],
  ])('%s', (_name, thrown, expected) => {
    expect(shown(thrown)).toBe(expected);
  });
});

describe(`submitErrorMessage on what the server really answers (${testDatabaseKind})`, () => {
  let origin: string;

  const t = useTestApp({ env: { RATE_LIMIT_SCALE: '100' } }, async () => {
    // Accounts to pay into, so each refusal below is the one the test is about.
    await t.database.db.insert(paymentSettings).values(DEMO_PAYMENT_SETTINGS);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** The wizard's request through the web's own client, and what it shows for the refusal. */
  async function shownFor(booking: unknown, slip?: Blob): Promise<string> {
    const form = new FormData();
    form.append('booking', JSON.stringify(booking));
    if (slip) form.append('slip', slip, 'slip.jpg');
    try {
      await api.post(`${origin}/api/bookings`, form, {
        headers: { 'X-Booking-Session': randomUUID(), 'Idempotency-Key': `key-${randomUUID()}` },
      });
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(ApiError);
      return shown(thrown);
    }
    throw new Error('the booking was accepted');
  }

  async function validBooking() {
    const trip = await makeSchedule(t.database.db);
    const email = `p-${uniqueSuffix()}@example.com`;
    return bookingRequest({
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      originId: trip.stops[0]?.locationId ?? '',
      destinationId: trip.stops[1]?.locationId ?? '',
      launchId: trip.launchIds[0] ?? '',
      seats: ['A1'],
      email,
      verificationToken: await verifiedToken(t.app, email),
    });
  }
  const jpeg = async (name: string) =>
    new Blob([new Uint8Array(await readFile(path.join(FILES, name)))], { type: 'image/jpeg' });

  it('a slip that is not an image is an upload error', async () => {
    expect(await shownFor(await validBooking(), await jpeg('not-an-image.jpg'))).toBe(
      MSG.uploadError(MSG.imageType),
    );
  });

  it('a slip over 10 MB is an upload error', async () => {
    const huge = new Blob([new Uint8Array(11 * 1024 * 1024)], { type: 'image/jpeg' });
    expect(await shownFor(await validBooking(), huge)).toBe(MSG.uploadError(MSG.imageSize));
  });

  it('no slip, no name and a broken body get docs/product.md section 5 texts', async () => {
    const booking = await validBooking();
    const slip = await jpeg('photo-exif-gps.jpg');
    expect(await shownFor(booking)).toBe(MSG.slipAndTripRequired);
    expect(await shownFor({ ...booking, passenger: { ...booking.passenger, name: ' ' } }, slip)).toBe(
      MSG.missingPassengerInfo,
    );
    expect(await shownFor({ ...booking, paymentCurrency: 'EUR' }, slip)).toBe(MSG.checkRequiredFields);
  });

  it('a schedule that does not exist is an invalid schedule', async () => {
    const booking = await validBooking();
    expect(await shownFor({ ...booking, scheduleId: randomUUID() }, await jpeg('photo-exif-gps.jpg'))).toBe(
      MSG.invalidSchedule,
    );
  });
});
