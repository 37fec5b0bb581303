import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import type { WriteLaterMail } from '#server/lib/mailer.ts';
import type { OutboxMail } from '#shared/schemas.ts';

const OUTBOX_LIMIT = 100;

export type ListOutboxMailOptions = {
  db: DbOrTx;
  to?: string | undefined;
  /** Writes a mail still held to be written when sent (docs/decisions/041), as it would go now. */
  writeLater?: WriteLaterMail | undefined;
};

/**
 * The newest recorded mails (to one address, any case, when `to` is given), newest first; one
 * still to be written when sent reads as it would go now (nothing is stored).
 */
export async function listOutboxMail({ db, to, writeLater }: ListOutboxMailOptions): Promise<OutboxMail[]> {
  const rows = await db
    .select({
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      later: mailOutbox.later,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(to ? eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.seq))
    .limit(OUTBOX_LIMIT);
  return Promise.all(
    rows.map(async ({ later, ...row }) => {
      const written = later && writeLater ? await writeLater(db, later) : null;
      return {
        ...row,
        ...(written ? { subject: written.subject, text: written.text, html: written.html ?? null } : {}),
        createdAt: row.createdAt.toISOString(),
      };
    }),
  );
}
