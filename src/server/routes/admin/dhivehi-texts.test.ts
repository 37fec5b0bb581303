import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages/api.ts';
import type { BookingLookup, Location, PaymentSettingsView, PublicSettings, Trip } from '#shared/schemas.ts';
import { makeLocation, makePaymentSettings, makeSchedule, makeTicket } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// The operator's own texts in Dhivehi (location names, bank names, payment instructions):
// saved by the admin, given to passengers next to the English.
describe(`Dhivehi versions of the operator's texts (${testDatabaseKind})`, () => {
  const t = useAdminApp({}, async () => {
    await makePaymentSettings(t.database.db);
  });

  const publicLocations = async (): Promise<Location[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/locations' })).json();
  const publicSettings = async (): Promise<PublicSettings> =>
    (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();

  describe('location names', () => {
    it('saves a Dhivehi name, trimmed, and the public list gives it next to the name', async () => {
      const created = await t.send('POST', '/api/admin/locations', {
        name: 'Guraidhoo',
        nameDv: '  ގުރައިދޫ ',
        code: 'GUR',
        country: 'Maldives',
      });
      expect(created.statusCode, created.body).toBe(201);
      const place: Location = created.json();
      expect(place).toMatchObject({ name: 'Guraidhoo', nameDv: 'ގުރައިދޫ' });

      const listed = (await publicLocations()).find((l) => l.id === place.id);
      expect(listed).toEqual({
        id: place.id,
        name: 'Guraidhoo',
        nameDv: 'ގުރައިދޫ',
        code: 'GUR',
        country: 'Maldives',
      });
      const adminList: Location[] = (await t.send('GET', '/api/admin/locations')).json().locations;
      expect(adminList.find((l) => l.id === place.id)?.nameDv).toBe('ގުރައިދޫ');
    });

    it('is optional: left out it is empty, an edit without it keeps it, an empty one clears it', async () => {
      const created = await t.send('POST', '/api/admin/locations', {
        name: 'Gulhi',
        code: 'GUL',
        country: 'Maldives',
      });
      expect(created.statusCode, created.body).toBe(201);
      const place: Location = created.json();
      expect(place.nameDv).toBe('');

      const path = `/api/admin/locations/${place.id}`;
      const named = await t.send('PUT', path, {
        name: 'Gulhi',
        nameDv: 'ގުޅި',
        code: 'GUL',
        country: 'Maldives',
      });
      expect(named.json().nameDv).toBe('ގުޅި');
      const renamed = await t.send('PUT', path, { name: 'Gulhi Island', code: 'GUL', country: 'Maldives' });
      expect(renamed.json()).toMatchObject({ name: 'Gulhi Island', nameDv: 'ގުޅި' });
      const cleared = await t.send('PUT', path, {
        name: 'Gulhi',
        nameDv: '   ',
        code: 'GUL',
        country: 'Maldives',
      });
      expect(cleared.json().nameDv).toBe('');
      expect((await publicLocations()).find((l) => l.id === place.id)?.nameDv).toBe('');
    });

    it('refuses a Dhivehi name longer than a name may be, with the validation error, and saves nothing', async () => {
      const place = await makeLocation(t.database.db, { nameDv: 'ގުޅި' });
      const tooLong = 'ށ'.repeat(101);
      const payload = { name: 'Too long', nameDv: tooLong, code: 'TLG', country: 'Maldives' };

      for (const res of [
        await t.send('POST', '/api/admin/locations', payload),
        await t.send('PUT', `/api/admin/locations/${place.id}`, payload),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: {
            code: 'validation_error',
            message: MSG.checkRequiredFields,
            fields: { nameDv: expect.any(String) },
          },
        });
      }
      const list = await publicLocations();
      expect(list.map((l) => l.name)).not.toContain('Too long');
      expect(list.find((l) => l.id === place.id)).toMatchObject({ name: place.name, nameDv: 'ގުޅި' });

      // Exactly the limit is fine.
      const atLimit = await t.send('POST', '/api/admin/locations', { ...payload, nameDv: 'ށ'.repeat(100) });
      expect(atLimit.statusCode, atLimit.body).toBe(201);
    });

    it('trip search and the booking lookup give each place’s Dhivehi name next to its name', async () => {
      const male = await makeLocation(t.database.db, { name: 'Malé', nameDv: 'މާލެ' });
      const plain = await makeLocation(t.database.db, { name: 'Dhiffushi' });
      const maafushi = await makeLocation(t.database.db, { name: 'Maafushi', nameDv: 'މާފުށި' });
      const trip = await makeSchedule(t.database.db, {
        stops: [{ locationId: male.id }, { locationId: plain.id }, { locationId: maafushi.id }],
      });

      t.app.deps.tripSearchCache.clear();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/trips',
        query: { date: trip.schedule.travelDate, from: male.id, to: maafushi.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [found] = res.json() as Trip[];
      expect(found?.from).toEqual({ id: male.id, name: 'Malé', nameDv: 'މާލެ' });
      expect(found?.to).toEqual({ id: maafushi.id, name: 'Maafushi', nameDv: 'މާފުށި' });
      expect(found?.stops.map((s) => [s.name, s.nameDv])).toEqual([
        ['Malé', 'މާލެ'],
        ['Dhiffushi', ''],
        ['Maafushi', 'މާފުށި'],
      ]);

      const { ticket } = await makeTicket(t.database.db, { schedule: trip });
      const lookup = await t.app.inject({ method: 'GET', url: `/api/bookings/${ticket.paymentReference}` });
      expect(lookup.statusCode, lookup.body).toBe(200);
      const view: BookingLookup = lookup.json();
      expect(view.from).toEqual({ name: 'Malé', nameDv: 'މާލެ' });
      expect(view.to).toEqual({ name: 'Maafushi', nameDv: 'މާފުށި' });
      expect(view.stops.map((s) => s.nameDv)).toEqual(['މާލެ', '', 'މާފުށި']);
    });
  });

  describe('payment settings', () => {
    const DHIVEHI = {
      bankNameDv: 'ބޭންކް އޮފް މޯލްޑިވްސް',
      bankNameUsdDv: 'ބޭންކް އޮފް މޯލްޑިވްސް (ޑޮލަރު)',
      paymentInstructionsDv: 'ޖުމްލަ އަދަދު ފޮނުއްވާ، ޕޭމަންޓް ސްލިޕް އަޕްލޯޑް ކުރައްވާ.',
    };

    it('saves the Dhivehi bank names and instructions, trimmed; the public settings give them', async () => {
      const before = await publicSettings();
      const res = await t.send('PUT', '/api/admin/payment-settings', {
        ...DHIVEHI,
        bankNameDv: `  ${DHIVEHI.bankNameDv} `,
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved: PaymentSettingsView = res.json();
      expect(saved).toMatchObject(DHIVEHI);
      expect((await t.send('GET', '/api/admin/payment-settings')).json()).toMatchObject(DHIVEHI);
      // Only those fields changed; the English stays as it was.
      expect(await publicSettings()).toEqual({ ...before, ...DHIVEHI });

      const cleared = await t.send('PUT', '/api/admin/payment-settings', { bankNameUsdDv: '' });
      expect(cleared.json()).toMatchObject({ ...DHIVEHI, bankNameUsdDv: '' });
      expect((await publicSettings()).bankNameUsd).toBe(before.bankNameUsd);
    });

    it('refuses Dhivehi instructions that are too long and changes nothing', async () => {
      const before = await publicSettings();
      const res = await t.send('PUT', '/api/admin/payment-settings', {
        paymentInstructionsDv: 'ށ'.repeat(2001),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_error',
        fields: { paymentInstructionsDv: expect.any(String) },
      });
      expect(await publicSettings()).toEqual(before);
    });
  });
});
