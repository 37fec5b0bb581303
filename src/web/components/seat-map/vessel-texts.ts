import en from '#shared/messages/vessel.ts?catalogue';
import { registerTexts } from '#web/i18n/texts.tsx';

/** The trips found, the launch and the seats (#shared/messages/vessel.ts): off /booking's first load. */
export const VESSEL_TEXTS = registerTexts(
  'vessel',
  en,
  () => import('#shared/locales/dv/vessel.ts?catalogue'),
);
