import { STATEMENT_MSG } from '#shared/messages/staff.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import type { StatementImportResult } from '#shared/statements.ts';
import { formatAmount } from '#web/lib/admin-format.ts';

/**
 * An import's outcome in one sentence: "12 imported: 8 paid their bookings, 2 suggested,
 * 2 unmatched; 3 ignored; 5 already imported." The parts after the first say only what happened.
 */
export function importResultSentence(result: StatementImportResult): string {
  if (result.imported === 0) return STATEMENT_MSG.nothingNew;
  const paid = result.matched === 1 ? '1 paid its booking' : `${result.matched} paid their bookings`;
  const parts = [
    `${result.imported} imported: ${paid}, ${result.suggested} suggested, ${result.unmatched} unmatched`,
  ];
  if (result.ignored > 0) parts.push(`${result.ignored} ignored`);
  if (result.duplicates > 0) parts.push(`${result.duplicates} already imported`);
  return `${parts.join('; ')}.`;
}

/**
 * A suggestion's difference (the line's amount less the booking's total) as the office reads it:
 * "MVR 50.00 short", "MVR 50.00 over", or "The exact total".
 */
export function differenceText(difference: string, currency: string): string {
  const cents = toCents(difference);
  if (cents === 0n) return 'The exact total';
  const size = formatAmount(centsToMoney(cents < 0n ? -cents : cents), currency);
  return `${size} ${cents < 0n ? 'short' : 'over'}`;
}

/** A rejected file's first bad row: "Row 7, date: not a date". */
export function invalidRowText(details: { row: number; field: string; problem: string }): string {
  return `Row ${details.row}, ${details.field}: ${details.problem}`;
}

export const IGNORED_REASON_TEXT = {
  debit: 'A debit: money going out of the account',
  zero: 'An amount of 0',
  currency: 'Another currency than the account’s',
} as const;

/** How many lines a tab holds; the list stops at 200, so more reads "200+". */
export function tabCount(lines: number, limit = 200): string {
  return lines >= limit ? `${limit}+` : String(lines);
}
