import { AppError } from '#server/lib/errors.ts';
import { PROBLEMS } from '#shared/api-errors.ts';
import { type Concession, partyProblem } from '#shared/fare-categories.ts';
import type { TicketType } from '#shared/schemas.ts';

type CheckPartyOptions = {
  tickets: readonly { type: TicketType; category: string; quantity: number }[];
  seats: number;
  passengers?: readonly { category: string }[] | undefined;
  /** The active concessions (readFares' `concessions`). */
  concessions: readonly Concession[];
};

/**
 * The party's rules that need the categories from the database (docs/decisions/036): every code
 * built in or an active concession (400 `unknown_fare_category`), one seat per person of a
 * category that takes one (`too_many_seats`, `seat_count_mismatch`), persons without a seat at
 * most one per adult (`too_many_infants`) and the contact in a seat (`contact_first`).
 */
export function checkParty({ concessions, ...party }: CheckPartyOptions): void {
  const problem = partyProblem({ ...party, categories: concessions });
  if (problem) throw new AppError(problem, PROBLEMS[problem].message, 400);
}
