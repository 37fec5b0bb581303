import type { Language } from '#shared/languages.ts';
import type { BookingRequest } from '#shared/schemas.ts';
import type {
  ConcessionCount,
  PersonCategory,
  PersonKey,
  TicketCounts,
  WizardState,
} from './wizard-state.ts';

// The party as persons: who takes a seat, how many infants it may carry, and everyone in the
// order the wizard names them (adults, children, the concessions that take a seat, infants, the
// concessions that do not; the first of them is the contact).
// Loaded with the steps that need it, off /booking's first load.

/** The longest name the server takes for a person of the party. */
export const PERSON_NAME_MAX = 100;

export const adultCount = (t: TicketCounts) => t.localAdult + t.foreignerAdult;
export const childCount = (t: TicketCounts) => t.localChild + t.foreignerChild;
export const infantCount = (t: TicketCounts) => t.localInfant + t.foreignerInfant;

/** The persons of the concessions chosen that `keep` counts. */
const concessionTotal = (t: TicketCounts, keep: (c: ConcessionCount) => boolean) =>
  Object.values(t.concessions ?? {})
    .filter(keep)
    .reduce((n, c) => n + c.local + c.foreigner, 0);

const seated = (c: ConcessionCount) => c.seat;
const seatless = (c: ConcessionCount) => !c.seat;

/**
 * One seat per adult, child and person of a concession that takes one; an infant sits on an
 * adult's lap (docs/product.md section 10.3, docs/decisions/036).
 */
export const seatCount = (t: TicketCounts) => adultCount(t) + childCount(t) + concessionTotal(t, seated);

/** The persons on a lap: infants and the concessions without a seat. */
export const lapCount = (t: TicketCounts) => infantCount(t) + concessionTotal(t, seatless);

/** At most one person on a lap per adult, adults of both ticket types counted. */
export const infantsFull = (t: TicketCounts) => lapCount(t) >= adultCount(t);

/**
 * One person on a lap per adult: fewer adults take infants away with them, of the type that
 * lost its adult first, then the seatless concessions (the names typed stay in the wizard's
 * `persons`). Every ticket counter passes its change through this.
 */
export function capInfants(t: TicketCounts): TicketCounts {
  let over = lapCount(t) - adultCount(t);
  if (over <= 0) return t;
  let rest = t;
  for (const [code, c] of Object.entries(t.concessions ?? {}).reverse()) {
    if (over <= 0 || c.seat) continue;
    const foreigner = Math.min(c.foreigner, over);
    const local = Math.min(c.local, over - foreigner);
    const fewer = { ...c, foreigner: c.foreigner - foreigner, local: c.local - local };
    rest = { ...rest, concessions: { ...rest.concessions, [code]: fewer } };
    over -= foreigner + local;
  }
  if (over <= 0) return rest;
  const local =
    t.foreignerInfant > t.foreignerAdult
      ? Math.max(0, over - t.foreignerInfant)
      : Math.min(t.localInfant, over);
  return { ...rest, localInfant: t.localInfant - local, foreignerInfant: t.foreignerInfant - (over - local) };
}

/**
 * What a person's label and category texts take ('Senior 1', '(senior)'): the category, and a
 * concession's name in the passenger's language (English where it has no Dhivehi one).
 */
export function categoryValues(
  person: { category: PersonCategory; categoryName?: ConcessionCount['name'] | undefined },
  language: Language,
): { category: PersonCategory; name: string } {
  const names = person.categoryName;
  return {
    category: person.category,
    name: (language === 'dv' && names?.dv.trim()) || names?.en || person.category,
  };
}

/** A category of the party in the order its persons are named, with their count. */
type PartyCategory = { category: PersonCategory; count: number; name?: ConcessionCount['name'] };

/** Adults, children, the concessions with a seat, infants, the concessions without. */
export function partyCategories(t: TicketCounts): PartyCategory[] {
  const concessions = (seat: boolean): PartyCategory[] =>
    Object.entries(t.concessions ?? {})
      .filter(([, c]) => c.seat === seat)
      .map(([category, c]) => ({ category, count: c.local + c.foreigner, name: c.name }));
  return [
    { category: 'adult', count: adultCount(t) },
    { category: 'child', count: childCount(t) },
    ...concessions(true),
    { category: 'infant', count: infantCount(t) },
    ...concessions(false),
  ];
}

export type PartyPerson = {
  key: PersonKey;
  category: PersonCategory;
  /** A concession's name in both languages; none for adult, child and infant. */
  categoryName?: ConcessionCount['name'];
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
  for (const { category, count, name: categoryName } of partyCategories(tickets)) {
    for (let i = 0; i < count; i++) {
      const key: PersonKey = `${category}-${i}`;
      const isContact = list.length === 0;
      const person = persons[key];
      list.push({
        key,
        category,
        ...(categoryName ? { categoryName } : {}),
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
      ...Object.entries(t.concessions ?? {}).flatMap(([category, c]) => [
        { type: 'local' as const, category, quantity: c.local },
        { type: 'foreigner' as const, category, quantity: c.foreigner },
      ]),
    ],
    passengers: partyPersons(state).map(({ name, nationality, category }) => ({
      name: name.trim(),
      nationality,
      category,
    })),
  };
}
