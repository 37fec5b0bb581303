import { COMMON } from '#web/i18n/common.ts';
import { MSG_TEXTS } from '#web/i18n/msg.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { DATES_TEXTS } from '#web/lib/dates.ts';
import { STATUS_TEXTS } from './status-texts.ts';
import { LOOKUP_TEXTS } from './texts.ts';

/**
 * The texts of the lookup's outcome: the page's own, the API's errors (#web/i18n/msg.ts) and
 * 'Not specified'. Only the lazy outcome cards import this, so the error texts stay out of the
 * page's first load.
 */
export const useOutcomeTexts = () => useTexts(LOOKUP_TEXTS, STATUS_TEXTS, MSG_TEXTS, COMMON, DATES_TEXTS);
