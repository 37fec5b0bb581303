import { z } from 'zod';

// Bank statements that pay the bookings (docs/decisions/038-bank-statements.md): the office
// imports the bank's statement of one of the operator's accounts, the server matches its credits
// with the bookings waiting for payment, and only the rest waits for a person.

/** The operator's two bank accounts: a statement belongs to one. */
export const STATEMENT_ACCOUNTS = ['MVR', 'USD'] as const;
export const statementAccountSchema = z.enum(STATEMENT_ACCOUNTS);
export type StatementAccount = z.infer<typeof statementAccountSchema>;

/** How a CSV's dates are written; `MMM` is an English month abbreviation (Jan, Feb ...). */
export const STATEMENT_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD-MM-YYYY',
  'DD.MM.YYYY',
  'DD-MMM-YYYY',
  'DD MMM YYYY',
] as const;
export const STATEMENT_DECIMAL_MARKS = ['.', ','] as const;

/**
 * Where a CSV layout keeps each field, by the header's column names, saved per account and
 * layout (its header row) so the next import of the same layout needs no question. The amount is
 * one signed column, or a credit column (and a debit column beside it).
 */
export const csvMappingSchema = z
  .object({
    /** The header row's line number in the file (1-based): banks put lines above the table. */
    headerRow: z.int().min(1),
    date: z.string().min(1),
    amount: z.string().min(1).optional(),
    credit: z.string().min(1).optional(),
    debit: z.string().min(1).optional(),
    /** Without it every row is in the account's currency. */
    currency: z.string().min(1).optional(),
    remark: z.string().min(1),
    payer: z.string().min(1).optional(),
    transactionId: z.string().min(1).optional(),
    dateFormat: z.enum(STATEMENT_DATE_FORMATS),
    decimalMark: z.enum(STATEMENT_DECIMAL_MARKS),
  })
  .refine((m) => (m.amount === undefined) !== (m.credit === undefined), {
    error: 'Choose either an amount column or a credit column',
    path: ['amount'],
  });
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** What an import did with the file's lines: on its answer and on the list of imports. */
const importCountsSchema = z.object({
  imported: z.int(),
  duplicates: z.int(),
  ignored: z.int(),
  matched: z.int(),
  suggested: z.int(),
  unmatched: z.int(),
});

/**
 * `POST /api/admin/statements`, multipart: `file` (camt.053 XML or CSV), `account` (MVR or USD)
 * and, for a CSV layout not seen before, `mapping` (JSON of CsvMapping). 201 when lines were
 * imported, 200 with `imported: 0` when the file held nothing new (nothing is kept then).
 */
export const statementImportResultSchema = z.object({
  /** The import kept, or null when nothing in the file was new. */
  statementId: z.string().nullable(),
  ...importCountsSchema.shape,
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;

/** 400 `statement_invalid`: the first bad row (1-based line of the file, or the entry's number in XML) and its field. */
export const statementInvalidDetailsSchema = z.object({
  row: z.int(),
  field: z.string(),
  problem: z.string(),
});

/**
 * 422 `statement_mapping_required`: a CSV layout the account has no mapping for. The web asks
 * for the mapping with this preview, then sends the file again with `mapping`.
 */
export const statementMappingRequiredDetailsSchema = z.object({
  headerRow: z.int(),
  headers: z.array(z.string()),
  /** The first rows under the header, as the file has them. */
  preview: z.array(z.array(z.string())),
  /** The server's guess from the column names, for the form to start with. */
  guess: z.record(z.string(), z.string()),
});
export type StatementMappingRequiredDetails = z.infer<typeof statementMappingRequiredDetailsSchema>;

/**
 * A line's state. matched: it paid one booking or more (by itself, confirmed, or assigned by
 * hand); suggested: a person confirms or rejects; unmatched: a person assigns it or says it is
 * not a booking; ignored: a debit, a row of 0 or another currency; not_booking: set aside by a person.
 */
export const STATEMENT_LINE_STATUSES = [
  'matched',
  'suggested',
  'unmatched',
  'ignored',
  'not_booking',
] as const;
export const statementLineStatusSchema = z.enum(STATEMENT_LINE_STATUSES);
export type StatementLineStatus = z.infer<typeof statementLineStatusSchema>;

export const IGNORED_REASONS = ['debit', 'zero', 'currency'] as const;
/** amount_differs: the reference is there, the amount is not the total; name_and_amount: no reference, one booking of that payer and amount. */
export const SUGGESTION_KINDS = ['amount_differs', 'name_and_amount'] as const;

export const statementBookingSchema = z.object({
  ticketId: z.string(),
  reference: z.string(),
  passengerName: z.string(),
  totalAmount: z.string(),
  currency: z.string(),
});

export const statementLineSchema = z.object({
  id: z.string(),
  statementId: z.string(),
  account: statementAccountSchema,
  /** The day the bank booked it, YYYY-MM-DD. */
  bookedOn: z.string(),
  /** Signed as the bank wrote it: a debit is negative. */
  amount: z.string(),
  currency: z.string(),
  remark: z.string(),
  payer: z.string().nullable(),
  bankTransactionId: z.string().nullable(),
  status: statementLineStatusSchema,
  ignoredReason: z.enum(IGNORED_REASONS).nullable(),
  /** A suggested line's booking and how it differs: the line's amount less the booking's total. */
  suggestion: statementBookingSchema
    .extend({ kind: z.enum(SUGGESTION_KINDS), difference: z.string() })
    .nullable(),
  /** What the line paid, one booking each (more than one only when split by hand). */
  payments: z.array(statementBookingSchema.extend({ amount: z.string() })),
  /** A partner's transfer, matched by its statement number: the partner whose account it paid. */
  partnerName: z.string().nullable().optional(),
  /** What is left of the line to assign: its amount less what it paid. */
  unassigned: z.string(),
  /** Who set it (confirmed, rejected, assigned, not a booking), or who ran the import for a line matched by itself. */
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** `GET /api/admin/statement-lines?status=...` (newest first, at most 200). */
export const statementLinesQuerySchema = z.object({
  status: statementLineStatusSchema.default('suggested'),
  statementId: z.uuid().optional(),
});
export const statementLineListSchema = z.object({ lines: z.array(statementLineSchema) });

/** `GET /api/admin/statements/summary`: the payments screen's counts. */
export const statementSummarySchema = z.object({
  matchedToday: z.int(),
  suggestionsWaiting: z.int(),
  unmatched: z.int(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

/** `GET /api/admin/statements`: the imports, newest first. */
export const statementSchema = z.object({
  id: z.string(),
  account: statementAccountSchema,
  format: z.enum(['camt053', 'csv']),
  fileName: z.string(),
  importedAt: z.string(),
  importedBy: z.string(),
  ...importCountsSchema.shape,
});
export const statementListSchema = z.object({ statements: z.array(statementSchema) });

export const statementLineParamsSchema = z.object({ id: z.uuid() });

/**
 * `POST /api/admin/statement-lines/:id/assign`: the line pays the booking of this reference;
 * `amount` (at most what is left on the line) splits it, without it the whole rest goes.
 * The confirm, reject and not-booking actions (`.../confirm`, `.../reject`, `.../not-booking`)
 * take no body. Each answers the line as it now is.
 */
export const statementAssignSchema = z.object({
  reference: z.string().trim().min(1, { error: 'Enter the booking reference' }),
  amount: z
    .string()
    .trim()
    .regex(/^\d+(?:\.\d{1,2})?$/, { error: 'Enter an amount, such as 450.00' })
    .optional(),
});
export type StatementAssign = z.infer<typeof statementAssignSchema>;
export const statementLineAnswerSchema = z.object({ line: statementLineSchema });

/**
 * `GET|PUT /api/admin/statement-settings`: whether a matched line approves its booking (as a
 * manual approval does, e-ticket mail included), and how far short of the total a matched
 * payment may fall for the bank's fees, per currency.
 */
export const statementSettingsSchema = z.object({
  approveMatched: z.boolean(),
  feeToleranceMvr: z
    .string()
    .trim()
    .regex(/^\d+(?:\.\d{1,2})?$/, { error: 'Enter an amount, such as 0 or 25.00' }),
  feeToleranceUsd: z
    .string()
    .trim()
    .regex(/^\d+(?:\.\d{1,2})?$/, { error: 'Enter an amount, such as 0 or 2.50' }),
  /**
   * Pay later by transfer (docs/decisions/040-pay-later.md): offered or not, the hours a booking's
   * seats wait for its transfer, the hours before departure when that ends at the latest, and the
   * share of a departure (percent) that bookings waiting for transfers may hold together.
   */
  payLaterEnabled: z.boolean(),
  payLaterHoldHours: z.coerce
    .number({ error: 'Enter a number of hours, from 1 to 72' })
    .int({ error: 'Enter a number of hours, from 1 to 72' })
    .min(1, { error: 'Enter a number of hours, from 1 to 72' })
    .max(72, { error: 'Enter a number of hours, from 1 to 72' }),
  payLaterCutoffHours: z.coerce
    .number({ error: 'Enter a number of hours, from 0 to 48' })
    .int({ error: 'Enter a number of hours, from 0 to 48' })
    .min(0, { error: 'Enter a number of hours, from 0 to 48' })
    .max(48, { error: 'Enter a number of hours, from 0 to 48' }),
  payLaterMaxSharePercent: z.coerce
    .number({ error: 'Enter a percentage, from 0 to 100' })
    .int({ error: 'Enter a percentage, from 0 to 100' })
    .min(0, { error: 'Enter a percentage, from 0 to 100' })
    .max(100, { error: 'Enter a percentage, from 0 to 100' }),
});
export type StatementSettings = z.infer<typeof statementSettingsSchema>;
