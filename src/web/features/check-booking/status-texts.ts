import en from '#shared/messages/status.ts?catalogue';
import { registerTexts } from '#web/i18n/texts.tsx';

/**
 * A found booking's status texts (#shared/messages/status.ts): imported only by the outcome's
 * cards, so the Check Booking page's first load carries none of them.
 */
export const STATUS_TEXTS = registerTexts(
  'status',
  en,
  () => import('#shared/locales/dv/status.ts?catalogue'),
);
