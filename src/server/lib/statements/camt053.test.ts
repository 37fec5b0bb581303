import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCamt053 } from './camt053.ts';
import { StatementInvalidError } from './types.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/statements/${name}`, import.meta.url), 'utf8');

function invalid(run: () => unknown): StatementInvalidError {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementInvalidError) return error;
    throw error;
  }
  throw new Error('expected a StatementInvalidError');
}

/** One statement around the given entries, in the given camt.053 version. */
function statement(entries: string, version = '001.02', account = '<Ccy>MVR</Ccy>'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.${version}"><BkToCstmrStmt>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-30T10:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><Acct><Id><IBAN>MV07BMLM0000007730000123456</IBAN></Id>${account}</Acct>${entries}</Stmt>
</BkToCstmrStmt></Document>`;
}

const entry = (inner: string, amount = '<Amt Ccy="MVR">450.00</Amt>', indicator = 'CRDT') =>
  `<Ntry>${amount}<CdtDbtInd>${indicator}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-28</Dt></BookgDt>${inner}</Ntry>`;

describe('parseCamt053', () => {
  it('reads every entry of the fixture with its sign, currency, remark, payer and transaction id', () => {
    const parsed = parseCamt053(fixture('camt053-mvr.xml'));
    expect(parsed.iban).toBe('MV07BMLM0000007730000123456');
    expect(parsed.currency).toBe('MVR');
    expect(parsed.lines).toEqual([
      {
        row: 1,
        bookedOn: '2026-11-28',
        amount: '450.00',
        currency: 'MVR',
        remark: '2611280042',
        payer: 'AISHATH SHIFA',
        bankTransactionId: 'FT26332A0001',
      },
      {
        row: 2,
        bookedOn: '2026-11-28',
        amount: '1250.00',
        currency: 'MVR',
        remark: 'REF 261128-0043 ferry tickets',
        payer: 'Mohamed Rasheed',
        bankTransactionId: 'FT26332A0002',
      },
      {
        row: 3,
        bookedOn: '2026-11-29',
        amount: '900.00',
        currency: 'MVR',
        remark: 'thanks, booking ref 2611 2800 44 for 3 pax',
        payer: 'Ibrahim Naseer',
        bankTransactionId: 'NR-0003',
      },
      {
        row: 4,
        bookedOn: '2026-11-29',
        amount: '300.00',
        currency: 'MVR',
        remark: 'ferry tickets for family',
        payer: 'FATHIMATH ZAHIRA',
        bankTransactionId: 'FT26333A0004',
      },
      {
        row: 5,
        bookedOn: '2026-11-29',
        amount: '-75.00',
        currency: 'MVR',
        remark: 'Invoice 8841 fuel',
        payer: 'MALE FUEL SUPPLIES',
        bankTransactionId: 'FT26333A0005',
      },
      {
        row: 6,
        bookedOn: '2026-11-30',
        amount: '0.00',
        currency: 'MVR',
        remark: 'Service charge reversal',
        payer: null,
        bankTransactionId: 'FT26334A0006',
      },
      {
        row: 7,
        bookedOn: '2026-11-30',
        amount: '30.00',
        currency: 'USD',
        remark: 'Booking 2611280045',
        payer: 'John Smith',
        bankTransactionId: 'FT26334A0007',
      },
      {
        row: 8,
        bookedOn: '2026-11-30',
        amount: '225.50',
        currency: 'MVR',
        remark: 'Ref:2611280046',
        payer: 'Aminath Rifa',
        bankTransactionId: 'FT26334A0008',
      },
    ]);
  });

  it('keeps text as text: leading zeros of an amount, the digits of a reference', () => {
    const xml = statement(
      entry(
        '<NtryRef>000123</NtryRef><NtryDtls><TxDtls><RmtInf><Ustrd>0042</Ustrd></RmtInf></TxDtls></NtryDtls>',
        '<Amt Ccy="MVR">0012.50</Amt>',
      ),
    );
    const [line] = parseCamt053(xml).lines;
    expect(line).toMatchObject({ amount: '12.50', remark: '0042', bankTransactionId: '000123' });
  });

  it('takes no placeholder for a transaction id, and reads the status of newer versions', () => {
    const xml = statement(
      entry(
        '<AcctSvcrRef>NONREF</AcctSvcrRef><NtryDtls><TxDtls><Refs><AcctSvcrRef>FT9</AcctSvcrRef></Refs></TxDtls></NtryDtls>',
      ) +
        entry('<AcctSvcrRef>NONREF</AcctSvcrRef>').replace('<Sts>BOOK</Sts>', '<Sts><Cd>BOOK</Cd></Sts>') +
        entry('').replace('<Sts>BOOK</Sts>', '<Sts><Cd>PDNG</Cd></Sts>'),
      '001.08',
    );
    expect(parseCamt053(xml).lines.map((l) => [l.row, l.bankTransactionId])).toEqual([
      [1, 'FT9'],
      [2, null],
    ]);
  });

  it('reads the payer of newer versions (Dbtr/Pty/Nm) and a namespace prefix', () => {
    const xml = statement(
      entry(
        '<NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>Hawwa  Leena</Nm></Pty></Dbtr></RltdPties></TxDtls></NtryDtls>',
      ),
      '001.08',
    )
      .replace('<Document xmlns=', '<ns2:Document xmlns:ns2=')
      .replace('</Document>', '</ns2:Document>');
    expect(parseCamt053(xml).lines[0]?.payer).toBe('Hawwa Leena');
  });

  it('names the creditor of a debit, even in the newer Cdtr/Pty/Nm', () => {
    const xml = statement(
      entry(
        '<NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>ISLAND FERRY</Nm></Pty></Dbtr><Cdtr><Pty><Nm>STO</Nm></Pty></Cdtr></RltdPties></TxDtls></NtryDtls>',
        '<Amt Ccy="MVR">10.00</Amt>',
        'DBIT',
      ),
    );
    expect(parseCamt053(xml).lines[0]).toMatchObject({ amount: '-10.00', payer: 'STO' });
  });

  it('takes the entries of every Stmt, numbered through the file, and the account currency when Amt has none', () => {
    const two = statement(entry('')).replace(
      '</Stmt>',
      `</Stmt><Stmt><Id>S2</Id><Acct><Id><IBAN>MV99</IBAN></Id><Ccy>USD</Ccy></Acct>${entry('', '<Amt>5.00</Amt>')}</Stmt>`,
    );
    const parsed = parseCamt053(two);
    expect(parsed.lines.map((l) => [l.row, l.amount, l.currency])).toEqual([
      [1, '450.00', 'MVR'],
      [2, '5.00', 'USD'],
    ]);
  });

  it('falls back to the value date, and leaves out pending entries', () => {
    const xml = statement(
      `<Ntry><Amt Ccy="MVR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts><ValDt><Dt>2026-11-28</Dt></ValDt></Ntry>` +
        `<Ntry><Amt Ccy="MVR">2.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><ValDt><Dt>2026-11-29</Dt></ValDt></Ntry>`,
    );
    expect(parseCamt053(xml).lines).toMatchObject([{ row: 2, amount: '2.00', bookedOn: '2026-11-29' }]);
  });

  it('names the entry and the field of a bad amount or date', () => {
    const badAmount = statement(entry('') + entry('', '<Amt Ccy="MVR">1,250.00</Amt>'));
    expect(invalid(() => parseCamt053(badAmount))).toMatchObject({ row: 2, field: 'amount' });
    const badDate = statement(entry('').replace('2026-11-28', '2026-02-31'));
    expect(invalid(() => parseCamt053(badDate))).toMatchObject({ row: 1, field: 'date' });
    const noSide = statement(entry('', undefined, 'BOTH'));
    expect(invalid(() => parseCamt053(noSide))).toMatchObject({ row: 1, field: 'creditDebit' });
  });

  it('refuses XML that is no camt.053, and text that is no XML', () => {
    const camt054 = statement(entry('')).replaceAll('BkToCstmrStmt', 'BkToCstmrDbtCdtNtfctn');
    expect(invalid(() => parseCamt053(camt054))).toMatchObject({ row: 0, field: 'file' });
    expect(invalid(() => parseCamt053('<html><body>statement</body></html>'))).toMatchObject({
      row: 0,
      field: 'file',
    });
    expect(invalid(() => parseCamt053('<Document><BkToCstmrStmt><Stmt>'))).toMatchObject({
      row: 0,
      field: 'file',
    });
  });

  it('refuses entity expansion (a billion laughs) before it grows', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE Document [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
${statement(entry('<NtryDtls><TxDtls><RmtInf><Ustrd>&lol3;</Ustrd></RmtInf></TxDtls></NtryDtls>')).replace(/^<\?xml[^>]*>\n/, '')}`;
    expect(invalid(() => parseCamt053(laughs))).toMatchObject({ row: 0, field: 'file' });
  });

  it('decodes the predefined entities and character references of a remark', () => {
    const xml = statement(
      entry(
        '<NtryDtls><TxDtls><RmtInf><Ustrd>Ali &amp; Sons &#50;611280042</Ustrd></RmtInf></TxDtls></NtryDtls>',
      ),
    );
    expect(parseCamt053(xml).lines[0]?.remark).toBe('Ali & Sons 2611280042');
  });
});
