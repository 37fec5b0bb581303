import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, pwaSettings } from '#server/db/schema.ts';
import { DEFAULT_CONTACT, DEFAULT_PRICES, DEFAULT_REFUND_POLICY } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { Branding, PaymentSettingsView, PublicSettings } from '#shared/schemas.ts';
import { REFUND_POLICY_MSG } from '#shared/setup-api.ts';
import { makePaymentSettings, makeSchedule } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { multipartBody } from '#tests/setup/multipart.ts';
import { bookViaApi } from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const FILES = path.resolve(import.meta.dirname, '../../../../tests/files');

describe(`admin payment and branding settings (${testDatabaseKind})`, () => {
  const t = useAdminApp({}, async () => {
    // Bookings need the operator's bank accounts; nothing made up stands in for them.
    await makePaymentSettings(t.database.db);
  });

  const publicSettings = async (): Promise<PublicSettings> =>
    (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();

  describe('payment settings', () => {
    it('saves only the fields sent, rounding prices to cents', async () => {
      const before = await publicSettings();
      const res = await t.put('/api/admin/payment-settings', {
        localChildPrice: 17.505,
        bankName: '  Bank of Maldives ',
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await publicSettings();
      expect(after).toEqual({ ...before, localChildPrice: '17.51', bankName: 'Bank of Maldives' });
      const rate = await t.put('/api/admin/payment-settings', { exchangeRate: '15.5' });
      expect(rate.json().exchangeRate).toBe('15.5');
    });

    it.each([
      ['a negative price', { localAdultPrice: -1 }, MSG.priceInvalid],
      ['a non-numeric price', { foreignerAdultPrice: 'abc' }, MSG.priceInvalid],
      ['a zero exchange rate', { exchangeRate: 0 }, MSG.ratePositive],
    ])('refuses %s and changes nothing', async (_name, payload, message) => {
      const before = await publicSettings();
      const res = await t.put('/api/admin/payment-settings', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(await publicSettings()).toEqual(before);
    });

    it('refuses unknown fields', async () => {
      const res = await t.put('/api/admin/payment-settings', { totalAmount: 1 });
      expect(res.statusCode).toBe(400);
    });

    describe('the cancellation refund policy', () => {
      const latestAudit = async () => {
        const [entry] = await t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entity, 'payment_settings'))
          .orderBy(desc(auditLog.createdAt))
          .limit(1);
        return entry;
      };
      const adminSettings = async (): Promise<PaymentSettingsView> =>
        (await t.get('/api/admin/payment-settings')).json();

      it('starts at the default: 24 hours or more 100 %, 2 hours or more 50 %', async () => {
        expect((await adminSettings()).refundPolicy).toEqual(DEFAULT_REFUND_POLICY);
        expect((await publicSettings()).refundPolicy).toEqual(DEFAULT_REFUND_POLICY);
      });

      it('saves on its own, is audited, and the public settings carry it', async () => {
        const policy = [
          { hoursBefore: 72, percent: 100 },
          { hoursBefore: 12, percent: 40 },
          { hoursBefore: 0, percent: 10 },
        ];
        try {
          const before = await publicSettings();
          const res = await t.put('/api/admin/payment-settings', { refundPolicy: policy });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().refundPolicy).toEqual(policy);
          expect(await adminSettings()).toMatchObject({ refundPolicy: policy });
          // Nothing else changed, and the booking wizard reads the new policy at once.
          expect(await publicSettings()).toEqual({ ...before, refundPolicy: policy });

          const entry = await latestAudit();
          expect(entry?.action).toBe('update');
          expect(entry?.before).toEqual({ refundPolicy: DEFAULT_REFUND_POLICY });
          expect(entry?.after).toEqual({ refundPolicy: policy });

          // No tiers at all: a cancellation gives nothing back.
          const none = await t.put('/api/admin/payment-settings', { refundPolicy: [] });
          expect(none.statusCode, none.body).toBe(200);
          expect((await publicSettings()).refundPolicy).toEqual([]);
        } finally {
          await t.put('/api/admin/payment-settings', { refundPolicy: DEFAULT_REFUND_POLICY });
        }
        expect((await publicSettings()).refundPolicy).toEqual(DEFAULT_REFUND_POLICY);
      });

      const tier = (hoursBefore: unknown, percent: unknown) => ({ hoursBefore, percent });
      it.each([
        ['more hours than a month', [tier(721, 100)], 'refundPolicy.0.hoursBefore', REFUND_POLICY_MSG.hours],
        [
          'negative hours',
          [tier(24, 100), tier(-1, 50)],
          'refundPolicy.1.hoursBefore',
          REFUND_POLICY_MSG.hours,
        ],
        ['hours that are not whole', [tier(1.5, 100)], 'refundPolicy.0.hoursBefore', REFUND_POLICY_MSG.hours],
        ['hours as text', [tier('24', 100)], 'refundPolicy.0.hoursBefore', REFUND_POLICY_MSG.hours],
        ['a percentage over 100', [tier(24, 101)], 'refundPolicy.0.percent', REFUND_POLICY_MSG.percent],
        ['a missing percentage', [{ hoursBefore: 24 }], 'refundPolicy.0.percent', REFUND_POLICY_MSG.percent],
        [
          'six tiers',
          [48, 24, 12, 6, 2, 1].map((h) => tier(h, 50)),
          'refundPolicy',
          REFUND_POLICY_MSG.tooMany,
        ],
        [
          'tiers out of order',
          [tier(2, 50), tier(24, 100)],
          'refundPolicy',
          'List the tiers from the longest notice to the shortest, each with fewer hours than the one above',
        ],
        [
          'two tiers with the same hours',
          [tier(24, 100), tier(24, 50)],
          'refundPolicy',
          'List the tiers from the longest notice to the shortest, each with fewer hours than the one above',
        ],
      ])(
        'refuses %s with a message under the field, and changes nothing',
        async (_name, policy, field, message) => {
          const before = await publicSettings();
          const audits = await latestAudit();
          const res = await t.put('/api/admin/payment-settings', { refundPolicy: policy });
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().error).toMatchObject({
            code: 'validation_error',
            message: MSG.checkRequiredFields,
            fields: { [field]: message },
          });
          expect(await publicSettings()).toEqual(before);
          expect(await latestAudit()).toEqual(audits);
        },
      );
    });

    it('a price change applies to the next booking only', async () => {
      await t.put('/api/admin/payment-settings', { localAdultPrice: DEFAULT_PRICES.localAdultPrice });
      const trip = await makeSchedule(t.database.db);
      const first = await bookViaApi(t.app, trip, { seats: ['A1'] });
      expect(first.totalAmount).toBe(DEFAULT_PRICES.localAdultPrice);

      await t.put('/api/admin/payment-settings', { localAdultPrice: 40 });
      const second = await bookViaApi(t.app, trip, { seats: ['A2'] });
      expect(second.totalAmount).toBe('40.00');
      const lookup = await t.app.inject({ method: 'GET', url: `/api/bookings/${first.reference}` });
      expect(lookup.json().totalAmount).toBe(DEFAULT_PRICES.localAdultPrice);
    });
  });

  describe('branding', () => {
    it('saves names and colours partially; the manifest follows without a rebuild', async () => {
      const res = await t.put('/api/admin/pwa-settings', { appName: 'Atoll Ferries', themeColor: '#112233' });
      expect(res.statusCode, res.body).toBe(200);
      const branding: Branding = (await t.app.inject({ method: 'GET', url: '/api/branding' })).json();
      expect(branding).toMatchObject({ appName: 'Atoll Ferries', themeColor: '#112233' });
      const manifest = (await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json();
      expect(manifest).toMatchObject({ name: 'Atoll Ferries', theme_color: '#112233' });
    });

    it('refuses a short name of 13 characters and a colour that is not hex', async () => {
      const long = await t.put('/api/admin/pwa-settings', { shortName: 'ThirteenChars' });
      expect(long.statusCode).toBe(400);
      expect(long.json().error.message).toBe(MSG.shortNameTooLong);
      const twelve = await t.put('/api/admin/pwa-settings', { shortName: 'TwelveChars!' });
      expect(twelve.statusCode).toBe(200);
      const colour = await t.put('/api/admin/pwa-settings', { backgroundColor: 'red' });
      expect(colour.json().error.message).toBe(MSG.colorInvalid);
    });

    it('saves the contact details, refuses bad ones, and an empty one goes back to its default', async () => {
      const read = async (): Promise<Branding> =>
        (await t.app.inject({ method: 'GET', url: '/api/branding' })).json();
      expect(await read()).toMatchObject(DEFAULT_CONTACT);

      const saved = await t.put('/api/admin/pwa-settings', {
        contactPhone: ' +960 (332) 55-66 ',
        bookingEmail: 'book@atoll.example',
        supportEmail: 'help@atoll.example',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const stored = {
        contactPhone: '+960 (332) 55-66',
        bookingEmail: 'book@atoll.example',
        supportEmail: 'help@atoll.example',
      };
      expect(saved.json()).toMatchObject(stored);
      expect(await read()).toMatchObject(stored);
      // Other branding saves leave them alone.
      await t.put('/api/admin/pwa-settings', { appName: 'Atoll Ferries' });
      expect(await read()).toMatchObject(stored);

      for (const [payload, message] of [
        [{ contactPhone: '+960 330 1234 ext. 5' }, MSG.contactPhoneInvalid],
        [{ contactPhone: '1'.repeat(31) }, MSG.contactPhoneInvalid],
        [{ contactPhone: '() -' }, MSG.contactPhoneInvalid],
        [{ bookingEmail: 'not an e-mail' }, MSG.invalidEmail],
        [{ supportEmail: 'help@' }, MSG.invalidEmail],
      ] as const) {
        const refused = await t.put('/api/admin/pwa-settings', payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refused.json().error.message).toBe(message);
      }
      expect(await read()).toMatchObject(stored);
      expect((await t.put('/api/admin/pwa-settings', { contactPhone: '1'.repeat(30) })).statusCode).toBe(200);

      const reset = await t.put('/api/admin/pwa-settings', {
        contactPhone: '',
        bookingEmail: '  ',
        supportEmail: '',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(await read()).toMatchObject(DEFAULT_CONTACT);
      const [row] = await t.database.db.select().from(pwaSettings);
      expect(row).toMatchObject({ contactPhone: null, bookingEmail: null, supportEmail: null });
    });

    const uploadBranding = async (kind: string, file = 'logo-alpha.png', type = 'image/png') => {
      const body = await multipartBody({}, { image: { body: await readFile(path.join(FILES, file)), type } });
      return t.inject({
        method: 'POST',
        url: `/api/admin/pwa-settings/${kind}`,
        headers: body.headers,
        payload: body.payload,
      });
    };
    const fetchImage = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return sharp(res.rawPayload).metadata();
    };

    it('derives 192 and 512 px PNG icons listed in the manifest', async () => {
      const res = await uploadBranding('icon');
      expect(res.statusCode, res.body).toBe(200);
      const manifest = (await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json();
      const icons = manifest.icons as { src: string; sizes: string }[];
      expect(icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
      for (const icon of icons) {
        const meta = await fetchImage(icon.src);
        expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
        expect(meta.format).toBe('png');
      }
    });

    it('stores a favicon as a PNG and a logo as WebP, replacing the previous file', async () => {
      const favicon: Branding = (await uploadBranding('favicon')).json();
      expect((await fetchImage(favicon.faviconUrl ?? '')).format).toBe('png');
      const logo: Branding = (await uploadBranding('logo', 'photo-exif-gps.jpg', 'image/jpeg')).json();
      const meta = await fetchImage(logo.logoUrl ?? '');
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      const next: Branding = (await uploadBranding('logo')).json();
      expect(next.logoUrl).not.toBe(logo.logoUrl);
      expect((await t.app.inject({ method: 'GET', url: logo.logoUrl ?? '' })).statusCode).toBe(404);
    });
  });
});
