import en from '#shared/messages/eticket.ts?catalogue';
import { registerTexts } from '#web/i18n/texts.tsx';

/** The e-ticket texts (#shared/messages/eticket.ts): its page, and its resend on Check Booking. */
export const ETICKET_TEXTS = registerTexts(
  'eticket',
  en,
  () => import('#shared/locales/dv/eticket.ts?catalogue'),
);
