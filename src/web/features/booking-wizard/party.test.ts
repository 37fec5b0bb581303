import { describe, expect, it } from 'vitest';
import { buildBreakdown } from '#shared/money.ts';
import { totals } from './format.ts';
import { bookingParty, capInfants, categoryValues, infantsFull, partyPersons, seatCount } from './party.ts';
import {
  type ConcessionCount,
  EMPTY_TICKETS,
  initialWizardState,
  type TicketCounts,
} from './wizard-state.ts';

// The operator's concessions in the party (docs/decisions/036-fare-categories.md).
const senior = (local: number, foreigner = 0): ConcessionCount => ({
  local,
  foreigner,
  seat: true,
  name: { en: 'Senior', dv: 'މުސްކުޅި' },
});
const lap = (local: number): ConcessionCount => ({
  local,
  foreigner: 0,
  seat: false,
  name: { en: 'Lap child', dv: '' },
});
const party = (tickets: Partial<TicketCounts>) => ({
  ...initialWizardState(),
  tickets: { ...EMPTY_TICKETS, ...tickets },
  passengerInfo: { ...initialWizardState().passengerInfo, name: 'Aishath Ali' },
});

describe('concessions in the party', () => {
  it('gives a seat to a concession that takes one, and none to one that does not', () => {
    const tickets = { ...EMPTY_TICKETS, localAdult: 1, concessions: { senior: senior(2), lap: lap(1) } };
    expect(seatCount(tickets)).toBe(3);
  });

  it('counts a seatless concession on an adult’s lap, with the infants', () => {
    const tickets = { ...EMPTY_TICKETS, localAdult: 2, localInfant: 1, concessions: { lap: lap(1) } };
    expect(infantsFull(tickets)).toBe(true);
    // One adult fewer: the seatless concession goes first, the infant stays on the lap left.
    const fewer = capInfants({ ...tickets, localAdult: 1 });
    expect(fewer.concessions?.lap?.local).toBe(0);
    expect(fewer.localInfant).toBe(1);
  });

  it('names a senior after the children and before the infants, by the concession’s name', () => {
    const state = party({ localAdult: 1, localInfant: 1, concessions: { senior: senior(1) } });
    const persons = partyPersons(state);
    expect(persons.map((p) => p.key)).toEqual(['adult-0', 'senior-0', 'infant-0']);
    expect(categoryValues(persons[1] as (typeof persons)[number], 'en')).toEqual({
      category: 'senior',
      name: 'Senior',
    });
    expect(categoryValues(persons[1] as (typeof persons)[number], 'dv').name).toBe('މުސްކުޅި');
  });

  it('lets a senior travelling alone be the contact', () => {
    const persons = partyPersons(party({ concessions: { senior: senior(1) } }));
    expect(persons[0]).toMatchObject({ category: 'senior', isContact: true, name: 'Aishath Ali' });
  });

  it('sends a row per type of each concession and its persons', () => {
    const sent = bookingParty(party({ localAdult: 1, concessions: { senior: senior(1, 1) } }));
    expect(sent.tickets.filter((t) => t.category === 'senior')).toEqual([
      { type: 'local', category: 'senior', quantity: 1 },
      { type: 'foreigner', category: 'senior', quantity: 1 },
    ]);
    expect(sent.passengers?.map((p) => p.category)).toEqual(['adult', 'senior', 'senior']);
  });

  it('previews a concession at the trip’s price, and not at all without one', () => {
    const settings = {
      localAdultPrice: '25.00',
      localChildPrice: '15.00',
      foreignerAdultPrice: '30.00',
      foreignerChildPrice: '20.00',
      exchangeRate: '15.42',
    } as Parameters<typeof totals>[1];
    const tickets = { ...EMPTY_TICKETS, localAdult: 1, concessions: { senior: senior(1) } };
    expect(totals(tickets, settings)).toBeNull();
    const priced = {
      ...settings,
      categoryPrices: [{ code: 'senior', localPrice: '12.50', foreignerPrice: '15.00' }],
    };
    expect(totals(tickets, priced)?.mvr).toBe('37.50');
    // The server's own arithmetic, row for row.
    expect(buildBreakdown(bookingParty(party(tickets)).tickets, priced).map((r) => r.price)).toEqual([
      '25.00',
      '12.50',
    ]);
  });
});
