import en from '#shared/messages/card.ts?catalogue';
import { registerTexts } from '#web/i18n/texts.tsx';

/** The card return page's texts (#shared/messages/card.ts): only its own lazy chunk carries them. */
export const CARD_TEXTS = registerTexts('card', en, () => import('#shared/locales/dv/card.ts?catalogue'));
