import { DEFAULT_NATIONALITY } from '#shared/constants.ts';
import type { PartnerGuest } from '#shared/partners.ts';
import { contactKind, otherPersons, type PersonSlot } from '#web/components/sale/party-slots.ts';
import type { TicketCount, TicketKind } from '#web/components/sale/sale-money.ts';

/** One guest of the party to name: the contact first (in a seat), then one per other ticket. */
export type GuestSlot = PersonSlot & { contact: boolean; seat: boolean };

/** What the desk typed for a guest; a nationality not typed yet is the slot's default. */
export type GuestEntry = { name: string; nationality?: string; email: string };
export type GuestEntries = Record<string, GuestEntry>;

const CONTACT_KEY = 'contact';

/**
 * Every person of the party, one slot each: the contact, the first kind with a seat (an infant
 * is never the contact), then the others in the order of the ticket kinds. Each is labelled by
 * its ticket's kind.
 */
export function guestSlots(counts: readonly TicketCount[], kinds: readonly TicketKind[]): GuestSlot[] {
  const kindOf = (s: { type: string; category: string }) =>
    kinds.find((k) => k.type === s.type && k.category === s.category);
  const contact = contactKind(counts, kinds);
  const first: GuestSlot[] = contact
    ? [
        {
          key: CONTACT_KEY,
          type: contact.type,
          category: contact.category,
          label: kindOf(contact)?.label ?? contact.category,
          contact: true,
          seat: true,
        },
      ]
    : [];
  return [
    ...first,
    ...otherPersons(counts, kinds).map((s) => ({
      ...s,
      label: kindOf(s)?.label ?? s.category,
      contact: false,
      seat: kindOf(s)?.seat ?? s.category !== 'infant',
    })),
  ];
}

/**
 * A guest's nationality: what was typed, else Maldivian for a local and, for the others of the
 * party, the contact's (a family travels together); empty for a foreign contact until typed.
 */
export function nationalityOf(slot: GuestSlot, entries: GuestEntries, slots: readonly GuestSlot[]): string {
  const typed = entries[slot.key]?.nationality;
  if (typed !== undefined) return typed;
  if (slot.type === 'local') return DEFAULT_NATIONALITY;
  const contact = slots[0];
  return contact && contact !== slot && contact.type === 'foreigner'
    ? nationalityOf(contact, entries, slots)
    : '';
}

/** The guests as the booking sends them, the contact first. */
export function guestsOf(slots: readonly GuestSlot[], entries: GuestEntries): PartnerGuest[] {
  return slots.map((slot) => {
    const entry = entries[slot.key];
    const email = entry?.email.trim() ?? '';
    return {
      name: entry?.name ?? '',
      nationality: nationalityOf(slot, entries, slots),
      category: slot.category,
      type: slot.type,
      ...(email ? { email } : {}),
    };
  });
}
