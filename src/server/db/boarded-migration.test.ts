import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrate.ts';

/*
 * The boardings become the one record of who boarded (docs/decisions/024): the migration that
 * drops tickets.boarded_count keeps what it counted, and the next gives each closing the tickets
 * it marked no-show, for a reopening. The migrations before them are applied to a fresh
 * database, boardings and closings of that time are added, then each runs.
 */

async function apply(db: PGlite, file: string): Promise<void> {
  const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

const SCHEDULE = '00000000-0000-4000-8000-0000000000a1';
const ticketId = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;

describe('the migrations that make the boardings the record', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  // One test, as each migration builds on the last; every migration from the first, a statement
  // at a time, can take minutes on a busy machine.
  it('turns a "present" marked by hand into a boarding, keeps scanned ones, and gives each closing the tickets it marked no-show', async () => {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const migration = files.findIndex((f) => f.startsWith('0018_boarded_from_boardings'));
    expect(migration).toBeGreaterThan(0);
    for (const file of files.slice(0, migration)) await apply(db, file);

    // A departure Malé -> Airport -> Maafushi, as the product kept it before.
    await db.exec(`
      insert into locations (id, name, code, country) values
        ('00000000-0000-4000-8000-0000000000b1', 'Malé', 'MLE', 'Maldives'),
        ('00000000-0000-4000-8000-0000000000b2', 'Airport', 'APT', 'Maldives'),
        ('00000000-0000-4000-8000-0000000000b3', 'Maafushi', 'MAA', 'Maldives');
      insert into launches (id, name, capacity, seat_numbers)
        values ('00000000-0000-4000-8000-0000000000c1', 'Sea Breeze', 10, '{1,2,3,4,5,6,7,8,9,10}');
      insert into schedules (id, travel_date, departure_time) values ('${SCHEDULE}', '2026-11-20', '08:00');
      insert into schedule_route_stops (schedule_id, location_id, departure_time, stop_order) values
        ('${SCHEDULE}', '00000000-0000-4000-8000-0000000000b1', '08:00', 0),
        ('${SCHEDULE}', '00000000-0000-4000-8000-0000000000b2', '08:30', 1),
        ('${SCHEDULE}', '00000000-0000-4000-8000-0000000000b3', null, 2);
    `);
    // 1: marked present by hand at Airport, party of 2, never scanned.
    // 2: scanned aboard (1 of 2), then marked present by hand for the rest.
    // 3: scanned aboard, then set back to 0 by a no-show marking.
    // 4: never boarded, marked a no-show.
    const tickets: [number, string, number, string | null][] = [
      [1, '00000000-0000-4000-8000-0000000000b2', 2, 'present'],
      [2, '00000000-0000-4000-8000-0000000000b1', 2, 'present'],
      [3, '00000000-0000-4000-8000-0000000000b1', 0, 'no_show'],
      [4, '00000000-0000-4000-8000-0000000000b1', 0, 'no_show'],
    ];
    for (const [n, origin, boarded, marked] of tickets) {
      await db.query(
        `insert into tickets (id, payment_reference, schedule_id, launch_id, travel_date, passenger_name,
           passenger_email, passenger_nationality, total_amount, currency, exchange_rate, ticket_breakdown,
           seat_numbers, adult_count, ticket_status, marked_status, boarded_count, user_origin_id,
           user_destination_id, updated_at)
         values ($1, $2, $3, '00000000-0000-4000-8000-0000000000c1', '2026-11-20', 'Passenger', 'p@example.com',
           'Maldivian', '200.00', 'MVR', '15.42', '[]', '{1,2}', 2, 'confirmed', $4, $5, $6,
           '00000000-0000-4000-8000-0000000000b3', '2026-11-20T03:10:00Z')`,
        [ticketId(n), `REF${n}`, SCHEDULE, marked, boarded, origin],
      );
    }
    await db.exec(`
      insert into boardings (id, ticket_id, schedule_id, stop, persons, accepted, outcome, device_id, device_time)
      values
        ('00000000-0000-4000-8000-0000000000d2', '${ticketId(2)}', '${SCHEDULE}', 0, 1, 1, 'boarded', 'device-a', now()),
        ('00000000-0000-4000-8000-0000000000d3', '${ticketId(3)}', '${SCHEDULE}', 0, 2, 2, 'boarded', 'device-a', now());
    `);

    await apply(db, files[migration] ?? '');
    const boarded = await db.query<{ ticket: string; device: string; stop: number; accepted: number }>(
      `select ticket_id as ticket, device_id as device, stop, accepted from boardings
       order by ticket_id, device_id`,
    );
    expect(boarded.rows).toEqual([
      { ticket: ticketId(1), device: 'by-hand', stop: 1, accepted: 2 },
      { ticket: ticketId(2), device: 'by-hand', stop: 0, accepted: 1 },
      { ticket: ticketId(2), device: 'device-a', stop: 0, accepted: 1 },
      { ticket: ticketId(3), device: 'device-a', stop: 0, accepted: 2 },
    ]);
    const columns = await db.query(
      `select 1 from information_schema.columns where table_name = 'tickets' and column_name = 'boarded_count'`,
    );
    expect(columns.rows).toEqual([]);

    // The closing at Malé of the departure above, as the product kept it before the next one.
    const closings = files.findIndex((f) => f.startsWith('0019_closure_no_shows'));
    expect(closings).toBe(migration + 1);
    await db.exec(`
      insert into boarding_closures (schedule_id, stop, closed_by_name, closed_at, crew, no_shows, counted_off, passengers_aboard)
        values ('${SCHEDULE}', 0, 'Crew', now(), 2, 2, 0, 3);
      insert into audit_log (action, entity, entity_id, after) values
        ('close_boarding', 'schedule', '${SCHEDULE}', '{"stop": 1, "noShowTickets": []}'),
        ('close_boarding', 'schedule', '${SCHEDULE}', '{"stop": 0, "noShowTickets": ["${ticketId(4)}"]}');
    `);
    await apply(db, files[closings] ?? '');
    const closures = await db.query<{ no_show_tickets: string[] }>(
      'select no_show_tickets from boarding_closures',
    );
    expect(closures.rows).toEqual([{ no_show_tickets: [ticketId(4)] }]);
  }, 180_000);
});
