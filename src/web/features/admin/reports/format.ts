import type { ColumnKind, ReportCell } from '#shared/report-tables.ts';
import { shortDay } from './range.ts';

const whole = new Intl.NumberFormat('en-US');
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const tenths = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 1234.5 as '1,234.50': amounts arrive as decimal strings with two decimals. */
export const formatMoney = (amount: string): string => cents.format(Number(amount));

/** A percentage 0-100 as '45.3 %'. */
export const formatPercent = (value: number): string => `${tenths.format(value)} %`;

export const formatCount = (value: number): string => whole.format(value);

/** A table cell as the screen shows it; the CSV keeps the value as it came. */
export function formatCell(value: ReportCell, kind: ColumnKind): string {
  if (typeof value === 'number') {
    return kind === 'percent'
      ? formatPercent(value)
      : kind === 'money'
        ? cents.format(value)
        : whole.format(value);
  }
  if (kind === 'money') return formatMoney(value);
  if (kind === 'date') return shortDay(value);
  return value;
}

/** Whether a column's cells are figures, set right-aligned so their digits line up. */
export const isFigure = (kind: ColumnKind): boolean =>
  kind === 'int' || kind === 'money' || kind === 'percent';
