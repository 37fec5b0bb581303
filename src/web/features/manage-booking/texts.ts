import en from '#shared/messages/manage.ts?catalogue';
import { VESSEL_TEXTS } from '#web/components/seat-map/vessel-texts.ts';
import { COMMON } from '#web/i18n/common.ts';
import { MSG_TEXTS } from '#web/i18n/msg.ts';
import { registerTexts, useTexts } from '#web/i18n/texts.tsx';
import { DATES_TEXTS } from '#web/lib/dates.ts';

/** The manage page's texts (#shared/messages/manage.ts): only its own lazy chunk carries them. */
export const MANAGE_TEXTS = registerTexts(
  'manage',
  en,
  () => import('#shared/locales/dv/manage.ts?catalogue'),
);

/** Every namespace the manage page shows: its own, the API's errors, the seats and the dates. */
export const useManageTexts = () => useTexts(MANAGE_TEXTS, MSG_TEXTS, VESSEL_TEXTS, COMMON, DATES_TEXTS);
