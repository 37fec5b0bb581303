import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { partnerStatements, partners } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { type Clock, dateInZone } from '#server/lib/clock.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { monthName, statementPdf, statementXlsx } from '#server/lib/partner-statement-files.ts';
import { composeMail } from '#server/mails/compose.ts';
import { readBranding } from './read-branding.ts';
import { readPartnerStatement } from './read-partner-statement.ts';

/** How often the job looks for a month to send: the 1st's run comes within this of midnight. */
export const PARTNER_STATEMENTS_INTERVAL_MS = 60 * 60_000;

export type SendPartnerStatementsOptions = { db: Db; clock: Clock; tzOperator: string };

/** The month before `today`'s, YYYY-MM. */
function previousMonth(today: string): string {
  const [y = 1970, m = 1] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The monthly statements (docs/decisions/043-partner-accounts.md): from the 1st of a month, each
 * active partner that had anything on its account is sent last month's statement, PDF and XLSX
 * attached. The statement's row is claimed with its mail in one transaction, so it goes once,
 * whichever instance gets there first, and a server that was down on the 1st sends it when back.
 * The row keeps the figures as sent.
 */
export async function sendPartnerStatements(opts: SendPartnerStatementsOptions): Promise<{ sent: number }> {
  const { db } = opts;
  const month = previousMonth(dateInZone(opts.clock.now(), opts.tzOperator));
  const firstDay = `${month}-01`;
  const due = await db
    .select({ id: partners.id })
    .from(partners)
    .leftJoin(
      partnerStatements,
      and(eq(partnerStatements.partnerId, partners.id), eq(partnerStatements.month, firstDay)),
    )
    .where(and(eq(partners.active, true), isNull(partnerStatements.id)))
    .orderBy(asc(partners.name));
  let sent = 0;
  const { appName } = await readBranding({ db });
  for (const { id } of due) {
    const data = await readPartnerStatement({ db, partnerId: id, month, timeZone: opts.tzOperator });
    const quiet = [data.openingBalance, data.charged, data.cancelled, data.paid].every(
      (v) => Number(v) === 0,
    );
    if (quiet) continue;
    const [pdf, xlsx] = await Promise.all([
      statementPdf(data, { appName }),
      statementXlsx(data, { appName }),
    ]);
    const claimed = await db.transaction(async (tx) => {
      const now = opts.clock.now();
      const [row] = await tx
        .insert(partnerStatements)
        .values({
          partnerId: id,
          month: firstDay,
          number: data.number,
          currency: data.partner.currency,
          openingBalance: data.openingBalance,
          charged: data.charged,
          commission: data.commission,
          cancelled: data.cancelled,
          paid: data.paid,
          closingBalance: data.closingBalance,
          dueOn: data.dueOn,
          mailedAt: now,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: partnerStatements.id });
      if (!row) return false;
      const plain = composeMail({ to: data.partner.contactEmail, staff: true }, () => ({
        subject: `${appName}: statement ${data.number} for ${monthName(month)}`,
        paragraphs: [
          [`Dear ${data.partner.name},`],
          [`Your statement for ${monthName(month)} is attached, as a PDF and as a spreadsheet.`],
          [
            `Balance due: ${data.closingBalance} ${data.partner.currency}, by ${data.dueOn}.`,
            `Please write ${data.number} as the remark of your transfer, so that it is matched to your account.`,
          ],
        ],
      }));
      await enqueueMail({
        db: tx,
        mail: async (d) => ({
          ...(await plain(d)),
          attachments: [
            {
              filename: `statement-${data.number}.pdf`,
              contentType: 'application/pdf',
              contentBase64: pdf.toString('base64'),
            },
            {
              filename: `statement-${data.number}.xlsx`,
              contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              contentBase64: xlsx.toString('base64'),
            },
          ],
        }),
      });
      await writeAudit({
        db: tx,
        actorUserId: null,
        action: 'partner_statement_sent',
        entity: 'partner',
        entityId: id,
        after: { number: data.number, closingBalance: data.closingBalance, dueOn: data.dueOn },
      });
      return true;
    });
    if (claimed) sent += 1;
  }
  return { sent };
}
