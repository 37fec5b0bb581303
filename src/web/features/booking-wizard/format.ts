import type { PublicSettings } from '#shared/schemas.ts';
import type { TicketCounts } from './wizard-state.ts';

const OPERATOR_TIME_ZONE = 'Indian/Maldives';

/** Today as YYYY-MM-DD in the operator's time zone (ARCHITECTURE.md section 8.9). */
export function todayInOperatorZone(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: OPERATOR_TIME_ZONE }).format(now);
}

/** "Sun, 22 Nov 2026" for a YYYY-MM-DD date, independent of the device's time zone. */
export function formatTravelDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const formatMoney = (amount: number, currency: 'MVR' | 'USD') => `${currency} ${amount.toFixed(2)}`;

const num = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

export type Prices = {
  localAdult: number;
  localChild: number;
  foreignerAdult: number;
  foreignerChild: number;
  rate: number;
};

export function pricesFrom(settings: PublicSettings | undefined): Prices | null {
  if (!settings) return null;
  return {
    localAdult: num(settings.localAdultPrice),
    localChild: num(settings.localChildPrice),
    foreignerAdult: num(settings.foreignerAdultPrice),
    foreignerChild: num(settings.foreignerChildPrice),
    rate: num(settings.exchangeRate) || 1,
  };
}

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/**
 * A preview of what the server will charge (ARCHITECTURE.md section 8.7): local prices are MVR,
 * foreigner prices USD; each total converts the other part and rounds once at the end.
 */
export function totals(tickets: TicketCounts, prices: Prices): { mvr: number; usd: number } {
  const local = tickets.localAdult * prices.localAdult + tickets.localChild * prices.localChild;
  const foreign =
    tickets.foreignerAdult * prices.foreignerAdult + tickets.foreignerChild * prices.foreignerChild;
  return { mvr: round2(local + foreign * prices.rate), usd: round2(local / prices.rate + foreign) };
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
