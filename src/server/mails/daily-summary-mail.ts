import type { ComposeMail } from '#server/lib/mailer.ts';
import type { WaitingWork } from '#server/services/read-waiting-work.ts';
import type { CurrencyAmount } from '#shared/reports.ts';
import { composeMail } from './compose.ts';

/** What the daily summary tells of one day: the report's figures for it. */
export type DailyFigures = {
  /** The day summed up (YYYY-MM-DD), yesterday in the operator's zone. */
  day: string;
  departures: number;
  passengers: number;
  infants: number;
  seatLegsOffered: number;
  seatLegsSold: number;
  loadFactor: number;
  revenue: CurrencyAmount[];
};

const grouped = (amount: string) => {
  const [whole = '0', cents = '00'] = amount.replace(/^-/, '').split('.');
  return `${amount.startsWith('-') ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};
const money = (list: readonly CurrencyAmount[]) =>
  list.length === 0 ? 'nothing' : list.map((a) => `${a.currency} ${grouped(a.amount)}`).join(', ');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 2026-03-04 as 'Wednesday 4 March 2026'. */
const longDay = (isoDate: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));

/**
 * The daily summary an Owner chose to receive (docs/product.md, Reports): yesterday's passengers,
 * revenue and load factor, and what waits for the office. English plain text, as every staff
 * mail; the link opens that day's report.
 */
export function dailySummaryMail(opts: {
  to: string;
  appName: string;
  figures: DailyFigures;
  waiting: WaitingWork;
  reportUrl: string;
  settingsUrl: string;
}): ComposeMail {
  const { figures: f, waiting: w } = opts;
  const refunds =
    w.refundsWaiting === 0
      ? 'Refunds waiting: none'
      : `Refunds waiting: ${w.refundsWaiting} (${money(w.refundAmounts)})`;
  return composeMail({ to: opts.to, staff: true }, () => ({
    subject: `${opts.appName} yesterday: ${plural(f.passengers, 'passenger', 'passengers')}, load factor ${f.loadFactor.toFixed(1)} %`,
    paragraphs: [
      [`Your daily summary of ${longDay(f.day)}.`],
      [
        `Passengers: ${f.passengers}${f.infants > 0 ? `, and ${plural(f.infants, 'infant', 'infants')} on a lap` : ''}, on ${plural(f.departures, 'departure', 'departures')}`,
        `Load factor: ${f.loadFactor.toFixed(1)} % (${f.seatLegsSold} of ${f.seatLegsOffered} seat-legs sold)`,
        `Revenue: ${money(f.revenue)} (sales less refunds and voids)`,
      ],
      [
        'Waiting for the office now:',
        `Slips to check: ${w.slipsToCheck}`,
        refunds,
        `Bank statement lines: ${w.unmatchedLines} unmatched, ${w.suggestedLines} suggested matches to confirm`,
      ],
      ['The whole report of the day:', opts.reportUrl],
      [
        'You receive this e-mail because you turned on the daily summary on the Reports screen. Turn it off there:',
        opts.settingsUrl,
      ],
    ],
  }));
}
