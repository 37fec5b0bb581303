export const people = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Concessions = readonly {
  code: string;
  name: { en: string; dv: string };
  count: number;
  idRequired: boolean;
}[];

/** A party's concessions as the crew reads them: 'Senior (65+) × 1' (docs/decisions/036). */
export const concessionsNote = (concessions: Concessions | undefined) =>
  (concessions ?? []).map((c) => `${c.name.en} × ${c.count}`).join(', ');

/** The concessions whose ID must be shown, by their English names: 'Senior (65+), Student'. */
export const idRequiredFor = (concessions: Concessions | undefined) =>
  (concessions ?? [])
    .filter((c) => c.idRequired)
    .map((c) => c.name.en)
    .join(', ');
