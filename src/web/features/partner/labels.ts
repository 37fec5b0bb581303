import { humanize } from '#web/lib/humanize.ts';

/** A guest's category as the desk reads it: the built-in ones by name, a concession by its code. */
export function categoryLabel(category: string): string {
  if (category === 'adult') return 'Adult';
  if (category === 'child') return 'Child';
  if (category === 'infant') return 'Infant';
  return humanize(category);
}

/** A booking's status as a partner reads it (the office's words are about payments). */
export const PARTNER_STATUS_LABEL: Record<string, string> = {
  confirmed: 'Confirmed',
  completed: 'Travelled',
  cancelled_by_passenger: 'Cancelled',
  cancelled_by_operator: 'Cancelled by the operator',
};
