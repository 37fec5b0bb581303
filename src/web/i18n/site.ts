import en from '#shared/messages/site.ts?catalogue';
import { registerTexts } from './texts.tsx';

/** The footer's and the 404 page's texts, loaded with them rather than with the first screen. */
export const SITE_TEXTS = registerTexts('site', en, () => import('#shared/locales/dv/site.ts?catalogue'));
