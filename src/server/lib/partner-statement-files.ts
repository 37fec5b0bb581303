import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { PartnerStatementData, StatementBookingLine } from '#server/services/read-partner-statement.ts';

/*
 * A partner's monthly statement as files (docs/decisions/043-partner-accounts.md): a PDF to read
 * and an XLSX to reconcile. English and Latin place names only: neither library lays Thaana out
 * right to left.
 */

/** The PDF's built-in font has no arrow: a route reads "Malé - Maafushi". */
const plain = (text: string) => text.replace(/→/g, '-');

/** A month as its name: "November 2026". */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const summaryRows = (s: PartnerStatementData): [string, string][] => [
  ['Balance brought forward', s.openingBalance],
  ['Bookings (net of commission)', s.charged],
  ['Commission earned on them', s.commission],
  ['Cancellations credited', `-${s.cancelled}`],
  ['Payments received', `-${s.paid}`],
  ['Balance due', s.closingBalance],
];

export async function statementPdf(s: PartnerStatementData, operator: { appName: string }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Statement ${s.number}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { currency } = s.partner;
  doc.font('Helvetica-Bold').fontSize(18).text(plain(operator.appName));
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(12)
    .text(`Statement ${s.number} - ${monthName(s.month)}`);
  doc.text(plain(s.partner.name));
  doc.moveDown(0.3).fontSize(10).fillColor('#444').text(`Amounts in ${currency}. Payment due by ${s.dueOn}.`);
  doc.text(`Write ${s.number} as the remark of your transfer.`).fillColor('#000');
  doc.moveDown();
  for (const [label, amount] of summaryRows(s)) {
    const y = doc.y;
    const bold = label === 'Balance due';
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(11)
      .text(label, 48, y);
    doc.text(amount, 380, y, { width: 160, align: 'right' });
  }
  const table = (title: string, lines: StatementBookingLine[]) => {
    doc.moveDown().font('Helvetica-Bold').fontSize(12).text(title, 48);
    if (lines.length === 0) {
      doc.font('Helvetica').fontSize(10).text('None this month.');
      return;
    }
    const cols: [string, number, number, 'left' | 'right'][] = [
      ['Date', 48, 60, 'left'],
      ['Reference', 110, 70, 'left'],
      ['Travel', 182, 60, 'left'],
      ['Route', 244, 130, 'left'],
      ['Guests', 376, 36, 'right'],
      ['Fare', 414, 58, 'right'],
      ['Net', 476, 64, 'right'],
    ];
    const row = (cells: string[], bold = false) => {
      if (doc.y > 760) doc.addPage();
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      for (const [i, [, x, width, align]] of cols.entries()) {
        doc.text(cells[i] ?? '', x, y, { width, align, lineBreak: false });
      }
      doc.moveDown(0.4);
    };
    row(
      cols.map(([name]) => name),
      true,
    );
    for (const l of lines) {
      row([
        l.date,
        l.reference,
        l.travelDate,
        plain(l.route),
        String(l.guests),
        l.publicAmount,
        l.totalAmount,
      ]);
    }
  };
  table('Bookings', s.bookings);
  table('Cancellations', s.cancellations);
  doc.moveDown().font('Helvetica-Bold').fontSize(12).text('Payments', 48);
  if (s.payments.length === 0) doc.font('Helvetica').fontSize(10).text('None this month.');
  for (const p of s.payments) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${p.paidOn}  ${plain(p.bankReference)}`, 48, y);
    doc.text(p.amount, 414, y, { width: 126, align: 'right' });
  }
  doc.end();
  return done;
}

export async function statementXlsx(s: PartnerStatementData, operator: { appName: string }): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = operator.appName;
  const summary = book.addWorksheet('Statement');
  summary.addRows([
    ['Statement', s.number],
    ['Partner', s.partner.name],
    ['Month', s.month],
    ['Currency', s.partner.currency],
    ['Due by', s.dueOn],
    [],
    ...summaryRows(s).map(([label, amount]) => [label, Number(amount)]),
  ]);
  summary.getColumn(1).width = 32;
  summary.getColumn(2).width = 18;
  const lines = (name: string, rows: StatementBookingLine[]) => {
    const sheet = book.addWorksheet(name);
    sheet.columns = [
      { header: 'Date', key: 'date', width: 12 },
      { header: 'Reference', key: 'reference', width: 14 },
      { header: 'Travel date', key: 'travelDate', width: 12 },
      { header: 'Route', key: 'route', width: 28 },
      { header: 'Guests', key: 'guests', width: 8 },
      { header: 'Public fare', key: 'publicAmount', width: 12 },
      { header: 'Commission', key: 'commissionAmount', width: 12 },
      { header: 'Net', key: 'totalAmount', width: 12 },
    ];
    for (const r of rows) {
      sheet.addRow({
        ...r,
        publicAmount: Number(r.publicAmount),
        commissionAmount: Number(r.commissionAmount),
        totalAmount: Number(r.totalAmount),
      });
    }
  };
  lines('Bookings', s.bookings);
  lines('Cancellations', s.cancellations);
  const payments = book.addWorksheet('Payments');
  payments.columns = [
    { header: 'Paid on', key: 'paidOn', width: 12 },
    { header: 'Bank reference', key: 'bankReference', width: 24 },
    { header: 'Amount', key: 'amount', width: 12 },
  ];
  for (const p of s.payments) payments.addRow({ ...p, amount: Number(p.amount) });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The statement as a file to download or attach, named by its number. */
export async function partnerStatementFile(
  s: PartnerStatementData,
  format: 'pdf' | 'xlsx',
  operator: { appName: string },
): Promise<{ filename: string; contentType: string; body: Buffer }> {
  return format === 'pdf'
    ? {
        filename: `statement-${s.number}.pdf`,
        contentType: 'application/pdf',
        body: await statementPdf(s, operator),
      }
    : {
        filename: `statement-${s.number}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await statementXlsx(s, operator),
      };
}
