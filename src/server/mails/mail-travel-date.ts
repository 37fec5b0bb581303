import type { Translate } from '#server/lib/texts.ts';
import { travelDateParts } from '#shared/date-names.ts';

/**
 * A YYYY-MM-DD travel date as the mail says it, the same way in every language: weekday, day,
 * month and year (dates.travelDate), the names from the catalogue (dates.*), since no Intl knows
 * Dhivehi.
 */
export function mailTravelDate(t: Translate, isoDate: string): string {
  const parts = travelDateParts(isoDate, t);
  return parts ? t('dates.travelDate', parts) : isoDate;
}
