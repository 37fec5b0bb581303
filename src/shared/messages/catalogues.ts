import type { Language } from '../languages.ts';
import dvBooking from '../locales/dv/booking.ts';
import dvCard from '../locales/dv/card.ts';
import dvCommon from '../locales/dv/common.ts';
import dvDates from '../locales/dv/dates.ts';
import dvEmail from '../locales/dv/email.ts';
import dvEticket from '../locales/dv/eticket.ts';
import dvHome from '../locales/dv/home.ts';
import dvLookup from '../locales/dv/lookup.ts';
import dvManage from '../locales/dv/manage.ts';
import dvMsg from '../locales/dv/msg.ts';
import dvPassenger from '../locales/dv/passenger.ts';
import dvPayment from '../locales/dv/payment.ts';
import dvSearch from '../locales/dv/search.ts';
import dvSite from '../locales/dv/site.ts';
import dvStatus from '../locales/dv/status.ts';
import dvVessel from '../locales/dv/vessel.ts';
import booking from './booking.ts';
import card from './card.ts';
import common from './common.ts';
import dates from './dates.ts';
import email from './email.ts';
import eticket from './eticket.ts';
import home from './home.ts';
import lookup from './lookup.ts';
import manage from './manage.ts';
import msg from './msg.ts';
import passenger from './passenger.ts';
import payment from './payment.ts';
import search from './search.ts';
import site from './site.ts';
import status from './status.ts';
import vessel from './vessel.ts';

/**
 * Every passenger-facing text, by namespace (one per screen, so a page loads only its own):
 * the English source in src/shared/messages/ (with src/shared/messages/api.ts, whose MSG keys are
 * the ids of the `msg` namespace) and each translation in src/shared/locales/<language>/.
 * A text's catalogue id is `<namespace>.<key>`. The web imports a namespace compiled, one
 * file at a time (scripts/catalogue-plugin.ts); the server, the catalogue check and the texts
 * screen read this table.
 */
export const TEXTS = {
  common: { en: common, dv: dvCommon },
  dates: { en: dates, dv: dvDates },
  site: { en: site, dv: dvSite },
  msg: { en: msg, dv: dvMsg },
  home: { en: home, dv: dvHome },
  booking: { en: booking, dv: dvBooking },
  search: { en: search, dv: dvSearch },
  vessel: { en: vessel, dv: dvVessel },
  passenger: { en: passenger, dv: dvPassenger },
  payment: { en: payment, dv: dvPayment },
  card: { en: card, dv: dvCard },
  lookup: { en: lookup, dv: dvLookup },
  status: { en: status, dv: dvStatus },
  eticket: { en: eticket, dv: dvEticket },
  manage: { en: manage, dv: dvManage },
  email: { en: email, dv: dvEmail },
} as const satisfies Record<string, Record<Language, Record<string, string>>>;

export type Namespace = keyof typeof TEXTS;
export type TextId = {
  [N in Namespace]: `${N}.${Extract<keyof (typeof TEXTS)[N]['en'], string>}`;
}[Namespace];

/** Every id with its English and translated texts, in catalogue order. */
export function allTexts(): { id: TextId; texts: Record<Language, string> }[] {
  return Object.entries(TEXTS).flatMap(([namespace, { en, dv }]) =>
    Object.keys(en).map((key) => ({
      id: `${namespace}.${key}` as TextId,
      texts: { en: (en as Record<string, string>)[key] ?? '', dv: (dv as Record<string, string>)[key] ?? '' },
    })),
  );
}

/** The catalogue's text for `id` in `language` (as shipped); undefined for an id it lacks. */
export function textOf(id: string, language: Language): string | undefined {
  const dot = id.indexOf('.');
  const namespace = id.slice(0, dot);
  if (dot < 1 || !Object.hasOwn(TEXTS, namespace)) return undefined;
  const texts: Record<string, string> = TEXTS[namespace as Namespace][language];
  const key = id.slice(dot + 1);
  return Object.hasOwn(texts, key) ? texts[key] : undefined;
}
