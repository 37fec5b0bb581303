import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { centsToMoney, toCents } from '#shared/money.ts';
import { isoDay } from './dates.ts';
import { type ParsedLine, StatementInvalidError } from './types.ts';

// Elements camt.053 may repeat: read as arrays always, so one entry and many look the same.
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'AddtlNtryInf']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Amounts and references stay text: "0012.50" and a reference's leading zeros keep their digits.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // A DOCTYPE is refused before parsing; these limits are the second wall against entity expansion.
  processEntities: {
    enabled: true,
    maxEntityCount: 1,
    maxEntitySize: 1,
    maxExpansionDepth: 1,
  },
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

function child(node: unknown, ...path: string[]): unknown {
  let at: unknown = node;
  for (const name of path) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Node)[name];
    if (Array.isArray(at)) at = at[0];
  }
  return at;
}

function all(node: unknown, name: string): unknown[] {
  if (node === null || typeof node !== 'object') return [];
  const value = (node as Node)[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && '#text' in value) {
    const inner = (value as Node)['#text'];
    return typeof inner === 'string' ? inner : null;
  }
  return null;
}

function textAt(node: unknown, ...path: string[]): string | null {
  const value = text(child(node, ...path))?.trim();
  return value ? value : null;
}

const collapse = (value: string) => value.replace(/\s+/g, ' ').trim();

// Placeholders some banks write where they have no reference: as an id they would make every
// such line a duplicate of the first.
const NO_REFERENCE = new Set(['NONREF', 'NOTPROVIDED', 'NONE', 'N/A']);
const reference = (value: string | null) => (value && !NO_REFERENCE.has(value.toUpperCase()) ? value : null);

/** An ISODate ("2026-11-28", perhaps with a zone) or ISODateTime: the bank's own day, as written. */
function dayOf(value: string | null): string | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})(?:$|[T+\-Z])/.exec(value) : null;
  return m ? isoDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function bookedOn(entry: unknown): string | null {
  const raw =
    textAt(entry, 'BookgDt', 'Dt') ??
    textAt(entry, 'BookgDt', 'DtTm') ??
    textAt(entry, 'ValDt', 'Dt') ??
    textAt(entry, 'ValDt', 'DtTm');
  return dayOf(raw);
}

/** The counterparty's name: the debtor of a credit, the creditor of a debit, wherever the version keeps it. */
function counterparty(details: unknown[], role: 'Dbtr' | 'Cdtr'): string | null {
  for (const tx of details) {
    const name =
      textAt(tx, 'RltdPties', role, 'Nm') ??
      textAt(tx, 'RltdPties', role, 'Pty', 'Nm') ??
      textAt(tx, 'RltdPties', `Ultmt${role}`, 'Nm') ??
      textAt(tx, 'RltdPties', `Ultmt${role}`, 'Pty', 'Nm');
    if (name) return collapse(name);
  }
  return null;
}

export type Camt053 = { iban: string | null; currency: string | null; lines: ParsedLine[] };

/**
 * A camt.053 statement (any version: the names used here are the same from .001.02 on). Every
 * Stmt of the file is read; an entry's `row` is its 1-based number in the file. Pending and
 * informational entries are left out: only money the bank has booked may pay a booking.
 */
export function parseCamt053(xml: string): Camt053 {
  const body = xml.replace(/^\uFEFF/, '');
  // camt.053 never declares a DOCTYPE; one is how entity expansion attacks begin.
  if (/<!DOCTYPE/i.test(body)) throw new StatementInvalidError(0, 'file', 'A DOCTYPE is not allowed');
  if (XMLValidator.validate(body) !== true) throw new StatementInvalidError(0, 'file', 'Not well-formed XML');
  let doc: unknown;
  try {
    doc = parser.parse(body);
  } catch {
    throw new StatementInvalidError(0, 'file', 'Not well-formed XML');
  }
  const report = child(doc, 'Document', 'BkToCstmrStmt');
  if (report === undefined || report === null || typeof report !== 'object') {
    throw new StatementInvalidError(0, 'file', 'Not a camt.053 statement (no Document/BkToCstmrStmt)');
  }
  const statements = all(report, 'Stmt');
  if (statements.length === 0) throw new StatementInvalidError(0, 'file', 'The statement has no Stmt');

  const lines: ParsedLine[] = [];
  let number = 0;
  for (const stmt of statements) {
    const accountCurrency = textAt(stmt, 'Acct', 'Ccy')?.toUpperCase() ?? null;
    for (const entry of all(stmt, 'Ntry')) {
      number += 1;
      const status = textAt(entry, 'Sts') ?? textAt(entry, 'Sts', 'Cd');
      if (status === 'PDNG' || status === 'INFO') continue;
      lines.push(readEntry(entry, number, accountCurrency));
    }
  }
  const first = statements[0];
  return {
    iban: textAt(first, 'Acct', 'Id', 'IBAN'),
    currency: textAt(first, 'Acct', 'Ccy')?.toUpperCase() ?? null,
    lines,
  };
}

function readEntry(entry: unknown, row: number, accountCurrency: string | null): ParsedLine {
  const amountNode = child(entry, 'Amt');
  const amountText = text(amountNode)?.trim() ?? '';
  if (!/^\d+(?:\.\d+)?$/.test(amountText)) {
    throw new StatementInvalidError(row, 'amount', `Not an amount: "${amountText}"`);
  }
  let cents: bigint;
  try {
    cents = toCents(amountText);
  } catch {
    throw new StatementInvalidError(row, 'amount', `More than cents: "${amountText}"`);
  }
  const indicator = textAt(entry, 'CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') {
    throw new StatementInvalidError(row, 'creditDebit', 'CdtDbtInd is neither CRDT nor DBIT');
  }
  const ccyAttribute =
    amountNode !== null && typeof amountNode === 'object' ? (amountNode as Node)['@_Ccy'] : undefined;
  const currency =
    (typeof ccyAttribute === 'string' ? ccyAttribute.trim().toUpperCase() : '') || accountCurrency;
  if (!currency || !/^[A-Z]{3}$/.test(currency)) {
    throw new StatementInvalidError(row, 'currency', 'No currency for the amount');
  }
  const day = bookedOn(entry);
  if (!day) throw new StatementInvalidError(row, 'date', 'No booking date (BookgDt or ValDt)');

  const details = all(entry, 'NtryDtls').flatMap((d) => all(d, 'TxDtls'));
  const remittance = details.flatMap((tx) => all(child(tx, 'RmtInf'), 'Ustrd').map(text));
  const additional = all(entry, 'AddtlNtryInf').map(text);
  const pieces = (remittance.some((u) => u?.trim()) ? remittance : additional).filter(
    (u): u is string => typeof u === 'string',
  );
  const transactionId =
    reference(textAt(entry, 'AcctSvcrRef')) ??
    details.map((tx) => reference(textAt(tx, 'Refs', 'AcctSvcrRef'))).find((r) => r !== null) ??
    reference(textAt(entry, 'NtryRef'));

  return {
    row,
    bookedOn: day,
    amount: centsToMoney(indicator === 'DBIT' ? -cents : cents),
    currency,
    remark: collapse(pieces.join(' ')),
    payer: counterparty(details, indicator === 'CRDT' ? 'Dbtr' : 'Cdtr'),
    bankTransactionId: transactionId ?? null,
  };
}
