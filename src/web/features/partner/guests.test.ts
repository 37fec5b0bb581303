import { describe, expect, it } from 'vitest';
import { TICKET_KINDS } from '#web/components/sale/sale-money.ts';
import { guestSlots, guestsOf, nationalityOf } from './guests.ts';

const party = [
  { type: 'foreigner', category: 'adult', quantity: 2 },
  { type: 'foreigner', category: 'infant', quantity: 1 },
] as const;

describe('guestSlots', () => {
  it('names the contact first, in a seat, then every other guest, the infant without a seat', () => {
    const slots = guestSlots(party, TICKET_KINDS);
    expect(slots.map((s) => [s.key, s.label, s.contact, s.seat])).toEqual([
      ['contact', 'Foreign adult', true, true],
      ['foreigner-adult-0', 'Foreign adult', false, true],
      ['foreigner-infant-0', 'Foreign infant (on a lap)', false, false],
    ]);
  });

  it('never makes an infant the contact', () => {
    const slots = guestSlots([{ type: 'local', category: 'infant', quantity: 1 }], TICKET_KINDS);
    expect(slots.some((s) => s.contact)).toBe(false);
  });
});

describe('guestsOf', () => {
  it('sends each guest with its ticket, the contact’s nationality for the others until typed', () => {
    const slots = guestSlots(party, TICKET_KINDS);
    const guests = guestsOf(slots, {
      contact: { name: 'Ana Silva', nationality: 'Portuguese', email: ' ana@example.com ' },
      'foreigner-adult-0': { name: 'Rui Silva', email: '' },
      'foreigner-infant-0': { name: 'Lia Silva', nationality: 'Brazilian', email: '' },
    });
    expect(guests).toEqual([
      {
        name: 'Ana Silva',
        nationality: 'Portuguese',
        category: 'adult',
        type: 'foreigner',
        email: 'ana@example.com',
      },
      { name: 'Rui Silva', nationality: 'Portuguese', category: 'adult', type: 'foreigner' },
      { name: 'Lia Silva', nationality: 'Brazilian', category: 'infant', type: 'foreigner' },
    ]);
  });

  it('starts a local guest as Maldivian and a foreign contact blank', () => {
    const slots = guestSlots(
      [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'foreigner', category: 'adult', quantity: 1 },
      ],
      TICKET_KINDS,
    );
    expect(slots.map((s) => nationalityOf(s, {}, slots))).toEqual(['Maldivian', '']);
  });
});
