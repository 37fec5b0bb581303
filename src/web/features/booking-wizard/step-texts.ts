import passenger from '#shared/messages/passenger.ts?catalogue';
import payment from '#shared/messages/payment.ts?catalogue';
import { registerTexts } from '#web/i18n/texts.tsx';

/** Step 4's texts: the passenger, the e-mail check and the tickets. */
export const PASSENGER_TEXTS = registerTexts(
  'passenger',
  passenger,
  () => import('#shared/locales/dv/passenger.ts?catalogue'),
);

/** Step 5's texts (the summary, the bank transfer, the slip) and the confirmation's. */
export const PAYMENT_TEXTS = registerTexts(
  'payment',
  payment,
  () => import('#shared/locales/dv/payment.ts?catalogue'),
);
