import type { FastifyReply } from 'fastify';
import { csvCell, csvText } from '#shared/csv.ts';
import type { SeatLegs } from '#shared/seats-by-leg.ts';

// One way of writing CSV for the server's exports and the browser's downloads alike.
export { csvCell, csvText };

/** Sends a CSV file as a download that no shared cache keeps. */
export function sendCsv(reply: FastifyReply, file: { filename: string; csv: string }) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'private, no-store')
    .send(file.csv);
}

/**
 * A departure's seats by leg as a CSV table (docs/decisions/032): a row per seat, a column per
 * leg, each cell the passenger in the seat on that leg with their own From → To, empty where
 * the seat is free. A seat that changes hands at a stop shows each occupant on their own legs.
 */
export function seatLegsCsv(opts: {
  seats: readonly SeatLegs[];
  /** The route's stops, in order: leg i runs from stop i to stop i+1. */
  stopNames: readonly string[];
  /** The first two columns' headings (the launch, the seat), in the file's own style. */
  header: readonly [string, string];
}): string {
  const name = (i: number) => opts.stopNames[i] ?? '';
  const legs = opts.stopNames.slice(1).map((to, i) => `${name(i)} → ${to}`);
  return csvText(
    [...opts.header, ...legs],
    opts.seats.map((s) => [
      s.launch ?? '',
      s.seat,
      ...s.legs.map((o) => (o ? `${o.name} (${o.reference}) · ${name(o.fromStop)} → ${name(o.toStop)}` : '')),
    ]),
  );
}

/** A booking's party as the manifests list it: its persons named, and its counts per category. */
type PartyRow = {
  reference: string;
  persons: readonly { name: string; nationality?: string; category: string; type?: string }[];
  adults: number;
  children: number;
  infants: number;
  /** The party's persons per concession (docs/decisions/036), read from its breakdown. */
  concessions?: readonly { code: string; count: number }[];
};

/** The text a manifest gives a person nobody named. */
export const NOT_NAMED = '(not named)';

/**
 * Every person of every booking, a row each (docs/decisions/035-every-person-named.md): the
 * persons named, then one row per person nobody named, under their category.
 */
export function personsCsv(
  parties: readonly PartyRow[],
  header: readonly string[],
  /** A concession's English name by code: the category column names it (decision 036). */
  names: ReadonlyMap<string, string> = new Map(),
): string {
  const label = (category: string) => names.get(category) ?? category;
  const rows: (string | number | null)[][] = [];
  for (const p of parties) {
    let position = 0;
    for (const person of p.persons) {
      position += 1;
      rows.push([
        p.reference,
        position,
        person.name,
        person.nationality ?? '',
        label(person.category),
        person.type ?? '',
      ]);
    }
    const counts: [string, number][] = [
      ['adult', p.adults],
      ['child', p.children],
      ['infant', p.infants],
      ...(p.concessions ?? []).map((c): [string, number] => [c.code, c.count]),
    ];
    for (const [category, count] of counts) {
      const unnamed = count - p.persons.filter((x) => x.category === category).length;
      for (let n = 0; n < unnamed; n++) {
        position += 1;
        rows.push([p.reference, position, NOT_NAMED, '', label(category), '']);
      }
    }
  }
  return csvText(header, rows);
}
