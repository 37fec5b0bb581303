import type { BookingRequest } from '#shared/schemas.ts';
import type { PersonCategory, PersonKey, TicketCounts, WizardState } from './wizard-state.ts';

// The party as persons: who takes a seat, how many infants it may carry, and everyone in the
// order the wizard names them (adults, children, infants; the first of them is the contact).
// Loaded with the steps that need it, off /booking's first load.

/** The longest name the server takes for a person of the party. */
export const PERSON_NAME_MAX = 100;

export const PERSON_CATEGORIES: readonly PersonCategory[] = ['adult', 'child', 'infant'];

export const adultCount = (t: TicketCounts) => t.localAdult + t.foreignerAdult;
export const childCount = (t: TicketCounts) => t.localChild + t.foreignerChild;
export const infantCount = (t: TicketCounts) => t.localInfant + t.foreignerInfant;

/** One seat per adult and child; an infant sits on an adult's lap (docs/product.md section 10.3). */
export const seatCount = (t: TicketCounts) => adultCount(t) + childCount(t);

/** At most one infant per adult, adults of both ticket types counted. */
export const infantsFull = (t: TicketCounts) => infantCount(t) >= adultCount(t);

/**
 * One infant per adult: fewer adults take infants away with them, of the type that lost its
 * adult first (the names typed stay in the wizard's `persons`). Every ticket counter passes its
 * change through this.
 */
export function capInfants(t: TicketCounts): TicketCounts {
  const over = infantCount(t) - adultCount(t);
  if (over <= 0) return t;
  const local =
    t.foreignerInfant > t.foreignerAdult
      ? Math.max(0, over - t.foreignerInfant)
      : Math.min(t.localInfant, over);
  return { ...t, localInfant: t.localInfant - local, foreignerInfant: t.foreignerInfant - (over - local) };
}

const COUNTS: Record<PersonCategory, (t: TicketCounts) => number> = {
  adult: adultCount,
  child: childCount,
  infant: infantCount,
};

export type PartyPerson = {
  key: PersonKey;
  category: PersonCategory;
  /** 1 for 'Adult 1'. */
  number: number;
  /** The first person: the contact, whose name and nationality are step 2's contact fields. */
  isContact: boolean;
  name: string;
  nationality: string;
};

/**
 * Everyone the tickets count, adults first: the first person is the contact (its details are
 * `passengerInfo`), the others read `persons` by their place, with the contact's nationality
 * until one of their own is chosen.
 */
export function partyPersons(
  state: Pick<WizardState, 'tickets' | 'passengerInfo' | 'persons'>,
): PartyPerson[] {
  const { tickets, passengerInfo: contact, persons } = state;
  const list: PartyPerson[] = [];
  for (const category of PERSON_CATEGORIES) {
    for (let i = 0; i < COUNTS[category](tickets); i++) {
      const key: PersonKey = `${category}-${i}`;
      const isContact = list.length === 0;
      const person = persons[key];
      list.push({
        key,
        category,
        number: i + 1,
        isContact,
        name: isContact ? contact.name : (person?.name ?? ''),
        nationality: isContact ? contact.nationality : person?.nationality || contact.nationality,
      });
    }
  }
  return list;
}

/**
 * The party as POST /api/bookings takes it: a row per ticket type and category, and everyone by
 * name, the contact first (docs/decisions/035-every-person-named.md). No person names a ticket
 * type: the server gives each the first of their category's types with a ticket left (local,
 * then foreigner), which is the order the wizard lists them in.
 */
export function bookingParty(
  state: Pick<WizardState, 'tickets' | 'passengerInfo' | 'persons'>,
): Pick<BookingRequest, 'tickets' | 'passengers'> {
  const t = state.tickets;
  return {
    tickets: [
      { type: 'local', category: 'adult', quantity: t.localAdult },
      { type: 'local', category: 'child', quantity: t.localChild },
      { type: 'foreigner', category: 'adult', quantity: t.foreignerAdult },
      { type: 'foreigner', category: 'child', quantity: t.foreignerChild },
      { type: 'local', category: 'infant', quantity: t.localInfant },
      { type: 'foreigner', category: 'infant', quantity: t.foreignerInfant },
    ],
    passengers: partyPersons(state).map(({ name, nationality, category }) => ({
      name: name.trim(),
      nationality,
      category,
    })),
  };
}
