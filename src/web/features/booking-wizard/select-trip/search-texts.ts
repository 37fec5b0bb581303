import en from '#shared/messages/search.ts?catalogue';
import { registerTexts } from '#web/i18n/texts.tsx';

/** The trip search form's texts (#shared/messages/search.ts), apart from the wizard's: the home page shows the form too. */
export const SEARCH_TEXTS = registerTexts(
  'search',
  en,
  () => import('#shared/locales/dv/search.ts?catalogue'),
);
