import en from '#shared/messages/booking.ts?catalogue';
import { inLanguage } from '#web/i18n/operator-text.ts';
import { registerTexts, useLanguage } from '#web/i18n/texts.tsx';

/** The booking wizard's texts (#shared/messages/booking.ts): imported first by every wizard component. */
export const BOOKING_TEXTS = registerTexts(
  'booking',
  en,
  () => import('#shared/locales/dv/booking.ts?catalogue'),
);

type Place = { name: string; nameDv?: string };

/** A place's name in the active language: its Dhivehi name for a Dhivehi reader where it has one. */
export function usePlaceName(): (place: Place) => string {
  const language = useLanguage();
  return (place) => inLanguage(place.name, place.nameDv, language);
}
