import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { ticketPassengers } from '#server/db/schema.ts';
import type { Concession } from '#shared/fare-categories.ts';
import { concessionCount } from '#shared/money.ts';
import {
  type CategoryCode,
  isBuiltIn,
  type PersonInput,
  type PersonView,
  SEATED_CATEGORIES,
  TICKET_TYPES,
  type TicketBreakdownRow,
  type TicketType,
} from '#shared/schemas.ts';

/*
 * Every person of a booking (docs/decisions/035-every-person-named.md): who is named, on which
 * ticket type and category, and how many of the party nobody named. Position 0 is the contact.
 */

type TicketRowCount = Pick<TicketBreakdownRow, 'type' | 'category' | 'quantity'>;
type PersonRow = typeof ticketPassengers.$inferInsert;

const isType = (value: string): value is TicketType => (TICKET_TYPES as readonly string[]).includes(value);

/** The tickets left per type and category, taken one by one as persons are placed on them. */
function ticketPool(tickets: readonly TicketRowCount[]) {
  const left = new Map<string, number>();
  for (const t of tickets)
    left.set(`${t.type}:${t.category}`, (left.get(`${t.type}:${t.category}`) ?? 0) + t.quantity);
  const take = (category: CategoryCode, type?: TicketType): TicketType => {
    const chosen =
      type ?? TICKET_TYPES.find((tt) => (left.get(`${tt}:${category}`) ?? 0) > 0) ?? TICKET_TYPES[0];
    left.set(`${chosen}:${category}`, (left.get(`${chosen}:${category}`) ?? 0) - 1);
    return chosen;
  };
  return { take };
}

/**
 * The rows a new booking stores: the persons as named (the request checked that they match the
 * tickets, the contact first), a type given to each who named none; without names, the contact
 * alone, on the first ticket of a category that takes a seat.
 */
export function personRows(opts: {
  ticketId: string;
  tickets: readonly TicketRowCount[];
  passengers?: readonly PersonInput[] | undefined;
  contact: { name: string; nationality: string };
}): PersonRow[] {
  const pool = ticketPool(opts.tickets);
  // Those who named their type first, so a person without one never takes the ticket they named.
  const typed = (opts.passengers ?? []).map((p, position) => ({ p, position }));
  const types = new Map<number, TicketType>();
  for (const { p, position } of typed) if (p.type) types.set(position, pool.take(p.category, p.type));
  for (const { p, position } of typed) if (!p.type) types.set(position, pool.take(p.category));
  if (opts.passengers) {
    return opts.passengers.map((p, position) => ({
      ticketId: opts.ticketId,
      position,
      name: p.name,
      nationality: p.nationality,
      category: p.category,
      ticketType: types.get(position) ?? TICKET_TYPES[0],
    }));
  }
  // The contact takes a seat: an adult or a child, else the first concession of the party.
  const category =
    SEATED_CATEGORIES.find((c) => opts.tickets.some((t) => t.category === c && t.quantity > 0)) ??
    opts.tickets.find((t) => t.category !== 'infant' && t.quantity > 0)?.category ??
    'adult';
  return [
    {
      ticketId: opts.ticketId,
      position: 0,
      name: opts.contact.name,
      nationality: opts.contact.nationality,
      category,
      ticketType: pool.take(category),
    },
  ];
}

/** Writes a new booking's persons. */
export async function insertPersons(db: DbOrTx, rows: PersonRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(ticketPassengers).values(rows);
}

export type NamedPerson = PersonView & { position: number };

/** The persons named on these tickets, by ticket id, in position order. */
export async function readPersons(
  db: DbOrTx,
  ticketIds: readonly string[],
): Promise<Map<string, NamedPerson[]>> {
  const byTicket = new Map<string, NamedPerson[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .select()
    .from(ticketPassengers)
    .where(inArray(ticketPassengers.ticketId, [...new Set(ticketIds)]))
    .orderBy(asc(ticketPassengers.ticketId), asc(ticketPassengers.position));
  for (const row of rows) {
    if (!isType(row.ticketType)) continue;
    const list = byTicket.get(row.ticketId) ?? [];
    list.push({
      position: row.position,
      name: row.name,
      nationality: row.nationality,
      category: row.category,
      type: row.ticketType,
    });
    byTicket.set(row.ticketId, list);
  }
  return byTicket;
}

type PartyTicket = {
  passengerName: string;
  passengerNationality: string;
  adultCount: number;
  childCount: number;
  infantCount: number;
  ticketBreakdown: readonly TicketRowCount[];
};

/**
 * The whole party: adults, children, infants and the persons of a concession, read from the
 * breakdown (docs/decisions/036-fare-categories.md).
 */
export const partySize = (
  t: Pick<PartyTicket, 'adultCount' | 'childCount' | 'infantCount' | 'ticketBreakdown'>,
) => t.adultCount + t.childCount + t.infantCount + concessionCount(t.ticketBreakdown ?? []);

/**
 * A booking's persons and how many nobody named. The contact (position 0) always reads as the
 * ticket names them now, so a corrected name shows everywhere; a booking made before persons
 * were named has its contact as its one person, on its first seated ticket.
 */
export function partyOf(
  ticket: PartyTicket,
  named: readonly NamedPerson[] | undefined,
): { persons: PersonView[]; unnamedCount: number } {
  const rows =
    named && named.length > 0
      ? named
      : personRows({
          ticketId: '',
          tickets: ticket.ticketBreakdown,
          contact: { name: ticket.passengerName, nationality: ticket.passengerNationality },
        }).map((r) => ({ ...r, type: r.ticketType as TicketType }));
  const persons = rows.map(
    (p, i): PersonView => ({
      name: i === 0 ? ticket.passengerName : p.name,
      nationality: i === 0 ? ticket.passengerNationality : p.nationality,
      category: p.category,
      type: p.type,
    }),
  );
  return { persons, unnamedCount: Math.max(0, partySize(ticket) - persons.length) };
}

/** A concession's persons in a party, named in both languages. */
export type PartyConcession = {
  code: string;
  name: { en: string; dv: string };
  count: number;
  idRequired: boolean;
};

/** A party's concessions, with their names and whether an ID must be shown (decision 036). */
export function concessionsOf(
  breakdown: readonly TicketBreakdownRow[],
  categories: ReadonlyMap<string, Concession>,
): { concessions?: PartyConcession[]; idRequired?: boolean } {
  const counts = new Map<string, number>();
  for (const row of breakdown) {
    if (!isBuiltIn(row.category)) counts.set(row.category, (counts.get(row.category) ?? 0) + row.quantity);
  }
  if (counts.size === 0) return {};
  const concessions = [...counts].map(([code, count]) => {
    const c = categories.get(code);
    return {
      code,
      name: { en: c?.nameEn ?? code, dv: c?.nameDv ?? code },
      count,
      // A category gone from the table: the crew checks an ID rather than guess.
      idRequired: c?.idRequired ?? true,
    };
  });
  return { concessions, idRequired: concessions.some((c) => c.idRequired) };
}
