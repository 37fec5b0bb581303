import { NATIONALITIES } from '#shared/constants.ts';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Field, InputField } from './field.tsx';
import {
  TICKET_KINDS,
  type TicketCategory,
  type TicketCount,
  type TicketKind,
  type TicketType,
} from './sale-money.ts';

/*
 * The counter may name every person of a sale (docs/decisions/035-every-person-named.md): the
 * passenger named above is the contact, the first person; the others are optional, all or none.
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

export function PartyNames({
  slots,
  names,
  contactNationality,
  onChange,
  error,
}: {
  slots: readonly PersonSlot[];
  names: PersonNames;
  contactNationality: string;
  onChange: (names: PersonNames) => void;
  error?: string | undefined;
}) {
  if (slots.length === 0) return null;
  const set = (key: string, change: Partial<{ name: string; nationality: string }>) =>
    onChange({
      ...names,
      [key]: { name: '', nationality: contactNationality, ...names[key], ...change },
    });
  return (
    <details
      open={Boolean(error) || undefined}
      className="rounded-lg border border-slate-200 bg-white sm:col-span-2"
    >
      <summary
        id="counter-persons"
        tabIndex={-1}
        className="cursor-pointer px-3 py-2.5 text-sm font-medium text-slate-800"
      >
        Name the other {slots.length === 1 ? 'person' : `${slots.length} persons`} (optional)
      </summary>
      <div className="space-y-3 px-3 pb-3">
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <ul className="space-y-3">
          {slots.map((slot) => (
            <li key={slot.key} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <InputField
                id={`counter-person-${slot.key}`}
                label={`Name, ${slot.label.toLowerCase()}`}
                value={names[slot.key]?.name ?? ''}
                onValue={(name) => set(slot.key, { name })}
              />
              <Field
                id={`counter-person-${slot.key}-nationality`}
                label={`Nationality, ${slot.label.toLowerCase()}`}
              >
                <NativeSelect
                  value={names[slot.key]?.nationality ?? contactNationality}
                  onChange={(e) => set(slot.key, { nationality: e.target.value })}
                >
                  {NATIONALITIES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
