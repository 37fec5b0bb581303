import en from '#shared/messages/home.ts?catalogue';
import { registerTexts } from '#web/i18n/texts.tsx';

/** The home page's texts (#shared/messages/home.ts): imported first by every home component. */
export const HOME_TEXTS = registerTexts('home', en, () => import('#shared/locales/dv/home.ts?catalogue'));
