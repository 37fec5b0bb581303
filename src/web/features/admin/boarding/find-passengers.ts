import type { ManifestPassenger } from '#shared/boarding.ts';

/** Case, spacing and Unicode composition set aside: "aISHA  ahmed" finds "Aisha Ahmed". */
export function searchKey(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The manifest's bookings that a crew member's search finds: by any part of the passenger's
 * name (Latin or Thaana), of the name of any person of the party (docs/decisions/035), or of the
 * booking reference. An empty search finds nobody.
 */
export function findPassengers<P extends Pick<ManifestPassenger, 'name' | 'reference' | 'persons'>>(
  passengers: P[],
  search: string,
): P[] {
  const wanted = searchKey(search);
  if (!wanted) return [];
  return passengers.filter(
    (p) =>
      searchKey(p.name).includes(wanted) ||
      searchKey(p.reference).includes(wanted) ||
      (p.persons ?? []).some((person) => searchKey(person.name).includes(wanted)),
  );
}

/** The booking whose reference is exactly the search, if any. */
export function byReference<P extends Pick<ManifestPassenger, 'reference'>>(passengers: P[], search: string) {
  const wanted = searchKey(search);
  return passengers.find((p) => searchKey(p.reference) === wanted) ?? null;
}
