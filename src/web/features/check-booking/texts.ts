import en from '#shared/messages/lookup.ts?catalogue';
import { registerTexts } from '#web/i18n/texts.tsx';

/** Check Your Booking's texts (#shared/messages/lookup.ts): imported first by every component of it. */
export const LOOKUP_TEXTS = registerTexts(
  'lookup',
  en,
  () => import('#shared/locales/dv/lookup.ts?catalogue'),
);
