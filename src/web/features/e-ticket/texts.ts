import en from '#shared/messages/eticket.ts?catalogue';
import { registerTexts } from '#web/i18n/texts.tsx';

/** The e-ticket page's texts (#shared/messages/eticket.ts). */
export const ETICKET_TEXTS = registerTexts(
  'eticket',
  en,
  () => import('#shared/locales/dv/eticket.ts?catalogue'),
);
