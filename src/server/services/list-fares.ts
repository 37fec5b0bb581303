import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Fare } from '#shared/fares.ts';
import type { DbOrTx } from '../db/client.ts';
import { locations, routeFares } from '../db/schema.ts';

export const fareColumns = {
  id: routeFares.id,
  originId: routeFares.originId,
  destinationId: routeFares.destinationId,
  type: routeFares.ticketType,
  category: routeFares.category,
  price: routeFares.price,
};

/** A stored fare as the API gives it, with its currency: local tickets MVR, foreigner USD. */
export function fareOf(row: {
  id: string;
  originId: string;
  destinationId: string;
  type: string;
  category: string;
  price: string;
}): Fare {
  const type = row.type === 'foreigner' ? 'foreigner' : 'local';
  return { ...row, type, currency: type === 'local' ? 'MVR' : 'USD' };
}

export type ListFaresOptions = { db: DbOrTx };

const origin = alias(locations, 'origin');
const destination = alias(locations, 'destination');

/** Every port pair's own fares (docs/decisions/033), by origin and destination name, then ticket kind. */
export async function listFares({ db }: ListFaresOptions): Promise<Fare[]> {
  const rows = await db
    .select(fareColumns)
    .from(routeFares)
    .innerJoin(origin, eq(origin.id, routeFares.originId))
    .innerJoin(destination, eq(destination.id, routeFares.destinationId))
    .orderBy(
      asc(origin.name),
      asc(destination.name),
      asc(routeFares.ticketType),
      asc(routeFares.category),
      asc(routeFares.createdAt),
    );
  return rows.map(fareOf);
}
