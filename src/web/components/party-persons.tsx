/*
 * Every person of a party, as the office's manifest and the crew's boarding list show them
 * (docs/decisions/035-every-person-named.md): each named person with their category, then how
 * many nobody named. Staff screens, in English.
 */

const CATEGORY: Record<string, string> = { adult: 'adult', child: 'child', infant: 'infant' };

/** A category: 'adult', 'child', 'infant', or a concession's code (docs/decisions/036). */
export type PartyPerson = { name: string; category: string };

/** A party's concessions as the manifests carry them: the English name by code. */
export const concessionNames = (concessions: readonly { code: string; name: { en: string } }[] | undefined) =>
  new Map((concessions ?? []).map((c) => [c.code, c.name.en]));

/** '+ 1 infant', '+ 2 infants': the infants of a party beside its seats. */
export const infantsNote = (infants: number) =>
  infants > 0 ? `+ ${infants} ${infants === 1 ? 'infant' : 'infants'}` : '';

/** '+ 1 not named' for the persons of a party nobody named; '' when all are. */
export const unnamedNote = (n: number) => (n > 0 ? `+ ${n} not named` : '');

/**
 * The persons of a party as a list: 'Aishath Shifa (adult)', 'Ibrahim Zayan (infant)', '+ 1 not named'.
 * Inside a button (the boarding list's rows) a list may not stand: `inline` writes the same as text.
 */
export function PartyPersons({
  persons,
  unnamed,
  label,
  className,
  inline = false,
  names,
}: {
  persons: readonly PartyPerson[];
  /** A concession's name by its code (concessionNames). */
  names?: ReadonlyMap<string, string>;
  unnamed: number;
  /** The list's accessible name, e.g. 'Persons of 2611280001' (a list's only). */
  label: string;
  className?: string;
  inline?: boolean;
}) {
  const List = inline ? 'span' : 'ul';
  const Item = inline ? 'span' : 'li';
  return (
    <List
      aria-label={inline ? undefined : label}
      className={className ?? 'flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-slate-700'}
    >
      {persons.map((p, i) => (
        // Two persons may share a name: the position keeps each apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the persons' order is their position
        <Item key={i}>
          <bdi>{p.name}</bdi>{' '}
          <span className="text-slate-600">
            ({CATEGORY[p.category] ?? names?.get(p.category) ?? p.category})
          </span>
        </Item>
      ))}
      {unnamed > 0 && <Item className="italic text-slate-600">{unnamedNote(unnamed)}</Item>}
    </List>
  );
}
