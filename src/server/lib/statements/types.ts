import type { StatementMappingRequiredDetails } from '#shared/statements.ts';

/** One row of a bank statement as the parsers read it, before it is stored and matched. */
export type ParsedLine = {
  /** Where it is in the file: the CSV's 1-based line, or the camt.053 entry's 1-based number. */
  row: number;
  /** The booking day, YYYY-MM-DD. */
  bookedOn: string;
  /** Signed money with two decimals, as `toMoneyString` writes it: "-12.50" for a debit. */
  amount: string;
  /** ISO 4217, upper case. */
  currency: string;
  /** The transfer's remark (unstructured remittance information), spaces collapsed. */
  remark: string;
  payer: string | null;
  bankTransactionId: string | null;
};

/** A file that cannot be read as a statement: the first bad row and field, and what is wrong. */
export class StatementInvalidError extends Error {
  readonly row: number;
  readonly field: string;
  readonly problem: string;
  constructor(row: number, field: string, problem: string) {
    super(`Row ${row}, ${field}: ${problem}`);
    this.row = row;
    this.field = field;
    this.problem = problem;
  }
}

/** A CSV layout with no mapping yet: what the office needs to give one. */
export class MappingRequiredError extends Error {
  readonly details: StatementMappingRequiredDetails;
  /** The layout's key (a hash of its header row), under which its mapping is saved. */
  readonly layoutKey: string;
  constructor(details: StatementMappingRequiredDetails, layoutKey: string) {
    super('A mapping is needed for this CSV layout');
    this.details = details;
    this.layoutKey = layoutKey;
  }
}
