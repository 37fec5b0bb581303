import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import type { OutboxMail } from '#shared/schemas.ts';

const OUTBOX_LIMIT = 100;

export type ListOutboxMailOptions = {
  db: DbOrTx;
  to?: string | undefined;
};

/** The newest recorded mails (to one address, any case, when `to` is given), newest first. */
export async function listOutboxMail({ db, to }: ListOutboxMailOptions): Promise<OutboxMail[]> {
  const rows = await db
    .select({
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(to ? eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.seq))
    .limit(OUTBOX_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
