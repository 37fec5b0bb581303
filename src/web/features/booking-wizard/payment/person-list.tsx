import { type Translate, useLanguage } from '#web/i18n/texts.tsx';
import { categoryValues } from '../party.ts';
import type { ConcessionCount, PersonCategory } from '../wizard-state.ts';

/**
 * Everyone on the booking, one a line: 'Aishath Ali (adult)', in `t` of a screen with the
 * payment texts (the summary of step 5 and the confirmation).
 */
export function PersonList({
  t,
  persons,
}: {
  t: Translate;
  persons: ReadonlyArray<{ category: PersonCategory; name: string; categoryName?: ConcessionCount['name'] }>;
}) {
  const language = useLanguage();
  return (
    <ul className="grid gap-0.5" data-testid="person-list">
      {persons.map((person, index) => (
        // The same name twice is two people: their place in the list tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <li key={index}>
          <bdi>{person.name}</bdi>{' '}
          <span className="font-normal text-slate-600">
            {t('payment.personCategory', categoryValues(person, language))}
          </span>
        </li>
      ))}
    </ul>
  );
}
