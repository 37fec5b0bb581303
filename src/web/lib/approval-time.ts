import type { TextId } from '#shared/messages/catalogues.ts';
import type { Translate } from '#web/i18n/texts.tsx';

/** The ids of a duration's three forms in a namespace: '2 hours', '45 minutes', '1 hour 30 minutes'. */
export type DurationTexts = { hours: TextId; minutes: TextId; both: TextId };

/** The operator's usual time from slip to approval, in minutes, as words in the page's language. */
export function formatApprovalTime(t: Translate, totalMinutes: number, ids: DurationTexts): string {
  const whole = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(whole / 60);
  const minutes = whole % 60;
  if (hours === 0) return t(ids.minutes, { n: minutes });
  if (minutes === 0) return t(ids.hours, { n: hours });
  return t(ids.both, { hours, minutes });
}
