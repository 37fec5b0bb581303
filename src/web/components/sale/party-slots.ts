import {
  TICKET_KINDS,
  type TicketCategory,
  type TicketCount,
  type TicketKind,
  type TicketType,
} from './sale-money.ts';

/*
 * The persons of a party (docs/decisions/035-every-person-named.md): the contact, the first
 * person, and a slot for each of the others, as the counter and a partner's screen name them.
 */

/** A person of the party beyond the contact, as a slot the seller may name. */
export type PersonSlot = { key: string; type: TicketType; category: TicketCategory; label: string };
export type PersonNames = Record<string, { name: string; nationality: string }>;

/** The contact's ticket: the first kind that takes a seat and has a ticket. */
export function contactKind(
  counts: readonly TicketCount[],
  kinds: readonly TicketKind[] = TICKET_KINDS,
): TicketCount | undefined {
  const seat = (c: TicketCount) =>
    kinds.find((k) => k.category === c.category)?.seat ?? c.category !== 'infant';
  return counts.find((c) => seat(c) && c.quantity > 0);
}

/** The other persons of the party, one slot each, in the order of the ticket kinds. */
export function otherPersons(
  counts: readonly TicketCount[],
  kinds: readonly TicketKind[] = TICKET_KINDS,
): PersonSlot[] {
  const contact = contactKind(counts, kinds);
  const slots: PersonSlot[] = [];
  for (const kind of kinds) {
    const quantity = counts.find((c) => c.type === kind.type && c.category === kind.category)?.quantity ?? 0;
    const others =
      kind.type === contact?.type && kind.category === contact.category ? quantity - 1 : quantity;
    for (let i = 0; i < others; i++) {
      slots.push({
        key: `${kind.type}-${kind.category}-${i}`,
        type: kind.type,
        category: kind.category,
        label: `${kind.label} ${others > 1 ? i + 1 : ''}`.trim(),
      });
    }
  }
  return slots;
}

/** The names typed for the other persons: every one named, none, or some (a problem). */
export function namedOthers(slots: readonly PersonSlot[], names: PersonNames): 'none' | 'all' | 'some' {
  const named = slots.filter((s) => names[s.key]?.name.trim()).length;
  return named === 0 ? 'none' : named === slots.length ? 'all' : 'some';
}
