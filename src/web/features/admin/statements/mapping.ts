import {
  type CsvMapping,
  csvMappingSchema,
  STATEMENT_DATE_FORMATS,
  STATEMENT_DECIMAL_MARKS,
  type StatementMappingRequiredDetails,
} from '#shared/statements.ts';

/** The columns the form asks for, in its order; `optional` ones may be "Not in the file". */
export const MAPPING_COLUMNS = [
  { field: 'date', label: 'Date', optional: false },
  { field: 'amount', label: 'Amount (signed)', optional: false },
  { field: 'credit', label: 'Credit', optional: false },
  { field: 'debit', label: 'Debit', optional: true },
  { field: 'currency', label: 'Currency', optional: true },
  { field: 'remark', label: 'Remark', optional: false },
  { field: 'payer', label: 'Payer', optional: true },
  { field: 'transactionId', label: 'Bank’s transaction id', optional: true },
] as const;

export type MappingColumn = (typeof MAPPING_COLUMNS)[number]['field'];

/** One signed amount column, or a credit column with a debit column beside it. */
export type AmountMode = 'amount' | 'credits';

/** What the mapping form holds: a header name per column ('' for none), as its selects do. */
export type MappingFormValues = Record<MappingColumn, string> & {
  amountMode: AmountMode;
  dateFormat: string;
  decimalMark: string;
};

/** Which columns the form shows for an amount mode. */
export function columnsFor(mode: AmountMode): readonly MappingColumn[] {
  return MAPPING_COLUMNS.map((c) => c.field).filter((field) =>
    mode === 'amount' ? field !== 'credit' && field !== 'debit' : field !== 'amount',
  );
}

/** The form as the server's guess starts it: only guesses that name a header of the file count. */
export function initialMappingValues(details: StatementMappingRequiredDetails): MappingFormValues {
  const { guess, headers } = details;
  const header = (field: string) => {
    const value = guess[field];
    return value !== undefined && headers.includes(value) ? value : '';
  };
  const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T =>
    allowed.find((a) => a === value) ?? fallback;
  const values = Object.fromEntries(MAPPING_COLUMNS.map(({ field }) => [field, header(field)])) as Record<
    MappingColumn,
    string
  >;
  return {
    ...values,
    amountMode: values.amount === '' && values.credit !== '' ? 'credits' : 'amount',
    dateFormat: oneOf(guess.dateFormat, STATEMENT_DATE_FORMATS, 'YYYY-MM-DD'),
    decimalMark: oneOf(guess.decimalMark, STATEMENT_DECIMAL_MARKS, '.'),
  };
}

export type MappingResult =
  | { ok: true; mapping: CsvMapping }
  | { ok: false; errors: Partial<Record<MappingColumn | 'dateFormat' | 'decimalMark', string>> };

/**
 * The form's values as the CsvMapping the server takes, checked by its schema: the columns of
 * the other amount mode and the empty choices are left out, and each problem is said under its
 * field.
 */
export function toCsvMapping(values: MappingFormValues, headerRow: number): MappingResult {
  const shown = new Set(columnsFor(values.amountMode));
  const columns = Object.fromEntries(
    MAPPING_COLUMNS.map(({ field }) => field)
      .filter((field) => shown.has(field) && values[field] !== '')
      .map((field) => [field, values[field]]),
  );
  const parsed = csvMappingSchema.safeParse({
    headerRow,
    ...columns,
    dateFormat: values.dateFormat,
    decimalMark: values.decimalMark,
  });
  const errors: Partial<Record<MappingColumn | 'dateFormat' | 'decimalMark', string>> = {};
  // The schema's either-or rule runs only once every other field passes: said at once here.
  const amountField = values.amountMode === 'amount' ? 'amount' : 'credit';
  if (values[amountField] === '') errors[amountField] = 'Choose a column';
  if (parsed.success)
    return Object.keys(errors).length === 0 ? { ok: true, mapping: parsed.data } : { ok: false, errors };
  for (const issue of parsed.error.issues) {
    let field = String(issue.path[0] ?? 'amount') as MappingColumn | 'dateFormat' | 'decimalMark';
    // The schema's either-or rule points at the amount; in the credit mode that field is the credit.
    if (field === 'amount' && values.amountMode === 'credits') field = 'credit';
    errors[field] ??= issue.code === 'invalid_type' ? 'Choose a column' : issue.message;
  }
  return { ok: false, errors };
}
